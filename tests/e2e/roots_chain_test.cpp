// Moves between root modules judged by Terraform (issue 24, step 5): root A gives up a
// parent, a child whose input is the parent's id, an unrelated object of the same type
// (renamed in B) and one B declares newly sensitive (roots_chain_a, roots_chain_b). In B
// the child's input is unknown until apply, so its values alone tie it with every
// deletion of its type; the engine between roots tries the transfers on copies of both
// states, where the child arrives with no change in its parent's company. The sensitive
// one Terraform would update: proposed, never migrated. `tfw apply --root` then carries
// out exactly the confirmed three, on local states and on PostgreSQL (Terraform's pg
// backend); every id is kept and both roots plan no change for what moved.
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

    const RunResult planned = roots.plan();
    BOOST_TEST_REQUIRE(planned.exit_code == 0, planned.describe());
    const std::string b = roots.b.dir().string();
    BOOST_TEST(contains(planned.out, "tfw: 3 moves between root modules:\n"), planned.describe());
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"terraform_data.child", "terraform_data.child"},
             {"terraform_data.other", "terraform_data.unrelated"},
             {"terraform_data.parent", "terraform_data.parent"}})
        BOOST_TEST(contains(planned.out, "  .: " + from + " -> " + b + ": " + to + "  ("), planned.describe());
    // Terraform's verdict is in every move's words.
    BOOST_TEST(contains(planned.out, "input unknown until apply"), planned.describe());
    BOOST_TEST(contains(planned.out, "Terraform plans it with no change; accept"), planned.describe());
    BOOST_TEST(contains(planned.out, "tfw: proposed between root modules, not moved (a policy rule decides):\n  .: "
                                     "terraform_data.marked -> " + b + ": terraform_data.marked  ("),
               planned.describe());
    BOOST_TEST(contains(planned.out, "Terraform would update it in place"), planned.describe());
    BOOST_TEST(roots.everything() == untouched, "tfw plan --root changed a file or a state");

    std::vector<std::string> args = {"apply", "-no-color", "--root", b, "-auto-approve"};
    if (pg) args.push_back("-lock-timeout=60s");
    const RunResult applied = roots.a.tfw(args);
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    BOOST_TEST(contains(applied.out, "tfw: moved 3 objects between root modules\n"), applied.describe());

    const auto ids_a = ids_of(roots.a);
    const auto ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.at("terraform_data.stays") == ids_before.at("terraform_data.stays"));
    BOOST_TEST(ids_a.at("terraform_data.marked") == ids_before.at("terraform_data.marked"));  // not migrated
    BOOST_TEST(!ids_a.contains("terraform_data.parent"));
    BOOST_TEST(ids_b.at("terraform_data.parent") == ids_before.at("terraform_data.parent"));
    BOOST_TEST(ids_b.at("terraform_data.child") == ids_before.at("terraform_data.child"));
    BOOST_TEST(ids_b.at("terraform_data.unrelated") == ids_before.at("terraform_data.other"));
    BOOST_TEST(!ids_b.contains("terraform_data.marked"));
    // What moved plans no change in either root; only `marked` is left, as a destroy in A
    // and a create in B, the proposal the user has to decide.
    const RunResult plan_a = roots.a.terraform({"plan", "-input=false", "-no-color"});
    const RunResult plan_b = roots.b.terraform({"plan", "-input=false", "-no-color"});
    BOOST_TEST(contains(plan_a.out, "Plan: 0 to add, 0 to change, 1 to destroy."), plan_a.describe());
    BOOST_TEST(contains(plan_b.out, "Plan: 1 to add, 0 to change, 0 to destroy."), plan_b.describe());
    BOOST_TEST(contains(plan_b.out, "# terraform_data.marked will be created"), plan_b.describe());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_parent_and_its_child_move_between_roots_with_local_states) { chain_moves(nullptr); }

BOOST_AUTO_TEST_CASE(a_parent_and_its_child_move_between_roots_with_states_in_postgresql) {
    PgServer pg;
    chain_moves(&pg);
}
