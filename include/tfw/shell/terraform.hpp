// The terraform binary as tfw uses it: every call by argv, timed and recorded, and run
// without the user's TF_CLI_ARGS and TF_CLI_ARGS_*: tfw passes the user's arguments from
// those itself (cli/env_args.hpp), and a `-json` or `-out` from them would break its own
// runs. The words of those variables that a run's arguments carry go to it in its
// environment (TF_CLI_ARGS_<subcommand>), where terraform reads them too, and never in its
// argv, which /proc/PID/cmdline and ps show every local user: a `-var=password=…` from
// TF_CLI_ARGS_plan stays as private as the user kept it.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/shell/process.hpp"

namespace tfw::shell {

struct TerraformCall {
    std::vector<std::string> args;
    int exit_code = 0;
    double seconds = 0.0;
};

class Terraform {
public:
    // `global_args` go before the subcommand (`-chdir=DIR`).
    Terraform(std::filesystem::path binary, std::vector<std::string> global_args);

    ProcessResult run(const std::vector<std::string>& args, const ProcessOptions& options = {});
    // The same run in `config_dir` (`-chdir=` it, in place of any `-chdir` of the global
    // arguments): a view of the root (config_view.hpp).
    ProcessResult run_in(const std::filesystem::path& config_dir, const std::vector<std::string>& args,
                         const ProcessOptions& options = {});
    // A terraform that runs while tfw goes on (a console holding the state lock).
    std::unique_ptr<BackgroundProcess> start(const std::vector<std::string>& args, const ProcessOptions& options,
                                             const std::filesystem::path& output_file);

    const std::vector<TerraformCall>& calls() const { return calls_; }
    // The words of the user's TF_CLI_ARGS variables (split as terraform splits them).
    const std::vector<std::string>& environment_words() const { return environment_words_; }
    const std::filesystem::path& binary() const { return binary_; }

private:
    ProcessResult run_with(const std::vector<std::string>& global_args, const std::vector<std::string>& args,
                           const ProcessOptions& options);

    std::filesystem::path binary_;
    std::vector<std::string> global_args_;
    std::vector<std::string> cli_args_variables_;  // set in tfw's environment
    std::vector<std::string> environment_words_;   // their words
    std::vector<TerraformCall> calls_;
};

// TF_CLI_ARGS, or TF_CLI_ARGS_ followed by a subcommand name.
bool is_cli_args_variable(std::string_view name);

// A run's argv without the words of `environment_words` it carries (each taken once, the
// first after the subcommand that equals it), and those words: what goes to terraform in
// TF_CLI_ARGS_<subcommand> instead. Terraform puts that variable's words right after the
// subcommand, where tfw put the user's words before its own: later flags still win.
struct ArgvAndEnvironment {
    std::vector<std::string> argv;
    std::vector<std::string> environment;
};
ArgvAndEnvironment split_environment_words(const std::vector<std::string>& args,
                                           const std::vector<std::string>& environment_words);

// --terraform-bin, else TFW_TERRAFORM_BIN, else `terraform` on PATH. Throws
// ProcessNotFound with a message naming what was tried.
std::filesystem::path resolve_terraform_binary(const std::string& from_option);

}  // namespace tfw::shell
