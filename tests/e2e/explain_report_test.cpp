// --explain and --report=FILE on real terraform: the candidates of each unmatched object
// with the first differing attribute paths, the rule behind each decision, never a
// sensitive value; and a report that parses, with moves, proposals, iterations and every
// terraform run with its duration.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {


std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string data(const std::string& name) { return "terraform_data." + name; }

// The --explain block about `address`: its `tfw: <address> stays a …` line and the
// indented candidate lines under it, or "" when there is none.
std::string explanation_of(const std::string& out, const std::string& address) {
    const std::string head = "tfw: " + address + " stays a ";
    std::size_t at = out.find(head);
    if (at == std::string::npos) return "";
    std::size_t end = out.find('\n', at);
    while (end != std::string::npos && out.compare(end + 1, 6, "      ") == 0) end = out.find('\n', end + 1);
    return out.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// tfw's own lines: what it prints before Terraform's rendering of the plan.
std::string tfw_part(const std::string& out) {
    std::size_t at = out.find("\nTerraform ");
    return at == std::string::npos ? out : out.substr(0, at);
}

struct Run {
    TfwPlan plan;
    std::string report_text;
    std::string policy;
};

// explain_renames after its refactoring, planned by tfw with --explain and --report and
// a policy that denies `denied_old`.
Run run_explained(Workspace& ws) {
    ws.apply_before();
    ws.switch_to("after");
    const fs::path policy = ws.scratch() / "deny.yaml";
    std::ofstream(policy) << "version: 1\n"
                             "deny:\n"
                             "  - address: terraform_data.denied_old\n";
    const fs::path report = ws.scratch() / "report.json";
    TfwPlan plan = ws.tfw_plan({"-no-color", "--explain", "--policy=" + policy.string(), "--report=" + report.string()});
    return {std::move(plan), read_text(report), policy.string()};
}

const std::vector<std::string> secrets = {"tfw-secret-ONE", "tfw-secret-TWO"};

}  // namespace

BOOST_AUTO_TEST_CASE(explain_names_candidates_differing_paths_and_rules) {
    Workspace ws("explain_renames");
    const Run run = run_explained(ws);
    const auto& plan = require_saved_plan(run.plan, 0);
    const std::string& out = run.plan.result.out;
    BOOST_TEST(describe(plan) ==
               "terraform_data.denied_new: create\n"
               "terraform_data.denied_old: delete\n"
               "terraform_data.plain_new (moved from terraform_data.plain_old): no-op\n"
               "terraform_data.sized_new: create\n"
               "terraform_data.sized_old: delete\n"
               "terraform_data.token_new: create\n"
               "terraform_data.token_old: delete\n");

    // The move, with its evidence and the rule that accepted it in plain words (the file
    // leaves accept out: the built-in default); the denied one, with where its rule is.
    BOOST_TEST(contains(out, data("plain_old") + " -> " + data("plain_new") + "\n      all "), out);
    BOOST_TEST(contains(out, " known values are equal; Terraform planned it with no change; accepted by default: every known "
                             "value is equal\n"),
               out);
    BOOST_TEST(contains(out, data("denied_old") + " -> " + data("denied_new")), out);
    BOOST_TEST(contains(out, "; denied by the policy rule at " + run.policy + ":3\n"), out);
    BOOST_TEST(!contains(out, "accept["), out);
    BOOST_TEST(!contains(out, "deny["), out);

    // Each unmatched deletion and creation, with its candidates and how each differs.
    const std::string sized_old = explanation_of(out, data("sized_old"));
    BOOST_TEST(contains(sized_old, "stays a destroy"), out);
    // Tried on a replan, then withdrawn: the candidate line says what differs and why.
    BOOST_TEST(contains(sized_old, "candidate " + data("sized_new") + ": differs in input.size; proposed, not accepted by policy"),
               sized_old);
    const std::string sized_new = explanation_of(out, data("sized_new"));
    BOOST_TEST(contains(sized_new, "stays a create"), out);
    BOOST_TEST(contains(sized_new, "candidate " + data("sized_old") + ": differs in input.size; proposed, not accepted by policy"),
               sized_new);
    const std::string token_old = explanation_of(out, data("token_old"));
    BOOST_TEST(contains(token_old, "stays a destroy"), out);
    BOOST_TEST(contains(token_old, "candidate " + data("token_new") + ": differs in triggers_replace"), token_old);
    BOOST_TEST(contains(explanation_of(out, data("token_new")), "stays a create"), out);
    // The denied pair is not unmatched: it was found, and is listed as denied above.
    BOOST_TEST(explanation_of(out, data("plain_old")) == "", out);
}

BOOST_AUTO_TEST_CASE(explain_and_report_never_show_a_sensitive_value) {
    Workspace ws("explain_renames");
    const Run run = run_explained(ws);
    require_saved_plan(run.plan, 0);
    for (const auto& secret : secrets) {
        BOOST_TEST(!contains(run.plan.result.out, secret), run.plan.result.describe());
        BOOST_TEST(!contains(run.plan.result.err, secret), run.plan.result.describe());
        BOOST_TEST(!contains(run.report_text, secret), run.report_text);
    }
}

