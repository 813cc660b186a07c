// `--write`: appending the placed moved blocks to each module directory's moved file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/write/placement.hpp"

namespace tfw::shell {

struct WrittenFile {
    std::filesystem::path path;
    std::size_t blocks = 0;
};

// Appends each placement not already declared in its directory (by any .tf file there)
// to `file_name`, atomically, leaving the existing bytes as they were. Writes nothing
// where nothing is new, so a second run changes no byte; and nothing at all when one of
// the files cannot be written.
std::vector<WrittenFile> write_moved_blocks(const std::filesystem::path& root_dir,
                                            const std::vector<core::Placement>& placements,
                                            const std::string& file_name);

// The `.terragrunt-cache` directory `root_dir` lies in (symlinks resolved), if any:
// terragrunt plans in a throwaway copy of the module there, so --write would be lost.
std::optional<std::filesystem::path> terragrunt_cache_of(const std::filesystem::path& root_dir);

// Terraform's data directory: TF_DATA_DIR, else `.terraform` (relative to the root module).
std::string data_dir_name();

// Whether `dir` (relative to the root module) is Terraform's data directory or inside it.
bool under_data_dir(const std::string& dir);

// The module directories recorded by `terraform init` (honours TF_DATA_DIR); just the
// root when there are no modules.
core::ModuleDirs read_module_dirs(const std::filesystem::path& root_dir);

}  // namespace tfw::shell
