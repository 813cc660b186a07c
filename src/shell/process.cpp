#include "tfw/shell/process.hpp"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <signal.h>
#include <stdexcept>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
// Boost 1.81's header-only Process v2 leaves process_environment undefined at link
// time, so this file, its only user, compiles the library's sources itself.
#define BOOST_PROCESS_V2_SEPARATE_COMPILATION
#include <boost/process/v2.hpp>
#include <boost/process/v2/src.hpp>
#include <fcntl.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include "tfw/shell/signals.hpp"

extern char** environ;

namespace tfw::shell {
namespace bp = boost::process::v2;
namespace asio = boost::asio;

namespace {

// Marks every descriptor above stderr close-on-exec, in the child between fork and exec.
// Boost 1.81's launcher means to close them but skips those below its own error pipe (a
// typo in its Linux close_all), so the pipes tfw reads terraform's output from leaked into
// terraform and on into everything terraform starts: an interrupted provisioner's `sleep`
// then held tfw's pipe open, and tfw waited for it long after terraform had exited.
// Marking, not closing, keeps the launcher's error pipe working until the exec.
void keep_descriptors_from_exec() {
#ifdef CLOSE_RANGE_CLOEXEC
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    long limit = ::sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    for (int fd = 3; fd < limit; ++fd) {
        int flags = ::fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

// Between fork and exec: the child's own process group if asked, no inherited descriptors,
// and on Linux a SIGINT when tfw dies, however it dies (a SIGKILL, the OOM killer, a
// cancelled CI job), so that no terraform outlives tfw holding a state lock. The signal
// comes when the *thread* that forked the child ends: every child is started by a thread
// that waits for it (run_process) or by the main thread (BackgroundProcess).
struct ChildSetup {
    bool own_process_group;
    pid_t parent;  // tfw's pid, recorded before the fork
    bp::error_code on_exec_setup(bp::posix::default_launcher&, const bp::filesystem::path&, const char* const*) {
        if (own_process_group && ::setpgid(0, 0) != 0) return bp::error_code(errno, bp::system_category());
#ifdef __linux__
        if (::prctl(PR_SET_PDEATHSIG, SIGINT) != 0) return bp::error_code(errno, bp::system_category());
        // tfw died between the fork and the prctl: the signal will never come.
        if (::getppid() != parent) ::_exit(128 + SIGINT);
#endif
        keep_descriptors_from_exec();
        return {};
    }
};

std::vector<std::string> child_environment(const ProcessOptions& options) {
    std::vector<std::string> env;
    auto names = [](std::string_view entry, const std::string& name) {
        return entry.size() > name.size() && entry.substr(0, name.size()) == name && entry[name.size()] == '=';
    };
    for (char** entry = environ; entry && *entry; ++entry) {
        std::string_view text(*entry);
        bool replaced = false;
        for (const auto& [name, value] : options.env_overrides) replaced = replaced || names(text, name);
        for (const auto& name : options.env_removed) replaced = replaced || names(text, name);
        if (!replaced) env.emplace_back(text);
    }
    for (const auto& [name, value] : options.env_overrides) env.push_back(name + "=" + value);
    return env;
}

// Reads a pipe until end of file, appending to `sink` and reporting each chunk.
class PipeReader {
public:
    PipeReader(asio::readable_pipe& pipe, std::string& sink, const std::function<void(std::string_view)>& on_chunk)
        : pipe_(pipe), sink_(sink), on_chunk_(on_chunk) {}

    void start() {
        pipe_.async_read_some(asio::buffer(buffer_), [this](const bp::error_code& ec, std::size_t n) {
            if (n > 0) {
                std::string_view chunk(buffer_.data(), n);
                sink_.append(chunk);
                if (on_chunk_) on_chunk_(chunk);
            }
            if (!ec) start();
        });
    }

private:
    asio::readable_pipe& pipe_;
    std::string& sink_;
    const std::function<void(std::string_view)>& on_chunk_;
    std::array<char, 65536> buffer_{};
};

}  // namespace

std::optional<std::filesystem::path> find_executable(std::string_view name_or_path) {
    auto executable = [](const std::filesystem::path& p) {
        std::error_code ec;
        return std::filesystem::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
    };
    if (name_or_path.empty()) return std::nullopt;
    if (name_or_path.find('/') != std::string_view::npos) {
        std::filesystem::path p(name_or_path);
        if (executable(p)) return std::filesystem::absolute(p);
        return std::nullopt;
    }
    const char* path_env = std::getenv("PATH");
    std::string_view dirs = path_env ? path_env : "/usr/local/bin:/usr/bin:/bin";
    while (true) {
        std::size_t colon = dirs.find(':');
        std::string_view dir = dirs.substr(0, colon);
        std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : std::string(dir)) / std::string(name_or_path);
        if (executable(candidate)) return candidate;
        if (colon == std::string_view::npos) return std::nullopt;
        dirs.remove_prefix(colon + 1);
    }
}

ProcessResult run_process(const std::filesystem::path& program, const std::vector<std::string>& args,
                          const ProcessOptions& options) {
    asio::io_context context;
    asio::readable_pipe out_pipe(context), err_pipe(context);
    asio::writable_pipe in_pipe(context);
    std::vector<std::string> env = child_environment(options);
    std::filesystem::path start_dir = options.working_directory.empty() ? std::filesystem::current_path()
                                                                        : options.working_directory;
    ProcessResult result;
    std::optional<bp::process> started;
    try {
        started.emplace(context, bp::filesystem::path(program.string()), args, bp::process_stdio{in_pipe, out_pipe, err_pipe},
                        bp::process_start_dir(bp::filesystem::path(start_dir.string())), bp::process_environment(env),
                        ChildSetup{options.own_process_group, ::getpid()});
    } catch (const bp::system_error& error) {
        throw ProcessNotFound("cannot run " + program.string() + ": " + error.code().message());
    }
    bp::process& child = *started;
    const pid_t child_id = child.id();
    add_signal_target(child_id);  // and a signal that came before it, unless deferred

    PipeReader out_reader(out_pipe, result.stdout_text, options.on_stdout);
    PipeReader err_reader(err_pipe, result.stderr_text, options.on_stderr);
    out_reader.start();
    err_reader.start();
    if (options.stdin_text.empty()) {
        in_pipe.close();
    } else {
        asio::async_write(in_pipe, asio::buffer(options.stdin_text),
                          [&in_pipe](const bp::error_code&, std::size_t) { in_pipe.close(); });
    }
    context.run();
    child.wait();
    remove_signal_target(child_id);
    int status = child.native_exit_code();
    result.exit_code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
    return result;
}

struct BackgroundProcess::Child {
    asio::io_context context;
    asio::writable_pipe input{context};
    std::FILE* output = nullptr;
    std::optional<bp::process> process;
    ~Child() {
        if (output) std::fclose(output);
    }
};

BackgroundProcess::BackgroundProcess(const std::filesystem::path& program, const std::vector<std::string>& args,
                                     const ProcessOptions& options, const std::filesystem::path& output_file)
    : child_(std::make_unique<Child>()), output_file_(output_file) {
#ifdef __linux__
    // Its parent-death signal would come when the thread that forked it ends, which only
    // the main thread never does before tfw.
    if (::gettid() != ::getpid())
        throw std::logic_error("a background process must be started by tfw's main thread, which outlives it");
#endif
    // 0600: what terraform says may quote the state.
    const int output_fd = ::open(output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    child_->output = output_fd < 0 ? nullptr : ::fdopen(output_fd, "w");
    if (!child_->output) {
        const int error = errno;
        if (output_fd >= 0) ::close(output_fd);
        throw std::runtime_error("cannot write " + output_file.string() + ": " + std::strerror(error));
    }
    std::vector<std::string> env = child_environment(options);
    std::filesystem::path start_dir = options.working_directory.empty() ? std::filesystem::current_path()
                                                                        : options.working_directory;
    try {
        child_->process.emplace(child_->context, bp::filesystem::path(program.string()), args,
                                bp::process_stdio{child_->input, child_->output, child_->output},
                                bp::process_start_dir(bp::filesystem::path(start_dir.string())),
                                bp::process_environment(env), ChildSetup{options.own_process_group, ::getpid()});
    } catch (const bp::system_error& error) {
        throw ProcessNotFound("cannot run " + program.string() + ": " + error.code().message());
    }
}

BackgroundProcess::~BackgroundProcess() { finish(); }

bool BackgroundProcess::running() {
    if (exit_code_) return false;
    bp::error_code ec;
    return child_->process->running(ec);
}

int BackgroundProcess::finish(std::chrono::milliseconds grace) {
    if (exit_code_) return *exit_code_;
    bp::error_code ignored;
    child_->input.close(ignored);
    const auto deadline = std::chrono::steady_clock::now() + grace;
    while (child_->process->running(ignored) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (child_->process->running(ignored)) ::kill(child_->process->id(), SIGKILL);
    child_->process->wait(ignored);
    int status = child_->process->native_exit_code();
    exit_code_ = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
    return *exit_code_;
}

void exec_process(const std::filesystem::path& program, const std::vector<std::string>& args) {
    std::vector<char*> argv;
    std::string program_text = program.string();
    argv.push_back(program_text.data());
    std::vector<std::string> copies(args);
    for (auto& arg : copies) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(program_text.c_str(), argv.data());
    throw ProcessNotFound("cannot run " + program_text + ": " + std::strerror(errno));
}

}  // namespace tfw::shell
