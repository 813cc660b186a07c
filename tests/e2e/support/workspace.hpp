// End-to-end fixtures: a throwaway copy of a Terraform configuration, run with the real
// `terraform` and the built `tfw`, judged by Terraform's own `show -json`.
//
//   Workspace ws("rename_single");     // copies fixtures/rename_single/before/ to a temp dir
//   ws.apply_before();                 // terraform init + apply
//   ws.switch_to("after");             // the refactored *.tf files, same state and .terraform
//   TfwPlan run = ws.tfw_plan();       // tfw plan -input=false -out=final.tfplan
//   core::Plan plan = *run.plan;       // terraform show -json final.tfplan
//
// A fixture is tests/e2e/fixtures/<case>/ with a `before/` configuration, one or more
// refactored stages (`after/`, …) and optionally `moved.tf`: hand-written moved blocks
// that express the expected moves, so that plain Terraform can say what tfw should find.
//
// Every process runs with its own CLI config file (TF_CLI_CONFIG_FILE), TF_IN_AUTOMATION=1
// and CHECKPOINT_DISABLE=1. The temp dir is removed at the end unless TFW_E2E_KEEP is set.
// Setup failures throw E2eError, which fails the test with its message; in particular a
// missing `terraform` fails every test (it is never a silent skip).
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/types.h>

#include "tfw/core/model/plan.hpp"

namespace tfw::e2e {

namespace fs = std::filesystem;

// tfw's temporary moved file in the root module is `tfw-moved-*.tf`. The only place the
// tests spell this name.
inline constexpr std::string_view tfw_temp_prefix = "tfw-moved-";
inline constexpr std::string_view tfw_temp_suffix = ".tf";
bool is_tfw_temp_file(std::string_view file_name);

// The name of the plan file tfw_plan() asks tfw to save, relative to the root module.
inline constexpr std::string_view final_plan_file = "final.tfplan";

struct E2eError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct RunResult {
    int exit_code = -1;  // 128+N when killed by signal N
    std::string out;
    std::string err;

    std::string output() const { return out + err; }
    // The command, its exit code and both streams, for failure messages.
    std::string describe() const;
    std::string command;
};

// The lock a failed run (terraform's, or tfw's, whose plans run terraform) reports as
// another's where it is the run's own, lost to the emulator's retry as
// Workspace::terraform_past_a_lost_lock_answer says: its ID, said on stderr. A lock created
// before `started` is another run's and never the run's own.
std::optional<std::string> own_lock_lost_to_a_retry(const RunResult& run, std::chrono::system_clock::time_point started);

// Every regular file under the root module, relative path -> bytes, except Terraform's
// own: `.terraform/`, `terraform.tfstate` and `terraform.tfstate.backup`.
using Snapshot = std::map<std::string, std::string>;

// "" when equal, else one line per path: `added: p`, `removed: p`, `changed: p`.
std::string snapshot_difference(const Snapshot& before, const Snapshot& after);

// tfw running in the background, so that a test can signal it. Its output goes to files
// in the workspace's scratch dir. Destroying it kills a still-running tfw (SIGKILL).
class BackgroundProcess {
public:
    BackgroundProcess(pid_t pid, fs::path out_file, fs::path err_file, std::string command);
    ~BackgroundProcess();
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    pid_t pid() const { return pid_; }
    // False once it has exited (and been reaped).
    bool running();
    // Its live child processes (terraform, when tfw is planning).
    std::vector<pid_t> children() const;
    void send_signal(int signal_number);
    // What it has written to stdout so far.
    std::string output_so_far() const;
    // What it has written to stderr so far.
    std::string errors_so_far() const;
    // Waits until it exits; on timeout kills it and throws E2eError.
    RunResult wait(std::chrono::seconds timeout = std::chrono::seconds(120));

private:
    pid_t pid_;
    fs::path out_file_;
    fs::path err_file_;
    std::string command_;
    std::optional<int> exit_code_;
};

// True while `pid` exists and is not a zombie.
bool process_alive(pid_t pid);
// The live (not zombie) children of `parent`.
std::vector<pid_t> live_children(pid_t parent);

// A server a test binary keeps running across its tests (moto_server.hpp): the orphan
// collector of the chaos tests waits for every child of the test but these.
void register_server_process(pid_t pid);
void unregister_server_process(pid_t pid);
bool is_server_process(pid_t pid);

// A port on 127.0.0.1 that was free a moment ago (the kernel's choice for port 0).
int free_loopback_port();

// A file's bytes; "" when it cannot be read (a log not written yet).
std::string read_text_file(const fs::path& file);

struct WorkspaceOptions {
    // Writes a CLI config that installs hashicorp/aws from the preinstalled filesystem
    // mirror (found at runtime, see find_aws_mirror()).
    bool aws_provider = false;
};

// What `tfw plan … -out=final.tfplan` did.
struct TfwPlan {
    RunResult result;
    // `terraform show -json final.tfplan`, when tfw saved the file.
    std::optional<core::Plan> plan;
    // snapshot_difference() of the root module around the run, ignoring final.tfplan, plus
    // `changed: terraform.tfstate` if the state changed: "" when tfw left every user file
    // and the state byte-for-byte untouched and no file behind.
    std::string files_changed;
};

class Workspace {
public:
    // Copies tests/e2e/fixtures/<fixture>/before/ into a fresh temp dir.
    explicit Workspace(std::string fixture, WorkspaceOptions options = {});
    ~Workspace();
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    const fs::path& dir() const { return root_; }         // the root module
    const fs::path& scratch() const { return scratch_; }  // beside it: CLI config, logs, reference plans
    fs::path fixture_dir() const;

