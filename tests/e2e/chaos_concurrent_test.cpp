// Two `tfw plan` runs in the same root module at the same moment. terraform reads every
// *.tf file there, so without a guard the second would plan with the first one's injected
// moved file. tfw holds a lock on the root module directory for its whole run (see
// include/tfw/shell/root_lock.hpp): the second run fails at once, in one line, before it
// runs terraform, and the first ends as if it had been alone. The lock goes with its run.
//
// The overlap is made certain, not left to timing: the first run's terraform is a gate
// script that holds one `plan` (its first, or the replan with tfw's injected file in
// place) until the test has run the second tfw, then execs the real terraform.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "chaos.hpp"
#include "gate.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

std::vector<std::string> plan_to(const std::string& plan_file) {
    return {"plan", "-input=false", "-no-color", "-out=" + plan_file};
}

}  // namespace

BOOST_AUTO_TEST_CASE(two_runs_in_one_root_never_share_a_moved_file) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    const std::vector<std::string> plan_files = {"first.tfplan", "second.tfplan"};
    const Snapshot before = ws.snapshot(plan_files);
    const std::string state = ws.read_file("terraform.tfstate");
    ws.set_environment("TFW_TERRAFORM_BIN", write_gated_terraform(ws).string());

    // "first": the second run starts while the first runs its first plan, before it has
    // injected anything. "injected": while it replans with its moved file in the root.
    for (const std::string when : {"first", "injected"}) {
        BOOST_TEST_CONTEXT("second run while the first is held at its " << when << " plan") {
            for (const auto& file : plan_files) fs::remove(ws.dir() / file);
            const fs::path gate = ws.scratch() / ("gate-" + when);
            fs::create_directories(gate);

            ws.set_environment("TFW_TEST_GATE", gate.string());
            ws.set_environment("TFW_TEST_GATE_WHEN", when);
            auto first = ws.start_tfw(plan_to(plan_files[0]));
            ws.set_environment("TFW_TEST_GATE", "");
            // (A message argument is evaluated even when the check passes: no wait() in it.)
            if (!wait_for_file(gate / "entered", *first))
                BOOST_FAIL("the first run never reached the gate:\n" << first->wait().describe());
            if (when == "injected") BOOST_TEST(ws.tfw_temp_files().size() == 1u);

            const RunResult second = ws.tfw(plan_to(plan_files[1]));
            std::ofstream(gate / "open").close();
            const RunResult first_result = first->wait();

            BOOST_TEST(second.exit_code == 1, second.describe());
            BOOST_TEST(line_count(second.err) == 1u, "not one line on stderr:\n" << second.describe());
            BOOST_TEST(second.err.starts_with("tfw: error: another tfw run is active in "), second.describe());
            BOOST_TEST(second.out == "", "the run that lost the lock planned:\n" << second.describe());
            BOOST_TEST(!ws.exists(plan_files[1]));

            BOOST_TEST_REQUIRE(first_result.exit_code == 0, first_result.describe());
            BOOST_TEST_REQUIRE(ws.exists(plan_files[0]), first_result.describe());
            const tfw::core::Plan plan = ws.show_plan(plan_files[0]);
            BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha",
                       describe(plan));
            BOOST_TEST(count_destroying(plan) == 0u, describe(plan));

            BOOST_TEST(ws.tfw_temp_files().empty());
            BOOST_TEST(snapshot_difference(before, ws.snapshot(plan_files)) == "");
            BOOST_TEST(ws.read_file("terraform.tfstate") == state);
        }
    }

    // The lock went with the run that held it: the next run plans.
    const RunResult after = ws.tfw(plan_to(plan_files[1]));
    BOOST_TEST(after.exit_code == 0, after.describe());
    BOOST_TEST(moved_from(ws.show_plan(plan_files[1]), "terraform_data.beta") == "terraform_data.alpha");
}
