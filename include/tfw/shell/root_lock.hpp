// One tfw at a time per root module. tfw plans by putting its moved blocks in a file of
// the root module, and terraform reads every *.tf there: a second tfw planning in the
// same directory at the same moment would plan with the first one's blocks. Each run
// therefore holds an exclusive flock(2) on the root module directory itself, from
// before it cleans up stale files until it exits. The kernel drops the lock when the
// process dies, however it dies, so a crashed run never blocks the next one; and locking
// the directory creates no file in the user's repository and works when it is read-only.
//
// With terraform's -lock-timeout=D a run waits up to D for the lock, as terraform waits
// for its state lock: several runs started at once then take turns instead of failing.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfw::shell {

// Opens `dir` and takes an exclusive flock(2) on it without waiting: the descriptor
// (close-on-exec, so terraform never holds the lock), or -1 with errno set, EWOULDBLOCK
// when another open of the directory holds it. Also the lock of TempDir's directories.
int lock_directory(const std::filesystem::path& dir);

// Another process holds the lock; the message is one line naming the directory.
struct RootBusy : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// How long to wait for the lock: nothing by default.
struct LockWait {
    std::chrono::nanoseconds timeout{0};
    std::string option;              // as the user wrote it, for messages: "-lock-timeout=120s"
    // Called once, when the run starts to wait, with the root module's absolute directory.
    std::function<void(const std::string& dir)> on_wait;
};

// The order in which to lock several roots (their indexes): by absolute path, the same for
// every run whatever order its --root options name them in, so that two runs that each
// wait (-lock-timeout) never hold one lock and wait for the other's in a circle.
std::vector<std::size_t> lock_order(const std::vector<std::filesystem::path>& dirs);

class RootLock {
public:
    // Takes the lock without waiting: throws RootBusy when another run holds it. Where the
    // file system cannot lock at all (some network file systems), or the directory is
    // missing (the caller says so), it holds nothing; any other failure (a directory this
    // user cannot open) throws a one-line std::runtime_error naming the directory.
    explicit RootLock(const std::filesystem::path& root_dir);
    // Takes the lock, waiting up to `wait.timeout` for another run to release it (polling,
    // so that a signal interrupts the wait: throws Interrupted). Throws RootBusy, naming
    // the lock and the option, when it is still held then.
    RootLock(const std::filesystem::path& root_dir, const LockWait& wait);
    ~RootLock();
    RootLock(const RootLock&) = delete;
    RootLock& operator=(const RootLock&) = delete;

    // Whether this run is known to be the only tfw in the root module.
    bool held() const { return fd_ >= 0; }

private:
    int fd_ = -1;
};

}  // namespace tfw::shell
