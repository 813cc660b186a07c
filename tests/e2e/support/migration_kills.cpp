#include "migration_kills.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <thread>
#include <utility>

#include "checks.hpp"

namespace tfw::e2e {
namespace {

using Clock = std::chrono::steady_clock;

std::set<std::string> values_of(const std::map<std::string, std::string>& ids) {
    std::set<std::string> out;
    for (const auto& [address, id] : ids) out.insert(id);
    return out;
}

}  // namespace

const std::string migration_begins =
    "tfw: the states are those Terraform just planned the moves between roots against: those plans judge the migration";

unsigned chaos_seed(unsigned default_seed) {
    unsigned seed = default_seed;
    if (const char* text = std::getenv("TFW_CHAOS_SEED"); text && *text) seed = static_cast<unsigned>(std::stoul(text));
    BOOST_TEST_MESSAGE("chaos seed " << seed << " (set TFW_CHAOS_SEED to replay another)");
    std::cout << "chaos seed " << seed << "\n";
    return seed;
}

int chaos_rounds(int default_rounds) {
    int rounds = default_rounds;
    if (const char* text = std::getenv("TFW_CHAOS_ROUNDS"); text && *text) rounds = std::stoi(text);
    BOOST_TEST_MESSAGE(rounds << " rounds (set TFW_CHAOS_ROUNDS for more)");
    std::cout << rounds << " rounds\n";
    return rounds;
}

IdsReader ids_by_state_pull() {
    return [](const Workspace& root, const std::string&) { return ids_of(root); };
}

MigrationKills::MigrationKills(SplitRoots& roots, std::vector<std::string> args, std::function<void()> restore_states,
                               IdsReader ids)
    : roots(roots), args(std::move(args)), restore_states(std::move(restore_states)), ids(std::move(ids)) {}

void MigrationKills::run_uninterrupted() {
    restore_states();
    every_id = values_of(ids(roots.a, "root_a"));
    for (const auto& id : values_of(ids(roots.b, "root_b"))) every_id.insert(id);
    BOOST_TEST_REQUIRE(every_id.size() == 7u);
    auto uninterrupted = roots.a.start_tfw(args);
    std::optional<Clock::time_point> began;
    while (uninterrupted->running()) {
        if (!began && contains(uninterrupted->errors_so_far(), migration_begins)) began = Clock::now();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const RunResult whole = uninterrupted->wait();
    BOOST_TEST_REQUIRE(whole.exit_code == 0, whole.describe());
    BOOST_TEST_REQUIRE(began.has_value(), whole.describe());
    migration_seconds = std::chrono::duration<double>(Clock::now() - *began).count();
    final_a = ids(roots.a, "root_a");
    final_b = ids(roots.b, "root_b");
    BOOST_TEST_REQUIRE(final_a.size() == 1u);
    BOOST_TEST_REQUIRE(final_b.size() == 6u);
    BOOST_TEST_MESSAGE("the migration takes " << migration_seconds << " s");
}

void MigrationKills::kill_at(double delay, OrphanCollector& orphans, const std::vector<std::string>& extra) {
    restore_states();
    std::vector<std::string> run = args;
    run.insert(run.end(), extra.begin(), extra.end());
    auto tfw = roots.a.start_tfw(run);
    while (tfw->running() && !contains(tfw->errors_so_far(), migration_begins))
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const auto kill_at = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(delay));
    while (tfw->running() && Clock::now() < kill_at) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (tfw->running()) tfw->send_signal(SIGKILL);
    tfw->wait();
    orphans.wait_for_orphans();
    std::set<std::string> held = values_of(ids(roots.a, "root_a"));
    for (const auto& id : values_of(ids(roots.b, "root_b"))) held.insert(id);
    BOOST_TEST(held == every_id, "an object is in no state after a kill at " << delay << " s");
}

std::string MigrationKills::resume_in_place(double delay) {
    const RunResult next = roots.tfw_past_a_lost_lock_answer(args);
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
    check_final(roots.a, roots.b);
    return outcome;
}

void MigrationKills::check_final(const Workspace& a, const Workspace& b) {
    BOOST_TEST(ids(a, "root_a") == final_a);
    BOOST_TEST(ids(b, "root_b") == final_b);
    BOOST_TEST(a.tfw_temp_files().empty());
    BOOST_TEST(b.tfw_temp_files().empty());
}

}  // namespace tfw::e2e
