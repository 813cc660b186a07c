#include "tfw/shell/signals.hpp"

#include <atomic>
#include <csignal>
#include <string>
#include <utility>

#include <signal.h>

namespace tfw::shell {
namespace {

volatile std::sig_atomic_t first_signal = 0;
// The children that get forwarded signals: several when roots are planned in parallel
// (one terraform per thread). A slot is claimed with an atomic compare-and-swap, and the
// handler reads the slots as plain lock-free atomics (async-signal-safe).
constexpr std::size_t target_slots = 64;
std::atomic<pid_t> signal_targets[target_slots];
static_assert(std::atomic<pid_t>::is_always_lock_free);
constexpr int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction previous_actions[3];

std::atomic<int> deferring{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int signal_number) {
    if (first_signal == 0) first_signal = signal_number;
    if (deferring.load() > 0) return;
    for (auto& slot : signal_targets) {
        pid_t target = slot.load();
        if (target > 0) ::kill(target, signal_number);
    }
}

}  // namespace

Interrupted::Interrupted(int number, std::string what_tfw_did)
    : std::runtime_error("interrupted by signal " + std::to_string(number)), signal_number(number),
      outcome(std::move(what_tfw_did)) {}

SignalForwarding::SignalForwarding() {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; ++i) sigaction(handled_signals[i], &action, &previous_actions[i]);
}

SignalForwarding::~SignalForwarding() {
    for (int i = 0; i < 3; ++i) sigaction(handled_signals[i], &previous_actions[i], nullptr);
}

SignalsDeferred::SignalsDeferred() { ++deferring; }
SignalsDeferred::~SignalsDeferred() { --deferring; }

void add_signal_target(pid_t child) {
    for (auto& slot : signal_targets) {
        pid_t free = 0;
        if (slot.compare_exchange_strong(free, child)) return;
    }
}

void remove_signal_target(pid_t child) {
    for (auto& slot : signal_targets) {
        pid_t expected = child;
        if (slot.compare_exchange_strong(expected, 0)) return;
    }
}

int received_signal() { return first_signal; }

int signal_for_new_child() { return deferring.load() > 0 ? 0 : first_signal; }

void throw_if_interrupted() {
    if (int number = first_signal) throw Interrupted(number);
}

}  // namespace tfw::shell
