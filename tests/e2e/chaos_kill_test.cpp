// SIGKILL at random moments during `tfw plan --write`: a crash, the OOM killer, a CI job
// cancelled. tfw gets no chance to clean up, so this is what its atomic writes and its
// stale-file recovery are for. After every kill:
//  - each user file holds its old bytes or its complete new bytes, never anything else;
//  - the next `tfw plan --write` recovers whatever the killed run left and ends with every
//    file byte-identical to an uninterrupted run.
//
// Fixture `chaos_write`: two renames, one in the root and one in modules/svc, so --write
// replaces the user's moved.tf and creates modules/svc/moved.tf: two atomic writes.
//
// Two kinds of rounds:
//  - at a delay: stratified random delays over 1.2 times a measured uninterrupted run,
//    from a fixed seed (TFW_CHAOS_SEED overrides it; it is printed either way);
//  - at an event: the k-th time tfw creates or renames one of its files (inotify), for
//    every k an uninterrupted run reaches. A kill then lands inside a write for certain,
//    which random delays hit rarely: the write window is a millisecond or two.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <random>
#include <thread>

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "chaos.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

constexpr unsigned default_seed = 20261123;
constexpr int delay_rounds = 60;
constexpr int rounds_per_event = 3;

const std::vector<std::string> write_args = {"plan", "--write", "-input=false", "-no-color"};

// Creations of tfw's temporary files and renames in the watched directories, as they happen.
class TfwFileEvents {
public:
    explicit TfwFileEvents(const std::vector<fs::path>& dirs) : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
        if (fd_ < 0) throw E2eError("inotify_init1 failed");
        for (const auto& dir : dirs)
            if (::inotify_add_watch(fd_, dir.c_str(), IN_CREATE | IN_MOVED_TO) < 0)
                throw E2eError("inotify_add_watch " + dir.string() + " failed");
    }
    ~TfwFileEvents() { ::close(fd_); }
    TfwFileEvents(const TfwFileEvents&) = delete;
    TfwFileEvents& operator=(const TfwFileEvents&) = delete;

    // Waits up to `timeout` for events; returns how many of tfw's came.
    int wait(std::chrono::milliseconds timeout) {
        pollfd ready{fd_, POLLIN, 0};
        if (::poll(&ready, 1, static_cast<int>(timeout.count())) <= 0) return 0;
        alignas(inotify_event) char buffer[8192];
        int count = 0;
        for (ssize_t n; (n = ::read(fd_, buffer, sizeof buffer)) > 0;) {
            for (char* at = buffer; at < buffer + n;) {
                auto* event = reinterpret_cast<inotify_event*>(at);
                // tfw's temporary files appear, then are renamed to their final names.
                if (event->len > 0 && ((event->mask & IN_MOVED_TO) || is_tfw_leftover(event->name))) ++count;
                at += sizeof(inotify_event) + event->len;
            }
        }
        return count;
    }

private:
    int fd_;
};

struct Stats {
    int rounds = 0;
    int killed_while_running = 0;  // the rest had finished before the kill
    int left_files = 0;            // rounds after which tfw's own files were left
    int torn = 0;
    int partly_written = 0;        // rounds that left one moved file new and another old
};

// The state after a kill: every file old or new, or one of tfw's leftovers.
void check_not_torn(const Workspace& ws, const Snapshot& old_files, const Snapshot& new_files, Stats& stats) {
    const Snapshot now = ws.snapshot();
    bool left = false;
    for (const auto& [path, bytes] : now) {
        const std::string name = fs::path(path).filename().string();
        auto old_file = old_files.find(path);
        auto new_file = new_files.find(path);
        bool is_old = old_file != old_files.end() && old_file->second == bytes;
        bool is_new = new_file != new_files.end() && new_file->second == bytes;
        if (is_old || is_new) continue;
        if (is_tfw_leftover(name)) {
            left = true;
            continue;
        }
        // Terraform's lock info, left by the terraform that died with tfw's output pipe.
        if (path == ".terraform.tfstate.lock.info") continue;
        ++stats.torn;
        BOOST_ERROR("after the kill, " << path << " is neither its old nor its new content:\n" << bytes);
    }
    for (const auto& [path, bytes] : old_files)
        if (!now.contains(path) && !new_files.contains(path)) {
            ++stats.torn;
            BOOST_ERROR("after the kill, " << path << " is gone");
        }
    for (const auto& [path, bytes] : new_files)
        if (!now.contains(path) && old_files.contains(path)) {
            ++stats.torn;
            BOOST_ERROR("after the kill, " << path << " is gone");
        }
    if (left) ++stats.left_files;
    // Of the files --write changes, some already new and some still old (or not there yet).
    bool some_old = false, some_new = false;
    for (const auto& [path, bytes] : new_files) {
        auto old_file = old_files.find(path);
        if (old_file != old_files.end() && old_file->second == bytes) continue;
        auto found = now.find(path);
        if (found != now.end() && found->second == bytes)
            some_new = true;
        else
            some_old = true;
    }
    if (some_old && some_new) ++stats.partly_written;
}

