// Drift a refresh finds, on a real provider (issue 32): the final plan, which refreshes as
// the user's does, judges every move tfw reports, not only the ones new in it.
//
// Fixture aws_drift_replaced: an IAM role applied into moto's emulator, `server`
// (terraform_data, replace_triggered_by the role, reading config's id) renamed `web`, and
// `config` renamed `app_config`. The role's session limit is then changed outside
// Terraform. tfw's first plan refreshes and finds that drift, so the plans after it skip
// the refresh and see the role as the state holds it: `web`'s move, on trial because its
// input reads app_config's id, plans no change there. The final plan refreshes again: the
// role's update replaces `web`, so that move is withdrawn and the plan made again without
// it. `config -> app_config` stays a move. (A role, not a queue: the provider waits about
// 25 s after each change of a queue.)
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "checks.hpp"
#include "moto_server.hpp"
#include "plan_checks.hpp"
#include "recorder.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

BOOST_AUTO_TEST_CASE(a_move_the_refreshed_final_plan_replaces_is_withdrawn, *moto_server_required()) {
    MotoServer& moto = clean_moto_server();
    Workspace ws("aws_drift_replaced", {.aws_provider = true});
    moto.write_aws_provider(ws);
    ws.apply_before();
    ws.switch_to("after", Workspace::Init::skip);
    moto.write_aws_provider(ws);
    ws.init();
    moto.set_role_max_session("drift-jobs", 7200);

    // The fixture is what it claims: with both blocks, a refreshing plan sets the role's
    // limit back and replaces web. (That a plan skipping the refresh moves both with no
    // change shows in tfw's plans below: its trial confirmed both, or its refreshing plan
    // of the moves that stand would not have followed.)
    const auto refreshed = ws.plan_with_reference_moves();
    BOOST_TEST_REQUIRE(action_at(refreshed, "aws_iam_role.jobs") == "update", describe(refreshed));
    BOOST_TEST_REQUIRE(action_at(refreshed, "terraform_data.web") == "delete,create", describe(refreshed));
    BOOST_TEST_REQUIRE(action_at(refreshed, "terraform_data.app_config") == "no-op", describe(refreshed));

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain", recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.app_config") == "terraform_data.config", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.app_config") == "no-op", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.web") == "", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.web") == "create", describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.server") == "delete", describe(plan));
    BOOST_TEST(action_at(plan, "aws_iam_role.jobs") == "update", describe(plan));
    BOOST_TEST(contains(run.result.out, "  terraform_data.server -> terraform_data.web\n"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "withdrawn after Terraform's plan: Terraform would replace it"), run.result.describe());

    // The plans: the user's, which refreshes and finds the drift; the trial, which skips
    // the refresh (web moved with no change there); the plan of the moves that stand,
    // refreshing as asked, which replaces web; and the final plan, without web's move, as
    // asked. A move the refresh refutes costs that one refreshing plan more than the two
    // of a run without drift (e2e.run_count_test).
    std::vector<bool> refreshing;
    for (const auto& call : recorder.calls())
        if (!call.empty() && call.front() == "plan") refreshing.push_back(is_refreshing_plan(call));
    BOOST_TEST(refreshing == (std::vector<bool>{true, false, true, true}), recorder.describe());
    // Issue 47: past two refreshing plans, the summary says why the third was made.
    BOOST_TEST(contains(run.result.out,
                        "tfw: refreshing plan 3: the final plan again, as asked, since the refreshing plan before it "
                        "withdrew terraform_data.server -> terraform_data.web"),
               run.result.describe());
}
