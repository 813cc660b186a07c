// No byte of a user's file changes without --write, and tfw reads exactly the files
// terraform reads (issue 48): a local module reached through an absolute symbolic link
// under `tfw tidy`, files terraform ignores that hold moved blocks or broken HCL, a
// symbolic link to the moved file, the modes of what tfw creates under the user's umask,
// and temporary files another user tried to aim in a directory anyone may write to.
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "checks.hpp"
#include "tfw/shell/process.hpp"

using namespace tfw::e2e;

namespace {

unsigned mode_of(const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) return 0;
    return info.st_mode & 07777;
}

uid_t owner_of(const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) return static_cast<uid_t>(-1);
    return info.st_uid;
}

bool has_line(const std::string& text, const std::string& start, const std::string& part) {
    std::size_t at = 0;
    while ((at = text.find(start, at)) != std::string::npos) {
        std::size_t end = text.find('\n', at);
        if (text.substr(at, end - at).find(part) != std::string::npos) return true;
        at = end;
    }
    return false;
}

const std::string applied_block = "moved {\n  from = terraform_data.old\n  to   = terraform_data.new\n}\n";

// A root whose module `svc` lives in realmods/svc, inside the root or beside it, reached
// from the root as ./mods/svc through `mods`, an absolute symbolic link to realmods:
// terraform records the module's absolute directory. Its moved block is applied, so tidy
// finds that it can go.
struct LinkedModule {
    Workspace ws{"rename_single"};
    fs::path real;

    explicit LinkedModule(bool inside_the_root)
        : real(inside_the_root ? ws.dir() / "realmods" : ws.scratch() / "realmods") {
        fs::create_directories(real / "svc");
        std::ofstream(real / "svc" / "main.tf") << "resource \"terraform_data\" \"old\" {\n  input = \"svc\"\n}\n";
        fs::create_directory_symlink(real, ws.dir() / "mods");
        ws.write_file("main.tf", "module \"svc\" {\n  source = \"./mods/svc\"\n}\n");
        ws.apply_before();
        std::ofstream(real / "svc" / "main.tf", std::ios::trunc) << "resource \"terraform_data\" \"new\" {\n  input = \"svc\"\n}\n";
        std::ofstream(real / "svc" / "moved.tf") << applied_block;
        const RunResult applied = ws.terraform({"apply", "-auto-approve", "-input=false"});
        BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
        const std::string manifest = ws.read_file(".terraform/modules/modules.json");
        BOOST_TEST_REQUIRE(contains(manifest, "\"Dir\":\"" + (real / "svc").string() + "\""),
                           "terraform no longer records the absolute directory: " << manifest);
    }

    // Every file of the module, name and bytes.
    std::string module_files() const {
        std::string out;
        for (const auto& entry : fs::directory_iterator(real / "svc"))
            out += entry.path().filename().string() + ":\n" + read_text_file(entry.path()) + "\n";
        return out;
    }
};

}  // namespace

// A dry run of tidy used to write its "private copy" over the module's own moved.tf, and
// remove it (the manifest's absolute Dir joined to the copy's root is the real path); the
// copy's plans then read the user's module, not the pruned copy.
BOOST_AUTO_TEST_CASE(tidy_changes_no_file_of_a_module_reached_through_an_absolute_link) {
    for (const bool inside_the_root : {true, false}) {
        BOOST_TEST_CONTEXT((inside_the_root ? "inside the root" : "beside the root, --include-shared")) {
            LinkedModule root(inside_the_root);
            const std::string before = root.module_files();
            const Snapshot snapshot = root.ws.snapshot();
            std::vector<std::string> args = {"tidy"};
            if (!inside_the_root) args.push_back("--include-shared");
            const RunResult dry = root.ws.tfw(args);
            BOOST_TEST(dry.exit_code == 0, dry.describe());
            BOOST_TEST(has_line(dry.out, "moved.tf:1: can go:", "every state has applied it"), dry.describe());
            BOOST_TEST(root.module_files() == before);
            BOOST_TEST(snapshot_difference(snapshot, root.ws.snapshot()) == "");

            args.push_back("--write");
            const RunResult written = root.ws.tfw(args);
            BOOST_TEST(written.exit_code == 0, written.describe());
            BOOST_TEST(!fs::exists(root.real / "svc" / "moved.tf"), written.describe());
            BOOST_TEST(fs::exists(root.real / "svc" / "main.tf"));
            BOOST_TEST(fs::is_symlink(root.ws.dir() / "mods"));
            const RunResult planned = root.ws.terraform({"plan", "-input=false", "-detailed-exitcode"});
            BOOST_TEST(planned.exit_code == 0, planned.describe());
        }
    }
}

