// Signals wait for the state pushes of a migration (issue 33). `tfw apply --root` moves
// five objects from root A to root B (the split fixtures, local states): it pushes B's
// state, which gains them, then A's, which loses them. A SIGTERM during the first push and
// a SIGINT during the second reach no child (the pull that checks A's state before its
// push was killed at its start, which left every object in both states), the pushes end,
// and tfw stops with one line and the signal's exit code: every object in one state only.
//
// Terraform runs behind a wrapper (--terraform-bin) that holds each `state push` until the
// test has sent its signal, so the signal comes during that push for certain.
#include <boost/test/unit_test.hpp>

#include <csignal>
#include <fstream>
#include <sstream>

#include "checks.hpp"
#include "gate.hpp"
#include "roots_split.hpp"

using namespace tfw::e2e;

namespace {

// Touches $0.pushing-N as its N-th `state push` starts, waits for $0.go-N (two minutes at
// most, so that a failed test leaves nothing looping), then runs the real terraform.
fs::path held_push_terraform(const Workspace& ws) {
    const fs::path file = ws.scratch() / "terraform-held-push";
    std::ofstream(file) << "#!/bin/sh\n"
                           "case \" $* \" in *\" state push \"*)\n"
                           "  n=$(( $(cat \"$0.pushes\" 2>/dev/null || echo 0) + 1 )); echo $n > \"$0.pushes\"\n"
                           "  : > \"$0.pushing-$n\"\n"
                           "  i=0; while [ ! -e \"$0.go-$n\" ] && [ $i -lt 2400 ]; do sleep 0.05; i=$((i + 1)); done;;\n"
                           "esac\n"
                           "exec '" << terraform_binary().string() << "' \"$@\"\n";
    fs::permissions(file, fs::perms::owner_all);
    return file;
}

std::size_t lines_with(const std::string& text, const std::string& part) {
    std::istringstream in(text);
    std::size_t count = 0;
    for (std::string line; std::getline(in, line);) count += line.find(part) != std::string::npos;
    return count;
}

}  // namespace

BOOST_AUTO_TEST_CASE(signals_during_the_pushes_wait_until_the_migration_is_done) {
    SplitRoots roots;
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    const auto ids_before = ids_of(roots.a);
    BOOST_TEST_REQUIRE(ids_before.size() == 6u);
    roots.switch_both("after", "after");

    const fs::path terraform = held_push_terraform(roots.a);
    auto tfw = roots.a.start(tfw_binary(), {"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string(),
                                            "--terraform-bin=" + terraform.string()});
    for (const auto& [push, signal] : {std::pair{1, SIGTERM}, std::pair{2, SIGINT}}) {
        const fs::path pushing = terraform.string() + ".pushing-" + std::to_string(push);
        if (!wait_for_file(pushing, *tfw)) BOOST_FAIL("push " << push << " never started:\n" << tfw->wait().describe());
        tfw->send_signal(signal);  // to tfw only, as `kill` or a CI runner sends it
        std::ofstream(terraform.string() + ".go-" + std::to_string(push));
    }
    const RunResult run = tfw->wait();

    BOOST_TEST(run.exit_code == 128 + SIGTERM, run.describe());
    const std::string stopped = "tfw: interrupted by signal 15; it came during the state pushes, which tfw finished first: "
                                "moved 5 objects between root modules, each now in one state only\n";
    BOOST_TEST(contains(run.err, stopped), run.describe());
    BOOST_TEST(lines_with(run.output(), "signal") == 1u, run.describe());
    BOOST_TEST(!contains(run.output(), "failed"), run.describe());
    check_split_carried_out(roots, ids_before);
}
