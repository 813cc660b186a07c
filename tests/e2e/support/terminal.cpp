#include "terminal.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tfw::e2e {

TerminalSession::TerminalSession(const Workspace& ws, const std::vector<std::string>& tfw_args) {
    const fs::path program = tfw_binary();
    command_ = "tfw";
    for (const auto& arg : tfw_args) command_ += " " + arg;
    command_ += "   (on a pseudo-terminal)";

    // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
    std::vector<std::string> env_text;
    for (char** entry = environ; entry && *entry; ++entry) {
        std::string_view text(*entry);
        bool overridden = std::any_of(ws.environment().begin(), ws.environment().end(), [&](const auto& pair) {
            return text.starts_with(pair.first) && text.size() > pair.first.size() && text[pair.first.size()] == '=';
        });
        if (!overridden) env_text.emplace_back(text);
    }
    for (const auto& [name, value] : ws.environment()) env_text.push_back(name + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : env_text) envp.push_back(entry.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_text = {program.string()};
    argv_text.insert(argv_text.end(), tfw_args.begin(), tfw_args.end());
    std::vector<char*> argv;
    for (auto& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);
    const std::string dir = ws.dir().string();

    master_ = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ < 0) throw E2eError(std::string("posix_openpt: ") + std::strerror(errno));
    if (::grantpt(master_) != 0 || ::unlockpt(master_) != 0)
        throw E2eError(std::string("grantpt/unlockpt: ") + std::strerror(errno));
    const char* slave_name = ::ptsname(master_);
    if (slave_name == nullptr) throw E2eError(std::string("ptsname: ") + std::strerror(errno));
    const std::string slave_path = slave_name;
    ::fcntl(master_, F_SETFD, FD_CLOEXEC);

    pid_ = ::fork();
    if (pid_ < 0) throw E2eError(std::string("fork: ") + std::strerror(errno));
    if (pid_ == 0) {
        ::setsid();
        int slave = ::open(slave_path.c_str(), O_RDWR);  // the session's controlling terminal
        if (slave < 0) ::_exit(126);
        ::ioctl(slave, TIOCSCTTY, 0);
        ::dup2(slave, 0);
        ::dup2(slave, 1);
        ::dup2(slave, 2);
        if (slave > 2) ::close(slave);
        if (::chdir(dir.c_str()) != 0) ::_exit(126);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
}

TerminalSession::~TerminalSession() {
    if (pid_ > 0 && !exited_) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
    if (master_ >= 0) ::close(master_);
}

bool TerminalSession::reap(bool block) {
    if (exited_) return true;
    int status = 0;
    pid_t done = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    if (done != pid_) return false;
    exited_ = true;
    exit_code_ = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
    return true;
}

bool TerminalSession::read_some(std::chrono::milliseconds wait) {
    if (output_ended_) return false;
    pollfd fd{master_, POLLIN, 0};
    int ready = ::poll(&fd, 1, static_cast<int>(wait.count()));
    if (ready <= 0) return true;
    char buffer[4096];
    ssize_t n = ::read(master_, buffer, sizeof buffer);
    if (n > 0) {
        transcript_.append(buffer, static_cast<std::size_t>(n));
        return true;
    }
    if (n < 0 && errno == EINTR) return true;
    // EIO: every process holding the terminal has closed it.
    output_ended_ = true;
    return false;
}

bool TerminalSession::wait_for(std::string_view text, std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        std::size_t at = transcript_.find(text, matched_);
        if (at != std::string::npos) {
            matched_ = at + text.size();
            return true;
        }
        if (std::chrono::steady_clock::now() > deadline) return false;
        if (!read_some(std::chrono::milliseconds(50)) && reap(false)) return transcript_.find(text, matched_) != std::string::npos;
    }
}

void TerminalSession::type(std::string_view keys) {
    while (!keys.empty()) {
        ssize_t n = ::write(master_, keys.data(), keys.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            throw E2eError(std::string("writing to the terminal: ") + std::strerror(errno));
        }
        keys.remove_prefix(static_cast<std::size_t>(n));
    }
}

RunResult TerminalSession::finish(std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    // Read until the terminal closes (EIO once no process holds it). A child that has
    // exited while something else still holds the terminal ends the reading too, once
    // what is buffered has been read.
    while (read_some(std::chrono::milliseconds(50))) {
        if (exited_ || reap(false)) {
            pollfd fd{master_, POLLIN, 0};
            if (::poll(&fd, 1, 100) <= 0) break;
            continue;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid_, SIGKILL);
            reap(true);
            throw E2eError(command_ + " did not exit within " + std::to_string(timeout.count()) +
                           " s; killed it. Terminal so far:\n" + text());
        }
    }
    reap(true);
    RunResult result;
    result.command = command_;
    result.exit_code = exit_code_;
    result.out = text();
    return result;
}

std::string TerminalSession::text() const {
    std::string out;
    out.reserve(transcript_.size());
    for (std::size_t i = 0; i < transcript_.size(); ++i) {
        if (transcript_[i] == '\r' && i + 1 < transcript_.size() && transcript_[i + 1] == '\n') continue;
        out += transcript_[i];
    }
    return out;
}

}  // namespace tfw::e2e
