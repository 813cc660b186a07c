// The files of a module directory that Terraform reads as its configuration: the one
// list every reader of tfw's uses (moved blocks, lifecycles, tidy, the backend block), so
// that tfw reads exactly the files terraform reads.
#pragma once

#include <filesystem>
#include <system_error>
#include <vector>

namespace tfw::shell {

// The configuration files in `dir` (core::is_configuration_file_name), in the order
// Terraform merges them: the others by name, then the override files by name. Regular
// files only, a symbolic link followed only to a regular file: a dangling link (an
// editor's lock) is no file terraform reads. Throws a one-line std::runtime_error naming
// `dir` when it cannot be listed.
std::vector<std::filesystem::path> configuration_files(const std::filesystem::path& dir);

// The same, reporting a directory that cannot be listed in `error` instead.
std::vector<std::filesystem::path> configuration_files(const std::filesystem::path& dir, std::error_code& error);

}  // namespace tfw::shell
