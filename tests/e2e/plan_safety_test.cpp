// tfw plan as a drop-in: errors, plans with nothing to move, and tfw's own options.
#include <boost/test/unit_test.hpp>

#include <string>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

// The summary of the first error in terraform's -no-color output ("Error: <summary>").
std::string first_error_summary(const std::string& text) {
    const std::string marker = "Error: ";
    std::size_t at = text.find(marker);
    if (at == std::string::npos) return "";
    std::size_t end = text.find('\n', at);
    return text.substr(at + marker.size(), end == std::string::npos ? std::string::npos : end - at - marker.size());
}

// `tfw plan <args>` prints exactly what `terraform plan <args>` prints and exits the same.
void check_same_as_terraform(const Workspace& ws, const std::vector<std::string>& args, int expected_exit_code) {
    std::vector<std::string> plan_args = {"plan"};
    plan_args.insert(plan_args.end(), args.begin(), args.end());
    const RunResult terraform = ws.terraform(plan_args);
    BOOST_TEST_REQUIRE(terraform.exit_code == expected_exit_code, "fixture check:\n" << terraform.describe());

    const Snapshot before = ws.snapshot();
    const std::string state_before = ws.read_file("terraform.tfstate");
    const RunResult tfw = ws.tfw(plan_args);
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(ws.read_file("terraform.tfstate") == state_before);
    BOOST_TEST(tfw.exit_code == terraform.exit_code, tfw.describe());
    BOOST_TEST(tfw.out == terraform.out);
}

}  // namespace

BOOST_AUTO_TEST_CASE(syntax_error_fails_with_terraforms_error_and_leaves_nothing) {
    Workspace ws("syntax_error");
    ws.apply_before();
    ws.switch_to("after", Workspace::Init::skip);  // init itself rejects the broken file
    const RunResult terraform = ws.terraform({"plan", "-input=false", "-no-color"});
    BOOST_TEST_REQUIRE(terraform.exit_code == 1, "fixture check:\n" << terraform.describe());
    const std::string summary = first_error_summary(terraform.output());
    BOOST_TEST_REQUIRE(!summary.empty(), "fixture check:\n" << terraform.describe());

    const TfwPlan run = ws.tfw_plan({"-no-color"});
    BOOST_TEST(run.result.exit_code == 1, run.result.describe());
    BOOST_TEST(run.result.output().find(summary) != std::string::npos,
               "terraform's error \"" << summary << "\" not shown:\n" << run.result.describe());
    BOOST_TEST(run.result.output().find("main.tf") != std::string::npos, run.result.describe());
    BOOST_TEST(run.files_changed == "");
    BOOST_TEST(!run.plan.has_value(), "a failed tfw plan saved " << final_plan_file);
    BOOST_TEST(ws.tfw_temp_files().empty());
}

BOOST_AUTO_TEST_CASE(nothing_to_move_prints_what_terraform_prints) {
    Workspace ws("nothing_to_move");
    ws.apply_before();
    ws.switch_to("unchanged");
    check_same_as_terraform(ws, {"-input=false", "-no-color"}, 0);
}

BOOST_AUTO_TEST_CASE(nothing_to_move_with_detailed_exitcode_and_no_changes_exits_0) {
    Workspace ws("nothing_to_move");
    ws.apply_before();
    ws.switch_to("unchanged");
    check_same_as_terraform(ws, {"-input=false", "-no-color", "-detailed-exitcode"}, 0);
}

BOOST_AUTO_TEST_CASE(nothing_to_move_with_detailed_exitcode_and_changes_exits_2) {
    Workspace ws("nothing_to_move");
    ws.apply_before();
    ws.switch_to("updated");
    check_same_as_terraform(ws, {"-input=false", "-no-color", "-detailed-exitcode"}, 2);
    check_same_as_terraform(ws, {"-input=false", "-no-color"}, 0);
}

BOOST_AUTO_TEST_CASE(move_only_plan_with_detailed_exitcode_exits_2) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    const TfwPlan run = ws.tfw_plan({"-detailed-exitcode"});
    const auto& plan = require_saved_plan(run, 2);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST(count_destroying(plan) == 0u);
}

BOOST_AUTO_TEST_CASE(unknown_tfw_option_is_a_one_line_error) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    const TfwPlan run = ws.tfw_plan({"--frobnicate"});
    BOOST_TEST(run.result.exit_code == 1, run.result.describe());
    std::string err = run.result.err;
    while (!err.empty() && err.back() == '\n') err.pop_back();
    BOOST_TEST(!err.empty(), run.result.describe());
    BOOST_TEST(err.find('\n') == std::string::npos, "not one line:\n" << run.result.describe());
    BOOST_TEST(err.find("frobnicate") != std::string::npos, run.result.describe());
    BOOST_TEST(run.files_changed == "");
    BOOST_TEST(!run.plan.has_value());
}

BOOST_AUTO_TEST_CASE(missing_terraform_binary_is_a_clear_error) {
    Workspace ws("rename_single");
    ws.apply_before();
    ws.switch_to("after");
    const TfwPlan run = ws.tfw_plan({"--terraform-bin=/nonexistent"});
    BOOST_TEST(run.result.exit_code == 1, run.result.describe());
    BOOST_TEST(run.result.err.find("/nonexistent") != std::string::npos, run.result.describe());
    BOOST_TEST(run.files_changed == "");
    BOOST_TEST(!run.plan.has_value());
}
