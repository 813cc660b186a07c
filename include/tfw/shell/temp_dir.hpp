// A private directory under $TMPDIR for plan files, removed with everything in it.
#pragma once

#include <filesystem>

namespace tfw::shell {

class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace tfw::shell
