// Ctrl-C while `tfw apply` applies. terraform runs in its own process group, so the
// terminal's SIGINT reaches tfw alone and tfw forwards it, once. terraform must see what
// it would see without tfw: one interrupt, a graceful stop that halts the provisioner and
// writes the state. The state stays consistent and unlocked, and nothing of tfw's stays
// behind: no temporary moved file, no temporary plan directory.
//
// Fixture `slow_apply`: a rename (which tfw finds) and a new resource whose local-exec
// provisioner sleeps 30 s. The same interrupt is sent to plain terraform applying the
// fixture's hand-written moved.tf: both must end with the same interrupt messages and the
// same state.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include <chrono>
#include <csignal>
#include <sstream>
#include <thread>

#include "chaos.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"
#include "write_cases.hpp"

using namespace tfw::e2e;
using namespace std::chrono_literals;

namespace {

// Waits until the provisioner runs: terraform is applying, in the middle of a resource.
void wait_until_provisioning(BackgroundProcess& process) {
    const auto deadline = std::chrono::steady_clock::now() + 120s;
    while (process.output_so_far().find("(local-exec): Executing:") == std::string::npos) {
        if (!process.running()) BOOST_FAIL("it exited before the provisioner ran:\n" << process.wait().describe());
        BOOST_TEST_REQUIRE((std::chrono::steady_clock::now() < deadline), "the provisioner never ran");
        std::this_thread::sleep_for(10ms);
    }
}

// The lines in which terraform speaks of interrupts, in order (not tfw's own).
std::vector<std::string> interrupt_lines(const std::string& output) {
    std::vector<std::string> lines;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("tfw: ")) continue;
        else if (line.find("nterrupt") != std::string::npos || line.find("shutting down") != std::string::npos ||
            line.find("Stopping operation") != std::string::npos)
            lines.push_back(line);
    // Terraform prints them from more than one goroutine: their order varies from run to run.
    std::sort(lines.begin(), lines.end());
    return lines;
}

const std::vector<std::string> apply_args = {"apply", "-auto-approve", "-input=false", "-no-color"};

}  // namespace

BOOST_AUTO_TEST_CASE(sigint_during_tfw_apply_stops_terraform_gracefully) {
    // Without tfw: plain terraform, with the hand-written moved block.
    Workspace plain("slow_apply");
    plain.apply_before();
    plain.switch_to("after");
    plain.copy_from_fixture("moved.tf", "moved.tf");
    auto terraform = plain.start(terraform_binary(), apply_args);
    wait_until_provisioning(*terraform);
    terraform->send_signal(SIGINT);
    const RunResult without_tfw = terraform->wait();
    BOOST_TEST_REQUIRE(!interrupt_lines(without_tfw.output()).empty(), without_tfw.describe());

    // With tfw.
    Workspace ws("slow_apply");
    ws.apply_before();
    ws.switch_to("after");
    fs::create_directories(ws.scratch() / "tmp");
    ws.set_environment("TMPDIR", (ws.scratch() / "tmp").string());
    const Snapshot before = ws.snapshot();

    auto tfw = ws.start_tfw(apply_args);
    wait_until_provisioning(*tfw);
    const std::vector<pid_t> children = tfw->children();
    BOOST_TEST_REQUIRE(children.size() == 1u, "expected terraform apply as tfw's one child");
    tfw->send_signal(SIGINT);  // to tfw only, as a terminal's Ctrl-C would reach it
    const auto signalled = std::chrono::steady_clock::now();
    const RunResult with_tfw = tfw->wait();
    // tfw returns with terraform, not when the provisioner's orphaned `sleep 30` ends: it
    // once inherited tfw's output pipes through terraform and kept tfw waiting for it.
    BOOST_TEST((std::chrono::steady_clock::now() - signalled < 20s), "tfw waited for the provisioner's sleep");
    // terraform is gone when tfw returns. (The provisioner's `sleep` may outlive it, as it
    // does without tfw: terraform kills the shell it started, not the shell's child.)
    for (pid_t pid : children) BOOST_TEST(!process_alive(pid));

    BOOST_TEST(with_tfw.exit_code == 128 + SIGINT, with_tfw.describe());
    // terraform saw one interrupt, exactly as without tfw: a second would say "Two interrupts".
    BOOST_TEST(interrupt_lines(with_tfw.output()) == interrupt_lines(without_tfw.output()),
               boost::test_tools::per_element());
    BOOST_TEST(with_tfw.output().find("Two interrupts") == std::string::npos, with_tfw.describe());
    BOOST_TEST(with_tfw.out.find("Gracefully shutting down") != std::string::npos, with_tfw.describe());

    // The state is consistent, unlocked, and the same as plain terraform's.
    BOOST_TEST(state_list(ws) == state_list(plain), boost::test_tools::per_element());
    BOOST_TEST(state_list(ws) == std::vector<std::string>({"terraform_data.new_name", "terraform_data.slow"}),
               boost::test_tools::per_element());
    const PlainPlan later = plain_plan(ws);
    BOOST_TEST(later.result.exit_code == 2, later.result.describe());  // the interrupted resource is replaced
    BOOST_TEST_REQUIRE(later.plan.has_value(), later.result.describe());
    const tfw::core::ResourceChange* kept = find_change(*later.plan, "terraform_data.new_name");
    BOOST_TEST_REQUIRE(kept != nullptr, describe(*later.plan));
    BOOST_TEST(action_name(kept->action) == "no-op", describe(*later.plan));
    BOOST_TEST(moves(*later.plan).empty(), describe(*later.plan));

    // Nothing of tfw's left: its moved file, its plan directory.
    BOOST_TEST(ws.tfw_temp_files().empty());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(fs::is_empty(ws.scratch() / "tmp"), "tfw left its temporary directory");
}
