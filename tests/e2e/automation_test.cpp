// tfw driven as automation drives terraform: `-json` (Terraform's machine-readable UI
// stream with tfw's own lines), the TF_CLI_ARGS variables, and a terraform binary whose
// human rendering tfw does not recognise.
#include <boost/test/unit_test.hpp>

#include <rapidjson/document.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

// One JSON object per stdout line; fails the test for any line that is not.
std::vector<rapidjson::Document> stream_lines(const RunResult& run) {
    std::vector<rapidjson::Document> out;
    std::size_t start = 0;
    BOOST_TEST(!run.out.empty(), run.describe());
    BOOST_TEST((run.out.empty() || run.out.back() == '\n'), "stdout does not end with a newline");
    for (std::size_t newline; (newline = run.out.find('\n', start)) != std::string::npos; start = newline + 1) {
        std::string line = run.out.substr(start, newline - start);
        rapidjson::Document event;
        event.Parse(line.c_str());
        BOOST_TEST((!event.HasParseError() && event.IsObject()), "not a JSON object on stdout: " << line);
        if (!event.HasParseError() && event.IsObject()) out.push_back(std::move(event));
    }
    return out;
}

std::string text(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject() || !object.HasMember(name) || !object[name].IsString()) return "";
    return object[name].GetString();
}

std::vector<const rapidjson::Document*> of_type(const std::vector<rapidjson::Document>& events, const std::string& type) {
    std::vector<const rapidjson::Document*> out;
    for (const auto& event : events)
        if (text(event, "type") == type) out.push_back(&event);
    return out;
}

using Moves = std::vector<std::string>;  // "from -> to", sorted

Moves arrows(const std::vector<std::pair<std::string, std::string>>& pairs) {
    Moves out;
    for (const auto& [from, to] : pairs) out.push_back(from + " -> " + to);
    std::sort(out.begin(), out.end());
    return out;
}

// Each planned_change that is a move (with or without an update).
Moves streamed_moves(const std::vector<rapidjson::Document>& events) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto* event : of_type(events, "planned_change")) {
        const auto& change = (*event)["change"];
        if (!change.HasMember("previous_resource")) continue;
        out.emplace_back(text(change["previous_resource"], "addr"), text(change["resource"], "addr"));
    }
    return arrows(out);
}

// Terraform's plan change_summary, as counted from `terraform show -json` of the plan.
std::string counted(const tfw::core::Plan& plan) {
    std::size_t replaces = count_actions(plan, Action::delete_then_create) + count_actions(plan, Action::create_then_delete);
    return std::to_string(count_actions(plan, Action::create) + replaces) + "/" +
           std::to_string(count_actions(plan, Action::update)) + "/" +
           std::to_string(count_actions(plan, Action::remove) + replaces);
}

std::string streamed_counts(const rapidjson::Value& summary) {
    const auto& changes = summary["changes"];
    return std::to_string(changes["add"].GetInt()) + "/" + std::to_string(changes["change"].GetInt()) + "/" +
           std::to_string(changes["remove"].GetInt());
}

// tfw's own lines: the envelope, and one tfw_move per expected move, and the summary last.
void check_tfw_lines(const std::vector<rapidjson::Document>& events, const Moves& moves) {
    std::vector<std::pair<std::string, std::string>> told;
    for (const auto& event : events) {
        if (text(event, "@module") != "tfw") continue;
        BOOST_TEST(text(event, "type").rfind("tfw_", 0) == 0u);
        BOOST_TEST(!text(event, "@level").empty());
        BOOST_TEST(!text(event, "@message").empty());
        BOOST_TEST(text(event, "@timestamp").size() == std::string("2026-11-23T11:29:05.783040Z").size());
        if (text(event, "type") == "tfw_move") told.emplace_back(text(event["move"], "from"), text(event["move"], "to"));
    }
    BOOST_TEST(arrows(told) == moves, boost::test_tools::per_element());
    auto summaries = of_type(events, "tfw_summary");
    BOOST_TEST_REQUIRE(summaries.size() == 1u);
    BOOST_TEST((*summaries[0])["summary"]["moves"].GetUint64() == moves.size());
}

