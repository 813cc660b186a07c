// The command line: tfw's own `--long` options, terraform's single-dash ones passed on
// unchanged and in order, and the subcommand that decides which is which.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfw::cli {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct TfwOptions {
    int max_iterations = 10;
    std::string terraform_bin;
    std::string policy_file;
    std::string report_file;
    std::string report_format = "json";  // --report's: json or markdown
    std::string moved_file = "moved.tf";
    std::string format;  // tfw moves: hcl (when empty), json or commands; tfw plan --root: text, json or commands
    // More root modules planned with the current one (--root DIR, repeatable), relative
    // to the directory tfw runs in.
    std::vector<std::string> roots;
    bool write = false;
    bool explain = false;
    bool include_shared = false;  // tfw tidy: also blocks of modules other roots use
    // tfw tidy: each environment's -backend-config file, whose states it reads too.
    std::vector<std::string> backend_configs;
};

struct Invocation {
    std::vector<std::string> global_args;  // terraform's, before the subcommand: -chdir=DIR
    std::filesystem::path root_dir = ".";  // the root module directory
    std::string subcommand;                // "" when none was given
    std::vector<std::string> terraform_args;
    TfwOptions options;
    bool help = false;
    bool version = false;
};

// Throws UsageError with a one-line message.
Invocation parse_invocation(const std::vector<std::string>& argv);

// Throws UsageError when a tfw option in `given` (names without dashes) is one that
// `subcommand` does not read; `--root` makes plan and apply the commands between roots.
void check_options_apply(const std::string& subcommand, const std::vector<std::string>& given);

// What `tfw --help` and `tfw plan --help` print.
std::string usage_text(const std::string& subcommand);

// The user's plan options, with what tfw controls itself taken out. Repeated flags: the
// last one wins, as in terraform.
struct PlanArgs {
    std::vector<std::string> passthrough;
    std::optional<std::string> out;  // -out=FILE
    bool detailed_exitcode = false;
    bool json = false;               // -json: Terraform's machine-readable UI on stdout
    bool input = true;               // -input=false turns prompts off
    bool auto_approve = false;       // apply only
    std::optional<std::string> plan_file;  // apply only: `tfw apply PLANFILE`
    // -lock-timeout=D, which stays in passthrough for terraform's state lock and is also
    // how long tfw waits for its own lock on the root module. `option` as written.
    std::chrono::nanoseconds lock_timeout{0};
    std::string lock_timeout_option;
};

PlanArgs split_plan_args(const std::vector<std::string>& terraform_args, bool for_apply);

}  // namespace tfw::cli
