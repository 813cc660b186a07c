// A read-only root module directory: tfw cannot put its temporary moved file there, so it
// cannot try any move. It says so in one line naming the directory, exits 1 and changes
// nothing. It does not plan without the moves instead: a plan that destroys and recreates
// what tfw exists to move, from a command the user ran to avoid exactly that, would be
// worse than no plan. With nothing to move it needs no file and plans as usual.
//
// Root ignores file modes, so as root the test runs tfw as `nobody` (setpriv); it first
// proves that this user really cannot write there, and fails loudly if it can.
// Terraform's own writes are kept out of the directory: -lock=false (no lock file).
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "chaos.hpp"
#include "tfw/shell/process.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

const std::string permission_denied = std::strerror(EACCES);

struct ReadOnlyRoot {
    Workspace ws{"chaos_write"};
    std::vector<std::string> as_user;  // the command prefix that drops root, if needed

    explicit ReadOnlyRoot(bool refactored) {
        if (refactored) {
            ws.apply_before();
            ws.switch_to("after");
        } else {
            ws.apply_before();
        }
        if (::geteuid() == 0) {
            auto setpriv = tfw::shell::find_executable("setpriv");
            if (!setpriv) throw E2eError("setpriv (util-linux) is not on PATH: as root the read-only test needs it");
            as_user = {setpriv->string(), "--reuid=65534", "--regid=65534", "--clear-groups", "--"};
        }
        fs::create_directories(ws.scratch() / "tmp");
        fs::create_directories(ws.scratch() / "home");
        ws.set_environment("TMPDIR", (ws.scratch() / "tmp").string());
        ws.set_environment("HOME", (ws.scratch() / "home").string());
    }

    // Everything readable (and the scratch dirs writable) by the unprivileged user, the
    // root module directory itself read-only.
    void make_read_only() {
        const auto everyone_reads = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                    fs::perms::others_read | fs::perms::others_exec;
        fs::permissions(ws.dir().parent_path(), everyone_reads);
        for (const auto& entry : fs::recursive_directory_iterator(ws.dir()))
            if (!entry.is_symlink())
                fs::permissions(entry.path(), fs::perms::group_read | fs::perms::others_read, fs::perm_options::add);
        for (const auto& entry : fs::recursive_directory_iterator(ws.dir()))
            if (entry.is_directory() && !entry.is_symlink())
                fs::permissions(entry.path(), fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add);
        fs::permissions(ws.scratch(), everyone_reads);
        for (const char* dir : {"tmp", "home"}) fs::permissions(ws.scratch() / dir, fs::perms::all | fs::perms::sticky_bit);
        fs::permissions(ws.dir(), fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                      fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);

        // The precondition: the user tfw runs as really cannot create a file there.
        const RunResult probe = run_as_user("/bin/sh", {"-c", "echo probe > probe-of-the-read-only-test"});
        BOOST_TEST_REQUIRE(probe.exit_code != 0,
                           "cannot set up a read-only root module: the test's user could write in it\n"
                               << probe.describe());
        BOOST_TEST_REQUIRE(!ws.exists("probe-of-the-read-only-test"));
    }

    ~ReadOnlyRoot() {
        std::error_code ignored;
        fs::permissions(ws.dir(), fs::perms::owner_all, fs::perm_options::add, ignored);  // so it can be removed
    }

    RunResult run_as_user(const fs::path& program, const std::vector<std::string>& args) const {
        if (as_user.empty()) return ws.run(program, args);
        std::vector<std::string> full(as_user.begin() + 1, as_user.end());
        full.push_back(program.string());
        full.insert(full.end(), args.begin(), args.end());
        return ws.run(as_user.front(), full);
    }

    RunResult tfw(const std::vector<std::string>& args) const { return run_as_user(tfw_binary(), args); }

    bool temp_dirs_left() const { return !fs::is_empty(ws.scratch() / "tmp"); }
};

const std::vector<std::string> plan_args = {"plan", "-input=false", "-lock=false", "-no-color"};

}  // namespace

BOOST_AUTO_TEST_CASE(read_only_root_cannot_try_moves_and_says_so) {
    ReadOnlyRoot r(true);
    r.make_read_only();
    const Snapshot before = r.ws.snapshot();

    const RunResult run = r.tfw(plan_args);
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, "not one line on stderr:\n" << run.describe());
    BOOST_TEST(run.err.starts_with("tfw: error: cannot try moves"), run.describe());
    BOOST_TEST(run.err.find("root module directory " + r.ws.dir().string() + ",") != std::string::npos, run.describe());
    BOOST_TEST(run.err.find(permission_denied) != std::string::npos, run.describe());
    // No plan without the moves either: nothing on stdout.
    BOOST_TEST(run.out == "", run.describe());
    BOOST_TEST(snapshot_difference(before, r.ws.snapshot()) == "");
    BOOST_TEST(!r.temp_dirs_left());

    // --write fails the same way, before it could write anything.
    const RunResult write = r.tfw({"plan", "--write", "-input=false", "-lock=false", "-no-color"});
    BOOST_TEST(write.exit_code == 1, write.describe());
    BOOST_TEST(line_count(write.err) == 1u, write.describe());
    BOOST_TEST(write.err.starts_with("tfw: error: cannot try moves"), write.describe());
    BOOST_TEST(snapshot_difference(before, r.ws.snapshot()) == "");
}

BOOST_AUTO_TEST_CASE(read_only_root_with_nothing_to_move_plans_as_usual) {
    ReadOnlyRoot r(false);
    r.make_read_only();
    const Snapshot before = r.ws.snapshot();

    const RunResult run = r.tfw(plan_args);
    BOOST_TEST(run.exit_code == 0, run.describe());
    BOOST_TEST(run.out.find("No changes.") != std::string::npos, run.describe());
    BOOST_TEST(snapshot_difference(before, r.ws.snapshot()) == "");
    BOOST_TEST(!r.temp_dirs_left());
}

// A moved file a killed tfw left before the directory became read-only cannot be removed;
// planning anyway would plan with its blocks, so tfw stops and says which file it is.
BOOST_AUTO_TEST_CASE(read_only_root_with_a_stale_moved_file_stops) {
    ReadOnlyRoot r(false);
    pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    const std::string stale = "tfw-moved-" + std::to_string(child) + ".tf";
    r.ws.write_file(stale,
                    "# Temporary moved blocks injected by tfw while it plans. tfw deletes this file itself.\n\n"
                    "moved {\n  from = terraform_data.other\n  to   = terraform_data.elsewhere\n}\n");
    r.make_read_only();
    const Snapshot before = r.ws.snapshot();

    const RunResult run = r.tfw(plan_args);
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, "not one line on stderr:\n" << run.describe());
    BOOST_TEST(run.err.find("cannot remove ./" + stale + ", left by an interrupted tfw run") != std::string::npos,
               run.describe());
    BOOST_TEST(run.out == "", run.describe());
    BOOST_TEST(snapshot_difference(before, r.ws.snapshot()) == "");
}
