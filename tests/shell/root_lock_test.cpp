#include "tfw/shell/root_lock.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <csignal>
#include <fcntl.h>
#include <optional>
#include <string>
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
