// tfw plan and tfw apply with the state in Terraform's S3 backend, on moto's AWS API
// emulator (support/moto_server.hpp), locked by an S3 lock file (`use_lockfile`) and by a
// DynamoDB table: the fixture rename_several (three renames, one unchanged) has no local
// state; the moves, the apply and the lock are the backend's.
#include <boost/test/unit_test.hpp>

#include "checks.hpp"
#include "moto_server.hpp"
#include "plan_checks.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

void plan_and_apply_with_the_state_in_s3(S3Lock lock) {
    MotoServer& moto = clean_moto_server();
    const S3State state{"tfstate", "rename/terraform.tfstate", lock};
    moto.create_state_store(state);
    Workspace ws("rename_several");
    moto.write_s3_backend(ws, state);
    ws.apply_before();
    BOOST_TEST(!ws.exists("terraform.tfstate"), "the state went to a local file, not to S3");
    const std::optional<std::string> stored = moto.s3_object(state.bucket, state.key);
    BOOST_TEST_REQUIRE(stored.has_value(), "no state object at s3://" << state.bucket << "/" << state.key);
    BOOST_TEST_REQUIRE(contains(*stored, "\"terraform_data\""), *stored);
    const auto ids_before = ids_of(ws);
    BOOST_TEST_REQUIRE(ids_before.size() == 4u);

    ws.switch_to("after", Workspace::Init::skip);
    moto.write_s3_backend(ws, state);
    ws.init();
    const auto expected = moves(ws.plan_with_reference_moves());
    BOOST_TEST_REQUIRE(expected.size() == 3u);
    const TfwPlan run = ws.tfw_plan();
    const tfw::core::Plan& plan = require_saved_plan(run);
    BOOST_TEST((moves(plan) == expected), describe(plan));
    BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
    BOOST_TEST((moto.s3_object(state.bucket, state.key) == stored), "tfw plan changed the stored state");
    BOOST_TEST(!moto.lock_record(state).has_value(), "tfw plan left the state locked");

    const RunResult apply = ws.tfw({"apply", "-input=false", "-auto-approve", "-no-color"});
    BOOST_TEST_REQUIRE(apply.exit_code == 0, apply.describe());
    BOOST_TEST(contains(apply.out, "0 added, 0 changed, 0 destroyed"), apply.describe());
    BOOST_TEST(!moto.lock_record(state).has_value(), "tfw apply left the state locked");
    // The bucket holds the new addresses, each object with its id; plain terraform plans
    // nothing (with a DynamoDB table it also checks the state's digest there).
    const auto ids_after = ids_of(ws);
    const std::map<std::string, std::string> renamed = {{"terraform_data.web", "terraform_data.frontend"},
                                                        {"terraform_data.queue", "terraform_data.work_queue"},
                                                        {"terraform_data.cache", "terraform_data.session_cache"},
                                                        {"terraform_data.unchanged", "terraform_data.unchanged"}};
    BOOST_TEST(ids_after.size() == renamed.size());
    for (const auto& [from, to] : renamed) {
        BOOST_TEST_CONTEXT(from << " -> " << to) {
            BOOST_TEST_REQUIRE(ids_after.contains(to));
            BOOST_TEST(ids_after.at(to) == ids_before.at(from));
        }
    }
    BOOST_TEST(contains(moto.s3_object(state.bucket, state.key).value_or(""), "\"frontend\""));
    const RunResult plain = ws.terraform_past_a_lost_lock_answer({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(plain.exit_code == 0, plain.describe());
    const TfwPlan again = ws.tfw_plan({"-detailed-exitcode"});
    BOOST_TEST(again.result.exit_code == 0, again.result.describe());
}

}  // namespace

BOOST_AUTO_TEST_CASE(plan_and_apply_with_an_s3_lock_file, *moto_server_required()) {
    plan_and_apply_with_the_state_in_s3(S3Lock::lockfile);
}

BOOST_AUTO_TEST_CASE(plan_and_apply_with_a_dynamodb_lock_table, *moto_server_required()) {
    plan_and_apply_with_the_state_in_s3(S3Lock::dynamodb);
}
