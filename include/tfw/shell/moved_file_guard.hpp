// The temporary file of injected `moved` blocks in the root module directory. It lives
// exactly as long as its guard: every exit path, signals included, removes it, and a
// file left behind by a killed tfw is found and removed by the next run.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"

namespace tfw::shell {

// Files are `tfw-moved-<pid>.tf` and start with this line.
inline constexpr std::string_view moved_file_prefix = "tfw-moved-";
inline constexpr std::string_view moved_file_header =
    "# Temporary moved blocks injected by tfw while it plans. tfw deletes this file itself.";

// The backend override of plan_with_state.hpp: `tfw-moved-<pid>_override.tf`. tfw writes
// it in a view of the root (config_view.hpp) now; the tfw of 2026-12-07 and before wrote
// it in the root, so a killed run's may still be there, and is removed as a moved file is.
inline constexpr std::string_view override_file_suffix = "_override.tf";
inline constexpr std::string_view override_file_header =
    "# Temporary backend override written by tfw while it checks a migration between root modules. tfw deletes this file itself.";

class MovedFileGuard {
public:
    explicit MovedFileGuard(const std::filesystem::path& root_dir);
    ~MovedFileGuard();
    MovedFileGuard(const MovedFileGuard&) = delete;
    MovedFileGuard& operator=(const MovedFileGuard&) = delete;

    // The lines a block occupies, first and last, 1-based.
    struct LineRange {
        int first = 0;
        int last = 0;
    };

    // Replaces the file's blocks; an empty list removes the file. Returns, per move, the
    // lines of its block, so diagnostics can be traced back to a move. Throws a one-line
    // error naming the root module directory when the file cannot be written.
    // `other_blocks` (rendered, such as removed and import blocks) follow the moved ones.
    std::vector<LineRange> write(const std::vector<std::pair<core::Address, core::Address>>& moves,
                                 const std::vector<std::string>& other_blocks = {});
    void remove();

    const std::filesystem::path& path() const { return path_; }
    std::string file_name() const { return path_.filename().string(); }

private:
    std::filesystem::path path_;
    bool present_ = false;
};

// Removes files a killed tfw left in `root_dir` (moved files and backend overrides): ours by name and header (or, for a write
// cut short, the beginning of one), and owned by a process that no longer runs; when
// `root_locked` (this run holds the RootLock), by any process but this one. Returns what it
// removed; throws when a stale moved file stays, as terraform would plan with it.
std::vector<std::filesystem::path> remove_stale_moved_files(const std::filesystem::path& root_dir,
                                                            bool root_locked = false);

}  // namespace tfw::shell
