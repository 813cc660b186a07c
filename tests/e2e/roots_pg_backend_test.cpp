// tfw against a real remote backend: Terraform's `pg` backend in a private PostgreSQL
// server (tests/e2e/support/pg_server.hpp), with real state locking. No local state file
// exists; the moves, the apply and the lock are the backend's.
#include <boost/test/unit_test.hpp>

#include "pg_server.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

const std::string schema = "tfw_rename";

// The state as the backend stores it (its JSON text), to show that a run left it alone.
std::string stored_state(const PgServer& pg) {
    return pg.query("SELECT data FROM \"" + schema + "\".states WHERE name = 'default'");
}

}  // namespace

BOOST_AUTO_TEST_CASE(plan_and_apply_with_the_state_in_postgresql) {
    PgServer pg;
    Workspace ws("pg_rename");
    ws.set_environment("PG_CONN_STR", pg.conn_str());
    ws.apply_before();
    BOOST_TEST(!ws.exists("terraform.tfstate"), "the state went to a local file, not to PostgreSQL");
    const std::string ids_before = ws.terraform({"state", "pull"}).out;
    BOOST_TEST_REQUIRE(stored_state(pg).find("\"terraform_data\"") != std::string::npos);

    ws.switch_to("after");
    const auto expected = moves(ws.plan_with_reference_moves());
    BOOST_TEST_REQUIRE(expected.size() == 3u);
    const TfwPlan run = ws.tfw_plan();
    BOOST_TEST_REQUIRE(run.result.exit_code == 0, run.result.describe());
    BOOST_TEST_REQUIRE(run.plan.has_value());
    BOOST_TEST((moves(*run.plan) == expected), describe(*run.plan));
    BOOST_TEST(count_destroying(*run.plan) == 0u, describe(*run.plan));
    BOOST_TEST(run.files_changed == "");

    const RunResult apply = ws.tfw({"apply", "-input=false", "-auto-approve", "-no-color"});
    BOOST_TEST_REQUIRE(apply.exit_code == 0, apply.describe());
    BOOST_TEST(apply.out.find("0 added, 0 changed, 0 destroyed") != std::string::npos, apply.describe());
    // The backend now holds the new addresses: plain terraform plans nothing, and every
    // object kept its id.
    const RunResult after = ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(after.exit_code == 0, after.describe());
    const std::string state = ws.terraform({"state", "pull"}).out;
    const RunResult list = ws.terraform({"state", "list"});
    BOOST_TEST(list.out ==
                   "terraform_data.frontend\nterraform_data.session_cache\nterraform_data.unchanged\n"
                   "terraform_data.work_queue\n",
               list.describe());
    // Ids: each "id" value of the state before appears in the state after.
    for (std::size_t at = ids_before.find("\"id\": \""); at != std::string::npos;
         at = ids_before.find("\"id\": \"", at + 1)) {
        const std::string id = ids_before.substr(at, ids_before.find('"', at + 7) - at + 1);
        BOOST_TEST(state.find(id) != std::string::npos, id << " lost");
    }
    // Running again changes nothing.
    const TfwPlan again = ws.tfw_plan({"-detailed-exitcode"});
    BOOST_TEST(again.result.exit_code == 0, again.result.describe());
}

// Another process holds the backend's state lock (as a concurrent terraform would): tfw
// stops before it changes anything, and the error names the lock.
BOOST_AUTO_TEST_CASE(a_held_state_lock_stops_tfw) {
    PgServer pg;
    Workspace ws("pg_rename");
    ws.set_environment("PG_CONN_STR", pg.conn_str());
    ws.apply_before();
    ws.switch_to("after");
    const std::string state = stored_state(pg);
    const Snapshot files = ws.snapshot({std::string(final_plan_file)});
    auto holder = pg.hold_state_lock(ws, schema);

    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"plan", "-input=false", "-no-color", "-out=final.tfplan"},
          std::vector<std::string>{"apply", "-input=false", "-no-color", "-auto-approve"},
          std::vector<std::string>{"plan", "-input=false", "-no-color", "-lock-timeout=1s", "-out=final.tfplan"}}) {
        BOOST_TEST_CONTEXT(command[0] << " " << command.back()) {
            const RunResult run = ws.tfw(command);
            BOOST_TEST(run.exit_code == 1, run.describe());
            BOOST_TEST(run.err.find("Error acquiring the state lock") != std::string::npos, run.describe());
            BOOST_TEST(run.err.find("Workspace is already locked: default") != std::string::npos, run.describe());
            BOOST_TEST(!ws.exists(final_plan_file));
            BOOST_TEST(ws.tfw_temp_files().empty());
            BOOST_TEST(snapshot_difference(files, ws.snapshot({std::string(final_plan_file)})) == "");
            BOOST_TEST(stored_state(pg) == state);
        }
    }
    // The lock released, the same run goes through.
    holder->release();
    const TfwPlan run = ws.tfw_plan();
    BOOST_TEST(run.result.exit_code == 0, run.result.describe());
    BOOST_TEST_REQUIRE(run.plan.has_value());
    BOOST_TEST(moves(*run.plan).size() == 3u, describe(*run.plan));
}
