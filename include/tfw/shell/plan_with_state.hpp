// Plans a root module against a state file instead of its own state, so that a migration
// is judged by Terraform before any state changes. A root on the local backend is planned
// with -state=FILE. Any other backend gets a backend override that points the local
// backend at the file, and a data directory of tfw's own (TF_DATA_DIR), so the root's
// .terraform and its backend settings stay as they are. Terraform then runs in a view of
// the root (config_view.hpp) that holds the override, never in the root itself: a tfw
// killed by SIGKILL leaves no file there that plain terraform would read.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/model/plan.hpp"
#include "tfw/core/parse/backend_config.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

// `terraform` runs in `root_dir` (its -chdir). `plan_args` are the user's plan options.
// Throws std::runtime_error with terraform's first error line.
core::Plan plan_with_state(Terraform& terraform, const std::filesystem::path& root_dir,
                           const std::filesystem::path& state_file, const std::filesystem::path& scratch,
                           const std::vector<std::string>& plan_args);

// The root's data directory: TF_DATA_DIR (relative to the root) or .terraform.
std::filesystem::path data_dir_of(const std::filesystem::path& root_dir);

// A data directory of tfw's own at `dir` (absolute, returned) for another backend
// configuration of `root_dir`: the root's installed modules and providers, so that init
// downloads nothing: modules copied (init may rewrite their manifest), providers linked
// (they can be large). The root's own backend settings stay where they are.
std::filesystem::path private_data_dir(const std::filesystem::path& root_dir, const std::filesystem::path& dir);

// The backend block Terraform uses for `root_dir`, from its .tf and .tf.json files
// (core::effective_backend_block), or none: the local backend. Throws on a syntax error.
std::optional<core::BackendBlock> backend_block_of(const std::filesystem::path& root_dir);

// Whether `terraform init` has recorded a backend in the root's data directory.
bool is_initialised(const std::filesystem::path& root_dir);

// The workspace terraform uses in `root_dir`: $TF_WORKSPACE, else the one `terraform
// workspace select` recorded in its data directory, else "default".
std::string workspace_of(const std::filesystem::path& root_dir);

}  // namespace tfw::shell