    // Runs in dir(), with the workspace's environment.
    RunResult run(const fs::path& program, const std::vector<std::string>& args) const;
    RunResult terraform(const std::vector<std::string>& args) const;
    // `terraform ARGS`, past one artefact of the emulator under load: the AWS SDK, having
    // lost moto's answer to the DynamoDB PutItem that takes the lock, sends it again, and the
    // retry fails its condition on the lock the first attempt took. Terraform then reports its
    // own lock as another run's ("ConditionalCheckFailedException", with its own lock ID;
    // TF_LOG=debug shows "retrying request DynamoDB/PutItem, attempt 2"). A test's own runs
    // come one at a time, so a lock created after this run started is this run's: it is
    // released (force-unlock) and the run made again, once. A lock older than the run (one a
    // tfw run left behind) is never touched: the run fails with it, as it should.
    RunResult terraform_past_a_lost_lock_answer(const std::vector<std::string>& args) const;
    RunResult tfw(const std::vector<std::string>& args) const;
    std::unique_ptr<BackgroundProcess> start_tfw(const std::vector<std::string>& args) const;
    std::unique_ptr<BackgroundProcess> start(const fs::path& program, const std::vector<std::string>& args) const;

    // `terraform init -input=false`; throws on failure.
    void init();
    // init, then `terraform apply -auto-approve -input=false`; throws on failure.
    void apply_before();
    // Replaces every user file (all but .terraform/ and the state) with the fixture's
    // `<stage>/` files, then runs init unless told not to (a broken config cannot init).
    enum class Init { run, skip };
    void switch_to(std::string_view stage, Init init = Init::run);
    // Writes a file into scratch() (outside the root module, e.g. a policy file) and
    // returns its absolute path.
    std::string write_scratch_file(const std::string& name, std::string_view content) const;
    // Copies a file of the fixture (not of a stage) into the root module.
    void copy_from_fixture(std::string_view fixture_file, std::string_view as);

    // `terraform show -json <plan_file>` (relative to dir() or absolute), loaded into the plan model.
    core::Plan show_plan(const fs::path& plan_file) const;
    // Plain `terraform plan -input=false -out=<scratch file> <extra_args>`, shown as JSON:
    // what Terraform itself plans for the current configuration. Throws on failure.
    core::Plan plan_with_terraform(const std::vector<std::string>& extra_args = {}) const;
    // The same with the fixture's hand-written moved.tf copied into the root module for
    // the duration of the plan: the result tfw should reach.
    core::Plan plan_with_reference_moves(const std::vector<std::string>& extra_args = {}) const;
    // The same with another file of moved blocks from the fixture (e.g. pairs that must
    // not be taken, to show what Terraform would do with them).
    core::Plan plan_with_fixture_moves(std::string_view fixture_file,
                                       const std::vector<std::string>& extra_args = {}) const;

    // `tfw plan <extra_args> -input=false -out=final.tfplan` in dir(), the saved plan shown
    // by terraform, and whether the user's files and the state stayed untouched. With
    // `via_chdir`, runs `tfw -chdir=<dir()> plan …` from scratch() instead.
    TfwPlan tfw_plan(const std::vector<std::string>& extra_args = {}, bool via_chdir = false) const;

    Snapshot snapshot(const std::vector<std::string>& also_exclude = {}) const;
    // Names of tfw temp files in the root module.
    std::vector<std::string> tfw_temp_files() const;

    bool exists(const fs::path& relative) const;
    std::string read_file(const fs::path& relative) const;
    void write_file(const fs::path& relative, std::string_view content) const;

    // Environment variables set for every process the workspace runs.
    const std::vector<std::pair<std::string, std::string>>& environment() const { return env_; }
    // Sets (or replaces) one of them for every later process.
    void set_environment(const std::string& name, const std::string& value);

    // `bash -eo pipefail -c <script>` in dir(), as a CI runner runs a step: with the
    // workspace's environment, `extra_env`, and the tfw under test first on PATH as `tfw`.
    RunResult bash(const std::string& script, const std::vector<std::pair<std::string, std::string>>& extra_env = {}) const;

private:
    RunResult run_in(const fs::path& cwd, const fs::path& program, const std::vector<std::string>& args,
                     const std::vector<std::pair<std::string, std::string>>& extra_env = {}) const;
    RunResult require_success(const std::vector<std::string>& args) const;

    std::string fixture_;
    fs::path base_;     // the temp dir
    fs::path root_;     // base_/work
    fs::path scratch_;  // base_/scratch
    std::vector<std::pair<std::string, std::string>> env_;
    mutable int plan_counter_ = 0;
};

// `raw` between double quotes with `"` and `\` escaped: an HCL string and a JSON string
// alike for the paths and addresses tests write (no control characters, no `${`).
std::string quoted_string(const std::string& raw);

// The `terraform` the tests run: the first on PATH. Throws E2eError when there is none.
fs::path terraform_binary();
// The tfw under test: $TFW_E2E_TFW where set (scripts/arm64 names a script that runs an
// arm64 tfw under qemu-user), else the one this tree built (TFW_BINARY).
fs::path tfw_binary();
// The filesystem mirror root that holds registry.terraform.io/hashicorp/aws (env
// TFW_E2E_AWS_MIRROR, then usual places, then a search). Throws E2eError if none.
fs::path find_aws_mirror();

}  // namespace tfw::e2e
