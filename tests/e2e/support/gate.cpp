#include "gate.hpp"

#include <chrono>
#include <fstream>
#include <thread>

namespace tfw::e2e {

fs::path write_gated_terraform(const Workspace& ws) {
    const fs::path gate = ws.scratch() / "terraform-gated";
    std::ofstream out(gate);
    out << "#!/bin/sh\n"
           "if [ -n \"$TFW_TEST_GATE\" ] && [ ! -e \"$TFW_TEST_GATE/open\" ]; then\n"
           "  for arg in \"$@\"; do\n"
           "    [ \"$arg\" = \"${TFW_TEST_GATE_COMMAND:-plan}\" ] || continue\n"
           "    if [ \"$TFW_TEST_GATE_WHEN\" != injected ] || ls "
        << tfw_temp_prefix << "*" << tfw_temp_suffix
        << " >/dev/null 2>&1; then\n"
           "      : > \"$TFW_TEST_GATE/entered\"\n"
           "      i=0\n"
           "      while [ ! -e \"$TFW_TEST_GATE/open\" ] && [ $i -lt 2400 ]; do sleep 0.05; i=$((i + 1)); done\n"
           "    fi\n"
           "    break\n"
           "  done\n"
           "fi\n"
           "exec '"
        << terraform_binary().string() << "' \"$@\"\n";
    out.close();
    if (!out) throw E2eError("cannot write " + gate.string());
    fs::permissions(gate, fs::perms::owner_all);
    return gate;
}

bool wait_while_running(BackgroundProcess& process, const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!done()) {
        if (!process.running() || std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

bool wait_for_file(const fs::path& file, BackgroundProcess& process) {
    return wait_while_running(process, [&] { return fs::exists(file); });
}

}  // namespace tfw::e2e
