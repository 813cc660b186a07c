#include "tfw/shell/root_lock.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "tfw/shell/file_io.hpp"

namespace tfw::shell {

RootLock::RootLock(const std::filesystem::path& root_dir) {
    // O_CLOEXEC: terraform must not inherit the lock and keep it after tfw is gone.
    int fd = ::open(root_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // a missing directory is reported by the caller, in its own words
    int result = 0;
    do result = ::flock(fd, LOCK_EX | LOCK_NB);
    while (result != 0 && errno == EINTR);
    if (result == 0) {
        fd_ = fd;
        return;
    }
    int error = errno;
    ::close(fd);
    if (error == EWOULDBLOCK)
        throw RootBusy("another tfw run is active in " + absolute_directory(root_dir).string() +
                       " (one tfw at a time per root module); run again when it has finished");
}

RootLock::~RootLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace tfw::shell