// One round: a fresh `tfw plan --write`, killed by `kill_when`; then the checks, then
// the recovering run.
void run_round(Workspace& ws, OrphanCollector& orphans, const Snapshot& old_files, const Snapshot& new_files,
               const std::string& state, Stats& stats, const std::function<void(BackgroundProcess&)>& kill_when,
               const std::string& label) {
    BOOST_TEST_CONTEXT(label) {
        restore(ws, old_files);
        ++stats.rounds;
        auto tfw = ws.start_tfw(write_args);
        kill_when(*tfw);
        if (tfw->running()) {
            ::kill(tfw->pid(), SIGKILL);
            const RunResult killed = tfw->wait();
            if (killed.exit_code == 128 + SIGKILL) ++stats.killed_while_running;
        } else {
            const RunResult finished = tfw->wait();
            BOOST_TEST(finished.exit_code == 0, finished.describe());
        }
        orphans.wait_for_orphans();

        check_not_torn(ws, old_files, new_files, stats);
        BOOST_TEST(ws.read_file("terraform.tfstate") == state);

        const RunResult next = ws.tfw(write_args);
        BOOST_TEST(next.exit_code == 0, next.describe());
        const std::string difference = snapshot_difference(new_files, ws.snapshot());
        BOOST_TEST(difference == "", "the run after the kill does not end as an uninterrupted run:\n"
                                         << difference << next.describe());
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(sigkill_during_plan_write_never_tears_a_file) {
    const auto started = Clock::now();
    unsigned seed = default_seed;
    if (const char* text = std::getenv("TFW_CHAOS_SEED"); text && *text) seed = static_cast<unsigned>(std::stoul(text));
    BOOST_TEST_MESSAGE("chaos seed " << seed << " (set TFW_CHAOS_SEED to replay another)");
    std::cout << "chaos seed " << seed << "\n";

    OrphanCollector orphans;
    Workspace ws("chaos_write");
    ws.apply_before();
    ws.switch_to("after");
    ws.set_environment("TMPDIR", ws.scratch().string());
    const Snapshot old_files = ws.snapshot();
    const std::string state = ws.read_file("terraform.tfstate");

    // The uninterrupted run: what every recovery must reach, and how long a run takes.
    Snapshot new_files;
    int events_per_run = 0;
    std::chrono::duration<double> run_time{};
    for (int i = 0; i < 3; ++i) {
        restore(ws, old_files);
        TfwFileEvents events({ws.dir(), ws.dir() / "modules" / "svc"});
        const auto begin = Clock::now();
        auto tfw = ws.start_tfw(write_args);
        int seen = 0;
        while (tfw->running()) seen += events.wait(5ms);
        const RunResult run = tfw->wait();
        run_time += Clock::now() - begin;
        seen += events.wait(0ms);
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
        const Snapshot written = ws.snapshot();
        if (i > 0) BOOST_TEST_REQUIRE(snapshot_difference(new_files, written) == "", "uninterrupted runs differ");
        new_files = written;
        events_per_run = seen;
    }
    run_time /= 3;
    // The fixture is what it claims: the runs replace moved.tf and create modules/svc/moved.tf.
    BOOST_TEST_REQUIRE(snapshot_difference(old_files, new_files) == "changed: moved.tf\nadded: modules/svc/moved.tf\n");
    // A moved file and two --write files, each created under a temporary name, then renamed.
    BOOST_TEST_REQUIRE(events_per_run >= 6, events_per_run << " events of tfw's files in a run");
    BOOST_TEST_MESSAGE("an uninterrupted tfw plan --write takes " << run_time.count() << " s; " << events_per_run
                                                                  << " creations and renames of tfw's files");

    Stats stats;
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> within(0.0, 1.0);
    const double span = run_time.count() * 1.2;
    for (int round = 0; round < delay_rounds; ++round) {
        // Stratified: round r kills somewhere in the r-th slice of the span.
        const auto delay = std::chrono::duration<double>(span * (round + within(random)) / delay_rounds);
        run_round(ws, orphans, old_files, new_files, state, stats,
                  [&](BackgroundProcess&) { std::this_thread::sleep_for(delay); },
                  "kill after " + std::to_string(delay.count()) + " s");
    }
    int kills_at_events = 0;
    for (int event = 1; event <= events_per_run; ++event)
        for (int repeat = 0; repeat < rounds_per_event; ++repeat) {
            ++kills_at_events;
            TfwFileEvents events({ws.dir(), ws.dir() / "modules" / "svc"});
            run_round(ws, orphans, old_files, new_files, state, stats,
                      [&](BackgroundProcess& tfw) {
                          int seen = 0;
                          while (seen < event && tfw.running()) seen += events.wait(5ms);
                      },
                      "kill at event " + std::to_string(event));
        }

    // A killed run's private plan directory (plan files may hold secrets) is removed by
    // the next run (include/tfw/shell/temp_dir.hpp), and every round ended with one.
    int plan_dirs_left = 0;
    for (const auto& entry : fs::directory_iterator(ws.scratch()))
        if (entry.is_directory() && entry.path().filename().string().starts_with("tfw-plan-")) ++plan_dirs_left;
    const std::chrono::duration<double> total = Clock::now() - started;
    std::cout << "chaos: " << stats.rounds << " rounds (" << delay_rounds << " at random delays, " << kills_at_events
              << " at tfw's file events), " << stats.killed_while_running << " killed while running, "
              << stats.left_files << " left tfw files that the next run recovered, " << stats.partly_written
              << " left one file written and another not, " << stats.torn << " torn files; " << plan_dirs_left
              << " private plan directories left in TMPDIR; " << total.count() << " s in all\n";
    BOOST_TEST(stats.torn == 0);
    BOOST_TEST(plan_dirs_left == 0);
    // The kills must land: most while tfw runs, some inside a write.
    BOOST_TEST(stats.killed_while_running >= stats.rounds / 2);
    BOOST_TEST(stats.left_files > 0);
}
