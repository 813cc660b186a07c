// A private directory under $TMPDIR for plan files, removed with everything in it.
//
// Plan files may hold sensitive values, and a tfw that is SIGKILLed cannot remove its
// directory. So each run holds an flock(2) on its own directory while it lives, and a new
// TempDir first removes every plan directory of this user whose lock is free: its run is
// gone. A directory is created under a name the sweep ignores, locked, and only then
// renamed to the name the sweep looks at, so a sweep never takes a directory in the
// instant between its creation and its lock.
#pragma once

#include <filesystem>
#include <string_view>

namespace tfw::shell {

// `tfw-plan-XXXXXX`: the name of a live or abandoned plan directory.
inline constexpr std::string_view plan_dir_prefix = "tfw-plan-";
// `tfw-new-XXXXXX`: a directory between its creation and its lock; swept once old.
inline constexpr std::string_view new_dir_prefix = "tfw-new-";

class TempDir {
public:
    // Throws std::runtime_error naming the directory it could not create.
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    int lock_fd_ = -1;
};

// Removes the plan directories in `base` that no live run holds (and `tfw-new-*` ones
// older than a minute); returns how many it removed. Best effort: what it cannot remove
// stays.
int remove_abandoned_plan_dirs(const std::filesystem::path& base);

}  // namespace tfw::shell