// A block in a file terraform never reads (hidden) declares nothing: --write writes it
// where terraform reads it. An editor's lock link and a hidden draft with broken HCL are
// not read either, so they break nothing.
BOOST_AUTO_TEST_CASE(files_terraform_ignores_are_not_read) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    ws.write_file(".old-moves.tf", "moved {\n  from = terraform_data.alpha\n  to   = terraform_data.beta\n}\n");
    ws.write_file(".draft.tf", "resource \"terraform_data\" \"half {\n  lifecycle {\n");
    ws.write_file("main.tf~", "this is not HCL {\n");
    fs::create_symlink(ws.dir() / "nowhere.tf", ws.dir() / ".#main.tf");

    const RunResult run = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST(run.exit_code == 0, run.describe());
    BOOST_TEST(contains(run.out, "tfw: wrote 1 moved block to"), run.describe());
    BOOST_TEST(!contains(run.out, "every move is already declared"), run.describe());
    BOOST_TEST(contains(ws.read_file("moved.tf"), "from = terraform_data.alpha"));
    const RunResult planned = ws.terraform({"plan", "-input=false", "-no-color"});
    BOOST_TEST(contains(planned.out, "Plan: 0 to add, 0 to change, 0 to destroy."), planned.describe());
    BOOST_TEST(contains(planned.out, "terraform_data.alpha has moved to terraform_data.beta"), planned.describe());
}

// A moved.tf that is a link to a shared file stays a link: --write writes its target, as
// terraform's own writes do, and the file terraform reads holds the block.
BOOST_AUTO_TEST_CASE(write_goes_through_a_linked_moved_file) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    const fs::path shared = ws.scratch() / "shared-moves.tf";
    std::ofstream(shared) << "# shared by hand\n";
    fs::create_symlink(shared, ws.dir() / "moved.tf");

    const RunResult run = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST(run.exit_code == 0, run.describe());
    BOOST_TEST(fs::is_symlink(ws.dir() / "moved.tf"));
    BOOST_TEST(contains(read_text_file(shared), "# shared by hand\n"));
    BOOST_TEST(contains(read_text_file(shared), "to   = terraform_data.beta"));
    const RunResult planned = ws.terraform({"plan", "-input=false", "-no-color"});
    BOOST_TEST(contains(planned.out, "Plan: 0 to add, 0 to change, 0 to destroy."), planned.describe());
    BOOST_TEST(contains(planned.out, "terraform_data.alpha has moved to terraform_data.beta"), planned.describe());
}

// A new file takes the user's umask, as `touch` makes it; a plan file is 0600 whatever
// the umask and whatever the mode of the file it replaces.
BOOST_AUTO_TEST_CASE(modes_follow_the_umask_and_a_plan_is_always_private) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    ws.write_file("old.tfplan", "an older plan");
    ::chmod((ws.dir() / "old.tfplan").c_str(), 0644);

    const RunResult run =
        ws.bash("umask 077; touch touched; tfw plan -input=false -no-color --write --report=report.json -out=old.tfplan");
    BOOST_TEST(run.exit_code == 0, run.describe());
    BOOST_TEST(mode_of(ws.dir() / "touched") == 0600u);
    BOOST_TEST(mode_of(ws.dir() / "moved.tf") == 0600u);
    BOOST_TEST(mode_of(ws.dir() / "report.json") == 0600u);
    BOOST_TEST(mode_of(ws.dir() / "old.tfplan") == 0600u);

    // Under the usual umask, the user's files are readable as theirs are.
    Workspace usual("rename_single");
    usual.apply_before();
    usual.switch_to("after");
    const RunResult again = usual.bash("umask 022; tfw plan -input=false -no-color --write --report=report.json -out=p.tfplan");
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(mode_of(usual.dir() / "moved.tf") == 0644u);
    BOOST_TEST(mode_of(usual.dir() / "report.json") == 0644u);
    BOOST_TEST(mode_of(usual.dir() / "p.tfplan") == 0600u);
}

