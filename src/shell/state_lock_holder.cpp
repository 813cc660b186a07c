#include "tfw/shell/state_lock_holder.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/roots/state_lock.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::shell {
namespace {

using Clock = std::chrono::system_clock;

constexpr std::string_view lock_error = "Error acquiring the state lock";

// How long a console may take to start and ask for the lock: a liveness bound, not a
// wait for another run (the console itself does not wait for the lock).
constexpr auto console_start_limit = std::chrono::seconds(60);

// An address no state has: the dry run fails either way. Without the lock held, it says
// "Invalid source address", or "No state file was found!" in a root with no state yet.
const std::vector<std::string> lock_probe = {"state", "mv", "-dry-run", "-lock-timeout=0s", "-no-color",
                                             "terraform_data.tfw_lock_probe", "terraform_data.tfw_lock_probe_to"};

// Who Terraform says holds a lock it takes for this run: the user (by the real uid, as
// Go's user.Current reads it, else $USER) and the host.
std::string terraform_who() {
    std::string user;
    if (const passwd* entry = ::getpwuid(::getuid()); entry != nullptr) user = entry->pw_name;
    else if (const char* from_env = std::getenv("USER"); from_env != nullptr) user = from_env;
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
    return user + "@" + host;
}

}  // namespace

StateLockHolder::StateLockHolder(Terraform& terraform, const std::string& root_name, const std::filesystem::path& scratch,
                                 std::chrono::nanoseconds lock_timeout, std::function<void(const std::string&)> say)
    : terraform_(terraform), root_name_(root_name), output_file_(scratch / "console.out"), log_file_(scratch / "console.log"),
      say_(std::move(say)) {
    const auto wait_deadline = std::chrono::steady_clock::now() + std::max<std::chrono::nanoseconds>(lock_timeout, std::chrono::seconds(5));
    ProcessOptions options;
    options.own_process_group = true;  // a Ctrl-C must not end the lock in the middle of a push
    options.env_overrides = {{"TF_LOG", "trace"}, {"TF_LOG_PATH", log_file_.string()}, {"TF_LOG_PROVIDER", "off"}};
    options.env_removed = {"TF_LOG_CORE"};
    const std::string who = terraform_who();
    Clock::time_point console_started;
    int own_locks_released = 0;
    std::chrono::steady_clock::time_point start_deadline;
    const auto start_console = [&] {
        write_private_file(log_file_, "");  // the log may hold the state's values
        console_started = Clock::now();
        start_deadline = std::chrono::steady_clock::now() + console_start_limit;
        // -no-color: its refusal is read for the lock's holder (core::parse_lock_info).
        console_ = terraform_.start({"console", "-no-color"}, options, output_file_);
    };
    start_console();
    while (true) {
        throw_if_interrupted();
        if (!console_->running()) {
            console_->finish();
            const std::string output = read_file(output_file_);
            if (output.find(lock_error) == std::string::npos)
                throw StateLockUnavailable("root module " + root_name_ + ": terraform console, which holds the state lock during the migration, failed: " +
                                           core::first_error_line(output));
            if (core::refused_by_its_own_lock(output, read_file(log_file_))) {
                release_own_lock(*core::parse_lock_info(output), ++own_locks_released);
                start_console();
                continue;
            }
            if (std::chrono::steady_clock::now() >= wait_deadline) {
                const auto holder = core::parse_lock_info(output);
                const std::string info = holder ? core::describe_lock(*holder) : "";
                throw StateLockUnavailable("root module " + root_name_ + ": the state lock is held by another run" +
                                           (info.empty() ? "" : " (" + info + ")") +
                                           "; nothing was changed. Run again when it is free, or pass -lock-timeout");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            start_console();
            continue;
        }
        const core::ConsoleLockStep step = core::console_lock_step(read_file(log_file_));
        if (step != core::ConsoleLockStep::acquired) {
            if (std::chrono::steady_clock::now() >= start_deadline)
                throw StateLockUnavailable("root module " + root_name_ +
                                           ": terraform console did not say that it took the state lock, so tfw cannot "
                                           "know that it holds it during the migration; nothing was changed");
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            continue;
        }
        const Clock::time_point probe_started = Clock::now();
        const ProcessResult probe = terraform_.run(lock_probe);
        const std::string said = probe.stdout_text + probe.stderr_text;
        const bool refused = said.find(lock_error) != std::string::npos;
        if (!refused && (probe.exit_code == 0 || (said.find("Invalid source address") == std::string::npos &&
                                                  said.find("No state file was found") == std::string::npos)))
            throw StateLockUnavailable("root module " + root_name_ + ": cannot tell whether the state lock is held: " +
                                       core::first_error_line(said));
        const core::LockJudgement judgement = core::judge_lock_ownership(
            {step, refused, refused ? core::parse_lock_info(said) : std::nullopt, who, console_started, probe_started});
        // The console may have ended meanwhile, releasing what it took: look again.
        if (!console_->running()) continue;
        switch (judgement.ownership) {
            case core::LockOwnership::ours: return;
            case core::LockOwnership::not_yet: std::this_thread::sleep_for(std::chrono::milliseconds(100)); continue;
            case core::LockOwnership::someone_else:
            case core::LockOwnership::unknown:
                throw StateLockUnavailable("root module " + root_name_ + ": " + judgement.reason + "; nothing was changed");
        }
    }
}

void StateLockHolder::release_own_lock(const core::LockInfo& lock, int nth_release) {
    // Each release follows a lost answer; more than a few in a row is no network's luck.
    constexpr int most_releases = 3;
    const std::string left = "root module " + root_name_ + ": terraform console, taking the state lock for tfw, "
                             "lost the backend's answer and its retry found the lock it had just taken (" +
                             core::describe_lock(lock) + ")";
    if (nth_release > most_releases)
        throw StateLockUnavailable(left + ", again; nothing was changed. Release it with terraform force-unlock " + lock.id);
    // force-unlock reads the lock first and refuses another ID: it removes only this one.
    const ProcessResult unlocked = terraform_.run({"force-unlock", "-force", "-no-color", lock.id});
    if (unlocked.exit_code != 0)
        throw StateLockUnavailable(left + "; tfw could not release it (" + core::first_error_line(unlocked.stdout_text + unlocked.stderr_text) +
                                   "); nothing was changed. Release it with terraform force-unlock " + lock.id);
    // tfw never removes a lock without saying so.
    if (say_) say_("tfw: " + left + "; tfw released it by its ID and asks for the lock again");
}

StateLockHolder::~StateLockHolder() { console_->finish(); }

void StateLockHolder::check() {
    if (console_->running()) return;
    throw StateLockUnavailable("root module " + root_name_ + ": the terraform console that held the state lock has ended: " +
                               core::first_error_line(read_file(output_file_)));
}

}  // namespace tfw::shell
