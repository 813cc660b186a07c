#include "tfw/shell/signals.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tfw::shell;

namespace {

// A child that waits for a signal, in its own process group as terraform runs, with the
// default actions an exec'd terraform starts with; it ends by itself after 30 s, so that
// a failing test leaves nothing behind.
// Returns once the child is ready.
pid_t start_child() {
    int ready[2];
    if (::pipe(ready) != 0) return -1;
    pid_t child = ::fork();
    if (child == 0) {
        for (int number : {SIGINT, SIGTERM, SIGHUP}) std::signal(number, SIG_DFL);
        ::setpgid(0, 0);
        ::alarm(30);
        if (::write(ready[1], "r", 1) != 1) ::_exit(1);
        for (;;) ::pause();
    }
    ::close(ready[1]);
    char byte = 0;
    bool started = child > 0 && ::read(ready[0], &byte, 1) == 1;
    ::close(ready[0]);
    return started ? child : -1;
}

// Whether `child` has ended within a second, and by which signal.
int ended_by(pid_t child) {
    for (int i = 0; i < 100; ++i) {
        int status = 0;
        if (::waitpid(child, &status, WNOHANG) == child) return WIFSIGNALED(status) ? WTERMSIG(status) : -1;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return 0;
}

}  // namespace

// One case in its own program: a received signal stays received for the process's life.
// Deferred, a signal is recorded but the child (a state push) runs on, and a child started
// meanwhile (the pull before the next push) gets none; once the deferral ends, signals
// reach the children again, and a child then started gets the one received.
BOOST_AUTO_TEST_CASE(a_deferred_signal_is_recorded_and_not_forwarded) {
    SignalForwarding forwarding;
    const pid_t pushing = start_child();
    BOOST_TEST_REQUIRE(pushing > 0);
    add_signal_target(pushing);
    {
        SignalsDeferred deferred;
        ::raise(SIGTERM);
        BOOST_TEST(received_signal() == SIGTERM);
        BOOST_TEST(signal_for_new_child() == 0, "a child started during the deferral would be stopped at its start");
        BOOST_TEST(ended_by(pushing) == 0, "the child was stopped while signals were deferred");
        BOOST_CHECK_THROW(throw_if_interrupted(), Interrupted);
    }
    BOOST_TEST(signal_for_new_child() == SIGTERM, "a child started after the deferral must stop at once");
    ::raise(SIGINT);
    BOOST_TEST(ended_by(pushing) == SIGINT);
    remove_signal_target(pushing);
    BOOST_TEST(received_signal() == SIGTERM, "the first signal is the one reported");
    // A child started after the signals gets the first at once, from add_signal_target.
    const pid_t late = start_child();
    BOOST_TEST_REQUIRE(late > 0);
    add_signal_target(late);
    BOOST_TEST(ended_by(late) == SIGTERM);
    remove_signal_target(late);
}

