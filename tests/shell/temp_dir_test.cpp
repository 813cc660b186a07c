#include "tfw/shell/temp_dir.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <csignal>
#include <cstdlib>
#include <optional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

namespace fs = std::filesystem;
using namespace tfw::shell;
using testing::put;
using testing::ScratchDir;

namespace {

// TMPDIR points at a fresh directory for the life of the fixture.
struct TmpdirFixture {
    ScratchDir base;
    std::optional<std::string> saved;
    TmpdirFixture() {
        if (const char* old = std::getenv("TMPDIR")) saved = old;
        ::setenv("TMPDIR", base.path.c_str(), 1);
    }
    ~TmpdirFixture() {
        if (saved) ::setenv("TMPDIR", saved->c_str(), 1);
        else ::unsetenv("TMPDIR");
    }
};

// A child that makes a TempDir, writes its path to a pipe, and waits to be killed.
struct ChildWithTempDir {
    pid_t pid = -1;
    fs::path dir;
    ChildWithTempDir() {
        int ready[2];
        BOOST_TEST_REQUIRE(::pipe(ready) == 0);
        pid = ::fork();
        if (pid == 0) {
            TempDir temp;
            const std::string path = temp.path().string() + "\n";
            (void)!::write(ready[1], path.data(), path.size());
            ::pause();
            ::_exit(0);
        }
        ::close(ready[1]);
        std::string path;
        char byte = 0;
        while (::read(ready[0], &byte, 1) == 1 && byte != '\n') path += byte;
        ::close(ready[0]);
        dir = path;
    }
    void kill() {
        ::kill(pid, SIGKILL);
        int status = 0;
        ::waitpid(pid, &status, 0);
        pid = -1;
    }
    ~ChildWithTempDir() {
        if (pid > 0) kill();
    }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(a_temp_dir_is_private_and_removed_with_its_files, TmpdirFixture) {
    fs::path kept;
    {
        TempDir temp;
        kept = temp.path();
        BOOST_TEST(kept.parent_path() == base.path);
        BOOST_TEST(kept.filename().string().starts_with(plan_dir_prefix));
        BOOST_TEST(static_cast<unsigned>(fs::status(kept).permissions() & fs::perms::all) == 0700u);
        put(kept / "plan.tfplan", "plan");
        BOOST_TEST(base.names() == std::vector<std::string>{kept.filename().string()});
    }
    BOOST_TEST(!fs::exists(kept));
    BOOST_TEST(base.names().empty());
}

// A SIGKILLed run cannot remove its plan files; the next run does, and never a live run's.
BOOST_FIXTURE_TEST_CASE(the_next_run_removes_the_plan_dir_of_a_killed_run, TmpdirFixture) {
    ChildWithTempDir killed;
    ChildWithTempDir alive;
    BOOST_TEST_REQUIRE(fs::is_directory(killed.dir));
    BOOST_TEST_REQUIRE(fs::is_directory(alive.dir));
    put(killed.dir / "plan-1.tfplan", "secret");
    killed.kill();

    TempDir next;
    BOOST_TEST(!fs::exists(killed.dir));
    BOOST_TEST(fs::is_directory(alive.dir));
    BOOST_TEST(fs::is_directory(next.path()));
}

BOOST_FIXTURE_TEST_CASE(the_sweep_takes_only_abandoned_plan_dirs, TmpdirFixture) {
    const std::vector<std::string> untouched = {"tfw-plan-short", "tfw-plan-toolong", "tfw-e2e-abcdef", "other"};
    for (const auto& name : untouched) fs::create_directory(base.path / name);
    put(base.path / "tfw-plan-afile1", "a file, not a plan directory");
    fs::create_directory(base.path / "tfw-plan-abc123");
    put(base.path / "tfw-plan-abc123" / "plan-1.tfplan", "plan");
    fs::create_directory(base.path / "tfw-new-ab12cd");  // killed between mkdtemp and lock, long ago
    const struct utimbuf long_ago = {0, 0};
    BOOST_TEST_REQUIRE(::utime((base.path / "tfw-new-ab12cd").c_str(), &long_ago) == 0);
    fs::create_directory(base.path / "tfw-new-ef34gh");  // the same, a moment ago: perhaps not yet locked

    BOOST_TEST(remove_abandoned_plan_dirs(base.path) == 2);
    std::vector<std::string> expected = untouched;
    expected.push_back("tfw-new-ef34gh");
    expected.push_back("tfw-plan-afile1");
    std::sort(expected.begin(), expected.end());
    BOOST_TEST(base.names() == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_missing_base_is_nothing_to_sweep) {
    ScratchDir dir;
    BOOST_TEST(remove_abandoned_plan_dirs(dir.path / "missing") == 0);
}

BOOST_FIXTURE_TEST_CASE(an_unwritable_base_is_one_error_naming_it, TmpdirFixture) {
    ::setenv("TMPDIR", (base.path / "missing").c_str(), 1);
    try {
        TempDir temp;
        BOOST_FAIL("created " << temp.path());
    } catch (const std::runtime_error& error) {
        const std::string message = error.what();
        BOOST_TEST(message.starts_with("cannot create a temporary directory " + (base.path / "missing").string()),
                   message);
        BOOST_TEST(message.find('\n') == std::string::npos);
    }
}
