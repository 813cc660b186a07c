#include "tfw/cli/ui_events.hpp"

#include <boost/test/unit_test.hpp>

#include "test_moves.hpp"

#include <rapidjson/document.h>

#include <chrono>
#include <string>
#include <vector>

using namespace tfw;

namespace {

core::Move move(const std::string& from, const std::string& to, core::MatchKind kind) {
    return cli::testing::test_move(from, to, kind, "evidence of " + to);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t newline; (newline = text.find('\n', start)) != std::string::npos; start = newline + 1)
        out.push_back(text.substr(start, newline - start));
    BOOST_TEST(start == text.size(), "the last line has no newline");
    return out;
}

std::string text(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject() || !object.HasMember(name) || !object[name].IsString()) return "<missing>";
    return object[name].GetString();
}

}  // namespace

// Every line is one JSON object in Terraform's envelope with tfw's type, in the order
// and with the members ui_events.hpp documents.
BOOST_AUTO_TEST_CASE(lines_follow_the_documented_envelope) {
    shell::ConvergeResult result;
    result.moves = {move(R"(module.m["k|\"q"].terraform_data.a)", "terraform_data.b", core::MatchKind::exact)};
    result.move_decisions = {{core::Verdict::accepted, "accept[0] at .tfw.yaml:3:5"}};
    result.proposals = {{move("aws_s3_bucket.a", "aws_s3_bucket.b", core::MatchKind::partial),
                         {core::Verdict::proposed, "no accept rule matches kind partial"}}};
    result.dropped = {{move("null_resource.n", "terraform_data.n", core::MatchKind::cross_type), "Move Resource State Not Supported"}};
    result.unmatched = {{core::must_parse_address("terraform_data.old"), true, "no creation of type terraform_data",
                         {{core::must_parse_address("terraform_data.new"), {"input"}, {}}}}};
    result.iterations = {{1}, {0}};
    result.tie_trials = {{1, move("terraform_data.t", "terraform_data.u", core::MatchKind::exact), true,
                          "Terraform plans it with no change"}};
    result.tie_rounds = 1;
    std::vector<shell::TerraformCall> calls = {{{"plan"}, 2, 1.0}, {{"show", "-json"}, 0, 0.5}, {{"plan"}, 2, 1.0}};

    const std::string stamp = "2026-11-23T11:29:05.783040Z";
    auto lines = lines_of(cli::render_ui_events(result, calls, stamp));
    struct Expected {
        const char* type;
        const char* level;
        const char* member;
    };
    const std::vector<Expected> expected = {{"tfw_move", "info", "move"},
                                            {"tfw_proposal", "warn", "proposal"},
                                            {"tfw_dropped", "warn", "dropped"},
                                            {"tfw_trial", "info", "trial"},
                                            {"tfw_unmatched", "info", "unmatched"},
                                            {"tfw_summary", "info", "summary"}};
    BOOST_TEST_REQUIRE(lines.size() == expected.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        BOOST_TEST_CONTEXT(expected[i].type) {
            rapidjson::Document event;
            event.Parse(lines[i].c_str());
            BOOST_TEST_REQUIRE(!event.HasParseError(), lines[i]);
            BOOST_TEST(text(event, "type") == expected[i].type);
            BOOST_TEST(text(event, "@level") == expected[i].level);
            BOOST_TEST(text(event, "@module") == "tfw");
            BOOST_TEST(text(event, "@timestamp") == stamp);
            BOOST_TEST(text(event, "@message").rfind("tfw: ", 0) == 0u, text(event, "@message"));
            BOOST_TEST(event.HasMember(expected[i].member));
            BOOST_TEST(event.MemberCount() == 6u);
        }
    }
    rapidjson::Document first, last;
    first.Parse(lines.front().c_str());
    BOOST_TEST(text(first["move"], "from") == R"(module.m["k|\"q"].terraform_data.a)");
    BOOST_TEST(text(first["move"], "rule") == "accept[0] at .tfw.yaml:3:5");
    last.Parse(lines.back().c_str());
    BOOST_TEST(last["summary"]["moves"].GetUint64() == 1u);
    BOOST_TEST(last["summary"]["proposals"].GetUint64() == 1u);
    BOOST_TEST(last["summary"]["dropped"].GetUint64() == 1u);
    BOOST_TEST(last["summary"]["unmatched"].GetUint64() == 1u);
    BOOST_TEST(last["summary"]["iterations"].GetUint64() == 2u);
    BOOST_TEST(last["summary"]["terraform_runs"].GetUint64() == 3u);
    BOOST_TEST(last["summary"]["hit_iteration_limit"].GetBool() == false);
    BOOST_TEST(last["summary"]["tie_rounds"].GetInt() == 1);
    BOOST_TEST(last["summary"]["hit_trial_limit"].GetBool() == false);
    rapidjson::Document trial;
    trial.Parse(lines[3].c_str());
    BOOST_TEST(text(trial["trial"], "from") == "terraform_data.t");
    BOOST_TEST(trial["trial"]["no_change"].GetBool());
    BOOST_TEST(text(trial, "@message") == "tfw: tie trial, round 1: terraform_data.t -> terraform_data.u: Terraform plans it with no change");
}

