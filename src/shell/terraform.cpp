#include "tfw/shell/terraform.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "tfw/core/parse/shell_words.hpp"

extern char** environ;

namespace tfw::shell {

bool is_cli_args_variable(std::string_view name) {
    constexpr std::string_view cli_args = "TF_CLI_ARGS";
    return name == cli_args || (name.size() > cli_args.size() + 1 && name.substr(0, cli_args.size()) == cli_args &&
                                name[cli_args.size()] == '_');
}

ArgvAndEnvironment split_environment_words(const std::vector<std::string>& args,
                                           const std::vector<std::string>& environment_words) {
    ArgvAndEnvironment out{args, {}};
    if (out.argv.empty()) return out;
    for (const auto& word : environment_words) {
        const auto found = std::find(out.argv.begin() + 1, out.argv.end(), word);
        if (found == out.argv.end()) continue;
        out.environment.push_back(*found);
        out.argv.erase(found);
    }
    return out;
}

Terraform::Terraform(std::filesystem::path binary, std::vector<std::string> global_args)
    : binary_(std::move(binary)), global_args_(std::move(global_args)) {
    for (char** entry = environ; entry && *entry; ++entry) {
        std::string_view text(*entry);
        const std::size_t equals = text.find('=');
        std::string_view name = text.substr(0, equals);
        if (!is_cli_args_variable(name)) continue;
        cli_args_variables_.emplace_back(name);
        try {
            auto words = core::split_shell_words(text.substr(equals + 1), name);
            environment_words_.insert(environment_words_.end(), words.begin(), words.end());
        } catch (const std::invalid_argument&) {
            // The command line refused it already where tfw reads it; no word of it is in argv.
        }
    }
}

namespace {

// `args` after the global ones, the user's words from TF_CLI_ARGS* moved to the
// environment, and every one of the user's TF_CLI_ARGS* variables removed.
std::vector<std::string> child_argv(const std::vector<std::string>& global_args, const std::vector<std::string>& args,
                                    const std::vector<std::string>& environment_words,
                                    const std::vector<std::string>& cli_args_variables, ProcessOptions& options) {
    ArgvAndEnvironment split = split_environment_words(args, environment_words);
    options.env_removed.insert(options.env_removed.end(), cli_args_variables.begin(), cli_args_variables.end());
    if (!split.environment.empty()) {
        std::string variable = "TF_CLI_ARGS_" + split.argv.front();
        for (char& c : variable)
            if (c == '-' || c == ' ') c = '_';
        options.env_removed.push_back(variable);
        options.env_overrides.emplace_back(variable, core::quote_shell_words(split.environment));
    }
    std::vector<std::string> argv = global_args;
    argv.insert(argv.end(), split.argv.begin(), split.argv.end());
    return argv;
}

}  // namespace

ProcessResult Terraform::run(const std::vector<std::string>& args, const ProcessOptions& options) {
    return run_with(global_args_, args, options);
}

ProcessResult Terraform::run_in(const std::filesystem::path& config_dir, const std::vector<std::string>& args,
                                const ProcessOptions& options) {
    std::vector<std::string> global_args;
    for (const auto& arg : global_args_)
        if (arg.rfind("-chdir=", 0) != 0) global_args.push_back(arg);
    global_args.push_back("-chdir=" + config_dir.string());
    return run_with(global_args, args, options);
}

ProcessResult Terraform::run_with(const std::vector<std::string>& global_args, const std::vector<std::string>& args,
                                  const ProcessOptions& options) {
    ProcessOptions child = options;
    const std::vector<std::string> argv = child_argv(global_args, args, environment_words_, cli_args_variables_, child);
    auto start = std::chrono::steady_clock::now();
    ProcessResult result = run_process(binary_, argv, child);
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    calls_.push_back({args, result.exit_code, elapsed.count()});
    return result;
}

std::unique_ptr<BackgroundProcess> Terraform::start(const std::vector<std::string>& args, const ProcessOptions& options,
                                                     const std::filesystem::path& output_file) {
    ProcessOptions child = options;
    const std::vector<std::string> argv = child_argv(global_args_, args, environment_words_, cli_args_variables_, child);
    return std::make_unique<BackgroundProcess>(binary_, argv, child, output_file);
}

std::filesystem::path resolve_terraform_binary(const std::string& from_option) {
    std::string wanted = from_option;
    std::string origin = "--terraform-bin";
    if (wanted.empty()) {
        if (const char* env = std::getenv("TFW_TERRAFORM_BIN"); env && *env) {
            wanted = env;
            origin = "TFW_TERRAFORM_BIN";
        }
    }
    if (wanted.empty()) {
        if (auto found = find_executable("terraform")) return *found;
        throw ProcessNotFound("terraform not found on PATH; install Terraform or pass --terraform-bin=PATH");
    }
    if (auto found = find_executable(wanted)) return *found;
    throw ProcessNotFound("terraform binary \"" + wanted + "\" (from " + origin + ") not found or not executable");
}

}  // namespace tfw::shell
