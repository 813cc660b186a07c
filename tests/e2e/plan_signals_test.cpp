// tfw interrupted while terraform plans with tfw's temporary moved file: nothing is left
// behind and the state is not left locked; after a SIGKILL the next run cleans up.
//
// The fixture `slow_rename` takes about a second per terraform run, so there is time to
// catch tfw in its second plan: the one that runs with the temp file in place.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <thread>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using namespace std::chrono_literals;

namespace {

// Waits until tfw has written its temp moved file and has a child (terraform replanning
// with it). Returns those children; fails the test if tfw exits first or never gets there.
std::vector<pid_t> wait_for_replan(const Workspace& ws, BackgroundProcess& tfw) {
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (std::chrono::steady_clock::now() < deadline) {
        if (!tfw.running()) {
            const RunResult result = tfw.wait();
            BOOST_FAIL("tfw exited before it replanned with a " << tfw_temp_prefix << "*" << tfw_temp_suffix
                                                               << " file in place:\n"
                                                               << result.describe());
        }
        if (!ws.tfw_temp_files().empty()) {
            std::vector<pid_t> children = tfw.children();
            if (!children.empty()) return children;
        }
        std::this_thread::sleep_for(2ms);
    }
    BOOST_FAIL("tfw wrote no " << tfw_temp_prefix << "*" << tfw_temp_suffix << " file within 60 s");
    return {};
}

void wait_until_gone(const std::vector<pid_t>& processes) {
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    for (pid_t pid : processes)
        while (process_alive(pid)) {
            BOOST_TEST_REQUIRE((std::chrono::steady_clock::now() < deadline), "process " << pid << " still runs");
            std::this_thread::sleep_for(10ms);
        }
}

void check_interrupted_plan_leaves_nothing(int signal_number) {
    Workspace ws("slow_rename");
    ws.apply_before();
    ws.switch_to("after");
    const Snapshot files_before = ws.snapshot();
    const std::string state_before = ws.read_file("terraform.tfstate");

    auto tfw = ws.start_tfw({"plan", "-input=false", "-out=final.tfplan"});
    const std::vector<pid_t> terraform = wait_for_replan(ws, *tfw);
    tfw->send_signal(signal_number);  // to tfw only: terraform runs in its own process group
    const RunResult result = tfw->wait();

    BOOST_TEST(result.exit_code == 128 + signal_number, result.describe());
    // tfw waited for terraform to stop, so that terraform released the state lock.
    for (pid_t pid : terraform) BOOST_TEST(!process_alive(pid), "terraform (pid " << pid << ") still runs");
    BOOST_TEST(ws.tfw_temp_files().empty());
    BOOST_TEST(snapshot_difference(files_before, ws.snapshot()) == "");
    BOOST_TEST(ws.read_file("terraform.tfstate") == state_before);

    wait_until_gone(terraform);
    const RunResult after = ws.terraform({"plan", "-input=false", "-no-color", "-lock-timeout=0s"});
    BOOST_TEST(after.exit_code == 0, "the state is still locked or broken:\n" << after.describe());
}

}  // namespace

BOOST_AUTO_TEST_CASE(sigint_during_plan_leaves_no_file_and_no_lock) { check_interrupted_plan_leaves_nothing(SIGINT); }

BOOST_AUTO_TEST_CASE(sigterm_during_plan_leaves_no_file_and_no_lock) { check_interrupted_plan_leaves_nothing(SIGTERM); }

BOOST_AUTO_TEST_CASE(stale_temp_file_of_a_killed_tfw_is_removed_by_the_next_run) {
    Workspace ws("slow_rename");
    ws.apply_before();
    ws.switch_to("after");
    const Snapshot files_before = ws.snapshot();

    // A SIGKILL gives tfw no chance to clean up: its temp file stays.
    auto killed = ws.start_tfw({"plan", "-input=false"});
    const std::vector<pid_t> terraform = wait_for_replan(ws, *killed);
    killed->send_signal(SIGKILL);
    killed->wait();
    const std::vector<std::string> stale = ws.tfw_temp_files();
    BOOST_TEST_REQUIRE(stale.size() == 1u, "expected the killed tfw's temp file");
    wait_until_gone(terraform);  // the orphaned terraform finishes and unlocks the state

    const TfwPlan run = ws.tfw_plan();
    BOOST_TEST(run.result.err.find(stale.front()) != std::string::npos,
               "tfw did not say it removed " << stale.front() << ":\n" << run.result.describe());
    BOOST_TEST(ws.tfw_temp_files().empty());
    BOOST_TEST(run.files_changed.find("removed: " + stale.front() + "\n") != std::string::npos, run.files_changed);
    // Back to the files before the killed run: the stale file gone (and terraform's own
    // stale .terraform.tfstate.lock.info, which the next terraform run replaces), nothing new.
    BOOST_TEST(snapshot_difference(files_before, ws.snapshot({std::string(final_plan_file)})) == "");
    BOOST_TEST(run.result.exit_code == 0, run.result.describe());
    BOOST_TEST_REQUIRE(run.plan.has_value(), run.result.describe());
    BOOST_TEST(moved_from(*run.plan, "terraform_data.after_name") == "terraform_data.before_name");
    BOOST_TEST(count_destroying(*run.plan) == 0u);
}
