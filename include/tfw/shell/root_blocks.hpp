// Removed and import blocks in root modules: planning a root with them injected for a
// moment, and writing them into the root's own file for good.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/shell/moved_writer.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

struct BlocksPlan {
    std::optional<core::Plan> plan;  // `show -json` of the plan, when it succeeded
    std::string failure;             // else terraform's first error line
};

// `terraform plan` of the root module with the moved blocks of `moves` and `blocks` in
// tfw's temporary file (removed on every exit path, see MovedFileGuard), saved to
// `plan_file` and shown as JSON.
BlocksPlan plan_with_blocks(Terraform& terraform, const std::filesystem::path& root_dir,
                            const std::vector<std::pair<core::Address, core::Address>>& moves,
                            const std::vector<std::string>& blocks, const std::vector<std::string>& terraform_args,
                            const std::filesystem::path& plan_file);

struct RootBlocks {
    std::filesystem::path dir;        // the root module itself
    std::vector<std::string> blocks;  // rendered, each ending with a newline
};

// Appends each root's blocks to `file_name` in that root module's directory, leaving the
// existing bytes as they were; a block already in that file is not written again. Every
// file is staged before any is committed, so a failed write changes none.
std::vector<WrittenFile> write_root_blocks(const std::vector<RootBlocks>& roots, const std::string& file_name);

}  // namespace tfw::shell
