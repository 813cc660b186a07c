// tfw tidy on a root deployed to two environments through -backend-config files (issue
// 23): both states in PostgreSQL (Terraform's pg backend), one schema each, staging
// initialised and refactored, prod behind. `tidy --write` without the files refuses, since
// it cannot see prod's state; with both it keeps prod's block and names prod, changing
// nothing of the root's own backend settings; once prod has applied, it removes it.
#include <boost/test/unit_test.hpp>

#include "chaos.hpp"
#include "pg_server.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

void init_for(const Workspace& ws, const std::string& env) {
    const RunResult run = ws.terraform({"init", "-input=false", "-reconfigure", "-backend-config=envs/" + env + ".hcl"});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
}

void apply_in(const Workspace& ws, const std::string& env) {
    init_for(ws, env);
    const RunResult run = ws.terraform({"apply", "-auto-approve", "-input=false"});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
}

int plan_exit_in(const Workspace& ws, const std::string& env) {
    init_for(ws, env);
    const RunResult run = ws.terraform({"plan", "-input=false", "-detailed-exitcode"});
    BOOST_TEST(run.exit_code != 1, run.describe());
    return run.exit_code;
}

}  // namespace

BOOST_AUTO_TEST_CASE(tidy_reads_every_environment_it_is_given_and_refuses_to_write_without_them) {
    PgServer pg;
    Workspace ws("tidy_backends");
    ws.set_environment("PG_CONN_STR", pg.conn_str());
    apply_in(ws, "prod");
    apply_in(ws, "staging");
    ws.switch_to("after", Workspace::Init::skip);
    apply_in(ws, "staging");  // prod is behind: its state still has terraform_data.old
    const Snapshot before = ws.snapshot();
    const std::string record = ws.read_file(".terraform/terraform.tfstate");

    const RunResult refused = ws.tfw({"tidy", "--write"});
    BOOST_TEST(refused.exit_code == 1, refused.describe());
    BOOST_TEST(line_count(refused.err) == 1u, refused.describe());
    BOOST_TEST(refused.err.find("tfw: error: the backend takes schema_name from -backend-config") == 0u, refused.describe());
    BOOST_TEST(refused.err.find("--backend-config FILE") != std::string::npos, refused.describe());

    const RunResult dry = ws.tfw({"tidy"});
    BOOST_TEST(dry.exit_code == 0, dry.describe());
    BOOST_TEST(dry.out.find("tfw tidy: read the states of workspace default\n") != std::string::npos, dry.describe());
    BOOST_TEST(dry.out.find("other environments' states were not read") != std::string::npos, dry.describe());

    const std::vector<std::string> both = {"tidy", "--write", "--backend-config=envs/staging.hcl",
                                           "--backend-config", "envs/prod.hcl"};
    const RunResult kept = ws.tfw(both);
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    BOOST_TEST(kept.out.find("moved.tf:1: stays: terraform_data.old -> terraform_data.new: still needed: workspace "
                             "envs/prod.hcl: default has not applied it") != std::string::npos,
               kept.describe());
    BOOST_TEST(kept.out.find("tfw tidy: read the states of workspaces default, envs/staging.hcl: default, envs/prod.hcl: "
                             "default\n") != std::string::npos,
               kept.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(ws.read_file(".terraform/terraform.tfstate") == record, "tidy changed the root's backend settings");

    apply_in(ws, "prod");
    init_for(ws, "staging");
    const RunResult removed = ws.tfw(both);
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(removed.out.find("tfw tidy: removed 1 moved block from 1 file") != std::string::npos, removed.describe());
    BOOST_TEST(!ws.exists("moved.tf"));
    BOOST_TEST(plan_exit_in(ws, "staging") == 0);
    BOOST_TEST(plan_exit_in(ws, "prod") == 0);
}
