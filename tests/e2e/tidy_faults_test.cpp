// tfw tidy --write when something fails: a file it cannot write leaves every file as it
// was and says which file in one line; a state it cannot read (no initialised backend, a
// held lock) stops it before it writes anything.
//
// Root ignores file modes, so as root the unwritable-file case runs tfw as `nobody`
// (setpriv), as chaos_read_only_test does, and first proves that user cannot write there.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <thread>

#include <unistd.h>

#include "chaos.hpp"
#include "tfw/shell/process.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

void apply(Workspace& ws, const std::string& workspace) {
    ws.set_environment("TF_WORKSPACE", workspace);
    RunResult applied = ws.terraform({"apply", "-auto-approve", "-input=false"});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    ws.set_environment("TF_WORKSPACE", "");  // empty: no override
}

// Both workspaces have applied the refactor: tidy would remove moved.tf and the block
// at the end of modules/net/main.tf.
struct Tidyable {
    Workspace ws{"tidy_workspaces"};
    Tidyable() {
        ws.apply_before();
        RunResult created = ws.terraform({"workspace", "new", "staging"});
        BOOST_TEST_REQUIRE(created.exit_code == 0, created.describe());
        apply(ws, "staging");
        ws.switch_to("after");
        apply(ws, "default");
        apply(ws, "staging");
    }
};

