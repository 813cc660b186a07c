#include "tfw/shell/root_lock.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <numeric>
#include <thread>

#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"

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

std::vector<std::size_t> lock_order(const std::vector<std::filesystem::path>& dirs) {
    std::vector<std::filesystem::path> absolute;
    for (const auto& dir : dirs) absolute.push_back(absolute_directory(dir));
    std::vector<std::size_t> order(dirs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return absolute[a] < absolute[b]; });
    return order;
}

RootLock::RootLock(const std::filesystem::path& root_dir) : RootLock(root_dir, LockWait{}) {}

namespace {

// Whether the lock could not be taken because the file system has no locks (some
// network file systems), or the directory is missing, which the caller reports in its own
// words: then the run goes on without it. Any other failure, a directory this user cannot
// open above all, fails closed.
bool runs_without_a_lock(int error) { return error == ENOLCK || error == EOPNOTSUPP || error == ENOTSUP || error == ENOENT; }

[[noreturn]] void cannot_lock(const std::filesystem::path& root_dir, int error) {
    throw std::runtime_error("cannot take tfw's lock on the root module " + absolute_directory(root_dir).string() + ": " +
                             std::strerror(error));
}

}  // namespace

RootLock::RootLock(const std::filesystem::path& root_dir, const LockWait& wait) {
    fd_ = lock_directory(root_dir);
    if (fd_ >= 0 || runs_without_a_lock(errno)) return;
    if (errno != EWOULDBLOCK) cannot_lock(root_dir, errno);
    const std::string dir = absolute_directory(root_dir).string();
    if (wait.timeout <= std::chrono::nanoseconds::zero())
        throw RootBusy("another tfw run is active in " + dir +
                       " (one tfw at a time per root module); run again when it has finished");
    if (wait.on_wait) wait.on_wait(dir);
    const auto deadline = std::chrono::steady_clock::now() + wait.timeout;
    for (;;) {
        throw_if_interrupted();
        auto left = deadline - std::chrono::steady_clock::now();
        if (left <= std::chrono::nanoseconds::zero()) break;
        // Short turns: a signal (the handler only records it) is seen within one.
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(100)));
        fd_ = lock_directory(root_dir);
        if (fd_ >= 0 || runs_without_a_lock(errno)) return;
        if (errno != EWOULDBLOCK) cannot_lock(root_dir, errno);
    }
    throw RootBusy("tfw's lock on the root module " + dir + " was still held by another tfw run after " +
                   wait.option + "; run again when it has finished");
}

RootLock::~RootLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace tfw::shell
