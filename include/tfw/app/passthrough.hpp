// The commands tfw hands to terraform: `version` (terraform's, after tfw's own) and any
// command tfw does not handle, which terraform runs in tfw's place.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tfw::app {

// `terraform version` (or `version -json`) with `terraform_bin` (--terraform-bin, else
// TFW_TERRAFORM_BIN, else PATH).
struct TerraformVersion {
    int exit_code = 0;
    std::string stdout_text;
    std::string stderr_text;
};
TerraformVersion terraform_version(const std::string& terraform_bin, bool json);

// Removes what an interrupted tfw left in `root_dir` unless another tfw run holds it
// (saying so, one line each), then replaces this process with terraform and `argv`,
// --terraform-bin options left out. Does not return.
[[noreturn]] void hand_over_to_terraform(const std::filesystem::path& root_dir, const std::string& terraform_bin,
                                         const std::vector<std::string>& argv,
                                         const std::function<void(const std::string&)>& say);

}  // namespace tfw::app
