#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "tfw/core/render/moves_format.hpp"
#include "tfw/core/policy/policy_yaml.hpp"

using namespace tfw::core;

namespace {

Move move(std::string_view from, std::string_view to, MatchKind kind = MatchKind::exact,
          std::string evidence = "2 known attribute values equal") {
    Move out;
    out.from = must_parse_address(from);
    out.to = must_parse_address(to);
    out.kind = kind;
    out.evidence = std::move(evidence);
    return out;
}

MovesReport report_of(const Policy& policy, std::vector<Move> moves, std::vector<Unmatched> unmatched = {}) {
    MatchResult matched;
    matched.moves = std::move(moves);
    matched.unmatched = std::move(unmatched);
    return decide_report(policy, std::move(matched));
}

Policy loaded_policy(const std::string& yaml) { return load_policy("version: 1\n" + yaml, "p.yaml"); }

}  // namespace

BOOST_AUTO_TEST_CASE(format_names) {
    BOOST_TEST((parse_moves_format("hcl") == MovesFormat::hcl));
    BOOST_TEST((parse_moves_format("json") == MovesFormat::json));
    BOOST_TEST((parse_moves_format("commands") == MovesFormat::commands));
    BOOST_TEST(!parse_moves_format("HCL").has_value());
    BOOST_TEST(!parse_moves_format("").has_value());
    BOOST_TEST(!parse_moves_format("yaml").has_value());
}

BOOST_AUTO_TEST_CASE(decide_report_splits_by_verdict) {
    MovesReport report = report_of(loaded_policy("max_moves: 1\n"),
                                   {move("terraform_data.a", "terraform_data.b"),
                                    move("terraform_data.c", "terraform_data.d"),
                                    move("terraform_data.e", "terraform_data.f", MatchKind::partial),
                                    move("null_resource.g", "terraform_data.g", MatchKind::cross_type)});
    BOOST_TEST_REQUIRE(report.accepted.size() == 1u);
    BOOST_TEST(to_string(report.accepted[0].move.from) == "terraform_data.a");
    BOOST_TEST_REQUIRE(report.proposals.size() == 3u);
    BOOST_TEST(report.proposals[0].decision.rule == "over max_moves (1)");
    BOOST_TEST((report.proposals[1].decision.verdict == Verdict::proposed));
    BOOST_TEST((report.proposals[2].decision.verdict == Verdict::denied));
}

BOOST_AUTO_TEST_CASE(hcl_blocks_one_blank_line_apart) {
    MovesReport report = report_of(default_policy(), {move("terraform_data.a", "module.m.terraform_data.a"),
                                                      move("terraform_data.x[0]", "terraform_data.x[\"q\\\"k\"]")});
    BOOST_TEST(render_moves(report, MovesFormat::hcl) ==
               "# not judged by Terraform, which has not planned with it (tfw plan does): 2 known attribute values equal\n"
               "moved {\n"
               "  from = terraform_data.a\n"
               "  to   = module.m.terraform_data.a\n"
               "}\n"
               "\n"
               "# not judged by Terraform, which has not planned with it (tfw plan does): 2 known attribute values equal\n"
               "moved {\n"
               "  from = terraform_data.x[0]\n"
               "  to   = terraform_data.x[\"q\\\"k\"]\n"
               "}\n");
    BOOST_TEST(render_moves(report_of(default_policy(), {}), MovesFormat::hcl) == "");
    BOOST_TEST(render_proposals_comments(report, MovesFormat::hcl) == "");
}

BOOST_AUTO_TEST_CASE(commands_quote_every_address) {
    MovesReport report = report_of(default_policy(), {move("terraform_data.a[\"it's $x\"]", "terraform_data.b[\"`id`\"]"),
                                                      move("module.m[0].terraform_data.c", "terraform_data.c")});
    BOOST_TEST(render_moves(report, MovesFormat::commands) ==
               "# not judged by Terraform, which has not planned with it (tfw plan does): 2 known attribute values equal\n"
               "terraform state mv 'terraform_data.a[\"it'\\''s $x\"]' 'terraform_data.b[\"`id`\"]'\n"
               "# not judged by Terraform, which has not planned with it (tfw plan does): 2 known attribute values equal\n"
               "terraform state mv 'module.m[0].terraform_data.c' 'terraform_data.c'\n");
    BOOST_TEST(render_moves(report_of(default_policy(), {}), MovesFormat::commands) == "");
}