// Issue 4, section 5: sensitive values "show as (sensitive)". The key of a sensitive map
// is part of its value (Terraform prints the whole map as "(sensitive value)"), so a path
// into it must not be spelled out either.
BOOST_AUTO_TEST_CASE(paths_inside_a_sensitive_value_show_as_sensitive) {
    Workspace ws("explain_renames");
    const Run run = run_explained(ws);
    require_saved_plan(run.plan, 0);
    const std::string own = tfw_part(run.plan.result.out);
    BOOST_TEST(!contains(own, "hunter2-key"), own);
    BOOST_TEST(!contains(run.plan.result.err, "hunter2-key"), run.plan.result.err);
    BOOST_TEST(!contains(run.report_text, "hunter2-key"), run.report_text);
    BOOST_TEST(contains(explanation_of(own, data("token_old")), "(sensitive)"), own);
}

BOOST_AUTO_TEST_CASE(report_is_json_with_moves_proposals_iterations_and_timed_runs) {
    Workspace ws("explain_renames");
    const Run run = run_explained(ws);
    require_saved_plan(run.plan, 0);

    rapidjson::Document report;
    report.Parse(run.report_text.c_str());
    BOOST_TEST_REQUIRE(!report.HasParseError(), run.report_text);
    BOOST_TEST_REQUIRE(report.IsObject(), run.report_text);
    for (const char* key : {"moves", "blocks", "proposals", "dropped", "unmatched", "iterations", "terraform_runs"})
        BOOST_TEST_REQUIRE((report.HasMember(key) && report[key].IsArray()), key << " missing:\n" << run.report_text);
    BOOST_TEST((report.HasMember("version") && report["version"].IsInt() && report["version"].GetInt() == 1));

    const auto& moves = report["moves"];
    BOOST_TEST_REQUIRE(moves.Size() == 1u, run.report_text);
    BOOST_TEST(std::string(moves[0]["from"].GetString()) == data("plain_old"));
    BOOST_TEST(std::string(moves[0]["to"].GetString()) == data("plain_new"));
    BOOST_TEST(std::string(moves[0]["kind"].GetString()) == "exact");
    BOOST_TEST(std::string(moves[0]["evidence"].GetString()) != "");
    BOOST_TEST(contains(moves[0]["rule"].GetString(), "accept[0]"));

    // Where the block would be written: the root module.
    const auto& blocks = report["blocks"];
    BOOST_TEST_REQUIRE(blocks.Size() == 1u, run.report_text);
    BOOST_TEST(std::string(blocks[0]["from"].GetString()) == data("plain_old"));
    BOOST_TEST(std::string(blocks[0]["module"].GetString()) == "");

    // The denied pair, and the sized pair: tried on a replan, Terraform would update it,
    // which the default policy only proposes.
    const auto& proposals = report["proposals"];
    BOOST_TEST_REQUIRE(proposals.Size() == 2u, run.report_text);
    BOOST_TEST(std::string(proposals[0]["from"].GetString()) == data("denied_old"));
    BOOST_TEST(std::string(proposals[0]["to"].GetString()) == data("denied_new"));
    BOOST_TEST(std::string(proposals[0]["verdict"].GetString()) == "denied");
    BOOST_TEST(contains(proposals[0]["rule"].GetString(), run.policy + ":3:5"));
    BOOST_TEST(std::string(proposals[1]["from"].GetString()) == data("sized_old"));
    BOOST_TEST(std::string(proposals[1]["kind"].GetString()) == "partial");
    BOOST_TEST(std::string(proposals[1]["verdict"].GetString()) == "proposed");

    // The unmatched objects with their candidates and differing paths.
    bool found_sized = false;
    for (const auto& entry : report["unmatched"].GetArray()) {
        if (std::string(entry["address"].GetString()) != data("sized_old")) continue;
        found_sized = true;
        BOOST_TEST(std::string(entry["side"].GetString()) == "delete");
        bool named = false;
        for (const auto& candidate : entry["candidates"].GetArray())
            if (std::string(candidate["address"].GetString()) == data("sized_new")) {
                named = true;
                BOOST_TEST_REQUIRE(candidate["differing_paths"].Size() >= 1u);
                BOOST_TEST(std::string(candidate["differing_paths"][0].GetString()) == "input.size");
            }
        BOOST_TEST(named, run.report_text);
    }
    BOOST_TEST(found_sized, run.report_text);

    const auto& iterations = report["iterations"];
    BOOST_TEST_REQUIRE(iterations.Size() >= 1u, run.report_text);
    // plain, and the sized and token pairs on trial.
    BOOST_TEST(iterations[0]["moves_added"].GetUint64() == 3u);

    // Every terraform run: its arguments, exit code and duration. tfw ran at least the
    // first plan, the show that found the move and the plan with it.
    const auto& runs = report["terraform_runs"];
    BOOST_TEST_REQUIRE(runs.Size() >= 3u, run.report_text);
    std::size_t plans = 0, shows = 0;
    for (const auto& entry : runs.GetArray()) {
        BOOST_TEST_REQUIRE((entry.HasMember("args") && entry["args"].IsArray() && entry["args"].Size() >= 1u));
        BOOST_TEST_REQUIRE((entry.HasMember("exit_code") && entry["exit_code"].IsInt()));
        BOOST_TEST_REQUIRE((entry.HasMember("seconds") && entry["seconds"].IsNumber()));
        BOOST_TEST(entry["seconds"].GetDouble() > 0.0);
        BOOST_TEST(entry["seconds"].GetDouble() < 600.0);
        const std::string command = entry["args"][0].GetString();
        if (command == "plan") ++plans;
        if (command == "show") ++shows;
    }
    BOOST_TEST(plans >= 2u);
    BOOST_TEST(shows >= 1u);
    BOOST_TEST(std::string(runs[0]["args"][0].GetString()) == "plan");
    BOOST_TEST(runs[0]["exit_code"].GetInt() == 2);  // changes, under -detailed-exitcode
}
