// Cross-type moves with a real provider that refuses them: AWS 5.100 (from the
// preinstalled filesystem mirror) does not move aws_s3_bucket_object state to
// aws_s3_object ("Move Resource State Not Supported"). tfw must drop the move, replan and
// end with Terraform's normal plan (delete + create), explaining the refusal.
//
// fixtures/aws_cross_type/terraform.tfstate was made by TERRAFORM.md's recipe (plan
// before/ against an empty state, state v4 from the planned values, made-up values for
// what was unknown). Every plan runs with -refresh=false, so AWS is never called.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>
#include <string>

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

constexpr const char* from = "aws_s3_bucket_object.readme";
constexpr const char* to = "aws_s3_object.readme";
constexpr const char* refusal = "Move Resource State Not Supported";

// The before/ state in place and the after/ configuration initialised (provider from the mirror).
void prepare(Workspace& ws) {
    ws.copy_from_fixture("terraform.tfstate", "terraform.tfstate");
    ws.switch_to("after");
}

}  // namespace

BOOST_AUTO_TEST_CASE(refused_cross_type_move_is_dropped_and_explained) {
    Workspace ws("aws_cross_type", {.aws_provider = true});
    prepare(ws);
    ws.copy_from_fixture("tfw.yaml", ".tfw.yaml");  // allows and accepts the migration
    const fs::path report_file = ws.scratch() / "report.json";

    const TfwPlan run = ws.tfw_plan({"-refresh=false", "-no-color", "--explain", "--report=" + report_file.string()});
    // The explanation: which move, and terraform's reason, in tfw's own output.
    BOOST_TEST(contains(run.result.out, std::string(from) + " -> " + to), run.result.describe());
    BOOST_TEST(contains(run.result.out, refusal), run.result.describe());
    BOOST_TEST(ws.tfw_temp_files().empty());

    // The report says the same: the move was dropped with terraform's reason.
    rapidjson::Document report;
    const std::string text = read_text(report_file);
    report.Parse(text.c_str());
    BOOST_TEST_REQUIRE(!report.HasParseError(), text);
    BOOST_TEST_REQUIRE(report.IsObject(), text);
    BOOST_TEST_REQUIRE((report.HasMember("dropped") && report["dropped"].IsArray()), text);
    const auto& dropped = report["dropped"];
    BOOST_TEST(dropped.Size() == 1u, text);
    if (dropped.Size() == 1u) {
        BOOST_TEST(std::string(dropped[0]["from"].GetString()) == from);
        BOOST_TEST(std::string(dropped[0]["to"].GetString()) == to);
        BOOST_TEST(contains(dropped[0]["reason"].GetString(), refusal), text);
    }
    BOOST_TEST_REQUIRE((report.HasMember("moves") && report["moves"].IsArray()), text);
    BOOST_TEST(report["moves"].Size() == 0u, text);

    // And the run ends with Terraform's normal plan: a delete and a create, exit 0.
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moves(plan).empty(), describe(plan));
    BOOST_TEST(describe(plan) == std::string(from) + ": delete\n" + to + ": create\n");
    BOOST_TEST(contains(run.result.out, "Plan: 1 to add, 0 to change, 1 to destroy."), run.result.describe());
}

// Without a cross_type rule tfw does not even try: one plan, no `show`, no move.
BOOST_AUTO_TEST_CASE(without_a_cross_type_rule_no_cross_type_move_is_tried) {
    Workspace ws("aws_cross_type", {.aws_provider = true});
    prepare(ws);
    const fs::path report_file = ws.scratch() / "report.json";

    const TfwPlan run = ws.tfw_plan({"-refresh=false", "-no-color", "--report=" + report_file.string()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) == std::string(from) + ": delete\n" + to + ": create\n");
    BOOST_TEST(!contains(run.result.out, refusal), run.result.describe());

    rapidjson::Document report;
    const std::string text = read_text(report_file);
    report.Parse(text.c_str());
    BOOST_TEST_REQUIRE((!report.HasParseError() && report.IsObject() && report.HasMember("terraform_runs") &&
                        report["terraform_runs"].IsArray()),
                       text);
    BOOST_TEST(report["terraform_runs"].Size() == 1u, text);
}
