// Signal handling: tfw must clean up its temporary files on SIGINT, SIGTERM and SIGHUP,
// after forwarding the signal to terraform so it can release the state lock.
#pragma once

#include <stdexcept>
#include <sys/types.h>

namespace tfw::shell {

// Thrown at the next safe point after a signal arrived; unwinding runs the cleanups.
struct Interrupted : std::runtime_error {
    explicit Interrupted(int signal_number);
    int signal_number;
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
// one per thread that runs a child (root modules are planned in parallel).
void add_signal_target(pid_t child);
void remove_signal_target(pid_t child);

// The first signal received so far, or 0.
int received_signal();

// Throws Interrupted if a signal was received.
void throw_if_interrupted();

}  // namespace tfw::shell
