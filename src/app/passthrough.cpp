#include "tfw/app/passthrough.hpp"

#include "tfw/app/root_plan.hpp"
#include "tfw/shell/process.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {

TerraformVersion terraform_version(const std::string& terraform_bin, bool json) {
    shell::Terraform terraform(shell::resolve_terraform_binary(terraform_bin), {});
    std::vector<std::string> args = {"version"};
    if (json) args.push_back("-json");
    shell::ProcessResult version = terraform.run(args);
    return {version.exit_code, std::move(version.stdout_text), std::move(version.stderr_text)};
}

void hand_over_to_terraform(const std::filesystem::path& root_dir, const std::string& terraform_bin,
                            const std::vector<std::string>& argv, const std::function<void(const std::string&)>& say) {
    remove_stale_files_unless_busy(root_dir, say);
    std::vector<std::string> forwarded;
    for (const auto& arg : argv)
        if (arg.rfind("--terraform-bin", 0) != 0) forwarded.push_back(arg);
    shell::exec_process(shell::resolve_terraform_binary(terraform_bin), forwarded);
}

}  // namespace tfw::app
