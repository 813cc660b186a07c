// Ctrl-C at a prompt ends it at once (issue 48): tfw used to wait for Enter (its handlers
// restart the read), then say "Apply cancelled." and exit 1, and a `yes` typed after the
// Ctrl-C started an apply that the signal then interrupted. Now the prompt ends on the
// signal with exit 130, applies nothing, moves nothing and leaves no file, at the apply's
// approval and at a move's question alike. tfw runs on a pseudo-terminal, where Ctrl-C is
// the terminal's own SIGINT to tfw (support/terminal.hpp).
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "checks.hpp"
#include "terminal.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

constexpr std::string_view interrupted = "tfw: interrupted by signal 2; nothing was changed";

}  // namespace

BOOST_AUTO_TEST_CASE(ctrl_c_at_the_approval_applies_nothing_at_once) {
    Workspace ws("rename_several");
    ws.apply_before();
    ws.switch_to("after");
    ws.write_file("added.tf", "resource \"terraform_data\" \"added\" {\n  input = \"new\"\n}\n");
    const Snapshot files = ws.snapshot();
    const std::string state = ws.read_file("terraform.tfstate");

    TerminalSession tfw(ws, {"apply", "-no-color"});
    BOOST_TEST_REQUIRE(tfw.wait_for("Enter a value:"), "tfw did not ask:\n" << tfw.text());
    tfw.type("\x03");
    tfw.type("yes\n");  // typed after the Ctrl-C: never an answer
    const RunResult result = tfw.finish();
    BOOST_TEST(result.exit_code == 130, result.describe());
    BOOST_TEST(contains(tfw.text(), std::string(interrupted)), tfw.text());
    BOOST_TEST(!contains(tfw.text(), "Apply cancelled."), tfw.text());
    BOOST_TEST(!contains(tfw.text(), "Apply complete"), tfw.text());
    BOOST_TEST(ws.read_file("terraform.tfstate") == state);
    BOOST_TEST(snapshot_difference(files, ws.snapshot()) == "");
    BOOST_TEST(ws.tfw_temp_files().empty());
}

BOOST_AUTO_TEST_CASE(ctrl_c_at_a_moves_question_ends_the_run) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const std::string policy = ws.write_scratch_file("partial-proposed.yaml", "version: 1\npartial:\n  threshold: 0.8\n");
    const Snapshot files = ws.snapshot();

    TerminalSession tfw(ws, {"plan", "-no-color", "-out=" + std::string(final_plan_file), "--policy=" + policy});
    BOOST_TEST_REQUIRE(tfw.wait_for("Move it? [y]es, [n]o, [a]ll remaining:"), "tfw did not ask:\n" << tfw.text());
    tfw.type("\x03");
    const RunResult result = tfw.finish();
    BOOST_TEST(result.exit_code == 130, result.describe());
    BOOST_TEST(contains(tfw.text(), std::string(interrupted)), tfw.text());
    BOOST_TEST(!ws.exists(std::string(final_plan_file)));
    BOOST_TEST(snapshot_difference(files, ws.snapshot()) == "");
    BOOST_TEST(ws.tfw_temp_files().empty());
}
