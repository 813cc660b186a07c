#include "workspace.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tfw/core/parse/plan_json.hpp"
#include "tfw/shell/process.hpp"

extern char** environ;

namespace tfw::e2e {

namespace {

constexpr std::string_view reference_moved_file = "zz_tfw_e2e_reference_moved.tf";

std::string read_whole_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw E2eError("cannot read " + path.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_whole_file(const fs::path& path, std::string_view content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out) throw E2eError("cannot write " + path.string());
}

std::string join_command(const fs::path& program, const std::vector<std::string>& args) {
    std::string text = program.filename().string();
    for (const auto& arg : args) text += " " + arg;
    return text;
}

std::vector<std::string> with_chdir(const fs::path& dir, const std::vector<std::string>& args) {
    std::vector<std::string> result = {"-chdir=" + dir.string()};
    result.insert(result.end(), args.begin(), args.end());
    return result;
}

// The state letter and parent pid of a process from /proc/<pid>/stat, if it exists.
struct ProcStat {
    char state = '?';
    pid_t parent = 0;
};
std::optional<ProcStat> read_proc_stat(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!in || !std::getline(in, line)) return std::nullopt;
    // `pid (comm) state ppid …`, where comm may hold spaces and parentheses.
    std::size_t close = line.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream rest(line.substr(close + 1));
    ProcStat stat;
    rest >> stat.state >> stat.parent;
    if (!rest) return std::nullopt;
    return stat;
}

bool has_aws_provider(const fs::path& mirror_root) {
    std::error_code ec;
    fs::path aws = mirror_root / "registry.terraform.io" / "hashicorp" / "aws";
    if (!fs::is_directory(aws, ec)) return false;
    for (auto it = fs::recursive_directory_iterator(aws, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->path().filename().string().rfind("terraform-provider-aws_", 0) == 0) return true;
    }
    return false;
}

std::optional<fs::path> search_aws_mirror(const fs::path& top, int max_depth) {
    std::error_code ec;
    if (!fs::is_directory(top, ec)) return std::nullopt;
    for (auto it = fs::recursive_directory_iterator(top, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        std::error_code type_ec;
        if (!it->is_directory(type_ec) || it->is_symlink(type_ec)) {
            continue;
        }
        if (it->path().filename() == "registry.terraform.io") {
            if (has_aws_provider(it->path().parent_path())) return it->path().parent_path();
            it.disable_recursion_pending();
        } else if (it.depth() >= max_depth || it->path().filename() == "proc") {
            it.disable_recursion_pending();
        }
    }
    return std::nullopt;
}

}  // namespace

bool is_tfw_temp_file(std::string_view name) {
    return name.size() >= tfw_temp_prefix.size() + tfw_temp_suffix.size() && name.starts_with(tfw_temp_prefix) &&
           name.ends_with(tfw_temp_suffix);
}

std::string RunResult::describe() const {
    std::ostringstream text;
    text << "$ " << command << "\nexit code: " << exit_code << "\n--- stdout ---\n"
         << out << "\n--- stderr ---\n"
         << err << "\n---";
    return text.str();
}

std::string snapshot_difference(const Snapshot& before, const Snapshot& after) {
    std::string text;
    for (const auto& [path, bytes] : before) {
        auto found = after.find(path);
        if (found == after.end())
            text += "removed: " + path + "\n";
        else if (found->second != bytes)
            text += "changed: " + path + "\n";
    }
    for (const auto& [path, bytes] : after)
        if (!before.contains(path)) text += "added: " + path + "\n";
    return text;
}

// ---------------------------------------------------------------------------------------
// Binaries and the AWS mirror

fs::path terraform_binary() {
    static const std::optional<fs::path> found = shell::find_executable("terraform");
    if (!found)
        throw E2eError(
            "terraform is not on PATH: the end-to-end tests run the real terraform binary "
            "(1.11.x). Install it and put it on PATH.");
    return *found;
}

fs::path tfw_binary() {
    const char* chosen = std::getenv("TFW_E2E_TFW");
    fs::path path(chosen && *chosen ? chosen : TFW_BINARY);
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) throw E2eError("the tfw binary under test is missing: " + path.string());
    return path;
}

