#include "tfw/shell/root_lock.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "tfw/shell/file_io.hpp"

namespace tfw::shell {

int lock_directory(const std::filesystem::path& dir) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    int result = 0;
    do result = ::flock(fd, LOCK_EX | LOCK_NB);
    while (result != 0 && errno == EINTR);
    if (result == 0) return fd;
    int error = errno;
    ::close(fd);
    errno = error;
    return -1;
}

RootLock::RootLock(const std::filesystem::path& root_dir) {
    fd_ = lock_directory(root_dir);
    // A missing directory is reported by the caller, in its own words.
    if (fd_ < 0 && errno == EWOULDBLOCK)
        throw RootBusy("another tfw run is active in " + absolute_directory(root_dir).string() +
                       " (one tfw at a time per root module); run again when it has finished");
}

RootLock::~RootLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace tfw::shell
