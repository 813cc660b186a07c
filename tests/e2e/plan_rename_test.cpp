// tfw plan on renamed resources: which deletions and creations become moves, judged by
// `terraform show -json` of the plan tfw saved.
#include <boost/test/unit_test.hpp>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

BOOST_AUTO_TEST_CASE(single_rename_becomes_a_move) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 1);

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 0u);
    BOOST_TEST(describe(plan) == describe(reference));
    BOOST_TEST(ws.tfw_temp_files().empty());
}

BOOST_AUTO_TEST_CASE(several_renames_become_moves) {
    Workspace ws("rename_several");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 3);

    // Also the `tfw -chdir=DIR plan` form, run from outside the configuration.
    const TfwPlan run = ws.tfw_plan({}, /*via_chdir=*/true);
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.frontend") == "terraform_data.web");
    BOOST_TEST(moved_from(plan, "terraform_data.work_queue") == "terraform_data.queue");
    BOOST_TEST(moved_from(plan, "terraform_data.session_cache") == "terraform_data.cache");
    BOOST_TEST(moved_from(plan, "terraform_data.unchanged") == "");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 0u);
    BOOST_TEST(describe(plan) == describe(reference));
}

BOOST_AUTO_TEST_CASE(identical_resources_renamed_are_not_moved) {
    Workspace ws("identical_renamed");
    ws.apply_before();
    ws.switch_to("after");
    // Either pairing is a valid move, so neither is tfw's to choose: the plan stays
    // exactly what Terraform plans without tfw.
    const auto baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 2u, describe(baseline));
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::create) == 2u, describe(baseline));

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_plan_left_as(run, baseline);
    BOOST_TEST(count_actions(plan, Action::remove) == 2u);
    BOOST_TEST(count_actions(plan, Action::create) == 2u);
}

BOOST_AUTO_TEST_CASE(rename_with_changed_attribute_is_not_moved) {
    Workspace ws("rename_changed_attribute");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 1u, describe(baseline));
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::create) == 1u, describe(baseline));

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_plan_left_as(run, baseline);
    BOOST_TEST(moved_from(plan, "terraform_data.new") == "");
    BOOST_TEST(count_actions(plan, Action::remove) == 1u);
    BOOST_TEST(count_actions(plan, Action::create) == 1u);
}

BOOST_AUTO_TEST_CASE(forced_replacement_stays_next_to_a_rename) {
    Workspace ws("replace_and_rename");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 1);
    const auto* rotated_reference = find_change(reference, "terraform_data.rotated");
    BOOST_TEST_REQUIRE(rotated_reference != nullptr);
    BOOST_TEST_REQUIRE(action_name(rotated_reference->action) == "delete,create", describe(reference));

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.new_name") == "terraform_data.old_name");
    const auto* rotated = find_change(plan, "terraform_data.rotated");
    BOOST_TEST_REQUIRE(rotated != nullptr, describe(plan));
    BOOST_TEST(action_name(rotated->action) == "delete,create", describe(plan));
    BOOST_TEST(!rotated->previous_address.has_value(), describe(plan));
    BOOST_TEST(count_actions(plan, Action::remove) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 0u);
    BOOST_TEST(describe(plan) == describe(reference));
}