// A terraform that words its human plan differently: it runs the real one and rewrites
// every resource heading and the "Plan:" line of `plan`; other subcommands are untouched.
fs::path write_rewording_shim(const Workspace& ws) {
    fs::path shim = ws.scratch() / "terraform-reworded";
    std::ofstream out(shim);
    out << "#!/usr/bin/env bash\n"
           "set -o pipefail\n"
           "if [ \"$1\" != plan ]; then exec '" << terraform_binary().string() << "' \"$@\"; fi\n"
           "'" << terraform_binary().string() << "' \"$@\" | sed -e 's/ will be / shall be /' "
           "-e 's/ has moved to / now lives at /' -e 's/^Plan: /Summary: /'\n";
    out.close();
    if (!out) throw E2eError("cannot write " + shim.string());
    fs::permissions(shim, fs::perms::owner_all);
    return shim;
}

const Moves several_moves = {"terraform_data.alpha -> terraform_data.beta", "terraform_data.queue -> terraform_data.work_queue"};
const Moves one_move = {"terraform_data.alpha -> terraform_data.beta"};

}  // namespace

BOOST_AUTO_TEST_CASE(plan_json_streams_terraforms_plan_and_tfws_lines) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("several");

    const TfwPlan run = ws.tfw_plan({"-json"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(arrows(moves(plan)) == several_moves, boost::test_tools::per_element());

    auto events = stream_lines(run.result);
    BOOST_TEST_REQUIRE(!events.empty());
    BOOST_TEST(text(events.front(), "type") == "version");
    BOOST_TEST(of_type(events, "version").size() == 1u);
    BOOST_TEST(streamed_moves(events) == several_moves, boost::test_tools::per_element());
    auto summaries = of_type(events, "change_summary");
    BOOST_TEST_REQUIRE(summaries.size() == 1u);
    BOOST_TEST(streamed_counts(*summaries[0]) == counted(plan));
    BOOST_TEST(counted(plan) == "1/0/0");
    check_tfw_lines(events, several_moves);
    BOOST_TEST(text(events.back(), "type") == "tfw_summary");

    // A move-only plan is a change: exit 2, as terraform with the same moved blocks.
    ws.switch_to("after");
    const TfwPlan detailed = ws.tfw_plan({"-json", "-detailed-exitcode"});
    const auto& moved_only = require_saved_plan(detailed, 2);
    BOOST_TEST(counted(moved_only) == "0/0/0");
    auto detailed_events = stream_lines(detailed.result);
    BOOST_TEST(streamed_moves(detailed_events) == one_move,
               boost::test_tools::per_element());
    check_tfw_lines(detailed_events, one_move);
}

BOOST_AUTO_TEST_CASE(apply_json_streams_the_plan_then_the_apply) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("several");

    // Like terraform, -json cannot ask for approval.
    RunResult refused = ws.tfw({"apply", "-json", "-input=false"});
    BOOST_TEST(refused.exit_code == 1, refused.describe());
    BOOST_TEST(refused.out == "", refused.describe());
    BOOST_TEST(refused.err.find("-auto-approve") != std::string::npos, refused.describe());

    RunResult applied = ws.tfw({"apply", "-json", "-auto-approve", "-input=false"});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    auto events = stream_lines(applied);
    BOOST_TEST(of_type(events, "version").size() == 1u, applied.out);
    BOOST_TEST(streamed_moves(events) == several_moves, boost::test_tools::per_element());
    check_tfw_lines(events, several_moves);
    std::vector<std::string> operations;
    for (const auto* summary : of_type(events, "change_summary")) operations.push_back(text((*summary)["changes"], "operation"));
    BOOST_TEST(operations == (std::vector<std::string>{"plan", "apply"}), boost::test_tools::per_element());
    BOOST_TEST(!of_type(events, "apply_complete").empty(), applied.out);

    // The state holds the moves: nothing is left to do.
    RunResult after = ws.terraform({"plan", "-input=false", "-detailed-exitcode", "-no-color"});
    BOOST_TEST(after.exit_code == 0, after.describe());
}

