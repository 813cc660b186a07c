// Running a child process by argv (never through a shell), streaming its output.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfw::shell {

struct ProcessOptions {
    std::filesystem::path working_directory;  // empty: tfw's own
    // Variables set on top of tfw's own environment, which otherwise passes through unchanged.
    std::vector<std::pair<std::string, std::string>> env_overrides;
    // Variables of tfw's environment the child does not get.
    std::vector<std::string> env_removed;
    // Called with each chunk as it arrives; the text is also kept in the result.
    std::function<void(std::string_view)> on_stdout;
    std::function<void(std::string_view)> on_stderr;
    // A child in its own process group does not see a terminal's Ctrl-C: tfw forwards the
    // signal itself, exactly once, so terraform stops gracefully and releases its lock.
    bool own_process_group = true;
    std::string stdin_text;  // fed to the child, then closed
};

struct ProcessResult {
    int exit_code = 0;       // 128+N when the child died of signal N
    std::string stdout_text;
    std::string stderr_text;
};

struct ProcessNotFound : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Runs `program` with `args` and waits for it. Signals tfw receives meanwhile are
// forwarded to the child (see signals.hpp). On Linux the child gets SIGINT if tfw dies
// first, however it dies. Throws ProcessNotFound if it cannot start.
ProcessResult run_process(const std::filesystem::path& program, const std::vector<std::string>& args,
                          const ProcessOptions& options = {});

// A child that runs while tfw goes on with other work, such as a `terraform console` that
// holds a root's state lock. Its stdin stays open until finish(): when tfw dies in any way,
// the kernel closes it, so the child sees the end of its input whatever happened to tfw.
// Its stdout and stderr go to `output_file`. It gets no forwarded signal: it ends when its
// input does, after the work it guards is done (and on Linux gets SIGINT if tfw dies).
// Started by tfw's main thread only (else std::logic_error): the kernel sends the
// parent-death signal when the forking thread ends, and a worker may end first.
class BackgroundProcess {
public:
    // Throws ProcessNotFound if it cannot start.
    BackgroundProcess(const std::filesystem::path& program, const std::vector<std::string>& args,
                      const ProcessOptions& options, const std::filesystem::path& output_file);
    ~BackgroundProcess();
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    bool running();
    // Closes its stdin and waits for it, killing it after `grace`; its exit code.
    int finish(std::chrono::milliseconds grace = std::chrono::seconds(30));
    const std::filesystem::path& output_file() const { return output_file_; }

private:
    struct Child;
    std::unique_ptr<Child> child_;
    std::filesystem::path output_file_;
    std::optional<int> exit_code_;
};

// Replaces tfw with `program`: the exit code, the terminal and signals become the child's.
[[noreturn]] void exec_process(const std::filesystem::path& program, const std::vector<std::string>& args);

// An explicit path (containing '/') as is if executable, else the first match on PATH.
std::optional<std::filesystem::path> find_executable(std::string_view name_or_path);

}  // namespace tfw::shell