// In a directory anyone may write to, another user creates, for each of the next few
// hundred pids, a link to a file of root's (and, in a second round, a regular file of
// mode 0666) at the name an older tfw gave its temporary beside `-out`: nothing of theirs
// is written through or kept, and the plan file is root's own, 0600.
BOOST_AUTO_TEST_CASE(temporaries_another_user_aims_are_never_used) {
    if (::geteuid() != 0) return;  // another user's files need root to set up
    const auto setpriv = tfw::shell::find_executable("setpriv");
    BOOST_TEST_REQUIRE(setpriv.has_value(), "setpriv (util-linux) is not on PATH");
    for (const bool as_links : {true, false}) {
        BOOST_TEST_CONTEXT((as_links ? "links" : "regular files")) {
            Workspace ws("rename_single");
            ws.apply_before();
            ws.switch_to("after");
            char shared_template[] = "/tmp/tfw-shared-XXXXXX";
            BOOST_TEST_REQUIRE(::mkdtemp(shared_template) != nullptr);
            const fs::path shared = shared_template;
            ::chmod(shared.c_str(), 01777);
            const fs::path victim = ws.scratch() / "victim";
            std::ofstream(victim) << "root's own\n";
            ::chmod(victim.c_str(), 0644);

            // One process makes them all: each pid a `ln` took would be one tfw cannot have.
            const long last = std::stol(read_text_file("/proc/sys/kernel/ns_last_pid"));
            const std::string script =
                "import os, sys\n"
                "for p in range(" + std::to_string(last + 1) + ", " + std::to_string(last + 400) + "):\n"
                "    name = os.path.join(sys.argv[1], 'plan.out.tfw-%d.tmp' % p)\n" +
                (as_links ? "    os.symlink(sys.argv[2], name)\n"
                          : "    os.close(os.open(name, os.O_CREAT | os.O_WRONLY, 0o666)); os.chmod(name, 0o666)\n");
            const RunResult aimed = ws.run(*setpriv, {"--reuid=65534", "--regid=65534", "--clear-groups", "--", "/usr/bin/python3", "-c",
                                                      script, shared.string(), victim.string()});
            BOOST_TEST_REQUIRE(aimed.exit_code == 0, aimed.describe());

            const RunResult run = ws.tfw({"plan", "-input=false", "-no-color", "-out=" + (shared / "plan.out").string()});
            BOOST_TEST(run.exit_code == 0, run.describe());
            BOOST_TEST(read_text_file(victim) == "root's own\n");
            BOOST_TEST(!fs::is_symlink(shared / "plan.out"));
            BOOST_TEST(owner_of(shared / "plan.out") == 0u);
            BOOST_TEST(mode_of(shared / "plan.out") == 0600u);
            BOOST_TEST(ws.terraform({"show", "-json", (shared / "plan.out").string()}).exit_code == 0);
            std::error_code ignored;
            fs::remove_all(shared, ignored);
        }
    }
}

// A root module another user's 0700 keeps out: one line naming the root, where it used to
// name a .tfw.yaml that does not exist ("filesystem error: status: Permission denied").
BOOST_AUTO_TEST_CASE(a_root_this_user_cannot_read_is_named) {
    if (::geteuid() != 0) return;  // only root can run tfw as another user
    const auto setpriv = tfw::shell::find_executable("setpriv");
    BOOST_TEST_REQUIRE(setpriv.has_value(), "setpriv (util-linux) is not on PATH");
    char shared_template[] = "/tmp/tfw-private-root-XXXXXX";
    BOOST_TEST_REQUIRE(::mkdtemp(shared_template) != nullptr);
    const fs::path root = shared_template;
    std::ofstream(root / "main.tf") << "resource \"terraform_data\" \"a\" {}\n";
    ::chmod(root.c_str(), 0700);
    Workspace ws("rename_single");  // only for its environment
    for (const std::string& command : {std::string("plan"), std::string("tidy")}) {
        BOOST_TEST_CONTEXT(command) {
            const RunResult run = ws.run(*setpriv, {"--reuid=65534", "--regid=65534", "--clear-groups", "--",
                                                    tfw_binary().string(), "-chdir=" + root.string(), command});
            BOOST_TEST(run.exit_code == 1, run.describe());
            BOOST_TEST(run.err == "tfw: error: cannot take tfw's lock on the root module " + root.string() +
                                      ": Permission denied\n",
                       run.describe());
        }
    }
    std::error_code ignored;
    fs::remove_all(root, ignored);
}
