// Moves between root modules judged by Terraform (issue 24, step 5): root A gives up a
// parent, a child whose input is the parent's id and an unrelated object of the same type
// (renamed in B) (roots_chain_a, roots_chain_b, stage `after`). In B the child's input is
// unknown until apply, so its values alone tie it with every deletion of its type; the
// engine between roots tries the transfers on copies of both states, where the child
// arrives with no change in its parent's company. `tfw apply --root` carries out exactly
// those, on local states and on PostgreSQL (Terraform's pg backend); every id is kept and
// both roots plan no change. Then (stage `after_marked`) B declares A's last object newly
// sensitive, which Terraform would update: proposed, never migrated by default.
#include <boost/test/unit_test.hpp>

#include "checks.hpp"
#include "pg_server.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

void chain_moves(const PgServer* pg) {
    SplitRoots roots(pg, "roots_chain_a", "roots_chain_b");
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    const auto ids_before = ids_of(roots.a);
    BOOST_TEST_REQUIRE(ids_before.size() == 5u);
    roots.switch_both("after", "after");
    const std::string untouched = roots.everything();
    const std::string b = roots.b.dir().string();

    const RunResult planned = roots.plan();
    BOOST_TEST_REQUIRE(planned.exit_code == 0, planned.describe());
    BOOST_TEST(contains(planned.out, "tfw: 3 moves between root modules:\n"), planned.describe());
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"terraform_data.child", "terraform_data.child"},
             {"terraform_data.other", "terraform_data.unrelated"},
             {"terraform_data.parent", "terraform_data.parent"}})
        BOOST_TEST(contains(planned.out, "  .: " + from + " -> " + b + ": " + to + "  ("), planned.describe());
    // Terraform's verdict is in every move's words; the child was tried because of them.
    BOOST_TEST(contains(planned.out, "input unknown until apply"), planned.describe());
    BOOST_TEST(contains(planned.out, "Terraform plans it with no change"), planned.describe());
    BOOST_TEST(contains(planned.err, " against its state with 3 objects moved between root modules"), planned.describe());
    BOOST_TEST(roots.everything() == untouched, "tfw plan --root changed a file or a state");

    std::vector<std::string> args = {"apply", "-no-color", "--root", b, "-auto-approve"};
    if (pg) args.push_back("-lock-timeout=60s");
    const RunResult applied = roots.a.tfw(args);
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    BOOST_TEST(contains(applied.out, "tfw: moved 3 objects between root modules\n"), applied.describe());
    auto ids_a = ids_of(roots.a);
    auto ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.size() == 2u);  // marked and stays
    BOOST_TEST(ids_a.at("terraform_data.stays") == ids_before.at("terraform_data.stays"));
    BOOST_TEST(ids_b.at("terraform_data.parent") == ids_before.at("terraform_data.parent"));
    BOOST_TEST(ids_b.at("terraform_data.child") == ids_before.at("terraform_data.child"));
    BOOST_TEST(ids_b.at("terraform_data.unrelated") == ids_before.at("terraform_data.other"));
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }

    // A pair Terraform would update is proposed and left as it is.
    roots.switch_both("after_marked", "after_marked");
    const RunResult proposed = roots.plan();
    BOOST_TEST_REQUIRE(proposed.exit_code == 0, proposed.describe());
    BOOST_TEST(contains(proposed.out, "tfw: proposed between root modules, not moved (a policy rule decides):\n  .: "
                                      "terraform_data.marked -> " + b + ": terraform_data.marked  ("),
               proposed.describe());
    BOOST_TEST(contains(proposed.out, "Terraform would update it in place"), proposed.describe());
    BOOST_TEST(!contains(proposed.out, "moves between root modules:"), proposed.describe());
    // The commands carry out nothing, and say what they leave to the user.
    const RunResult commands = roots.plan({"--format=commands"});
    BOOST_TEST_REQUIRE(commands.exit_code == 0, commands.describe());
    BOOST_TEST(!contains(commands.out, "terraform_data.marked"), commands.describe());
    BOOST_TEST(contains(commands.err, "# tfw: proposed, not moved: .: terraform_data.marked -> " + b +
                                          ": terraform_data.marked: "),
               commands.describe());
    const RunResult not_migrated = roots.a.tfw(args);
    BOOST_TEST_REQUIRE(not_migrated.exit_code == 0, not_migrated.describe());
    BOOST_TEST(contains(not_migrated.out, "tfw: nothing to move between root modules\n"), not_migrated.describe());
    ids_a = ids_of(roots.a);
    ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.at("terraform_data.marked") == ids_before.at("terraform_data.marked"));
    BOOST_TEST(!ids_b.contains("terraform_data.marked"));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_parent_and_its_child_move_between_roots_with_local_states) { chain_moves(nullptr); }

BOOST_AUTO_TEST_CASE(a_parent_and_its_child_move_between_roots_with_states_in_postgresql) {
    PgServer pg;
    chain_moves(&pg);
}
