#include "tfw/cli/summary.hpp"

#include <boost/test/unit_test.hpp>

#include "test_moves.hpp"
#include "tfw/core/policy/policy_decide.hpp"

#include <string>
#include <vector>

using namespace tfw;

namespace {

core::Move move(const std::string& from, const std::string& to, core::MatchKind kind, const std::string& evidence) {
    return cli::testing::test_move(from, to, kind, evidence);
}

core::Unmatched unmatched(const std::string& address, bool is_deletion, const std::string& reason,
                          std::vector<core::CandidateNote> candidates = {}) {
    return {core::must_parse_address(address), is_deletion, reason, std::move(candidates)};
}

std::vector<shell::TerraformCall> calls(const std::vector<std::string>& subcommands) {
    std::vector<shell::TerraformCall> out;
    for (const auto& subcommand : subcommands) out.push_back({{subcommand}, 0, 0.0});
    return out;
}

const core::Move a_rename = move("terraform_data.a", "terraform_data.b", core::MatchKind::exact, "3 known attribute values equal");

}  // namespace

BOOST_AUTO_TEST_CASE(summary_table) {
    struct Case {
        std::string name;
        shell::ConvergeResult result;
        std::vector<std::string> subcommands;
        bool explain;
        std::string expected;
    };
    std::vector<Case> cases;
    {
        Case c{"nothing to say: the run looks like terraform's", {}, {"plan"}, false, ""};
        c.result.unmatched = {unmatched("terraform_data.x", false, "no deletion of type terraform_data")};
        cases.push_back(c);
    }
    {
        Case c{"one move, its evidence and the rule that accepted it", {}, {"plan", "show", "plan"}, false,
               "tfw: 1 move inferred in 1 iteration (3 terraform runs: 2 plan, 1 show)\n"
               "  terraform_data.a -> terraform_data.b\n"
               "      all 3 known values are equal; accepted by default: every known value is equal\n\n"};
        c.result.moves = {a_rename};
        c.result.move_decisions = core::decide_moves(core::default_policy(), c.result.moves);
        c.result.iterations = {{1}};
        cases.push_back(c);
    }
    {
        Case c{"proposals, refusals and the iteration limit", {}, {"plan", "show", "plan", "show", "plan"}, false,
               "tfw: 0 moves inferred in 2 iterations (5 terraform runs: 3 plan, 2 show)\n"
               "tfw: proposed, not accepted by policy (not injected):\n"
               "  aws_s3_bucket.a -> aws_s3_bucket.b\n"
               "      90% of known values are equal; differs in tags; proposed, not accepted: no accept rule matches "
               "kind partial\n"
               "tfw: refused or withdrawn, left as destroy/create:\n"
               "  null_resource.n -> terraform_data.n\n"
               "      refused by Terraform: Move Resource State Not Supported\n"
               "tfw: stopped after --max-iterations (2); more moves may be found by running tfw again\n\n"};
        c.result.proposals = {{move("aws_s3_bucket.a", "aws_s3_bucket.b", core::MatchKind::partial,
                                    "90% of known attribute values equal; differs in tags"),
                               {core::Verdict::proposed, "no accept rule matches kind partial",
                                core::DecidedBy::no_accept_rule}}};
        c.result.dropped = {{move("null_resource.n", "terraform_data.n", core::MatchKind::cross_type, "shared"),
                             "Move Resource State Not Supported"}};
        c.result.iterations = {{0}, {0}};
        c.result.hit_iteration_limit = true;
        cases.push_back(c);
    }
    {
        Case c{"explain: every unmatched object, its reason and candidates", {}, {"plan", "show"}, true,
               "tfw: 0 moves inferred in 1 iteration (2 terraform runs: 1 plan, 1 show)\n"
               "tfw: terraform_data.old stays a destroy: no creation of type terraform_data has equal attributes\n"
               "      candidate terraform_data.new: differs in input, triggers_replace\n"
               "      candidate terraform_data.other: another provider (registry.example/x)\n"
               "tfw: terraform_data.t2 stays a create: a tie: 2 deletions match it equally and dependencies do not "
               "tell them apart\n"
               "      candidate terraform_data.t0\n"
               "      candidate terraform_data.t1: name is a value unknown until apply\n\n"};
        c.result.unmatched = {
            unmatched("terraform_data.old", true, "no creation of type terraform_data has equal attributes",
                      {{core::must_parse_address("terraform_data.new"), {"input", "triggers_replace"}, {}},
                       {core::must_parse_address("terraform_data.other"), {}, "another provider (registry.example/x)"}}),
            unmatched("terraform_data.t2", false,
                      "tie: 2 deletions match equally and dependencies do not tell them apart",
                      {{core::must_parse_address("terraform_data.t0"), {}, {}},
                       {core::must_parse_address("terraform_data.t1"), {}, "name unknown until apply"}})};
        c.result.iterations = {{0}};
        cases.push_back(c);
    }
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(cli::render_summary(c.result, calls(c.subcommands), c.explain) == c.expected); }
    }
}