// A run with nothing to say still ends with its summary line.
BOOST_AUTO_TEST_CASE(a_quiet_run_is_one_summary_line) {
    auto lines = lines_of(cli::render_ui_events({}, {{{"plan"}, 0, 1.0}}, "2026-01-01T00:00:00.000000Z"));
    BOOST_TEST_REQUIRE(lines.size() == 1u);
    rapidjson::Document event;
    event.Parse(lines[0].c_str());
    BOOST_TEST_REQUIRE(!event.HasParseError());
    BOOST_TEST(text(event, "type") == "tfw_summary");
    BOOST_TEST(event["summary"]["moves"].GetUint64() == 0u);
}

BOOST_AUTO_TEST_CASE(timestamps_as_terraform_writes_them) {
    using namespace std::chrono;
    struct Case {
        system_clock::time_point when;
        std::string expected;
    };
    const Case cases[] = {
        {system_clock::time_point{}, "1970-01-01T00:00:00.000000Z"},
        {system_clock::time_point{seconds{1795433345} + microseconds{783040}}, "2026-11-23T11:29:05.783040Z"},
        {system_clock::time_point{seconds{86399} + microseconds{7}}, "1970-01-01T23:59:59.000007Z"},
    };
    for (const auto& c : cases) BOOST_TEST(cli::ui_timestamp(c.when) == c.expected);
}

BOOST_AUTO_TEST_CASE(cross_root_lines) {
    const std::vector<core::RootCandidate> candidates = {
        {0, "terraform_data.network", "terraform_data", "terraform.io/builtin/terraform", true, {}},
        {1, "terraform_data.net[\"x\"]", "terraform_data", "terraform.io/builtin/terraform", false, {}},
        {0, "terraform_data.old", "terraform_data", "terraform.io/builtin/terraform", true, {}},
    };
    core::CrossRootResult result;
    result.moves.push_back({0, 1, 3, "e"});
    result.proposals.push_back({2, 1, 1, "Terraform would update it in place"});
    result.refusals.push_back({2, "no creation in another root module pairs with it"});
    const std::vector<std::string> names = {".", "../b"};
    const std::string ts = "2026-11-24T10:00:00.000000Z";
    BOOST_TEST(cli::render_root_line("../b", ts) ==
               "{\"@level\":\"info\",\"@message\":\"tfw: root module ../b\",\"@module\":\"tfw\",\"@timestamp\":\"" + ts +
                   "\",\"root\":{\"dir\":\"../b\"},\"type\":\"tfw_root\"}\n");
    const std::string reason = result.refusals[0].reason;
    BOOST_TEST(cli::render_cross_root_events(result, candidates, names, ts) ==
               "{\"@level\":\"info\",\"@message\":\"tfw: .: terraform_data.network -> ../b: terraform_data.net[\\\"x\\\"]\","
               "\"@module\":\"tfw\",\"@timestamp\":\"" + ts +
                   "\",\"root_move\":{\"from_root\":\".\",\"from\":\"terraform_data.network\",\"to_root\":\"../b\","
                   "\"to\":\"terraform_data.net[\\\"x\\\"]\",\"equal_values\":3},\"type\":\"tfw_root_move\"}\n"
                   "{\"@level\":\"info\",\"@message\":\"tfw: proposed, not moved: .: terraform_data.old -> ../b: "
                   "terraform_data.net[\\\"x\\\"]: Terraform would update it in place\",\"@module\":\"tfw\",\"@timestamp\":\"" +
                   ts +
                   "\",\"root_move\":{\"from_root\":\".\",\"from\":\"terraform_data.old\",\"to_root\":\"../b\","
                   "\"to\":\"terraform_data.net[\\\"x\\\"]\",\"evidence\":\"Terraform would update it in place\"},"
                   "\"type\":\"tfw_root_proposed\"}\n"
                   "{\"@level\":\"info\",\"@message\":\"tfw: .: terraform_data.old stays a destroy: " + reason +
                   "\",\"@module\":\"tfw\",\"@timestamp\":\"" + ts +
                   "\",\"refused\":{\"root\":\".\",\"address\":\"terraform_data.old\",\"reason\":\"" + reason +
                   "\"},\"type\":\"tfw_root_refused\"}\n");
}
