// A full disk, as tfw sees it: every write past a size fails. RLIMIT_FSIZE's soft limit is
// set for tfw (prlimit) with SIGXFSZ ignored, so write() returns EFBIG as it would return
// ENOSPC on a full file system. terraform runs through a two-line shim that lifts the soft
// limit again: only tfw's own writes are starved, not terraform's plan files.
//
// Both of tfw's write paths must fail cleanly: one line on stderr naming the file, a
// non-zero exit, the user's files byte-for-byte as they were and nothing left behind.
//  - the temporary moved file tfw injects to try moves (limit below its size);
//  - `--write`, with a second module's moved file too large to rewrite while the root's
//    fits: neither may change.
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "chaos.hpp"
#include "tfw/shell/process.hpp"
#include "workspace.hpp"
#include "write_cases.hpp"

using namespace tfw::e2e;

namespace {

const std::string file_too_large = std::strerror(EFBIG);

struct Starved {
    Workspace ws{"chaos_write"};
    fs::path prlimit;

    Starved() {
        auto found = tfw::shell::find_executable("prlimit");
        if (!found) throw E2eError("prlimit (util-linux) is not on PATH: the full-disk test needs it");
        prlimit = *found;
        ws.apply_before();
        ws.switch_to("after");
        const fs::path shim = ws.scratch() / "terraform-without-file-size-limit";
        {
            std::ofstream out(shim);
            out << "#!/bin/sh\nulimit -f unlimited\nexec '" << terraform_binary().string() << "' \"$@\"\n";
        }
        fs::permissions(shim, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
        ws.set_environment("TFW_TERRAFORM_BIN", shim.string());
        fs::create_directories(ws.scratch() / "tmp");
        ws.set_environment("TMPDIR", (ws.scratch() / "tmp").string());
    }

    // `tfw <args>` whose files may grow to `limit` bytes ("unlimited" for the control run).
    RunResult tfw(const std::string& limit, const std::vector<std::string>& args) const {
        std::vector<std::string> sh_args = {"-c", "trap '' XFSZ && exec \"$@\"", "sh", prlimit.string(),
                                            "--fsize=" + limit + ":", "--", tfw_binary().string()};
        sh_args.insert(sh_args.end(), args.begin(), args.end());
        return ws.run("/bin/sh", sh_args);
    }

    std::vector<std::string> temp_dirs_left() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(ws.scratch() / "tmp")) names.push_back(entry.path().filename());
        return names;
    }
};

void check_failed_cleanly(const Starved& s, const RunResult& run, const Snapshot& before, const std::string& state,
                          const std::string& named_file) {
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, "not one line on stderr:\n" << run.describe());
    BOOST_TEST(run.err.starts_with("tfw: error: "), run.describe());
    BOOST_TEST(run.err.find(named_file) != std::string::npos, run.describe());
    BOOST_TEST(run.err.find(file_too_large) != std::string::npos, run.describe());
    BOOST_TEST(snapshot_difference(before, s.ws.snapshot()) == "", "the user's files changed");
    BOOST_TEST(s.ws.read_file("terraform.tfstate") == state);
    BOOST_TEST(s.temp_dirs_left().empty());
}

}  // namespace

BOOST_AUTO_TEST_CASE(full_disk_when_injecting_the_moved_file) {
    Starved s;
    const Snapshot before = s.ws.snapshot();
    const std::string state = s.ws.read_file("terraform.tfstate");

    // The moved file's header alone is longer than 64 bytes.
    const RunResult run = s.tfw("64", {"plan", "-input=false", "-no-color"});
    check_failed_cleanly(s, run, before, state, "root module directory " + s.ws.dir().string() + ",");
    BOOST_TEST(run.err.find("cannot try moves") != std::string::npos, run.describe());

    // Control: the same command without the limit plans both moves.
    const RunResult control = s.tfw("unlimited", {"plan", "-input=false", "-no-color"});
    BOOST_TEST(control.exit_code == 0, control.describe());
    BOOST_TEST(control.out.find("has moved to") != std::string::npos, control.describe());
}

BOOST_AUTO_TEST_CASE(full_disk_when_writing_moved_blocks) {
    Starved s;
    // The user's own moved file in the module, long enough that rewriting it passes the
    // limit, while the injected file and the root's moved.tf stay under it.
    std::string notes = "# Notes on the service's history, kept by hand.\n";
    while (notes.size() < 4096) notes += "# Renamed in an earlier release; see the changelog for why.\n";
    s.ws.write_file("modules/svc/moved.tf", notes);
    const Snapshot before = s.ws.snapshot();
    const std::string state = s.ws.read_file("terraform.tfstate");

    const RunResult run = s.tfw("2048", {"plan", "--write", "-input=false", "-no-color"});
    check_failed_cleanly(s, run, before, state, "cannot write ./modules/svc/moved.tf: ");

    // Control: without the limit both files are written.
    const RunResult control = s.tfw("unlimited", {"plan", "--write", "-input=false", "-no-color"});
    BOOST_TEST(control.exit_code == 0, control.describe());
    BOOST_TEST(sorted_lines(snapshot_difference(before, s.ws.snapshot())) ==
                   std::vector<std::string>({"changed: modules/svc/moved.tf", "changed: moved.tf"}),
               boost::test_tools::per_element());
}
