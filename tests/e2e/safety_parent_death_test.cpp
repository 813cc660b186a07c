// A killed tfw takes its terraform with it (issue 33). On Linux every terraform child gets
// SIGINT when tfw dies, however it dies; terraform then stops at once (it writes that it
// was interrupted, to tfw's pipe that nobody reads any more, and dies of SIGPIPE), and the
// kernel frees a local state lock with it.
//
// The fixture `busy_plan` with -var busy=300 keeps terraform evaluating in silence for a
// minute or more with the state lock held: the orphan of a SIGKILLed tfw would hold the
// lock that long, and the next run would fail on it at once.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <thread>
#include <vector>

#include "workspace.hpp"

using namespace tfw::e2e;
using namespace std::chrono_literals;

namespace {

// Kills by pid whatever the test leaves running: the orphans of a tfw built without the
// parent-death signal would otherwise burn a core for a minute after the test failed.
struct KillLeftOver {
    std::vector<pid_t> pids;
    ~KillLeftOver() {
        for (pid_t pid : pids)
            if (process_alive(pid)) ::kill(pid, SIGKILL);
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(terraform_ends_with_a_killed_tfw_and_the_next_run_finds_the_lock_free) {
    Workspace ws("busy_plan");
    ws.apply_before();

    auto killed = ws.start_tfw({"plan", "-input=false", "-var=busy=300"});
    KillLeftOver left_over;
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (left_over.pids.empty() || !ws.exists(".terraform.tfstate.lock.info")) {
        if (!killed->running()) BOOST_FAIL("tfw exited before its terraform took the state lock:\n" << killed->wait().describe());
        BOOST_TEST_REQUIRE((std::chrono::steady_clock::now() < deadline), "terraform took no state lock within 60 s");
        left_over.pids = killed->children();
        std::this_thread::sleep_for(5ms);
    }
    killed->send_signal(SIGKILL);
    killed->wait();

    // A bound for the failure only: the orphan of a tfw without the signal evaluates
    // for a minute more; with it, terraform is gone within milliseconds.
    const auto gone_by = std::chrono::steady_clock::now() + 10s;
    for (pid_t pid : left_over.pids)
        while (process_alive(pid)) {
            BOOST_TEST_REQUIRE((std::chrono::steady_clock::now() < gone_by),
                               "terraform (pid " << pid << ") still runs 10 s after tfw was killed, holding the state lock");
            std::this_thread::sleep_for(5ms);
        }

    // No -lock-timeout: the state lock must be free now, not in a while.
    const RunResult next = ws.tfw({"plan", "-input=false", "-no-color"});
    BOOST_TEST(next.exit_code == 0, next.describe());
    BOOST_TEST(next.output().find("No changes.") != std::string::npos, next.describe());
}
