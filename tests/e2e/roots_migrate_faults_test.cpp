// SIGKILL at random moments of a migration between root modules (tfw apply --root), over
// at least 30 rounds: after every kill each object is in at least one state, and the next
// run finishes the migration, or rolls it back when it had pushed nothing, saying which in
// one line; in the end both roots hold what an uninterrupted run gives them.
//
// The moments are drawn from a fixed seed (TFW_CHAOS_SEED overrides it; it is printed),
// uniformly over the migration itself: from tfw's first line about it ("planning …
// against its state after the migration") to its end, as an uninterrupted run takes.
#include <boost/test/unit_test.hpp>

#include <csignal>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "chaos.hpp"
#include "checks.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using Clock = std::chrono::steady_clock;

namespace {

constexpr unsigned default_seed = 20261124;
constexpr int rounds = 30;
const std::string migration_begins = "tfw: planning . against its state after the migration";

std::set<std::string> values_of(const std::map<std::string, std::string>& ids) {
    std::set<std::string> out;
    for (const auto& [address, id] : ids) out.insert(id);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(sigkill_during_a_migration_never_loses_an_object) {
    unsigned seed = default_seed;
    if (const char* text = std::getenv("TFW_CHAOS_SEED"); text && *text) seed = static_cast<unsigned>(std::stoul(text));
    BOOST_TEST_MESSAGE("chaos seed " << seed << " (set TFW_CHAOS_SEED to replay another)");
    std::cout << "chaos seed " << seed << "\n";

    OrphanCollector orphans;
    SplitRoots roots;
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    roots.switch_both("after", "after");
    const std::string state_a = roots.a.read_file("terraform.tfstate");
    const std::string state_b = roots.b.read_file("terraform.tfstate");
    const auto ids_a = ids_of(roots.a);
    const auto ids_b = ids_of(roots.b);
    std::set<std::string> every_id = values_of(ids_a);
    for (const auto& id : values_of(ids_b)) every_id.insert(id);
    BOOST_TEST_REQUIRE(every_id.size() == 7u);
    const std::vector<std::string> args = {"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()};

    auto restore_states = [&] {
        roots.a.write_file("terraform.tfstate", state_a);
        roots.b.write_file("terraform.tfstate", state_b);
        for (const Workspace* ws : {&roots.a, &roots.b}) {
            std::error_code ignored;
            fs::remove(ws->dir() / ".terraform" / "tfw-migration", ignored);
        }
    };

    // The uninterrupted run: where every round must end, and how long the migration takes.
    auto uninterrupted = roots.a.start_tfw(args);
    std::optional<Clock::time_point> began;
    while (uninterrupted->running()) {
        if (!began && contains(uninterrupted->errors_so_far(), migration_begins)) began = Clock::now();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const RunResult whole = uninterrupted->wait();
    BOOST_TEST_REQUIRE(whole.exit_code == 0, whole.describe());
    BOOST_TEST_REQUIRE(began.has_value(), whole.describe());
    const std::chrono::duration<double> migration_time = Clock::now() - *began;
    const auto final_a = ids_of(roots.a);
    const auto final_b = ids_of(roots.b);
    BOOST_TEST_REQUIRE(final_a.size() == 1u);
    BOOST_TEST_REQUIRE(final_b.size() == 6u);
    BOOST_TEST_MESSAGE("the migration takes " << migration_time.count() << " s");

    std::mt19937 random(seed);
    std::uniform_real_distribution<double> moment(0.0, migration_time.count());
    std::map<std::string, int> outcomes;
    for (int round = 0; round < rounds; ++round) {
        BOOST_TEST_CONTEXT("round " << round) {
            restore_states();
            const double delay = moment(random);
            auto tfw = roots.a.start_tfw(args);
            while (tfw->running() && !contains(tfw->errors_so_far(), migration_begins))
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            std::this_thread::sleep_for(std::chrono::duration<double>(delay));
            tfw->send_signal(SIGKILL);
            tfw->wait();
            orphans.wait_for_orphans();

            // Every object is in at least one state.
            std::set<std::string> held = values_of(ids_of(roots.a));
            for (const auto& id : values_of(ids_of(roots.b))) held.insert(id);
            BOOST_TEST(held == every_id, "an object is in no state after a kill at " << delay << " s");

            // The next run repairs or rolls back, in one line, and then moves what is left.
            const RunResult next = roots.a.tfw(args);
            if (next.exit_code != 0)
                BOOST_FAIL("after a kill at " << delay << " s:\n" << next.describe() << "\nA's state:\n"
                                              << roots.a.terraform({"state", "pull"}).out << "\nB's state:\n"
                                              << roots.b.terraform({"state", "pull"}).out << "\nkept states:\n"
                                              << roots.a.bash("cd \"$XDG_STATE_HOME\"/tfw/migrations && grep -H -e serial -e '\"name\"' */*.tfstate").out);
            std::string outcome = "killed before the journal";
            for (const std::string said : {"tfw: finished the migration", "tfw: rolled back the migration"}) {
                const std::size_t at = next.err.find(said);
                if (at == std::string::npos) continue;
                outcome = said.substr(5, said.find(" the") - 5);
                BOOST_TEST(next.err.find('\n', at) != std::string::npos);
                BOOST_TEST(next.err.find(said, at + 1) == std::string::npos, "said twice: " << next.describe());
            }
            ++outcomes[outcome];
            BOOST_TEST(ids_of(roots.a) == final_a);
            BOOST_TEST(ids_of(roots.b) == final_b);
            BOOST_TEST(roots.a.tfw_temp_files().empty());
            BOOST_TEST(roots.b.tfw_temp_files().empty());
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

// Ctrl-C while Terraform judges the migrated states: tfw stops (130), no state changed,
// no file of tfw's left in either root, and the next run moves everything.
BOOST_AUTO_TEST_CASE(ctrl_c_while_the_migration_is_checked_changes_nothing) {
    OrphanCollector orphans;
    SplitRoots roots;
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    roots.switch_both("after", "after");
    const std::string untouched = roots.everything();
    const std::vector<std::string> args = {"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()};
    auto tfw = roots.a.start_tfw(args);
    while (tfw->running() && !contains(tfw->errors_so_far(), migration_begins))
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    tfw->send_signal(SIGINT);
    const RunResult stopped = tfw->wait();
    orphans.wait_for_orphans();
    BOOST_TEST(stopped.exit_code == 130, stopped.describe());
    BOOST_TEST(roots.everything() == untouched, "a Ctrl-C before any push changed a file or a state");
    BOOST_TEST(roots.a.tfw_temp_files().empty());
    BOOST_TEST(roots.b.tfw_temp_files().empty());
    const RunResult next = roots.a.tfw(args);
    BOOST_TEST(next.exit_code == 0, next.describe());
    BOOST_TEST(contains(next.out, "tfw: moved 5 objects between root modules\n"), next.describe());
}
