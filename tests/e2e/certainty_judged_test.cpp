// Equal values are evidence, Terraform is the judge (issue 24). Three renamed objects have
// every known value equal in the plan JSON, yet Terraform plans each differently once its
// block is in: an object that became a map(string) and a value newly sensitive are
// updated in place, and an object whose replace_triggered_by names a replaced object is
// replaced. tfw proposes the first two as partial moves (accepted only under a `partial`
// rule) and does not move the third; --explain gives Terraform's verdict for each.
#include <boost/test/unit_test.hpp>

#include <string>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;


BOOST_AUTO_TEST_CASE(moves_with_equal_values_are_judged_by_terraform) {
    Workspace ws("judged_by_terraform");
    ws.apply_before();
    ws.switch_to("after");
    // The fixture is what it claims: with the three blocks, Terraform updates two objects
    // in place and replaces the third.
    const auto with_blocks = ws.plan_with_fixture_moves("moved.tf");
    BOOST_TEST_REQUIRE(action_at(with_blocks, "terraform_data.typed_renamed") == "update", describe(with_blocks));
    BOOST_TEST_REQUIRE(action_at(with_blocks, "terraform_data.secret_renamed") == "update", describe(with_blocks));
    BOOST_TEST_REQUIRE(action_at(with_blocks, "terraform_data.triggered_renamed") == "delete,create", describe(with_blocks));
    const auto baseline = ws.plan_with_terraform();

    // The default policy accepts no partial move: nothing moves, and each pair says why.
    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    require_plan_left_as(run, baseline);
    const std::string& out = run.result.out;
    BOOST_TEST(contains(out, "tfw: proposed, not accepted by policy (not injected):\n"), run.result.describe());
    for (const std::string name : {"typed", "secret"}) {
        const std::string pair = "  terraform_data." + name + " -> terraform_data." + name + "_renamed\n      all ";
        const std::size_t at = out.find(pair);
        BOOST_TEST_REQUIRE(at != std::string::npos, name << "\n" << run.result.describe());
        const std::string reason = out.substr(at + pair.size(), out.find('\n', at + pair.size()) - at - pair.size());
        BOOST_TEST(contains(reason, " known values are equal; Terraform would update it in place (~ "), reason);
        BOOST_TEST(contains(reason, "proposed, not accepted: no accept rule matches kind partial"), reason);
    }
    BOOST_TEST(contains(out, "  terraform_data.triggered -> terraform_data.triggered_renamed\n"
                             "      withdrawn after Terraform's plan: Terraform would replace it"),
               run.result.describe());
    BOOST_TEST(!contains(out, "accepted by default: every known value is equal"), run.result.describe());

    // A partial rule accepts the two updates: they move, each with its in-place update;
    // the replaced object still does not.
    const std::string policy = ws.write_scratch_file("partial.yaml", accept_partial_policy);
    const TfwPlan accepted = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const auto& plan = require_saved_plan(accepted, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.typed_renamed") == "terraform_data.typed", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.secret_renamed") == "terraform_data.secret", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.typed_renamed") == "update", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.secret_renamed") == "update", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.triggered_renamed") == "create", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.triggered") == "delete", describe(plan));
}

// Issue 32's first case. `server` is renamed `web`, whose replace_triggered_by names
// `config`, itself renamed and changed. Both go on trial in one round: `config ->
// app_config` plans an update, only proposed under the default policy, and in that company
// `web` plans a replace. A verdict holds only in its company: once `config`'s move is
// gone, `web` is tried again alone and plans no change. It moves; `config` stays a destroy
// and a create.
BOOST_AUTO_TEST_CASE(a_move_refuted_in_one_company_is_tried_again_in_the_next) {
    Workspace ws("replace_triggered_rename");
    ws.apply_before();
    ws.switch_to("after");
    // The fixture is what it claims: with the one block, `web` plans no change.
    const auto reference = ws.plan_with_reference_moves();
    BOOST_TEST_REQUIRE(action_at(reference, "terraform_data.web") == "no-op", describe(reference));
    BOOST_TEST_REQUIRE(count_actions(reference, tfw::core::Action::remove) == 1u, describe(reference));

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) == describe(reference));
    BOOST_TEST(moved_from(plan, "terraform_data.web") == "terraform_data.server", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.web") == "no-op", describe(plan));
    BOOST_TEST(contains(run.result.out, "  terraform_data.config -> terraform_data.app_config\n"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "proposed, not accepted: no accept rule matches kind partial"), run.result.describe());
}


// Issue 47: a move that makes Terraform's plan fail (its new block's postcondition fails
// once the object is moved) is withdrawn alone: the plan is bisected, and the unrelated
// rename on trial beside it moves, where both used to be withdrawn for good.
BOOST_AUTO_TEST_CASE(a_move_that_breaks_the_plan_takes_no_other_with_it) {
    Workspace ws("unplannable_move");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = ws.plan_with_reference_moves();
    BOOST_TEST_REQUIRE(moved_from(reference, "terraform_data.simple") == "terraform_data.plain", describe(reference));

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.simple") == "terraform_data.plain", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.reviewed") == "", describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
    BOOST_TEST(contains(run.result.out, "Terraform cannot plan with it: Error: Resource postcondition failed"),
               run.result.describe());
}
