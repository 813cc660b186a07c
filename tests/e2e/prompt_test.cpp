// Interactive confirmation: a move the policy found but did not accept is asked about on
// a terminal (y, n, or a for all), never when -input=false or without a terminal, and a
// denied move is never asked about. tfw runs on a pseudo-terminal (support/terminal.hpp).
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "terminal.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

constexpr std::string_view question = "Move it? [y]es, [n]o, [a]ll remaining:";

std::string write_policy(const Workspace& ws, const std::string& name, const std::string& yaml) {
    const fs::path path = ws.scratch() / name;
    std::ofstream(path, std::ios::binary) << yaml;
    return path.string();
}

// partial_rename's match is found (83% equal) but only exact and ignore are accepted.
std::string partial_proposed_policy(const Workspace& ws) {
    return write_policy(ws, "partial-proposed.yaml", "version: 1\npartial:\n  threshold: 0.8\n");
}

// Every match is only proposed.
std::string accept_nothing_policy(const Workspace& ws) {
    return write_policy(ws, "accept-nothing.yaml", "version: 1\naccept: []\n");
}

std::vector<std::string> plan_args(const std::string& policy, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"plan", "-no-color", "-out=" + std::string(final_plan_file), "--policy=" + policy};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// What a run on the terminal must leave: the user's files and the state as they were,
// no temp file, and the plan saved.
struct Before {
    Snapshot files;
    std::string state;
};
Before remember(const Workspace& ws) { return {ws.snapshot(), ws.read_file("terraform.tfstate")}; }
void check_untouched(const Workspace& ws, const Before& before) {
    BOOST_TEST(snapshot_difference(before.files, ws.snapshot({std::string(final_plan_file)})) == "");
    BOOST_TEST(ws.read_file("terraform.tfstate") == before.state);
    BOOST_TEST(ws.tfw_temp_files().empty());
}

}  // namespace

BOOST_AUTO_TEST_CASE(answering_y_injects_the_proposed_move) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const Before before = remember(ws);

    TerminalSession tfw(ws, plan_args(partial_proposed_policy(ws)));
    BOOST_TEST_REQUIRE(tfw.wait_for(question), "tfw did not ask:\n" << tfw.text());
    BOOST_TEST(contains(tfw.text(), "terraform_data.old -> terraform_data.new"), tfw.text());
    BOOST_TEST(contains(tfw.text(), "proposed, not accepted: no accept rule matches kind partial"), tfw.text());
    tfw.type("y\n");
    const RunResult result = tfw.finish();

    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(occurrences(result.out, question) == 1u, result.describe());
    const auto plan = ws.show_plan(final_plan_file);
    BOOST_TEST(moved_from(plan, "terraform_data.new") == "terraform_data.old", describe(plan));
    BOOST_TEST(describe(plan) == "terraform_data.new (moved from terraform_data.old): update\n");
    BOOST_TEST(contains(result.out, "# terraform_data.new will be updated in-place\n  # (moved from terraform_data.old)"),
               result.describe());
    BOOST_TEST(contains(result.out, "accepted at the prompt; the policy alone would not: "), result.describe());
    BOOST_TEST(!contains(result.out, "proposed, not accepted by policy"), result.describe());
    check_untouched(ws, before);
}

BOOST_AUTO_TEST_CASE(answering_n_leaves_the_destroy_and_create) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    const Before before = remember(ws);

    TerminalSession tfw(ws, plan_args(partial_proposed_policy(ws)));
    BOOST_TEST_REQUIRE(tfw.wait_for(question), "tfw did not ask:\n" << tfw.text());
    tfw.type("n\n");
    const RunResult result = tfw.finish();

    BOOST_TEST(result.exit_code == 0, result.describe());
    check_left_as(ws.show_plan(final_plan_file), baseline);
    BOOST_TEST(contains(result.out, "proposed, not accepted by policy"), result.describe());
    check_untouched(ws, before);
}

// End of input (Ctrl-D) at the question is a no.
BOOST_AUTO_TEST_CASE(end_of_input_at_the_question_is_a_no) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    TerminalSession tfw(ws, plan_args(partial_proposed_policy(ws)));
    BOOST_TEST_REQUIRE(tfw.wait_for(question), "tfw did not ask:\n" << tfw.text());
    tfw.type("\x04");
    const RunResult result = tfw.finish();
    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(moves(ws.show_plan(final_plan_file)).empty());
}

