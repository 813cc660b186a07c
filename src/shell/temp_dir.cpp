#include "tfw/shell/temp_dir.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "tfw/shell/root_lock.hpp"

namespace tfw::shell {

namespace {

std::filesystem::path temp_base() {
    const char* base = std::getenv("TMPDIR");
    return base && *base ? base : "/tmp";
}

bool has_mkdtemp_suffix(std::string_view name, std::string_view prefix) {
    return name.size() == prefix.size() + 6 && name.starts_with(prefix);
}

}  // namespace

int remove_abandoned_plan_dirs(const std::filesystem::path& base) {
    std::error_code error;
    std::filesystem::directory_iterator entries(base, error);
    if (error) return 0;
    const auto now = std::chrono::system_clock::now();
    int removed = 0;
    // Incremented with an error code: a directory that changes under the sweep ends it,
    // it never throws.
    for (; entries != std::filesystem::directory_iterator(); entries.increment(error)) {
        const std::filesystem::directory_entry& entry = *entries;
        const std::string name = entry.path().filename().string();
        const bool plan_dir = has_mkdtemp_suffix(name, plan_dir_prefix);
        if (!plan_dir && !has_mkdtemp_suffix(name, new_dir_prefix)) continue;
        struct stat info {};
        if (::lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != ::geteuid()) continue;
        // A new directory is locked microseconds after its creation; one a minute old
        // belongs to a run killed in between.
        if (!plan_dir && now - std::chrono::system_clock::from_time_t(info.st_mtime) < std::chrono::minutes(1)) continue;
        int fd = lock_directory(entry.path());
        if (fd < 0) continue;
        std::error_code removal;
        std::filesystem::remove_all(entry.path(), removal);
        if (!removal) ++removed;
        ::close(fd);
    }
    return removed;
}

TempDir::TempDir() {
    const std::filesystem::path base = temp_base();
    remove_abandoned_plan_dirs(base);
    for (;;) {
        std::string created = (base / (std::string(new_dir_prefix) + "XXXXXX")).string();
        if (!::mkdtemp(created.data()))
            throw std::runtime_error("cannot create a temporary directory " + created + ": " + std::strerror(errno));
        // Where the file system cannot lock, no sweep can lock the directory either, so
        // none removes it: the run goes on without the lock.
        lock_fd_ = lock_directory(created);
        std::filesystem::path named = base / (std::string(plan_dir_prefix) + created.substr(created.size() - 6));
        // Never over another run's directory of the same name: mkdtemp only made
        // `created` unique.
        int renamed = ::renameat2(AT_FDCWD, created.c_str(), AT_FDCWD, named.c_str(), RENAME_NOREPLACE);
        if (renamed != 0 && errno == EINVAL) {  // a file system that cannot refuse to replace
            struct stat existing {};
            if (::lstat(named.c_str(), &existing) == 0) errno = EEXIST;
            else renamed = ::rename(created.c_str(), named.c_str());
        }
        if (renamed == 0) {
            path_ = named;
            return;
        }
        int error = errno;
        if (lock_fd_ >= 0) ::close(lock_fd_);
        lock_fd_ = -1;
        ::rmdir(created.c_str());
        if (error != EEXIST)
            throw std::runtime_error("cannot create a temporary directory " + named.string() + ": " + std::strerror(error));
    }
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
    if (lock_fd_ >= 0) ::close(lock_fd_);
}

}  // namespace tfw::shell
