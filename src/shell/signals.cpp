#include "tfw/shell/signals.hpp"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <string>
#include <utility>

#include <cerrno>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

namespace tfw::shell {
namespace {

volatile std::sig_atomic_t first_signal = 0;
// The children that get forwarded signals: several when roots are planned in parallel
// (one terraform per thread). A slot holds a child's pid (low 32 bits) and how many of the
// signals received so far it has been sent (high 32 bits): each signal reaches a child
// once, from the handler or, for one that came before the child, from add_signal_target,
// whichever claims it first (a second SIGINT makes terraform stop at once, state or not).
// Slots are lock-free atomics, claimed by compare-and-swap (async-signal-safe).
constexpr std::size_t target_slots = 64;
std::atomic<std::uint64_t> signal_targets[target_slots];
static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
std::atomic<std::uint32_t> signals_received{0};
static_assert(std::atomic<std::uint32_t>::is_always_lock_free);
constexpr int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction previous_actions[3];

std::atomic<int> deferring{0};
static_assert(std::atomic<int>::is_always_lock_free);

std::uint64_t slot_of(pid_t child, std::uint32_t sent) { return (std::uint64_t{sent} << 32) | static_cast<std::uint32_t>(child); }
pid_t child_in(std::uint64_t slot) { return static_cast<pid_t>(static_cast<std::uint32_t>(slot)); }
std::uint32_t sent_in(std::uint64_t slot) { return static_cast<std::uint32_t>(slot >> 32); }

// Sends the slot's child `signal_number` unless it has had the `count`-th signal already.
void send_once(std::atomic<std::uint64_t>& slot, std::uint32_t count, int signal_number) {
    std::uint64_t current = slot.load();
    while (child_in(current) > 0 && sent_in(current) < count)
        if (slot.compare_exchange_weak(current, slot_of(child_in(current), count))) {
            ::kill(child_in(current), signal_number);
            return;
        }
}

extern "C" void on_signal(int signal_number) {
    if (first_signal == 0) first_signal = signal_number;
    const std::uint32_t count = signals_received.fetch_add(1) + 1;
    if (deferring.load() > 0) return;
    for (auto& slot : signal_targets) send_once(slot, count, signal_number);
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
        std::uint64_t free = 0;
        if (!slot.compare_exchange_strong(free, slot_of(child, 0))) continue;
        // A signal that arrived just before the child existed has not reached it.
        if (int pending = signal_for_new_child()) send_once(slot, signals_received.load(), pending);
        return;
    }
}

void remove_signal_target(pid_t child) {
    for (auto& slot : signal_targets) {
        std::uint64_t current = slot.load();
        while (child_in(current) == child)
            if (slot.compare_exchange_weak(current, 0)) return;
    }
}

int received_signal() { return first_signal; }

int signal_for_new_child() { return deferring.load() > 0 ? 0 : first_signal; }

void throw_if_interrupted() {
    if (int number = first_signal) throw Interrupted(number);
}

std::optional<std::string> read_answer(int fd) {
    const auto stop_if_signalled = [] {
        if (int number = first_signal) throw Interrupted(number, "nothing was changed");
    };
    std::string line;
    for (;;) {
        stop_if_signalled();
        struct pollfd ready {fd, POLLIN, 0};
        // Short turns: the handler only records the signal, which is seen within one.
        const int polled = ::poll(&ready, 1, 100);
        if (polled < 0 && errno != EINTR) return line.empty() ? std::nullopt : std::optional<std::string>(line);
        if (polled <= 0) continue;
        char c = 0;
        const ssize_t n = ::read(fd, &c, 1);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return line.empty() ? std::nullopt : std::optional<std::string>(line);
        if (c == '\n') {
            stop_if_signalled();
            return line;
        }
        line += c;
    }
}

}  // namespace tfw::shell