bool leftovers(const Workspace& ws) {
    for (const auto& entry : fs::recursive_directory_iterator(ws.dir()))
        if (is_tfw_leftover(entry.path().filename().string())) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_file_that_cannot_be_written_leaves_every_file_as_it_was) {
    Tidyable t;
    Workspace& ws = t.ws;
    std::vector<std::string> as_user;
    if (::geteuid() == 0) {
        auto setpriv = tfw::shell::find_executable("setpriv");
        BOOST_TEST_REQUIRE(setpriv.has_value(), "setpriv (util-linux) is not on PATH: as root this test needs it");
        as_user = {"--reuid=65534", "--regid=65534", "--clear-groups", "--", tfw_binary().string()};
        as_user.insert(as_user.begin(), setpriv->string());
    }
    fs::create_directories(ws.scratch() / "tmp");
    fs::create_directories(ws.scratch() / "home");
    ws.set_environment("TMPDIR", (ws.scratch() / "tmp").string());
    ws.set_environment("HOME", (ws.scratch() / "home").string());
    // Everything readable; the module directory and its file writable; the root module
    // directory not, so moved.tf cannot be replaced while modules/net/main.tf can (and is
    // staged first).
    const auto everyone_reads = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec;
    fs::permissions(ws.dir().parent_path(), everyone_reads);
    for (const auto& entry : fs::recursive_directory_iterator(ws.dir()))
        if (!entry.is_symlink())
            fs::permissions(entry.path(), entry.is_directory() ? everyone_reads : fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(ws.scratch(), everyone_reads);
    for (const char* dir : {"tmp", "home"}) fs::permissions(ws.scratch() / dir, fs::perms::all | fs::perms::sticky_bit);
    fs::permissions(ws.dir() / "modules" / "net", fs::perms::all);
    // Its file writable by the user as well: tfw refuses a file the user cannot write.
    const auto everyone_writes = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                                 fs::perms::group_write | fs::perms::others_read | fs::perms::others_write;
    fs::permissions(ws.dir() / "modules" / "net" / "main.tf", everyone_writes);
    fs::permissions(ws.dir(), everyone_reads & ~fs::perms::owner_write);
    const Snapshot before = ws.snapshot();

    auto run_tfw = [&](const std::vector<std::string>& args) {
        if (as_user.empty()) return ws.tfw(args);
        std::vector<std::string> full(as_user.begin() + 1, as_user.end());
        full.insert(full.end(), args.begin(), args.end());
        return ws.run(as_user.front(), full);
    };
    // -lock=false: terraform's lock file would go in the read-only root for `default`.
    const RunResult run = run_tfw({"tidy", "--write", "-lock=false"});
    fs::permissions(ws.dir(), fs::perms::owner_all, fs::perm_options::add);
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, "not one line on stderr:\n" << run.describe());
    BOOST_TEST(run.err.find("tfw: error: cannot write ./moved.tf") != std::string::npos, run.describe());
    BOOST_TEST(run.err.find("modules/net") == std::string::npos, run.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(!leftovers(ws));
}

BOOST_AUTO_TEST_CASE(a_backend_that_is_not_initialised_stops_before_writing) {
    Tidyable t;
    Workspace& ws = t.ws;
    ws.write_file("backend.tf", "terraform {\n  backend \"local\" {}\n}\n");
    const Snapshot before = ws.snapshot();
    const RunResult run = ws.tfw({"tidy", "--write"});
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, run.describe());
    BOOST_TEST(run.err.find("tfw: error: cannot list the workspaces") != std::string::npos, run.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
}

BOOST_AUTO_TEST_CASE(a_held_state_lock_stops_before_writing) {
    Tidyable t;
    Workspace& ws = t.ws;
    auto python = tfw::shell::find_executable("python3");
    BOOST_TEST_REQUIRE(python.has_value(), "python3 is not on PATH: the test holds terraform's lock with it");
    // Terraform's local backend locks the state file with fcntl(F_SETLK); so does lockf.
    auto holder = ws.start(*python, {"-c",
                                     "import fcntl, sys, time\n"
                                     "f = open('terraform.tfstate.d/staging/terraform.tfstate', 'r+')\n"
                                     "fcntl.lockf(f, fcntl.LOCK_EX)\n"
                                     "print('locked', flush=True)\n"
                                     "time.sleep(300)\n"});
    for (int i = 0; i < 100 && holder->output_so_far().find("locked") == std::string::npos; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    BOOST_TEST_REQUIRE(holder->output_so_far().find("locked") != std::string::npos);
    const Snapshot before = ws.snapshot();
    const RunResult run = ws.tfw({"tidy", "--write", "-lock-timeout=0s"});
    holder.reset();
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, run.describe());
    // Terraform's own refusal, named for the workspace; not any line with "lock" in it
    // ("blocks" has one).
    BOOST_TEST(run.err == "tfw: error: terraform plan with the moved blocks failed in workspace staging: Error: Error "
                          "acquiring the state lock\n",
               run.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(ws.exists("moved.tf"));
}

// Ctrl-C while terraform plans in tidy's private copy of the configuration: tfw stops
// terraform, removes the copy, changes no file, and the states are not left locked.
BOOST_AUTO_TEST_CASE(an_interrupted_tidy_changes_nothing_and_leaves_no_copy) {
    Workspace ws("tidy_workspaces");
    ws.apply_before();
    RunResult created = ws.terraform({"workspace", "new", "staging"});
    BOOST_TEST_REQUIRE(created.exit_code == 0, created.describe());
    apply(ws, "staging");
    ws.switch_to("after_slow");
    apply(ws, "default");
    apply(ws, "staging");
    fs::create_directories(ws.scratch() / "tmp");
    ws.set_environment("TMPDIR", (ws.scratch() / "tmp").string());
    const Snapshot before = ws.snapshot();

    auto tfw = ws.start_tfw({"tidy", "--write"});
    // The copy exists and terraform plans in it.
    std::vector<pid_t> terraform;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (terraform.empty() && std::chrono::steady_clock::now() < deadline && tfw->running()) {
        for (const auto& entry : fs::directory_iterator(ws.scratch() / "tmp"))
            if (entry.path().filename().string().starts_with("tfw-plan-")) terraform = tfw->children();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    // (Boost evaluates a message's operands even when the check passes: no wait() in them.)
    if (terraform.empty() || !tfw->running()) BOOST_FAIL("tfw never planned in a private copy:\n" << tfw->wait().describe());
    tfw->send_signal(SIGINT);
    const RunResult result = tfw->wait();

    BOOST_TEST(result.exit_code == 128 + SIGINT, result.describe());
    for (pid_t pid : terraform) BOOST_TEST(!process_alive(pid), "terraform (pid " << pid << ") still runs");
    BOOST_TEST(fs::is_empty(ws.scratch() / "tmp"), "the private copy was left behind");
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    for (const char* workspace : {"default", "staging"}) {
        ws.set_environment("TF_WORKSPACE", workspace);
        const RunResult after = ws.terraform({"plan", "-input=false", "-lock-timeout=0s", "-detailed-exitcode"});
        BOOST_TEST(after.exit_code == 0, "the state is locked or the configuration changed:\n" << after.describe());
    }
}
