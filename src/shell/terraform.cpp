#include "tfw/shell/terraform.hpp"

#include <cstdlib>

extern char** environ;

namespace tfw::shell {

bool is_cli_args_variable(std::string_view name) {
    constexpr std::string_view cli_args = "TF_CLI_ARGS";
    return name == cli_args || (name.size() > cli_args.size() + 1 && name.substr(0, cli_args.size()) == cli_args &&
                                name[cli_args.size()] == '_');
}

Terraform::Terraform(std::filesystem::path binary, std::vector<std::string> global_args)
    : binary_(std::move(binary)), global_args_(std::move(global_args)) {
    for (char** entry = environ; entry && *entry; ++entry) {
        std::string_view text(*entry);
        std::string_view name = text.substr(0, text.find('='));
        if (is_cli_args_variable(name)) cli_args_variables_.emplace_back(name);
    }
}

ProcessResult Terraform::run(const std::vector<std::string>& args, const ProcessOptions& options) {
    std::vector<std::string> argv = global_args_;
    argv.insert(argv.end(), args.begin(), args.end());
    ProcessOptions without_cli_args = options;
    without_cli_args.env_removed.insert(without_cli_args.env_removed.end(), cli_args_variables_.begin(),
                                        cli_args_variables_.end());
    auto start = std::chrono::steady_clock::now();
    ProcessResult result = run_process(binary_, argv, without_cli_args);
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    calls_.push_back({args, result.exit_code, elapsed.count()});
    return result;
}

std::unique_ptr<BackgroundProcess> Terraform::start(const std::vector<std::string>& args, const ProcessOptions& options,
                                                     const std::filesystem::path& output_file) {
    std::vector<std::string> argv = global_args_;
    argv.insert(argv.end(), args.begin(), args.end());
    ProcessOptions without_cli_args = options;
    without_cli_args.env_removed.insert(without_cli_args.env_removed.end(), cli_args_variables_.begin(),
                                        cli_args_variables_.end());
    return std::make_unique<BackgroundProcess>(binary_, argv, without_cli_args, output_file);
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