fs::path find_aws_mirror() {
    static const std::optional<fs::path> found = []() -> std::optional<fs::path> {
        if (const char* env = std::getenv("TFW_E2E_AWS_MIRROR"); env && *env) {
            if (has_aws_provider(env)) return fs::path(env);
            return std::nullopt;
        }
        std::vector<fs::path> usual = {"/opt/tf-plugins", "/usr/local/share/terraform/plugins",
                                       "/usr/share/terraform/plugins"};
        if (const char* home = std::getenv("HOME"); home && *home) {
            usual.push_back(fs::path(home) / ".terraform.d" / "plugins");
            usual.push_back(fs::path(home) / ".local" / "share" / "terraform" / "plugins");
        }
        for (const auto& candidate : usual)
            if (has_aws_provider(candidate)) return candidate;
        std::vector<fs::path> tops = {"/opt", "/usr/local", "/usr/share", "/srv", "/var/lib"};
        if (const char* home = std::getenv("HOME"); home && *home) tops.emplace_back(home);
        for (const auto& top : tops)
            if (auto mirror = search_aws_mirror(top, 6)) return mirror;
        return std::nullopt;
    }();
    if (const char* env = std::getenv("TFW_E2E_AWS_MIRROR"); !found && env && *env)
        throw E2eError("TFW_E2E_AWS_MIRROR=" + std::string(env) +
                       " holds no registry.terraform.io/hashicorp/aws/<version>/<os_arch>/terraform-provider-aws_*");
    if (!found)
        throw E2eError(
            "no filesystem mirror of the hashicorp/aws provider found (a folder holding "
            "registry.terraform.io/hashicorp/aws/<version>/<os_arch>/terraform-provider-aws_*): "
            "set TFW_E2E_AWS_MIRROR to its root");
    return *found;
}

bool process_alive(pid_t pid) {
    auto stat = read_proc_stat(pid);
    return stat && stat->state != 'Z' && stat->state != 'X';
}

std::vector<pid_t> live_children(pid_t parent) {
    std::vector<pid_t> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        pid_t pid = static_cast<pid_t>(std::stol(name));
        auto stat = read_proc_stat(pid);
        if (stat && stat->parent == parent && stat->state != 'Z' && stat->state != 'X') found.push_back(pid);
    }
    return found;
}

namespace {
// Never destroyed: the binary's emulator is stopped by a static's destructor at exit.
std::set<pid_t>& server_processes() {
    static auto* servers = new std::set<pid_t>;
    return *servers;
}
}  // namespace

void register_server_process(pid_t pid) { server_processes().insert(pid); }
void unregister_server_process(pid_t pid) { server_processes().erase(pid); }
bool is_server_process(pid_t pid) { return server_processes().contains(pid); }

std::string read_text_file(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int free_loopback_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw E2eError(std::string("socket: ") + std::strerror(errno));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        int error = errno;
        ::close(fd);
        throw E2eError(std::string("cannot find a free port: ") + std::strerror(error));
    }
    ::close(fd);
    return ntohs(address.sin_port);
}

// ---------------------------------------------------------------------------------------
// BackgroundProcess

BackgroundProcess::BackgroundProcess(pid_t pid, fs::path out_file, fs::path err_file, std::string command)
    : pid_(pid), out_file_(std::move(out_file)), err_file_(std::move(err_file)), command_(std::move(command)) {}

BackgroundProcess::~BackgroundProcess() {
    if (!exit_code_) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
}

bool BackgroundProcess::running() {
    if (exit_code_) return false;
    int status = 0;
    pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == 0) return true;
    if (done == pid_)
        exit_code_ = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
    else
        exit_code_ = -1;
    return false;
}