// The default output speaks the user's language: the rule by its file and line or the
// built-in default by its meaning, the evidence in Terraform's terms. None of tfw's
// internal names: rule ids, MatchKind enum names, Move fields.
BOOST_AUTO_TEST_CASE(default_output_names_no_internal_identifiers) {
    shell::ConvergeResult result;
    core::Move exact = a_rename;
    core::Move ignored = move("terraform_data.c", "terraform_data.d", core::MatchKind::ignore_rules,
                              "2 known attribute values equal after ignore rules");
    core::Move confirmed = move("terraform_data.e", "terraform_data.f", core::MatchKind::confirmed,
                                "80% of known attribute values equal; differs in input; each the other's closest; "
                                "Terraform plans it with no change");
    confirmed.confirmed_by_terraform = true;
    confirmed.tentative_because = "differs in input";
    core::Move tentative = move("terraform_data.g", "terraform_data.h", core::MatchKind::exact,
                                "1 known attribute value equal; name unknown until apply; dependencies tell it from "
                                "its identical twins; Terraform plans it with no change");
    tentative.confirmed_by_terraform = true;
    tentative.tentative_because = "name is unknown until apply; resolved out of a tie by dependencies";
    result.moves = {exact, ignored, confirmed, tentative};
    result.move_decisions = core::decide_moves(core::default_policy(), result.moves);
    core::Move partial = move("terraform_data.p", "terraform_data.q", core::MatchKind::partial,
                              "90% of known attribute values equal; differs in tags; the only pair of its type left");
    result.proposals = {{partial, core::decide_move(core::default_policy(), partial)}};
    result.dropped = {{move("terraform_data.r", "terraform_data.s", core::MatchKind::exact, "1 known attribute value equal"),
                       "withdrawn: Terraform would replace it (~ input); tried because resolved out of a tie by elimination"}};
    result.unmatched = {unmatched("terraform_data.t", true,
                                  "tie: 2 creations match equally and neither dependencies nor reference structure "
                                  "tell them apart",
                                  {{core::must_parse_address("terraform_data.u"), {}, "name unknown until apply"}})};
    result.iterations = {{4}};
    for (bool explain : {false, true}) {
        BOOST_TEST_CONTEXT("explain " << explain) {
            const std::string out = cli::render_summary(result, calls({"plan", "show", "plan"}), explain);
            BOOST_TEST(out.find("accepted by default: every known value is equal\n") != std::string::npos, out);
            for (const char* internal : {"accept[", "deny[", "built-in defaults", "exact:", "ignore:", "confirmed:",
                                         "partial:", "ignore_rules", "cross_type:", "tentative_because", "from_tie",
                                         "by_dependency", "known attribute value", "tried because resolved"})
                BOOST_TEST(out.find(internal) == std::string::npos, internal << " in\n" << out);
        }
    }
}
