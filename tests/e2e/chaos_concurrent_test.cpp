// Two `tfw plan` runs in the same root module at the same moment. terraform reads every
// *.tf file there, so without a guard the second would plan with the first one's injected
// moved file. tfw holds a lock on the root module directory for its whole run (see
// include/tfw/shell/root_lock.hpp): the second run fails at once, in one line, before it
// runs terraform, and the first ends as if it had been alone. The lock goes with its run.
//
// Fixture `slow_rename`: every terraform run takes about a second, so the runs overlap for
// certain; the second starts at several offsets into the first, the last while the first
// is replanning with its injected file in place.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <thread>

#include "chaos.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> plan_to(const std::string& plan_file) {
    return {"plan", "-input=false", "-no-color", "-out=" + plan_file};
}

}  // namespace

BOOST_AUTO_TEST_CASE(two_runs_in_one_root_never_share_a_moved_file) {
    Workspace ws("slow_rename");
    ws.apply_before();
    ws.switch_to("after");
    const std::vector<std::string> plan_files = {"first.tfplan", "second.tfplan"};
    const Snapshot before = ws.snapshot(plan_files);
    const std::string state = ws.read_file("terraform.tfstate");

    for (auto offset : {0ms, 300ms, 1500ms}) {
        BOOST_TEST_CONTEXT("second run " << offset.count() << " ms after the first") {
            for (const auto& file : plan_files) fs::remove(ws.dir() / file);
            auto first = ws.start_tfw(plan_to(plan_files[0]));
            std::this_thread::sleep_for(offset);
            // On a fast machine the first run may be over before the second starts; only
            // runs that overlap must exclude each other.
            const bool overlapped = first->running();
            auto second = ws.start_tfw(plan_to(plan_files[1]));
            const RunResult results[] = {first->wait(), second->wait()};

            int winners = 0;
            for (int i = 0; i < 2; ++i) {
                const RunResult& run = results[i];
                if (run.exit_code == 0) {
                    ++winners;
                    BOOST_TEST_REQUIRE(ws.exists(plan_files[i]), run.describe());
                    const tfw::core::Plan plan = ws.show_plan(plan_files[i]);
                    BOOST_TEST(moved_from(plan, "terraform_data.after_name") == "terraform_data.before_name",
                               describe(plan));
                    BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
                    continue;
                }
                BOOST_TEST(run.exit_code == 1, run.describe());
                BOOST_TEST(line_count(run.err) == 1u, "not one line on stderr:\n" << run.describe());
                BOOST_TEST(run.err.starts_with("tfw: error: another tfw run is active in "), run.describe());
                BOOST_TEST(run.out == "", "the run that lost the lock planned:\n" << run.describe());
                BOOST_TEST(!ws.exists(plan_files[i]));
            }
            if (overlapped) BOOST_TEST(winners == 1, results[0].describe() << "\n" << results[1].describe());
            else BOOST_TEST(winners == 2, results[0].describe() << "\n" << results[1].describe());
            BOOST_TEST(ws.tfw_temp_files().empty());
            BOOST_TEST(snapshot_difference(before, ws.snapshot(plan_files)) == "");
            BOOST_TEST(ws.read_file("terraform.tfstate") == state);
        }
    }

    // The lock went with the run that held it.
    const RunResult after = ws.tfw(plan_to(plan_files[0]));
    BOOST_TEST(after.exit_code == 0, after.describe());
}
