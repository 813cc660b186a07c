#include "tfw/shell/process.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <fcntl.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace tfw::shell;

namespace {

// The descriptors the child process (a shell) has open, listed by its own child `ls`.
std::vector<std::string> child_descriptors(bool own_process_group) {
    ProcessOptions options;
    options.own_process_group = own_process_group;
    ProcessResult listed = run_process("/bin/sh", {"-c", "ls /proc/$$/fd"}, options);
    BOOST_TEST_REQUIRE(listed.exit_code == 0, listed.stderr_text);
    std::vector<std::string> fds;
    std::istringstream in(listed.stdout_text);
    for (std::string fd; in >> fd;) fds.push_back(fd);
    return fds;
}

}  // namespace

// The child gets stdin, stdout and stderr, and nothing else of tfw's: whatever it starts
// in turn (terraform's provisioners) must not hold tfw's pipes open after it exits.
BOOST_AUTO_TEST_CASE(child_inherits_only_the_standard_descriptors) {
    // A descriptor of tfw's own, not close-on-exec: the child still must not see it.
    int inheritable = ::open("/dev/null", O_RDONLY);
    BOOST_TEST_REQUIRE(inheritable > 2);
    for (bool own_group : {true, false}) {
        BOOST_TEST_CONTEXT("own process group: " << own_group) {
            BOOST_TEST(child_descriptors(own_group) == std::vector<std::string>({"0", "1", "2"}),
                       boost::test_tools::per_element());
        }
    }
    ::close(inheritable);
}

// A grandchild that outlives the child does not keep run_process waiting: the pipes are
// the child's stdout and stderr only, which the grandchild here does not keep.
BOOST_AUTO_TEST_CASE(a_lingering_grandchild_does_not_hold_the_output_open) {
    const auto start = std::chrono::steady_clock::now();
    ProcessResult result = run_process("/bin/sh", {"-c", "sleep 5 >/dev/null 2>&1 </dev/null & echo started"});
    const auto elapsed = std::chrono::steady_clock::now() - start;
    BOOST_TEST(result.stdout_text == "started\n");
    BOOST_TEST(elapsed < std::chrono::seconds(4), "run_process waited for the grandchild");
}

BOOST_AUTO_TEST_CASE(a_background_child_runs_until_its_input_ends) {
    const std::filesystem::path output =
        std::filesystem::temp_directory_path() / ("tfw-background-" + std::to_string(::getpid()) + ".out");
    struct Case {
        std::string script;
        bool still_running;  // a moment after the start
        int exit_code;
        std::string output;
    };
    // `cat` waits for the end of its input, as a terraform console holding a lock does.
    const std::vector<Case> cases = {
        {"echo started; cat; echo ended", true, 0, "started\nended\n"},
        {"echo failed >&2; exit 3", false, 3, "failed\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.script) {
            tfw::shell::BackgroundProcess child("/bin/sh", {"-c", c.script}, {}, output);
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            BOOST_TEST(child.running() == c.still_running);
            BOOST_TEST(child.finish() == c.exit_code);
            BOOST_TEST(!child.running());
            BOOST_TEST(child.finish() == c.exit_code);  // once finished, the same answer
            std::ifstream in(output);
            std::stringstream text;
            text << in.rdbuf();
            BOOST_TEST(text.str() == c.output);
        }
    }
    // A child that ignores the end of its input is killed after the grace period.
    tfw::shell::BackgroundProcess stubborn("/bin/sh", {"-c", "trap '' HUP; sleep 30"}, {}, output);
    BOOST_TEST(stubborn.finish(std::chrono::milliseconds(200)) == 128 + SIGKILL);
    std::filesystem::remove(output);
}

#ifdef __linux__
// However tfw dies, its child gets SIGINT (terraform then releases its state lock). A
// stand-in for tfw, forked from the test, runs a child that would sleep for a minute, and
// is killed with SIGKILL, which no handler can see.
BOOST_AUTO_TEST_CASE(a_child_gets_sigint_when_tfw_dies) {
    const std::filesystem::path pid_file =
        std::filesystem::temp_directory_path() / ("tfw-orphan-" + std::to_string(::getpid()) + ".pid");
    std::filesystem::remove(pid_file);
    const pid_t stand_in = ::fork();
    BOOST_TEST_REQUIRE(stand_in >= 0);
    if (stand_in == 0) {
        run_process("/bin/sh", {"-c", "echo $$ > " + pid_file.string() + ".tmp && mv " + pid_file.string() +
                                          ".tmp " + pid_file.string() + " && exec sleep 60"});
        ::_exit(0);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!std::filesystem::exists(pid_file) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    pid_t child = 0;
    std::ifstream(pid_file) >> child;
    std::filesystem::remove(pid_file);
    BOOST_TEST_REQUIRE(child > 0, "the child did not start");
    ::kill(stand_in, SIGKILL);
    int status = 0;
    ::waitpid(stand_in, &status, 0);
    // The orphan's parent is now init, which may be slow to reap it: a zombie is gone too.
    auto alive = [child] {
        std::ifstream stat("/proc/" + std::to_string(child) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const std::size_t end = text.rfind(')');
        return end != std::string::npos && end + 2 < text.size() && text[end + 2] != 'Z' && text[end + 2] != 'X';
    };
    while (alive() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const bool gone = !alive();
    if (!gone) ::kill(child, SIGKILL);
    BOOST_TEST(gone, "the child (pid " << child << ") outlived its parent");
}

// The parent-death signal comes when the thread that forked the child ends: a child that
// outlives the call that started it must be started by the main thread.
BOOST_AUTO_TEST_CASE(a_background_child_is_started_by_the_main_thread_only) {
    const std::filesystem::path output =
        std::filesystem::temp_directory_path() / ("tfw-background-thread-" + std::to_string(::getpid()) + ".out");
    bool refused = false;
    std::thread worker([&] {
        try {
            BackgroundProcess child("/bin/sh", {"-c", "cat"}, {}, output);
        } catch (const std::logic_error&) {
            refused = true;
        }
    });
    worker.join();
    BOOST_TEST(refused);
    std::filesystem::remove(output);
}
#endif