BOOST_AUTO_TEST_CASE(input_false_on_a_terminal_never_asks) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    const Before before = remember(ws);

    TerminalSession tfw(ws, plan_args(partial_proposed_policy(ws), {"-input=false"}));
    const RunResult result = tfw.finish();
    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(!contains(result.out, "Move it?"), result.describe());
    BOOST_TEST(contains(result.out, "proposed, not accepted by policy"), result.describe());
    BOOST_TEST(contains(result.out, "terraform_data.old -> terraform_data.new"), result.describe());
    check_left_as(ws.show_plan(final_plan_file), baseline);
    check_untouched(ws, before);
}

// Without a terminal there is no one to ask, -input=false or not.
BOOST_AUTO_TEST_CASE(without_a_terminal_the_move_is_only_listed) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const RunResult result = ws.tfw(plan_args(partial_proposed_policy(ws)));
    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(!contains(result.output(), "Move it?"), result.describe());
    BOOST_TEST(contains(result.out, "proposed, not accepted by policy"), result.describe());
    BOOST_TEST(moves(ws.show_plan(final_plan_file)).empty());
}

// One question per move, in address order: yes to the first, no to the second.
BOOST_AUTO_TEST_CASE(each_proposed_move_is_asked_about_on_its_own) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");
    const Before before = remember(ws);

    TerminalSession tfw(ws, plan_args(accept_nothing_policy(ws)));
    BOOST_TEST_REQUIRE(tfw.wait_for("terraform_data.db_old -> terraform_data.db_new"), tfw.text());
    BOOST_TEST_REQUIRE(tfw.wait_for(question), tfw.text());
    tfw.type("y\n");
    BOOST_TEST_REQUIRE(tfw.wait_for("terraform_data.web_old -> terraform_data.web_new"), tfw.text());
    BOOST_TEST_REQUIRE(tfw.wait_for(question), tfw.text());
    tfw.type("n\n");
    const RunResult result = tfw.finish();

    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(occurrences(result.out, question) == 2u, result.describe());
    const auto plan = ws.show_plan(final_plan_file);
    BOOST_TEST(describe(plan) ==
               "terraform_data.db_new (moved from terraform_data.db_old): no-op\n"
               "terraform_data.web_new: create\n"
               "terraform_data.web_old: delete\n");
    check_untouched(ws, before);
}

// `a` says yes to this move and every later one without asking again.
BOOST_AUTO_TEST_CASE(answering_a_accepts_all_remaining_moves) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = ws.plan_with_reference_moves();

    TerminalSession tfw(ws, plan_args(accept_nothing_policy(ws)));
    BOOST_TEST_REQUIRE(tfw.wait_for(question), tfw.text());
    tfw.type("a\n");
    const RunResult result = tfw.finish();

    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(occurrences(result.out, question) == 1u, result.describe());
    const auto plan = ws.show_plan(final_plan_file);
    BOOST_TEST(moves(plan).size() == 2u, describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
}

// A denied move is never asked about, even on a terminal.
BOOST_AUTO_TEST_CASE(a_denied_move_is_never_asked_about) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");
    const std::string policy = write_policy(ws, "deny-db.yaml",
                                            "version: 1\n"
                                            "accept: []\n"
                                            "deny:\n"
                                            "  - address: terraform_data.db_old\n");
    TerminalSession tfw(ws, plan_args(policy));
    BOOST_TEST_REQUIRE(tfw.wait_for(question), tfw.text());
    tfw.type("y\n");
    const RunResult result = tfw.finish();

    BOOST_TEST(result.exit_code == 0, result.describe());
    BOOST_TEST(occurrences(result.out, question) == 1u, result.describe());
    // The one question was about web; db was denied without asking.
    const std::string asked = result.out.substr(0, result.out.find(question));
    BOOST_TEST(contains(asked, "terraform_data.web_old -> terraform_data.web_new"), result.describe());
    BOOST_TEST(!contains(asked, "terraform_data.db_old -> terraform_data.db_new"), result.describe());
    const auto plan = ws.show_plan(final_plan_file);
    BOOST_TEST(describe(plan) ==
               "terraform_data.db_new: create\n"
               "terraform_data.db_old: delete\n"
               "terraform_data.web_new (moved from terraform_data.web_old): no-op\n");
    BOOST_TEST(contains(result.out, "; denied by the policy rule at "), result.describe());
}
