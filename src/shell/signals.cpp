#include "tfw/shell/signals.hpp"

#include <csignal>
#include <string>

#include <signal.h>

namespace tfw::shell {
namespace {

volatile std::sig_atomic_t first_signal = 0;
volatile pid_t signal_target = 0;
constexpr int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction previous_actions[3];

extern "C" void on_signal(int signal_number) {
    if (first_signal == 0) first_signal = signal_number;
    pid_t target = signal_target;
    if (target > 0) ::kill(target, signal_number);
}

}  // namespace

Interrupted::Interrupted(int number)
    : std::runtime_error("interrupted by signal " + std::to_string(number)), signal_number(number) {}

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

void set_signal_target(pid_t child) { signal_target = child; }

int received_signal() { return first_signal; }

void throw_if_interrupted() {
    if (int number = first_signal) throw Interrupted(number);
}

}  // namespace tfw::shell
