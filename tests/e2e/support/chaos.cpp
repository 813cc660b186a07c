#include "chaos.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <thread>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tfw/core/model/text.hpp"

namespace tfw::e2e {

void restore(const Workspace& ws, const Snapshot& files) {
    const Snapshot now = ws.snapshot();
    for (const auto& [path, bytes] : now)
        if (!files.contains(path)) fs::remove(ws.dir() / path);
    for (const auto& [path, bytes] : files) {
        auto found = now.find(path);
        if (found == now.end() || found->second != bytes) ws.write_file(path, bytes);
    }
    const std::string left = snapshot_difference(files, ws.snapshot());
    if (!left.empty()) throw E2eError("could not restore the workspace:\n" + left);
}

OrphanCollector::OrphanCollector() {
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        throw E2eError("prctl(PR_SET_CHILD_SUBREAPER): " + std::string(std::strerror(errno)));
}

OrphanCollector::~OrphanCollector() {
    try {
        wait_for_orphans();
    } catch (const E2eError&) {
        // The test has failed on it already, or is failing for another reason.
    }
    ::prctl(PR_SET_CHILD_SUBREAPER, 0);
}

int OrphanCollector::wait_for_orphans(std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    int reaped = 0;
    while (true) {
        int status = 0;
        pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            ++reaped;
            continue;
        }
        if (pid < 0) return reaped;  // ECHILD: none left
        const std::vector<pid_t> alive = live_children(::getpid());
        if (std::all_of(alive.begin(), alive.end(), is_server_process)) return reaped;
        if (std::chrono::steady_clock::now() > deadline)
            throw E2eError("processes left by a killed tfw still run after " + std::to_string(timeout.count()) + " s");
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

fs::path write_terraform_killing_tfw_after_its_first_push(const Workspace& ws) {
    return write_terraform_killing_tfw_after(ws, "terraform-killing-after-push", "*\" state push \"*");
}

fs::path write_terraform_killing_tfw_after(const Workspace& ws, const std::string& name, const std::string& pattern) {
    const fs::path file = ws.scratch() / name;
    std::ofstream out(file);
    out << "#!/bin/sh\n"
           "\"" << terraform_binary().string() << "\" \"$@\"\n"
           "status=$?\n"
           "case \" $* \" in " << pattern << ")\n"
           "  if [ $status -eq 0 ] && [ ! -e \"$0.fired\" ]; then : > \"$0.fired\"; kill -9 $PPID; fi;;\n"
           "esac\n"
           "exit $status\n";
    out.close();
    if (!out) throw E2eError("cannot write " + file.string());
    fs::permissions(file, fs::perms::owner_all);
    return file;
}

fs::path write_terraform_killing_tfw_at_its_first_push(const Workspace& ws) {
    const fs::path file = ws.scratch() / "terraform-killing-at-push";
    std::ofstream out(file);
    out << "#!/bin/sh\n"
           "case \" $* \" in *\" state push \"*)\n"
           "  if [ ! -e \"$0.fired\" ]; then : > \"$0.fired\"; kill -9 $PPID; exit 1; fi;;\n"
           "esac\n"
           "exec \"" << terraform_binary().string() << "\" \"$@\"\n";
    out.close();
    if (!out) throw E2eError("cannot write " + file.string());
    fs::permissions(file, fs::perms::owner_all);
    return file;
}

fs::path write_terraform_changing_a_state_before_the_locks(const Workspace& ws, const fs::path& state_file,
                                                           const std::string& sed_script) {
    const fs::path file = ws.scratch() / "terraform-changing-a-state";
    const std::string state = tfw::core::shell_quote(state_file.string());
    ws.write_scratch_file(file.filename().string(),
                          "#!/bin/sh\n"
                          "case \" $* \" in *\" console \"*)\n"
                          "  if [ ! -e \"$0.changed\" ]; then sed -i " + tfw::core::shell_quote(sed_script) + " " + state +
                              " && cp " + state + " \"$0.changed\" || exit 1; fi;;\n"
                          "esac\n"
                          "exec " + tfw::core::shell_quote(terraform_binary().string()) + " \"$@\"\n");
    fs::permissions(file, fs::perms::owner_all);
    return file;
}

bool is_tfw_leftover(std::string_view name) {
    if (is_tfw_temp_file(name)) return true;
    std::size_t infix = name.rfind(".tfw-");
    if (infix == std::string_view::npos || !name.ends_with(".tmp")) return false;
    // `<file>.tfw-<pid>-<random hex>.tmp`, or an older tfw's `<file>.tfw-<pid>.tmp`.
    std::string_view rest = name.substr(infix + 5, name.size() - infix - 5 - 4);
    const std::size_t dash = rest.find('-');
    const std::string_view digits = rest.substr(0, dash);
    const std::string_view random = dash == std::string_view::npos ? std::string_view() : rest.substr(dash + 1);
    if (dash != std::string_view::npos && (random.empty() || random.find_first_not_of("0123456789abcdef") != std::string_view::npos))
        return false;
    return !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos;
}

std::size_t line_count(std::string_view text) {
    std::size_t lines = 0;
    for (char c : text)
        if (c == '\n') ++lines;
    if (!text.empty() && text.back() != '\n') ++lines;
    return lines;
}

}  // namespace tfw::e2e
