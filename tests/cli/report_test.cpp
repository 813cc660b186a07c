#include "tfw/cli/report.hpp"

#include <boost/test/unit_test.hpp>

#include "test_moves.hpp"

#include <rapidjson/document.h>

#include <string>
#include <vector>

using namespace tfw;

namespace {

core::Move move(const std::string& from, const std::string& to, core::MatchKind kind) {
    return cli::testing::test_move(from, to, kind, "evidence of " + to);
}

// A string member, "<missing>" when absent or not a string.
std::string text(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject() || !object.HasMember(name) || !object[name].IsString()) return "<missing>";
    return object[name].GetString();
}

// Every member name of an object, in order.
std::vector<std::string> keys(const rapidjson::Value& object) {
    std::vector<std::string> out;
    for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) out.push_back(it->name.GetString());
    return out;
}

}  // namespace

// The document follows the schema in report.hpp, member for member.
BOOST_AUTO_TEST_CASE(report_follows_the_schema) {
    shell::ConvergeResult result;
    core::Move by_dependency = move(R"(module.m["k"].terraform_data.a)", "terraform_data.b", core::MatchKind::exact);
    by_dependency.by_dependency = true;
    by_dependency.witnesses = {"terraform_data.anchor"};
    by_dependency.tentative_because = "resolved out of a tie by dependencies";
    by_dependency.confirmed_by_terraform = true;
    result.moves = {by_dependency};
    result.move_decisions = {{core::Verdict::accepted, "accept[0] at .tfw.yaml:3:5"}};
    result.proposals = {{move("aws_s3_bucket.a", "aws_s3_bucket.b", core::MatchKind::partial),
                         {core::Verdict::proposed, "no accept rule matches kind partial"}}};
    result.dropped = {{move("null_resource.n", "terraform_data.n", core::MatchKind::cross_type), "Move Resource State Not Supported"}};
    result.unmatched = {{core::must_parse_address("terraform_data.old"), true, "no creation of type terraform_data",
                         {{core::must_parse_address("terraform_data.new"), {"input"}, {}}}}};
    result.iterations = {{1}, {0}};
    result.tie_trials = {{2, move("terraform_data.t", "terraform_data.u", core::MatchKind::exact), false,
                          "Terraform would update it in place (~ input)"}};
    result.tie_rounds = 2;
    result.hit_trial_limit = true;
    result.undecided = {core::must_parse_address("terraform_data.t")};
    core::Placement placement;
    placement.module = {};
    placement.dir = ".";
    placement.from = by_dependency.from;
    placement.to = by_dependency.to;
    placement.note = "";
    std::vector<shell::TerraformCall> calls = {{{"plan", "-input=false", "-var=token=s3cret", "-lock-timeout=5m"}, 2, 1.5},
                                               {{"show", "-json"}, 0, 0.25}};

    std::string rendered = cli::render_report(result, {placement}, calls, {"-lock-timeout=5m"});
    BOOST_TEST(rendered.back() == '\n');
    rapidjson::Document report;
    report.Parse(rendered.c_str());
    BOOST_TEST_REQUIRE(!report.HasParseError());
    BOOST_TEST(keys(report) == (std::vector<std::string>{"version", "moves", "blocks", "proposals", "dropped", "unmatched",
                                                         "iterations", "hit_iteration_limit", "tie_trials", "tie_rounds",
                                                         "hit_trial_limit", "undecided", "terraform_runs"}),
               boost::test_tools::per_element());
    BOOST_TEST(report["version"].GetInt() == 1);

    const auto& moved = report["moves"][0];
    BOOST_TEST(keys(moved) == (std::vector<std::string>{"from", "to", "kind", "evidence", "by_dependency", "witnesses",
                                                         "tentative_because", "confirmed_by_terraform", "rule"}),
               boost::test_tools::per_element());
    BOOST_TEST(text(moved, "from") == R"(module.m["k"].terraform_data.a)");
    BOOST_TEST(text(moved, "kind") == "exact");
    BOOST_TEST(moved["by_dependency"].GetBool());
    BOOST_TEST(std::string(moved["witnesses"][0].GetString()) == "terraform_data.anchor");
    BOOST_TEST(text(moved, "tentative_because") == "resolved out of a tie by dependencies");
    BOOST_TEST(moved["confirmed_by_terraform"].GetBool());
    BOOST_TEST(text(moved, "rule") == "accept[0] at .tfw.yaml:3:5");

    BOOST_TEST(keys(report["blocks"][0]) == (std::vector<std::string>{"from", "to", "module", "dir", "note"}),
               boost::test_tools::per_element());
    BOOST_TEST(text(report["blocks"][0], "dir") == ".");

    const auto& proposal = report["proposals"][0];
    BOOST_TEST(keys(proposal) == (std::vector<std::string>{"from", "to", "kind", "evidence", "verdict", "rule"}),
               boost::test_tools::per_element());
    BOOST_TEST(text(proposal, "kind") == "partial");
    BOOST_TEST(text(proposal, "verdict") == "proposed");

    BOOST_TEST(keys(report["dropped"][0]) == (std::vector<std::string>{"from", "to", "reason"}), boost::test_tools::per_element());
    BOOST_TEST(text(report["dropped"][0], "reason") == "Move Resource State Not Supported");

    const auto& entry = report["unmatched"][0];
    BOOST_TEST(text(entry, "side") == "delete");
    BOOST_TEST(text(entry["candidates"][0], "address") == "terraform_data.new");
    BOOST_TEST(std::string(entry["candidates"][0]["differing_paths"][0].GetString()) == "input");
    BOOST_TEST(keys(entry["candidates"][0]) == (std::vector<std::string>{"address", "differing_paths", "note"}),
               boost::test_tools::per_element());

    BOOST_TEST(report["iterations"].Size() == 2u);
    BOOST_TEST(report["iterations"][0]["moves_added"].GetUint64() == 1u);
    BOOST_TEST(report["hit_iteration_limit"].GetBool() == false);
    const auto& trial = report["tie_trials"][0];
    BOOST_TEST(keys(trial) == (std::vector<std::string>{"round", "from", "to", "no_change", "verdict"}),
               boost::test_tools::per_element());
    BOOST_TEST(trial["round"].GetInt() == 2);
    BOOST_TEST(trial["no_change"].GetBool() == false);
    BOOST_TEST(text(trial, "verdict") == "Terraform would update it in place (~ input)");
    BOOST_TEST(report["tie_rounds"].GetInt() == 2);
    BOOST_TEST(report["hit_trial_limit"].GetBool());
    BOOST_TEST(std::string(report["undecided"][0].GetString()) == "terraform_data.t");
    BOOST_TEST(report["terraform_runs"].Size() == 2u);
    BOOST_TEST(report["terraform_runs"][0]["exit_code"].GetInt() == 2);
    BOOST_TEST(report["terraform_runs"][1]["seconds"].GetDouble() == 0.25);
    BOOST_TEST(std::string(report["terraform_runs"][1]["args"][1].GetString()) == "-json");
    // Flags without their secrets: a -var's value, and anything from TF_CLI_ARGS*.
    BOOST_TEST(std::string(report["terraform_runs"][0]["args"][2].GetString()) == "-var=token=(redacted)");
    BOOST_TEST(std::string(report["terraform_runs"][0]["args"][3].GetString()) == "-lock-timeout=(redacted)");
    BOOST_TEST(rendered.find("s3cret") == std::string::npos);
}

// A run with nothing to say is still a complete document: every list there, empty.
BOOST_AUTO_TEST_CASE(empty_run_is_a_complete_document) {
    std::string rendered = cli::render_report({}, {}, {}, {});
    rapidjson::Document report;
    report.Parse(rendered.c_str());
    BOOST_TEST_REQUIRE(!report.HasParseError());
    for (const char* list : {"moves", "blocks", "proposals", "dropped", "unmatched", "iterations", "tie_trials", "undecided",
                             "terraform_runs"})
        BOOST_TEST_CONTEXT(list) { BOOST_TEST((report[list].IsArray() && report[list].Empty())); }
}