std::vector<pid_t> BackgroundProcess::children() const { return live_children(pid_); }

void BackgroundProcess::send_signal(int signal_number) {
    if (exit_code_) throw E2eError(command_ + " has already exited; cannot signal it");
    if (::kill(pid_, signal_number) != 0) throw E2eError("kill: " + std::string(std::strerror(errno)));
}

std::string BackgroundProcess::output_so_far() const { return read_whole_file(out_file_); }

std::string BackgroundProcess::errors_so_far() const { return read_whole_file(err_file_); }

RunResult BackgroundProcess::wait(std::chrono::seconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (running()) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            ::waitpid(pid_, &status, 0);
            exit_code_ = 128 + SIGKILL;
            throw E2eError(command_ + " did not exit within " + std::to_string(timeout.count()) +
                           " s; killed it. stderr so far:\n" + read_whole_file(err_file_));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    RunResult result;
    result.command = command_;
    result.exit_code = *exit_code_;
    result.out = read_whole_file(out_file_);
    result.err = read_whole_file(err_file_);
    return result;
}

// ---------------------------------------------------------------------------------------
// Workspace

Workspace::Workspace(std::string fixture, WorkspaceOptions options) : fixture_(std::move(fixture)) {
    // Everything that can fail before the temp dir exists: a throwing constructor runs no
    // destructor.
    terraform_binary();  // fails every test, with the reason, when terraform is missing
    tfw_binary();
    fs::path before = fixture_dir() / "before";
    if (!fs::is_directory(before)) throw E2eError("fixture has no before/ directory: " + before.string());
    std::string cli_config = "# CLI configuration written by the tfw end-to-end tests.\n";
    if (options.aws_provider) {
        std::string mirror = quoted_string(find_aws_mirror().string());
        cli_config +=
            "provider_installation {\n"
            "  filesystem_mirror {\n"
            "    path    = " + mirror + "\n"
            "    include = [\"registry.terraform.io/hashicorp/aws\"]\n"
            "  }\n"
            "  direct {\n"
            "    exclude = [\"registry.terraform.io/hashicorp/aws\"]\n"
            "  }\n"
            "}\n";
    }

    std::string pattern = (fs::temp_directory_path() / ("tfw-e2e-" + fixture_ + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr)
        throw E2eError("mkdtemp " + pattern + ": " + std::strerror(errno));
    base_ = pattern;
    root_ = base_ / "work";
    scratch_ = base_ / "scratch";
    try {
        fs::create_directories(root_);
        fs::create_directories(scratch_);
        fs::copy(before, root_, fs::copy_options::recursive);
        fs::path cli_config_file = scratch_ / "terraform.tfrc";
        write_whole_file(cli_config_file, cli_config);
        env_ = {{"TF_CLI_CONFIG_FILE", cli_config_file.string()},
                {"TF_IN_AUTOMATION", "1"},
                {"CHECKPOINT_DISABLE", "1"}};
    } catch (...) {
        std::error_code ignored;
        fs::remove_all(base_, ignored);
        throw;
    }
}

Workspace::~Workspace() {
    if (const char* keep = std::getenv("TFW_E2E_KEEP"); keep && *keep) {
        std::cerr << "TFW_E2E_KEEP: kept the workspace of " << fixture_ << " at " << base_.string() << "\n";
        return;
    }
    std::error_code ignored;
    fs::remove_all(base_, ignored);
}

fs::path Workspace::fixture_dir() const { return fs::path(TFW_FIXTURES_DIR) / fixture_; }

RunResult Workspace::run(const fs::path& program, const std::vector<std::string>& args) const {
    return run_in(root_, program, args);
}

RunResult Workspace::run_in(const fs::path& cwd, const fs::path& program, const std::vector<std::string>& args,
                            const std::vector<std::pair<std::string, std::string>>& extra_env) const {
    shell::ProcessOptions options;
    options.working_directory = cwd;
    options.env_overrides = env_;
    options.env_overrides.insert(options.env_overrides.end(), extra_env.begin(), extra_env.end());
    options.own_process_group = false;
    RunResult result;
    result.command = join_command(program, args);
    try {
        shell::ProcessResult process = shell::run_process(program, args, options);
        result.exit_code = process.exit_code;
        result.out = std::move(process.stdout_text);
        result.err = std::move(process.stderr_text);
    } catch (const shell::ProcessNotFound& error) {
        throw E2eError(error.what());
    }
    return result;
}

void Workspace::set_environment(const std::string& name, const std::string& value) {
    for (auto& [existing, existing_value] : env_)
        if (existing == name) {
            existing_value = value;
            return;
        }
    env_.emplace_back(name, value);
}

RunResult Workspace::terraform(const std::vector<std::string>& args) const { return run(terraform_binary(), args); }

RunResult Workspace::bash(const std::string& script, const std::vector<std::pair<std::string, std::string>>& extra_env) const {
    auto shell = shell::find_executable("bash");
    if (!shell) throw E2eError("bash not found on PATH");
    const char* path = std::getenv("PATH");
    auto env = extra_env;
    env.emplace_back("PATH", tfw_binary().parent_path().string() + ":" + (path ? path : "/usr/bin:/bin"));
    return run_in(root_, *shell, {"-eo", "pipefail", "-c", script}, env);
}

RunResult Workspace::tfw(const std::vector<std::string>& args) const { return run(tfw_binary(), args); }

namespace {

// The lock's ID and creation time from Terraform's "Lock Info:" (ID: …, Created:
// "2026-11-28 22:31:26.628704749 +0000 UTC"), when both are there.
struct ReportedLock {
    std::string id;
    std::chrono::system_clock::time_point created;
};

std::optional<ReportedLock> reported_lock(const std::string& text) {
    const auto field = [&](std::string_view name) -> std::optional<std::string> {
        const std::string label = "  " + std::string(name) + ":";
        const auto at = text.find(label);
        if (at == std::string::npos) return std::nullopt;
        const auto begin = text.find_first_not_of(' ', at + label.size());
        const auto end = text.find('\n', begin);
        if (begin == std::string::npos || end == std::string::npos) return std::nullopt;
        return text.substr(begin, end - begin);
    };
    const auto id = field("ID");
    const auto created = field("Created");
    if (!id || id->empty() || !created) return std::nullopt;
    std::tm utc{};
    char fraction[16] = {};
    if (std::sscanf(created->c_str(), "%d-%d-%d %d:%d:%d.%15[0-9] +0000 UTC", &utc.tm_year, &utc.tm_mon, &utc.tm_mday,
                    &utc.tm_hour, &utc.tm_min, &utc.tm_sec, fraction) != 7)
        return std::nullopt;
    utc.tm_year -= 1900;
    utc.tm_mon -= 1;
    std::string nanoseconds(fraction);
    nanoseconds.resize(9, '0');
    return ReportedLock{*id, std::chrono::system_clock::from_time_t(::timegm(&utc)) +
                                 std::chrono::nanoseconds(std::stoll(nanoseconds))};
}

}  // namespace

std::optional<std::string> own_lock_lost_to_a_retry(const RunResult& run, std::chrono::system_clock::time_point started) {
    if (run.exit_code == 0 || run.err.find("Error acquiring the state lock") == std::string::npos ||
        run.err.find("ConditionalCheckFailedException") == std::string::npos)
        return std::nullopt;
    const auto lock = reported_lock(run.err);
    if (!lock || lock->created < started) return std::nullopt;
    std::cerr << "tfw e2e: " << run.command << ": the emulator's answer to taking the lock was lost and the "
              << "SDK's retry found the run's own lock " << lock->id << "; released, and the run made again\n";
    return lock->id;
}

RunResult Workspace::terraform_past_a_lost_lock_answer(const std::vector<std::string>& args) const {
    const auto started = std::chrono::system_clock::now();
    RunResult run = terraform(args);
    const auto lock = own_lock_lost_to_a_retry(run, started);
    if (!lock) return run;
    const RunResult unlocked = terraform({"force-unlock", "-force", *lock});
    if (unlocked.exit_code != 0) return run;
    return terraform(args);
}

RunResult Workspace::require_success(const std::vector<std::string>& args) const {
    RunResult result = terraform_past_a_lost_lock_answer(args);
    if (result.exit_code != 0) throw E2eError("terraform failed in fixture " + fixture_ + ":\n" + result.describe());
    return result;
}

std::unique_ptr<BackgroundProcess> Workspace::start_tfw(const std::vector<std::string>& args) const {
    return start(tfw_binary(), args);
}

std::unique_ptr<BackgroundProcess> Workspace::start(const fs::path& program, const std::vector<std::string>& args) const {
    static int counter = 0;
    ++counter;
    const std::string name = program.filename().string() + "-" + std::to_string(counter);
    fs::path out_file = scratch_ / (name + ".stdout");
    fs::path err_file = scratch_ / (name + ".stderr");

    std::vector<std::string> env_text;
    for (char** entry = environ; entry && *entry; ++entry) {
        std::string_view text(*entry);
        bool overridden = std::any_of(env_.begin(), env_.end(), [&](const auto& pair) {
            return text.starts_with(pair.first) && text.size() > pair.first.size() && text[pair.first.size()] == '=';
        });
        if (!overridden) env_text.emplace_back(text);
    }
    for (const auto& [name, value] : env_) env_text.push_back(name + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : env_text) envp.push_back(entry.data());
    envp.push_back(nullptr);

    std::vector<std::string> argv_text = {program.string()};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addchdir_np(&actions, root_.c_str());
    pid_t pid = 0;
    int error = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) throw E2eError("cannot start " + program.string() + ": " + std::strerror(error));
    return std::make_unique<BackgroundProcess>(pid, out_file, err_file, join_command(program, args));
}

