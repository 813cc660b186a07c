#include "tfw/shell/process.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>
#include <fcntl.h>
#include <sstream>
#include <string>
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
