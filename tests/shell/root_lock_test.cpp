#include "tfw/shell/root_lock.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <optional>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace tfw::shell;
using testing::ScratchDir;

namespace {

std::string busy_message(const fs::path& dir) {
    try {
        RootLock second(dir);
    } catch (const RootBusy& busy) {
        return busy.what();
    }
    return "not busy";
}

// A child that takes the lock, reports through a pipe that it has, and then waits to be killed.
pid_t child_holding_lock(const fs::path& dir) {
    int ready[2];
    BOOST_TEST_REQUIRE(::pipe(ready) == 0);
    pid_t child = ::fork();
    if (child == 0) {
        RootLock held(dir);
        char byte = held.held() ? 'y' : 'n';
        (void)!::write(ready[1], &byte, 1);
        ::pause();
        ::_exit(0);
    }
    char byte = 0;
    BOOST_TEST_REQUIRE(::read(ready[0], &byte, 1) == 1);
    ::close(ready[0]);
    ::close(ready[1]);
    BOOST_TEST_REQUIRE(byte == 'y');
    return child;
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_lock_per_root_module) {
    ScratchDir dir;
    ScratchDir other;
    {
        RootLock first(dir.path);
        BOOST_TEST(first.held());
        const std::string message = busy_message(dir.path);
        BOOST_TEST(message.find("another tfw run is active in " + dir.path.string()) == 0u, message);
        BOOST_TEST(message.find('\n') == std::string::npos);
        // Another root module is another lock.
        RootLock elsewhere(other.path);
        BOOST_TEST(elsewhere.held());
    }
    // Released with its holder; and it leaves no file in the user's directory.
    RootLock again(dir.path);
    BOOST_TEST(again.held());
    BOOST_TEST(dir.names().empty());
}

// However the holder dies, the kernel drops its lock: a crash never blocks the next run.
BOOST_AUTO_TEST_CASE(a_killed_holder_releases_the_lock) {
    ScratchDir dir;
    pid_t child = child_holding_lock(dir.path);
    BOOST_TEST(busy_message(dir.path) != "not busy");
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    RootLock after(dir.path);
    BOOST_TEST(after.held());
}

// Processes tfw starts do not inherit the lock: terraform outliving tfw must not hold it.
BOOST_AUTO_TEST_CASE(the_lock_is_not_inherited_across_exec) {
    ScratchDir dir;
    std::optional<RootLock> lock(std::in_place, dir.path);
    BOOST_TEST_REQUIRE(lock->held());
    // The pipe's write end closes on exec: end of file says the child has exec'd.
    int exec_done[2];
    BOOST_TEST_REQUIRE(::pipe2(exec_done, O_CLOEXEC) == 0);
    pid_t child = ::fork();
    if (child == 0) {
        ::execl("/bin/sleep", "sleep", "30", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    BOOST_TEST_REQUIRE(child > 0);
    ::close(exec_done[1]);
    char byte = 0;
    BOOST_TEST_REQUIRE(::read(exec_done[0], &byte, 1) == 0);
    ::close(exec_done[0]);
    lock.reset();
    BOOST_TEST(busy_message(dir.path) == "not busy", "the exec'd child kept the lock");
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
}

BOOST_AUTO_TEST_CASE(a_missing_directory_is_left_to_the_caller) {
    ScratchDir dir;
    RootLock lock(dir.path / "missing");
    BOOST_TEST(!lock.held());
}

// Issue 48: a directory this user cannot open is no reason to run unlocked: the run stops
// with a line naming the directory. Root opens anything, so as root the check runs in a
// child that has become `nobody`.
BOOST_AUTO_TEST_CASE(a_directory_this_user_cannot_open_fails_closed) {
    ScratchDir dir;
    const fs::path root = dir.path / "root";
    fs::create_directory(root);
    ::chmod(root.c_str(), 0);
    const auto message = [&]() -> std::string {
        try {
            RootLock lock(root);
        } catch (const std::runtime_error& error) {
            return error.what();
        }
        return "no error";
    };
    const std::string expected = "cannot take tfw's lock on the root module " + root.string() + ": Permission denied";
    if (::geteuid() != 0) {
        BOOST_TEST(message() == expected);
    } else {
        pid_t child = ::fork();
        if (child == 0) {
            if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(2);
            ::_exit(message() == expected ? 0 : 1);
        }
        int status = 0;
        ::waitpid(child, &status, 0);
        BOOST_TEST(WIFEXITED(status));
        BOOST_TEST(WEXITSTATUS(status) == 0);
    }
    ::chmod(root.c_str(), 0700);
}

// -lock-timeout=D: a run waits for the holder, saying so once, and takes the lock when
// the holder goes; if the holder outlasts D, the error names the lock and the option.
BOOST_AUTO_TEST_CASE(with_a_timeout_a_run_waits_for_the_holder) {
    ScratchDir dir;
    pid_t child = child_holding_lock(dir.path);
    int announced = 0;
    LockWait wait{std::chrono::milliseconds(300), "-lock-timeout=300ms", [&](const std::string&) { ++announced; }};
    std::string message = "not busy";
    try {
        RootLock second(dir.path, wait);
    } catch (const RootBusy& busy) {
        message = busy.what();
    }
    BOOST_TEST(announced == 1);
    BOOST_TEST(message == "tfw's lock on the root module " + dir.path.string() +
                              " was still held by another tfw run after -lock-timeout=300ms; run again when it has finished");

    // The holder goes while the run waits: the run takes the lock. The holder is killed
    // when the run announces its wait, so the overlap does not depend on timing.
    announced = 0;
    wait.timeout = std::chrono::minutes(2);
    wait.on_wait = [&](const std::string& waiting_on) {
        ++announced;
        BOOST_TEST(waiting_on == dir.path.string());
        ::kill(child, SIGKILL);
    };
    RootLock after(dir.path, wait);
    BOOST_TEST(after.held());
    BOOST_TEST(announced == 1);
    int status = 0;
    ::waitpid(child, &status, 0);
}

// A zero timeout is no wait, and a free lock is taken without announcing a wait.
BOOST_AUTO_TEST_CASE(a_zero_timeout_fails_at_once_and_a_free_lock_needs_no_wait) {
    ScratchDir dir;
    int announced = 0;
    {
        RootLock free_lock(dir.path, LockWait{std::chrono::minutes(2), "-lock-timeout=2m", [&](const std::string&) { ++announced; }});
        BOOST_TEST(free_lock.held());
    }
    BOOST_TEST(announced == 0);
    pid_t child = child_holding_lock(dir.path);
    std::string message;
    try {
        RootLock second(dir.path, LockWait{std::chrono::seconds(0), "-lock-timeout=0s", [&](const std::string&) { ++announced; }});
    } catch (const RootBusy& busy) {
        message = busy.what();
    }
    BOOST_TEST(announced == 0);
    BOOST_TEST(message.find("another tfw run is active in " + dir.path.string()) == 0u, message);
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
}

// Issue 48: two runs naming the same roots in opposite orders take their locks in one order.
BOOST_AUTO_TEST_CASE(roots_are_locked_in_one_order_whatever_order_names_them) {
    const std::vector<fs::path> forward = {"/srv/b", "/srv/a", "/srv/c/../0"};
    const std::vector<fs::path> backward = {"/srv/c/../0", "/srv/a", "/srv/b"};
    BOOST_TEST(lock_order(forward) == std::vector<std::size_t>({2, 1, 0}), boost::test_tools::per_element());
    BOOST_TEST(lock_order(backward) == std::vector<std::size_t>({0, 1, 2}), boost::test_tools::per_element());
    BOOST_TEST(lock_order({}).empty());
}
