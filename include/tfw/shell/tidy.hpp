// `tfw tidy` against the real files and terraform: the moved blocks of the root module and
// its local modules, each workspace's state, the replans that confirm a removal in a
// private copy of the configuration, and the atomic removal itself.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tfw/core/write/placement.hpp"
#include "tfw/core/tidy/tidy.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

// Every moved block in the .tf files of the root module and of its local modules (never a
// download), once per directory however many module calls use it, with the reason its
// module counts as shared: a directory outside the root module's tree, which other roots
// can use, or one in a git repository whose HEAD carries a tag, i.e. a published version.
// Block files are named relative to `root_dir`. Throws core::HclError on a syntax error.
std::vector<core::TidyBlock> find_tidy_blocks(const std::filesystem::path& root_dir, const core::ModuleDirs& dirs);

// How terraform is run for a root module: `terraform` with the user's global arguments
// (-chdir) and the plan arguments (-var, -var-file) given to tidy.
struct TidyTerraform {
    Terraform& terraform;
    std::vector<std::string> plan_args;
    // Another backend configuration of the root (--backend-config FILE), initialised in a
    // data directory of tfw's own: TF_DATA_DIR for every call. Empty: the root's own.
    std::filesystem::path data_dir;
    std::string label;  // put before its workspaces' names: "envs/prod.hcl: "
};

// The settings of the root's backend that come from `terraform init -backend-config`
// rather than its files (backend_config.hpp): not empty means other environments may
// keep states this initialised backend cannot see. Empty without a backend block or an
// initialised data directory.
std::vector<std::string> settings_from_backend_config(const std::filesystem::path& root_dir);

// `terraform init -backend-config=FILE` of the root in a private data directory under
// `scratch`, changing nothing of the root's own. Throws naming the file on failure.
TidyTerraform initialise_backend_config(Terraform& terraform, const std::vector<std::string>& plan_args,
                                        const std::filesystem::path& root_dir, const std::string& file,
                                        const std::filesystem::path& scratch);

// `terraform workspace list`, then `terraform state pull` in each workspace (TF_WORKSPACE),
// which changes nothing. Throws a one-line std::runtime_error naming the workspace when a
// state cannot be read: tidy must not decide on a state it has not seen.
std::vector<core::WorkspaceState> read_workspace_states(TidyTerraform& run);

// Replans every workspace with the blocks (in the root module, as the user would) and
// without the removable ones (in a private copy, so no file of the user's changes), and
// keeps each removable block that a difference touches, with the workspace's name.
// Throws when a plan fails, naming the workspace and terraform's first error line.
void confirm_by_replanning(TidyTerraform& run, const std::filesystem::path& root_dir, const core::ModuleDirs& dirs,
                           const std::vector<core::TidyBlock>& blocks, const std::vector<std::string>& workspaces,
                           std::vector<core::TidyVerdict>& verdicts);

// Removes the blocks marked `remove` from their files, every other byte as it was; a file
// left without configuration is removed. All files are staged before any is replaced, so
// a file that cannot be written leaves every file as it was (one-line error naming it).
// Returns the files changed, relative to `root_dir`.
std::vector<std::string> remove_tidy_blocks(const std::filesystem::path& root_dir,
                                            const std::vector<core::TidyBlock>& blocks,
                                            const std::vector<core::TidyVerdict>& verdicts);

}  // namespace tfw::shell
