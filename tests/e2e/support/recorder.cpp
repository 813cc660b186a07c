#include "recorder.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace tfw::e2e {
namespace {

std::string single_quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string canonical_or_same(const fs::path& path) {
    std::error_code missing;
    const fs::path canonical = fs::weakly_canonical(path, missing);
    return (missing ? path : canonical).string();
}

}  // namespace

// One call per line: the working directory, \x1e, TF_WORKSPACE, \x1e, then the
// arguments, each followed by \x1f.
Recorder::Recorder(const Workspace& ws) : script_(ws.scratch() / "terraform-recorder"), log_(ws.scratch() / "calls.log") {
    std::ofstream out(script_);
    out << "#!/usr/bin/env bash\n"
        // One write per call: roots are planned in parallel.
        << "line=\"$PWD\"$'\\x1e'\"${TF_WORKSPACE:-}\"$'\\x1e'\n"
        << "for arg in \"$@\"; do line+=\"$arg\"$'\\x1f'; done\n"
        << "printf '%s\\n' \"$line\" >> " << single_quoted(log_.string()) << "\n"
        << "exec " << single_quoted(terraform_binary().string()) << " \"$@\"\n";
    out.close();
    if (!out) throw E2eError("cannot write " + script_.string());
    fs::permissions(script_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
}

void Recorder::reset() const {
    std::error_code ignored;
    fs::remove(log_, ignored);
}

std::vector<RecordedCall> Recorder::recorded() const {
    std::vector<RecordedCall> out;
    std::ifstream in(log_);
    std::string line;
    while (std::getline(in, line)) {
        RecordedCall call;
        const std::size_t first = line.find('\x1e');
        const std::size_t second = first == std::string::npos ? first : line.find('\x1e', first + 1);
        if (second == std::string::npos) throw E2eError("unreadable call log line: " + line);
        call.cwd = line.substr(0, first);
        call.workspace = line.substr(first + 1, second - first - 1);
        std::istringstream fields(line.substr(second + 1));
        std::string arg;
        while (std::getline(fields, arg, '\x1f')) call.args.push_back(arg);
        out.push_back(std::move(call));
    }
    return out;
}

std::vector<Call> Recorder::calls() const {
    std::vector<Call> out;
    for (auto& call : recorded()) out.push_back(std::move(call.args));
    return out;
}

std::vector<std::string> Recorder::subcommands() const {
    std::vector<std::string> out;
    for (const auto& call : calls()) {
        auto it = std::find_if(call.begin(), call.end(), [](const std::string& a) { return a.empty() || a[0] != '-'; });
        out.push_back(it == call.end() ? "" : *it);
    }
    return out;
}

bool has_arg(const Call& call, const std::string& arg) { return std::find(call.begin(), call.end(), arg) != call.end(); }

bool is_refreshing_plan(const Call& call) { return has_arg(call, "plan") && !has_arg(call, "-refresh=false"); }

std::size_t Recorder::refreshing_plans() const {
    const auto all = calls();
    return static_cast<std::size_t>(std::count_if(all.begin(), all.end(), is_refreshing_plan));
}

std::map<std::string, std::size_t> Recorder::refreshing_plans_per_directory() const {
    std::map<std::string, std::size_t> out;
    for (const auto& call : recorded()) {
        if (!is_refreshing_plan(call.args)) continue;
        fs::path dir = call.cwd;
        for (const auto& arg : call.args)
            if (arg.rfind("-chdir=", 0) == 0) dir = dir / arg.substr(7);
        ++out[canonical_or_same(dir)];
    }
    return out;
}

std::map<std::string, std::size_t> Recorder::refreshing_plans_per_workspace() const {
    std::map<std::string, std::size_t> out;
    for (const auto& call : recorded())
        if (is_refreshing_plan(call.args)) ++out[call.workspace];
    return out;
}

std::string Recorder::describe() const {
    std::string text;
    for (const auto& call : recorded()) {
        text += "  (in " + call.cwd + (call.workspace.empty() ? "" : ", TF_WORKSPACE=" + call.workspace) + ") terraform";
        for (const auto& arg : call.args) text += " " + arg;
        text += "\n";
    }
    return text.empty() ? "  (no terraform call)\n" : text;
}

}  // namespace tfw::e2e