void Workspace::init() { require_success({"init", "-input=false", "-no-color"}); }

void Workspace::apply_before() {
    init();
    require_success({"apply", "-auto-approve", "-input=false", "-no-color"});
}

void Workspace::switch_to(std::string_view stage, Init init_mode) {
    fs::path source = fixture_dir() / stage;
    if (!fs::is_directory(source)) throw E2eError("fixture has no stage " + source.string());
    for (const auto& entry : fs::directory_iterator(root_)) {
        const std::string name = entry.path().filename().string();
        if (name == ".terraform" || name == ".terraform.lock.hcl" || name == "terraform.tfstate" ||
            name == "terraform.tfstate.backup" || name == "terraform.tfstate.d")
            continue;
        fs::remove_all(entry.path());
    }
    fs::copy(source, root_, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    if (init_mode == Init::run) init();
}

std::string Workspace::write_scratch_file(const std::string& name, std::string_view content) const {
    const fs::path path = scratch_ / name;
    std::ofstream out(path, std::ios::binary);
    out << content;
    if (!out) throw E2eError("cannot write " + path.string());
    return path.string();
}

void Workspace::copy_from_fixture(std::string_view fixture_file, std::string_view as) {
    fs::path source = fixture_dir() / fixture_file;
    if (!fs::is_regular_file(source)) throw E2eError("fixture file missing: " + source.string());
    fs::copy_file(source, root_ / as, fs::copy_options::overwrite_existing);
}

core::Plan Workspace::show_plan(const fs::path& plan_file) const {
    RunResult shown = require_success({"show", "-json", plan_file.string()});
    try {
        return core::load_plan_json(shown.out);
    } catch (const std::exception& error) {
        throw E2eError("cannot load `terraform show -json " + plan_file.string() + "`: " + error.what());
    }
}

core::Plan Workspace::plan_with_terraform(const std::vector<std::string>& extra_args) const {
    fs::path plan_file = scratch_ / ("terraform-" + std::to_string(++plan_counter_) + ".tfplan");
    std::vector<std::string> args = {"plan", "-input=false", "-no-color", "-out=" + plan_file.string()};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    require_success(args);
    return show_plan(plan_file);
}

core::Plan Workspace::plan_with_reference_moves(const std::vector<std::string>& extra_args) const {
    return plan_with_fixture_moves("moved.tf", extra_args);
}

core::Plan Workspace::plan_with_fixture_moves(std::string_view fixture_file,
                                              const std::vector<std::string>& extra_args) const {
    fs::path source = fixture_dir() / fixture_file;
    if (!fs::is_regular_file(source))
        throw E2eError("fixture has no " + std::string(fixture_file) + ": " + source.string());
    fs::path copy = root_ / reference_moved_file;
    fs::copy_file(source, copy, fs::copy_options::overwrite_existing);
    struct RemoveAtEnd {
        fs::path path;
        ~RemoveAtEnd() {
            std::error_code ignored;
            fs::remove(path, ignored);
        }
    } remove_at_end{copy};
    return plan_with_terraform(extra_args);
}

TfwPlan Workspace::tfw_plan(const std::vector<std::string>& extra_args, bool via_chdir) const {
    std::error_code ignored;
    fs::remove(root_ / final_plan_file, ignored);
    const std::vector<std::string> exclude = {std::string(final_plan_file)};
    Snapshot before = snapshot(exclude);
    std::vector<std::string> args = {"plan"};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    args.push_back("-input=false");
    args.push_back("-out=" + std::string(final_plan_file));
    const std::string state_before = exists("terraform.tfstate") ? read_file("terraform.tfstate") : "";
    TfwPlan run;
    run.result = via_chdir ? run_in(scratch_, tfw_binary(), with_chdir(root_, args)) : tfw(args);
    run.files_changed = snapshot_difference(before, snapshot(exclude));
    if ((exists("terraform.tfstate") ? read_file("terraform.tfstate") : "") != state_before)
        run.files_changed += "changed: terraform.tfstate\n";
    if (exists(final_plan_file)) run.plan = show_plan(final_plan_file);
    return run;
}

Snapshot Workspace::snapshot(const std::vector<std::string>& also_exclude) const {
    Snapshot files;
    for (auto it = fs::recursive_directory_iterator(root_); it != fs::recursive_directory_iterator(); ++it) {
        const std::string relative = fs::relative(it->path(), root_).generic_string();
        if (relative == ".terraform") {
            it.disable_recursion_pending();
            continue;
        }
        if (relative == "terraform.tfstate" || relative == "terraform.tfstate.backup") continue;
        if (std::find(also_exclude.begin(), also_exclude.end(), relative) != also_exclude.end()) continue;
        if (it->is_symlink())
            files[relative] = "symlink to " + fs::read_symlink(it->path()).string();
        else if (it->is_regular_file())
            files[relative] = read_whole_file(it->path());
        else if (!it->is_directory())
            files[relative] = "special file";
    }
    return files;
}

std::vector<std::string> Workspace::tfw_temp_files() const {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(root_)) {
        std::string name = entry.path().filename().string();
        if (is_tfw_temp_file(name)) found.push_back(name);
    }
    std::sort(found.begin(), found.end());
    return found;
}

bool Workspace::exists(const fs::path& relative) const {
    std::error_code ec;
    return fs::exists(root_ / relative, ec);
}

std::string Workspace::read_file(const fs::path& relative) const { return read_whole_file(root_ / relative); }

void Workspace::write_file(const fs::path& relative, std::string_view content) const {
    write_whole_file(root_ / relative, content);
}

std::string quoted_string(const std::string& raw) {
    std::string quoted = "\"";
    for (char c : raw) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    return quoted + "\"";
}

}  // namespace tfw::e2e
