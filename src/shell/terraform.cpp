#include "tfw/shell/terraform.hpp"

#include <cstdlib>

namespace tfw::shell {

Terraform::Terraform(std::filesystem::path binary, std::vector<std::string> global_args)
    : binary_(std::move(binary)), global_args_(std::move(global_args)) {}

ProcessResult Terraform::run(const std::vector<std::string>& args, const ProcessOptions& options) {
    std::vector<std::string> argv = global_args_;
    argv.insert(argv.end(), args.begin(), args.end());
    auto start = std::chrono::steady_clock::now();
    ProcessResult result = run_process(binary_, argv, options);
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    calls_.push_back({args, result.exit_code, elapsed.count()});
    return result;
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
