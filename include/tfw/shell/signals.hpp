// Signal handling: tfw must clean up its temporary files on SIGINT, SIGTERM and SIGHUP,
// after forwarding the signal to terraform so it can release the state lock.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <sys/types.h>

namespace tfw::shell {

// Thrown at the next safe point after a signal arrived; unwinding runs the cleanups.
struct Interrupted : std::runtime_error {
    // `outcome`: what tfw did about the signal, for the one line it ends with.
    explicit Interrupted(int signal_number,
                         std::string outcome = "terraform was stopped and tfw's temporary files were removed");
    int signal_number;
    std::string outcome;
    int exit_code() const { return 128 + signal_number; }
};

// Installs the handlers for its lifetime. The handler only records the signal and
// forwards it to the current child (both async-signal-safe); the work happens later.
class SignalForwarding {
public:
    SignalForwarding();
    ~SignalForwarding();
    SignalForwarding(const SignalForwarding&) = delete;
    SignalForwarding& operator=(const SignalForwarding&) = delete;
};

// While one lives, SIGINT, SIGTERM and SIGHUP are recorded but not forwarded: the
// children finish what they do. For the state pushes of a migration, which must not stop
// between the root that gains and the root that loses; the caller checks
// received_signal() once they are done.
class SignalsDeferred {
public:
    SignalsDeferred();
    ~SignalsDeferred();
    SignalsDeferred(const SignalsDeferred&) = delete;
    SignalsDeferred& operator=(const SignalsDeferred&) = delete;
};

// The children that receive forwarded signals, each from its start until it has exited:
// one per thread that runs a child (root modules are planned in parallel). Each signal
// reaches a child once; a child added after a signal gets the first one at once, unless
// signals are deferred (signal_for_new_child).
void add_signal_target(pid_t child);
void remove_signal_target(pid_t child);

// The first signal received so far, or 0.
int received_signal();

// The signal a child that starts now must get at once, since the signal reached tfw before
// the child existed: received_signal(), or 0 while signals are deferred, when the children
// (a state push, the pull that checks a state before its push) must run.
int signal_for_new_child();

// Throws Interrupted if a signal was received.
void throw_if_interrupted();

// One line typed at a prompt on `fd`, without its line break; std::nullopt at end of
// input. A signal ends the wait at once (Interrupted, "nothing was changed"): handlers run
// with SA_RESTART, so a plain read would sit until Enter and then take what was typed
// after Ctrl-C as the answer.
std::optional<std::string> read_answer(int fd);

}  // namespace tfw::shell