BOOST_AUTO_TEST_CASE(json_has_every_array_and_parses) {
    Unmatched tie{must_parse_address("terraform_data.t1"), true, "tie: 2 creations match equally", {}};
    tie.candidates.push_back({must_parse_address("terraform_data.n1"), {}, {}});
    tie.candidates.push_back({must_parse_address("terraform_data.n2"), {"input", "tags[\"a b\"]"}, {}});
    Unmatched created{must_parse_address("terraform_data.new"), false, "no deletion of type terraform_data", {}};
    Move partial = move("terraform_data.p", "terraform_data.q", MatchKind::partial, "90% equal");
    partial.remaining_differences = {"input.x"};
    Move twin = move("terraform_data.w", "terraform_data.v");
    twin.by_dependency = true;
    MovesReport report = report_of(default_policy(), {twin, partial}, {tie, created});

    std::string text = render_moves(report, MovesFormat::json);
    BOOST_TEST(text.back() == '\n');
    rapidjson::Document json;
    json.Parse(text.c_str());
    BOOST_TEST_REQUIRE(!json.HasParseError(), text);
    BOOST_TEST_REQUIRE(json["moves"].Size() == 1u);
    const auto& accepted = json["moves"][0];
    BOOST_TEST(std::string(accepted["from"].GetString()) == "terraform_data.w");
    BOOST_TEST(std::string(accepted["to"].GetString()) == "terraform_data.v");
    BOOST_TEST(std::string(accepted["kind"].GetString()) == "exact");
    BOOST_TEST(std::string(accepted["evidence"].GetString()) == "2 known attribute values equal");
    BOOST_TEST(accepted["by_dependency"].GetBool());
    BOOST_TEST(accepted["remaining_differences"].Size() == 0u);
    BOOST_TEST(!accepted["judged_by_terraform"].GetBool());
    BOOST_TEST(std::string(accepted["rule"].GetString()) == "accept[0] at built-in defaults");

    BOOST_TEST_REQUIRE(json["proposals"].Size() == 1u);
    const auto& proposal = json["proposals"][0];
    BOOST_TEST(std::string(proposal["kind"].GetString()) == "partial");
    BOOST_TEST(std::string(proposal["verdict"].GetString()) == "proposed");
    BOOST_TEST(std::string(proposal["rule"].GetString()) == "no accept rule matches kind partial");
    BOOST_TEST(std::string(proposal["remaining_differences"][0].GetString()) == "input.x");

    BOOST_TEST_REQUIRE(json["unmatched"].Size() == 2u);
    const auto& first = json["unmatched"][0];
    BOOST_TEST(std::string(first["address"].GetString()) == "terraform_data.t1");
    BOOST_TEST(std::string(first["action"].GetString()) == "delete");
    BOOST_TEST(first["candidates"].Size() == 2u);
    BOOST_TEST(std::string(first["candidates"][1]["differing_paths"][1].GetString()) == "tags[\"a b\"]");
    BOOST_TEST(std::string(json["unmatched"][1]["action"].GetString()) == "create");

    BOOST_TEST(render_moves(report_of(default_policy(), {}), MovesFormat::json) ==
               "{\"moves\":[],\"proposals\":[],\"unmatched\":[]}\n");
}

// A move Terraform planned (in a plan that already carried it out) needs no such note.
BOOST_AUTO_TEST_CASE(a_move_terraform_judged_says_so) {
    Move judged = move("terraform_data.a", "terraform_data.b");
    judged.confirmed_by_terraform = true;
    MovesReport report = report_of(default_policy(), {judged});
    BOOST_TEST(render_moves(report, MovesFormat::hcl) == "moved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n");
    BOOST_TEST(render_moves(report, MovesFormat::json).find("\"judged_by_terraform\":true") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(proposals_as_comments) {
    MovesReport report =
        report_of(default_policy(), {move("terraform_data.p", "terraform_data.q", MatchKind::partial, "90% equal"),
                                     move("null_resource.g", "terraform_data.g", MatchKind::cross_type, "shared")});
    BOOST_TEST(render_moves(report, MovesFormat::hcl) == "");
    BOOST_TEST(render_proposals_comments(report, MovesFormat::hcl) ==
               "# tfw: 2 moves found but not accepted by the policy:\n"
               "#\n"
               "# partial: 90% equal; proposed: no accept rule matches kind partial\n"
               "# moved {\n"
               "#   from = terraform_data.p\n"
               "#   to   = terraform_data.q\n"
               "# }\n"
               "# denied: null_resource.g -> terraform_data.g (cross_type: shared; denied: no cross_type rule "
               "allows null_resource -> terraform_data)\n");
    BOOST_TEST(render_proposals_comments(report, MovesFormat::commands) ==
               "# tfw: 2 moves found but not accepted by the policy:\n"
               "#\n"
               "# partial: 90% equal; proposed: no accept rule matches kind partial\n"
               "# terraform state mv 'terraform_data.p' 'terraform_data.q'\n"
               "# denied: null_resource.g -> terraform_data.g (cross_type: shared; denied: no cross_type rule "
               "allows null_resource -> terraform_data)\n");
}
