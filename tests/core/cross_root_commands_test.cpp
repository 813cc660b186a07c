#include "tfw/core/cross_root_commands.hpp"

#include <boost/test/unit_test.hpp>

#include "cross_root_tables.hpp"

#include <string>
#include <vector>

using namespace tfw::core;

using tfw::core::test::candidate;

BOOST_AUTO_TEST_CASE(no_move_no_commands) {
    BOOST_TEST(render_cross_root_commands({}, {}, {"a", "b"}) == "");
}

// Pull every root with a move, keep copies, move between the copies, push the roots that
// gain objects before the roots that lose them; addresses and directories single-quoted.
BOOST_AUTO_TEST_CASE(pull_move_push_gaining_roots_first) {
    const std::vector<RootCandidate> candidates = {
        candidate(0, "terraform_data.web", true),
        candidate(1, "module.app.terraform_data.w[\"it's\"]", false),
        candidate(2, "terraform_data.db", false),
        candidate(0, "terraform_data.db", true),
    };
    CrossRootResult result;
    result.moves = {{0, 1, 1}, {3, 2, 1}};
    const std::string expected =
        "# tfw: 2 moves between root modules. Run from the directory tfw ran in, with no other\n"
        "# terraform running in these roots. The pulled states are kept as *.backup.tfstate\n"
        "# in the printed directory; `terraform -chdir=DIR state push -force FILE` restores one.\n"
        "set -eu\n"
        "work=$(mktemp -d)\n"
        "terraform -chdir='old root' state pull > \"$work/0.tfstate\"\n"
        "terraform -chdir='../app' state pull > \"$work/1.tfstate\"\n"
        "terraform -chdir='../data' state pull > \"$work/2.tfstate\"\n"
        "cp \"$work/0.tfstate\" \"$work/0.backup.tfstate\"\n"
        "cp \"$work/1.tfstate\" \"$work/1.backup.tfstate\"\n"
        "cp \"$work/2.tfstate\" \"$work/2.backup.tfstate\"\n"
        "terraform state mv -state=\"$work/0.tfstate\" -state-out=\"$work/1.tfstate\" 'terraform_data.web' "
        "'module.app.terraform_data.w[\"it'\\''s\"]'\n"
        "terraform state mv -state=\"$work/0.tfstate\" -state-out=\"$work/2.tfstate\" 'terraform_data.db' "
        "'terraform_data.db'\n"
        "terraform -chdir='../app' state push \"$work/1.tfstate\"\n"
        "terraform -chdir='../data' state push \"$work/2.tfstate\"\n"
        "terraform -chdir='old root' state push \"$work/0.tfstate\"\n"
        "echo \"tfw: moved; the states before are in $work\" >&2\n";
    BOOST_TEST(render_cross_root_commands(result, candidates, {"old root", "../app", "../data"}) == expected);
}
