// SIGKILL at random moments of a migration between root modules (tfw apply --root), over
// 15 rounds (TFW_CHAOS_ROUNDS sets more): after every kill each object is in at least one state, and the next
// run finishes the migration, or rolls it back when it had pushed nothing, saying which in
// one line; in the end both roots hold what an uninterrupted run gives them.
//
// The moments are drawn from a fixed seed (TFW_CHAOS_SEED overrides it; it is printed),
// uniformly over the migration itself: from tfw's first line about it, that the plans
// between roots judge it (the states are those they were made against), to its end, as an
// uninterrupted run takes.
#include <boost/test/unit_test.hpp>

#include <csignal>
#include <cstdint>
#include <map>
#include <random>
#include <thread>

#include "chaos.hpp"
#include "checks.hpp"
#include "migration_kills.hpp"
#include "roots_split.hpp"
#include "tfw/core/roots/migration_plan.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

constexpr unsigned default_seed = 20261124;
constexpr int default_rounds = 15;

}  // namespace

BOOST_AUTO_TEST_CASE(sigkill_during_a_migration_never_loses_an_object) {
    const unsigned seed = chaos_seed(default_seed);
    const int rounds = chaos_rounds(default_rounds);
    OrphanCollector orphans;
    SplitRoots roots;
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    roots.switch_both("after", "after");
    const std::string state_a = roots.a.read_file("terraform.tfstate");
    const std::string state_b = roots.b.read_file("terraform.tfstate");
    MigrationKills kills{roots, {"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()}, [&] {
                             roots.a.write_file("terraform.tfstate", state_a);
                             roots.b.write_file("terraform.tfstate", state_b);
                             for (const Workspace* ws : {&roots.a, &roots.b}) {
                                 std::error_code ignored;
                                 fs::remove(ws->dir() / ".terraform" / "tfw-migration", ignored);
                             }
                         }};
    kills.run_uninterrupted();

    std::mt19937 random(seed);
    std::uniform_real_distribution<double> moment(0.0, kills.migration_seconds);
    std::map<std::string, int> outcomes;
    for (int round = 0; round < rounds; ++round) {
        BOOST_TEST_CONTEXT("round " << round) {
            const double delay = moment(random);
            kills.kill_at(delay, orphans);
            // The next run repairs or rolls back, in one line, and then moves what is left.
            ++outcomes[kills.resume_in_place(delay)];
        }
    }
    for (const auto& [outcome, count] : outcomes) BOOST_TEST_MESSAGE(outcome << ": " << count << " rounds");
    // The moments reached both kinds of repair.
    BOOST_TEST(outcomes["finished"] > 0);
    BOOST_TEST(outcomes["rolled back"] + outcomes["killed before the journal"] > 0);
    // Plain terraform agrees with the last round in both roots.
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }
}

// Ctrl-C while Terraform judges the migrated states under the locks (planned again there,
// since A's state changed after the plans between roots: its serial is one higher): tfw
// stops (130), no state changed but by that change, no file of tfw's left in either root,
// and the next run moves everything.
BOOST_AUTO_TEST_CASE(ctrl_c_while_the_migration_is_checked_changes_nothing) {
    OrphanCollector orphans;
    SplitRoots roots;
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    roots.switch_both("after", "after");
    const std::string original_a = roots.a.read_file("terraform.tfstate");
    const std::uint64_t serial = tfw::core::serial_of(original_a);
    const std::string next_serial = "\"serial\": " + std::to_string(serial + 1) + ",";
    const fs::path changing = write_terraform_changing_a_state_before_the_locks(
        roots.a, roots.a.dir() / "terraform.tfstate", "s/\"serial\": " + std::to_string(serial) + ",/" + next_serial + "/");
    const std::string untouched = roots.everything();
    const std::vector<std::string> args = {"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()};
    std::vector<std::string> changing_args = args;
    changing_args.push_back("--terraform-bin=" + changing.string());
    auto tfw = roots.a.start_tfw(changing_args);
    while (tfw->running() && !contains(tfw->errors_so_far(), "tfw: planning . against its state after the migration"))
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    tfw->send_signal(SIGINT);
    const RunResult stopped = tfw->wait();
    orphans.wait_for_orphans();
    BOOST_TEST(stopped.exit_code == 130, stopped.describe());
    BOOST_TEST_REQUIRE(fs::exists(changing.string() + ".changed"), stopped.describe());
    const std::string changed = roots.a.read_file(changing.string() + ".changed");
    BOOST_TEST(contains(changed, next_serial));
    BOOST_TEST(roots.a.read_file("terraform.tfstate") == changed, "a Ctrl-C before any push changed A's state");
    roots.a.write_file("terraform.tfstate", original_a);
    BOOST_TEST(roots.everything() == untouched, "a Ctrl-C before any push changed a file or a state");
    BOOST_TEST(roots.a.tfw_temp_files().empty());
    BOOST_TEST(roots.b.tfw_temp_files().empty());
    const RunResult next = roots.a.tfw(args);
    BOOST_TEST(next.exit_code == 0, next.describe());
    BOOST_TEST(contains(next.out, "tfw: moved 5 objects between root modules\n"), next.describe());
}
