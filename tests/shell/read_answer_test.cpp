// read_answer, the prompts' reading of a line, in a program of its own: its cases must
// start with no signal received, which signals_test.cpp's raise for good.
#include "tfw/shell/signals.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <optional>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tfw::shell;

// Issue 48: an answer is one line; end of input is no answer.
BOOST_AUTO_TEST_CASE(read_answer_reads_one_line_at_a_time) {
    int fds[2];
    BOOST_TEST_REQUIRE(::pipe(fds) == 0);
    const std::string typed = "yes\n\nno";
    BOOST_TEST_REQUIRE(::write(fds[1], typed.data(), typed.size()) == static_cast<ssize_t>(typed.size()));
    ::close(fds[1]);
    BOOST_TEST((read_answer(fds[0]) == std::optional<std::string>("yes")));
    BOOST_TEST((read_answer(fds[0]) == std::optional<std::string>("")));
    BOOST_TEST((read_answer(fds[0]) == std::optional<std::string>("no")));  // the last line, without its break
    BOOST_TEST(!read_answer(fds[0]).has_value());
    ::close(fds[0]);
}

// Issue 48: Ctrl-C at a prompt ends it at once, whatever comes after: the wait throws
// Interrupted, "nothing was changed", and the line typed after the signal is not taken.
// In a child of its own: a received signal stays received for the process's life.
BOOST_AUTO_TEST_CASE(a_signal_ends_the_wait_for_an_answer_at_once) {
    int fds[2];
    BOOST_TEST_REQUIRE(::pipe(fds) == 0);
    const pid_t child = ::fork();
    if (child == 0) {
        ::alarm(30);  // a wait that outlives the signal ends the child by SIGALRM: not "exited"
        SignalForwarding forwarding;
        std::thread interrupting([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            ::kill(::getpid(), SIGINT);
        });
        int code = 1;
        try {
            read_answer(fds[0]);
        } catch (const Interrupted& interrupted) {
            code = interrupted.signal_number == SIGINT && interrupted.outcome == "nothing was changed" ? 0 : 2;
        }
        interrupting.join();
        ::_exit(code);
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    BOOST_TEST(WIFEXITED(status));
    BOOST_TEST(WEXITSTATUS(status) == 0);
    ::close(fds[1]);
}
