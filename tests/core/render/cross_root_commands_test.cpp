#include "tfw/core/render/cross_root_commands.hpp"

#include <boost/test/unit_test.hpp>

#include "cross_root_tables.hpp"

#include <string>
#include <vector>

using namespace tfw::core;

using tfw::core::test::candidate;

BOOST_AUTO_TEST_CASE(no_move_no_commands) {
    BOOST_TEST(render_cross_root_commands({}, {}, {"a", "b"}) == "");
}

// Pull every root with a move and keep copies; build each gaining root's state with what
// it gains (moved out of throwaway copies of the sources) and each losing root's without
// what it loses; push every gaining root, then every losing one.
BOOST_AUTO_TEST_CASE(pull_move_push_gaining_roots_first) {
    const std::vector<RootCandidate> candidates = {
        candidate(0, "terraform_data.web", true),
        candidate(1, "module.app.terraform_data.w[\"it's\"]", false),
        candidate(2, "terraform_data.db", false),
        candidate(0, "terraform_data.db", true),
    };
    CrossRootResult result;
    result.moves = {{0, 1, 1, "e"}, {3, 2, 1, "e"}};
    const std::string expected =
        "# tfw: 2 moves between root modules. Run from the directory tfw ran in, with no other\n"
        "# terraform running in these roots. The pulled states are kept as *.backup.tfstate\n"
        "# in the printed directory; `terraform -chdir=DIR state push -force FILE` restores one.\n"
        "# Two pushes: first each root that gains, with what it gains added; then each root\n"
        "# that loses, without what it loses. Stopped anywhere, no object is in no state.\n"
        "set -eu\n"
        "work=$(mktemp -d)\n"
        "terraform -chdir='old root' state pull > \"$work/0.tfstate\"\n"
        "terraform -chdir='../app' state pull > \"$work/1.tfstate\"\n"
        "terraform -chdir='../data' state pull > \"$work/2.tfstate\"\n"
        "cp \"$work/0.tfstate\" \"$work/0.backup.tfstate\"\n"
        "cp \"$work/1.tfstate\" \"$work/1.backup.tfstate\"\n"
        "cp \"$work/2.tfstate\" \"$work/2.backup.tfstate\"\n"
        "cp \"$work/1.tfstate\" \"$work/1.gained.tfstate\"\n"
        "cp \"$work/2.tfstate\" \"$work/2.gained.tfstate\"\n"
        "cp \"$work/0.tfstate\" \"$work/0.source.tfstate\"\n"
        "terraform state mv -state=\"$work/0.source.tfstate\" -state-out=\"$work/1.gained.tfstate\" 'terraform_data.web' "
        "'module.app.terraform_data.w[\"it'\\''s\"]'\n"
        "terraform state mv -state=\"$work/0.source.tfstate\" -state-out=\"$work/2.gained.tfstate\" 'terraform_data.db' "
        "'terraform_data.db'\n"
        "terraform -chdir='../app' state push \"$work/1.gained.tfstate\"\n"
        "terraform -chdir='../data' state push \"$work/2.gained.tfstate\"\n"
        "terraform -chdir='old root' state pull > \"$work/0.final.tfstate\"\n"
        "terraform state rm -state=\"$work/0.final.tfstate\" 'terraform_data.db'\n"
        "terraform state rm -state=\"$work/0.final.tfstate\" 'terraform_data.web'\n"
        "terraform -chdir='old root' state push \"$work/0.final.tfstate\"\n"
        "echo \"tfw: moved; the states before are in $work\" >&2\n";
    BOOST_TEST(render_cross_root_commands(result, candidates, {"old root", "../app", "../data"}) == expected);
}

// A swap: each root gains and loses, so each is pushed twice, and the removal starts
// from the state the first push left, pulled again.
BOOST_AUTO_TEST_CASE(a_swap_pushes_each_root_twice) {
    const std::vector<RootCandidate> candidates = {
        candidate(0, "terraform_data.x", true),
        candidate(1, "terraform_data.x2", false),
        candidate(1, "terraform_data.y", true),
        candidate(0, "terraform_data.y2", false),
    };
    CrossRootResult result;
    result.moves = {{0, 1, 1, "e"}, {2, 3, 1, "e"}};
    const std::string script = render_cross_root_commands(result, candidates, {"a", "b"});
    const std::vector<std::string> in_order = {
        "cp \"$work/0.tfstate\" \"$work/0.gained.tfstate\"\n",
        "cp \"$work/1.tfstate\" \"$work/1.gained.tfstate\"\n",
        "terraform state mv -state=\"$work/0.source.tfstate\" -state-out=\"$work/1.gained.tfstate\" 'terraform_data.x' 'terraform_data.x2'\n",
        "terraform state mv -state=\"$work/1.source.tfstate\" -state-out=\"$work/0.gained.tfstate\" 'terraform_data.y' 'terraform_data.y2'\n",
        "terraform -chdir='a' state push \"$work/0.gained.tfstate\"\n",
        "terraform -chdir='b' state push \"$work/1.gained.tfstate\"\n",
        "terraform -chdir='a' state pull > \"$work/0.final.tfstate\"\n",
        "terraform state rm -state=\"$work/0.final.tfstate\" 'terraform_data.x'\n",
        "terraform -chdir='a' state push \"$work/0.final.tfstate\"\n",
        "terraform -chdir='b' state pull > \"$work/1.final.tfstate\"\n",
        "terraform state rm -state=\"$work/1.final.tfstate\" 'terraform_data.y'\n",
        "terraform -chdir='b' state push \"$work/1.final.tfstate\"\n",
    };
    std::size_t at = 0;
    for (const auto& line : in_order) {
        std::size_t found = script.find(line, at);
        BOOST_TEST(found != std::string::npos, "missing or out of order: " << line << script);
        if (found != std::string::npos) at = found + line.size();
    }
}

// Losing and gaining one address in one root cannot be pushed safely in any order.
BOOST_AUTO_TEST_CASE(a_root_that_loses_and_gains_one_address_is_refused) {
    const std::vector<RootCandidate> candidates = {
        candidate(0, "terraform_data.x", true),
        candidate(1, "terraform_data.x", false),
        candidate(1, "terraform_data.x", true),
        candidate(0, "terraform_data.x", false),
    };
    CrossRootResult result;
    result.moves = {{0, 1, 1, "e"}, {2, 3, 1, "e"}};
    try {
        render_cross_root_commands(result, candidates, {"a", "b"});
        BOOST_FAIL("no refusal");
    } catch (const std::invalid_argument& refusal) {
        BOOST_TEST(std::string(refusal.what()).rfind("root module b both loses and gains terraform_data.x: ", 0) == 0u,
                   refusal.what());
    }
}