BOOST_AUTO_TEST_CASE(tf_cli_args_plan_out_saves_the_users_plan) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("after");

    ws.set_environment("TF_CLI_ARGS_plan", "-out=env.tfplan -detailed-exitcode");
    RunResult run = ws.tfw({"plan", "-input=false", "-no-color"});
    BOOST_TEST(run.exit_code == 2, run.describe());
    BOOST_TEST_REQUIRE(ws.exists("env.tfplan"), run.describe());
    BOOST_TEST(moved_from(ws.show_plan("env.tfplan"), "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST(run.out.find("Plan: 0 to add, 0 to change, 0 to destroy.") != std::string::npos, run.describe());

    // The command line comes after the variable, so its -out wins, as with terraform.
    std::filesystem::remove(ws.dir() / "env.tfplan");
    RunResult both = ws.tfw({"plan", "-input=false", "-no-color", "-out=cli.tfplan"});
    BOOST_TEST(both.exit_code == 2, both.describe());
    BOOST_TEST(ws.exists("cli.tfplan"), both.describe());
    BOOST_TEST(!ws.exists("env.tfplan"), both.describe());
}

BOOST_AUTO_TEST_CASE(tf_cli_args_no_color_reaches_the_plan_not_tfws_analysis) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("after");

    ws.set_environment("TF_CLI_ARGS", "-no-color");
    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST(run.result.out.find('\x1b') == std::string::npos, run.result.describe());
    BOOST_TEST(run.result.out.find("terraform_data.alpha -> terraform_data.beta") != std::string::npos, run.result.describe());
}

BOOST_AUTO_TEST_CASE(tf_cli_args_plan_json_makes_the_run_json) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("after");

    ws.set_environment("TF_CLI_ARGS_plan", "-json");
    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    auto events = stream_lines(run.result);
    BOOST_TEST(streamed_moves(events) == one_move,
               boost::test_tools::per_element());
    check_tfw_lines(events, one_move);
}

// A wrapper (another version, a fork, a script) words its human plan differently: every
// heading and the "Plan:" line are rewritten. tfw must not read that as "nothing can
// move": it asks show -json and finds the rename.
BOOST_AUTO_TEST_CASE(an_unrecognised_rendering_falls_back_to_show_json) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("after");
    require_reference(ws, 1);

    const fs::path shim = write_rewording_shim(ws);
    const TfwPlan run = ws.tfw_plan({"--terraform-bin=" + shim.string(), "-no-color"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(run.result.out.find("terraform_data.alpha shall be destroyed") == std::string::npos, run.result.describe());
    BOOST_TEST(run.result.out.find("Summary: ") != std::string::npos, "the shim did not reword:\n" << run.result.describe());
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha", run.result.describe());
    BOOST_TEST(count_destroying(plan) == 0u);
}

// Twins told apart by their dependents: the replan must show the dependents unchanged
// to confirm the pairing. A rendering tfw cannot read is not trusted for that: tfw asks
// show -json of the same plan instead, and reaches the plan of the hand-written moves.
BOOST_AUTO_TEST_CASE(an_unrecognised_rendering_confirms_a_pairing_by_dependencies_through_show_json) {
    Workspace ws("twins_with_dependents");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 2);

    const TfwPlan run = ws.tfw_plan({"--terraform-bin=" + write_rewording_shim(ws).string(), "-no-color"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(run.result.out.find("Summary: ") != std::string::npos, "the shim did not reword:\n" << run.result.describe());
    BOOST_TEST(moved_from(plan, "terraform_data.alpha") == "terraform_data.first", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.second", describe(plan));
    BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
}
