// tfw plan with a real provider: AWS 5.100 from the preinstalled filesystem mirror, on a
// state file the test puts in place (nothing is ever created; every plan uses
// -refresh=false, so the provider never calls AWS).
//
// fixtures/aws_rename/terraform.tfstate was made by TERRAFORM.md's recipe: plan the
// before/ configuration against an empty state, then write state v4 from the planned
// values, with made-up values for what was unknown (id, arn, …).
#include <boost/test/unit_test.hpp>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

BOOST_AUTO_TEST_CASE(aws_renames_become_moves_and_the_dependent_subnet_is_not_replaced) {
    Workspace ws("aws_rename", {.aws_provider = true});
    ws.copy_from_fixture("terraform.tfstate", "terraform.tfstate");
    ws.switch_to("after");  // runs init: installs the provider from the mirror

    // AWS plans are slow (seconds each, and `show -json` loads the provider schema), so
    // this case does not replan the fixture with plain terraform. Checked by hand: without
    // moves Terraform destroys aws_vpc.main and aws_s3_bucket.logs and replaces
    // aws_subnet.app (its vpc_id refers to a VPC yet to be created); with the fixture's
    // moved.tf everything below is a no-op. tfw needs a second iteration's view for the
    // subnet: it is a replacement until the VPC's move is in place.
    const TfwPlan run = ws.tfw_plan({"-refresh=false"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "aws_vpc.primary") == "aws_vpc.main");
    BOOST_TEST(moved_from(plan, "aws_s3_bucket.audit_logs") == "aws_s3_bucket.logs");
    const auto* subnet = find_change(plan, "aws_subnet.app");
    BOOST_TEST_REQUIRE(subnet != nullptr, describe(plan));
    BOOST_TEST(action_name(subnet->action) == "no-op", describe(plan));
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 0u);
    BOOST_TEST(describe(plan) ==
               "aws_s3_bucket.audit_logs (moved from aws_s3_bucket.logs): no-op\n"
               "aws_subnet.app: no-op\n"
               "aws_vpc.primary (moved from aws_vpc.main): no-op\n");
}
