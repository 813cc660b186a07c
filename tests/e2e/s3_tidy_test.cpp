// tfw tidy on a root deployed to two environments whose S3 backend files name different
// keys (`-backend-config=envs/prod.s3.hcl`, `envs/dev.s3.hcl`), on moto's emulator, locked
// by S3 lock files and by a DynamoDB table: dev initialised and refactored, prod behind.
// `tidy --write` without the files refuses, since it cannot see prod's state; with both
// it keeps prod's block and names prod, changing nothing of the root's own backend
// settings; once prod has applied, it removes the block.
#include <boost/test/unit_test.hpp>

#include "chaos.hpp"
#include "checks.hpp"
#include "moto_server.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

void init_for(const Workspace& ws, const std::string& env) {
    const RunResult run =
        ws.terraform({"init", "-input=false", "-no-color", "-reconfigure", "-backend-config=envs/" + env + ".s3.hcl"});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
}

void apply_in(const Workspace& ws, const std::string& env) {
    init_for(ws, env);
    const RunResult run = ws.terraform_past_a_lost_lock_answer({"apply", "-auto-approve", "-input=false", "-no-color"});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
}

int plan_exit_in(const Workspace& ws, const std::string& env) {
    init_for(ws, env);
    const RunResult run = ws.terraform_past_a_lost_lock_answer({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(run.exit_code != 1, run.describe());
    return run.exit_code;
}

void tidy_reads_both_environments(S3Lock lock) {
    MotoServer& moto = clean_moto_server();
    // The key comes from each environment's file; everything else from backend.tf.
    const S3State store{"tfstate", "", lock};
    moto.create_state_store(store);
    Workspace ws("tidy_backends_s3");
    moto.write_s3_backend(ws, store, "backend.tf", {"key"});
    apply_in(ws, "prod");
    apply_in(ws, "dev");
    ws.switch_to("after", Workspace::Init::skip);
    moto.write_s3_backend(ws, store, "backend.tf", {"key"});
    apply_in(ws, "dev");  // prod is behind: its state still has terraform_data.old
    BOOST_TEST_REQUIRE(contains(moto.s3_object("tfstate", "prod/terraform.tfstate").value_or(""), "\"old\""));
    BOOST_TEST_REQUIRE(contains(moto.s3_object("tfstate", "dev/terraform.tfstate").value_or(""), "\"new\""));
    const Snapshot before = ws.snapshot();
    const std::string record = ws.read_file(".terraform/terraform.tfstate");

    const RunResult refused = ws.tfw({"tidy", "--write"});
    BOOST_TEST(refused.exit_code == 1, refused.describe());
    BOOST_TEST(line_count(refused.err) == 1u, refused.describe());
    BOOST_TEST(refused.err.starts_with("tfw: error: the backend takes key from -backend-config"), refused.describe());
    BOOST_TEST(contains(refused.err, "--backend-config FILE"), refused.describe());

    const RunResult dry = ws.tfw({"tidy"});
    BOOST_TEST(dry.exit_code == 0, dry.describe());
    BOOST_TEST(contains(dry.out, "tfw tidy: read the states of workspace default\n"), dry.describe());
    BOOST_TEST(contains(dry.out, "other environments' states were not read"), dry.describe());

    const std::vector<std::string> both = {"tidy", "--write", "--backend-config=envs/dev.s3.hcl", "--backend-config",
                                           "envs/prod.s3.hcl"};
    const RunResult kept = ws.tfw(both);
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    BOOST_TEST(contains(kept.out, "moved.tf:1: stays: terraform_data.old -> terraform_data.new: still needed: workspace "
                                  "envs/prod.s3.hcl: default has not applied it"),
               kept.describe());
    BOOST_TEST(contains(kept.out, "tfw tidy: read the states of workspaces default, envs/dev.s3.hcl: default, "
                                  "envs/prod.s3.hcl: default\n"),
               kept.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(ws.read_file(".terraform/terraform.tfstate") == record, "tidy changed the root's backend settings");

    apply_in(ws, "prod");
    init_for(ws, "dev");
    const RunResult removed = ws.tfw(both);
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(contains(removed.out, "tfw tidy: removed 1 moved block from 1 file"), removed.describe());
    BOOST_TEST(!ws.exists("moved.tf"));
    BOOST_TEST(plan_exit_in(ws, "dev") == 0);
    BOOST_TEST(plan_exit_in(ws, "prod") == 0);
    for (const std::string env : {"dev", "prod"})
        BOOST_TEST(!moto.lock_record({"tfstate", env + "/terraform.tfstate", lock}).has_value(), env << " left locked");
}

}  // namespace

BOOST_AUTO_TEST_CASE(tidy_reads_both_environments_with_s3_lock_files, *moto_server_required()) {
    tidy_reads_both_environments(S3Lock::lockfile);
}

BOOST_AUTO_TEST_CASE(tidy_reads_both_environments_with_a_dynamodb_table, *moto_server_required()) {
    tidy_reads_both_environments(S3Lock::dynamodb);
}
