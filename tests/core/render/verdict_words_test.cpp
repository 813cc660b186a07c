#include "tfw/core/render/verdict_words.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

Move move(MatchKind kind, std::string evidence, std::vector<std::string> remaining = {}, bool confirmed = false) {
    Move out;
    out.from = must_parse_address("terraform_data.a");
    out.to = must_parse_address("terraform_data.b");
    out.kind = kind;
    out.evidence = std::move(evidence);
    out.remaining_differences = std::move(remaining);
    out.confirmed_by_terraform = confirmed;
    return out;
}

const Decision by_default{Verdict::accepted, "accept[0] at built-in defaults", DecidedBy::accept_rule,
                          {"built-in defaults", 0, 0}};
const Decision by_file_rule{Verdict::accepted, "accept[1] at .tfw.yaml:7:5", DecidedBy::accept_rule, {".tfw.yaml", 7, 5}};

}  // namespace

// The wording of every verdict, pinned: what a person reads in the default output,
// --explain and the Markdown report.
BOOST_AUTO_TEST_CASE(every_verdict_in_plain_words) {
    struct Case {
        std::string name;
        Move move;
        Decision decision;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"accepted by default: every known value is equal", move(MatchKind::exact, "3 known attribute values equal"),
         by_default, "all 3 known values are equal; accepted by default: every known value is equal"},
        {"accepted by default once the ignore rules apply",
         move(MatchKind::ignore_rules, "2 known attribute values equal after ignore rules"), by_default,
         "all 2 known values are equal once the policy's ignore rules apply; accepted by default: every known value "
         "is equal once the policy's ignore rules apply"},
        {"accepted by a policy rule: its file and line", move(MatchKind::exact, "1 known attribute value equal"),
         by_file_rule, "its one known value is equal; accepted by the policy rule at .tfw.yaml:7"},
        {"confirmed by Terraform: a value unknown until apply",
         move(MatchKind::exact, "4 known attribute values equal; name unknown until apply; Terraform plans it with no change",
              {}, true),
         by_default,
         "all 4 known values are equal; name is a value unknown until apply; Terraform planned it with no change; "
         "accepted by default: every known value is equal"},
        {"confirmed by Terraform although known values differ",
         move(MatchKind::confirmed,
              "80% of known attribute values equal; differs in description; each the other's closest; Terraform plans "
              "it with no change",
              {}, true),
         by_default,
         "80% of known values are equal; differs in description; each is the other's closest match; Terraform "
         "planned it with no change; accepted by default: Terraform planned it with no change"},
        {"tie resolved by dependencies",
         move(MatchKind::exact, "2 known attribute values equal; dependencies tell it from its identical twins"),
         by_default,
         "all 2 known values are equal; its dependencies match, which tells it from identical twins; accepted by "
         "default: every known value is equal"},
        {"partial, accepted by a policy rule: what Terraform still updates",
         move(MatchKind::partial, "90% of known attribute values equal; differs in tags; the only pair of its type left",
              {"tags"}),
         {Verdict::accepted, "accept[0] at .tfw.yaml:3:5", DecidedBy::accept_rule, {".tfw.yaml", 3, 5}},
         "90% of known values are equal; differs in tags; the only pair of its type left; accepted by the policy rule "
         "at .tfw.yaml:3; Terraform will still update tags in place"},
        {"proposed: no accept rule",
         move(MatchKind::partial, "90% of known attribute values equal; differs in tags", {"tags"}),
         {Verdict::proposed, "no accept rule matches kind partial", DecidedBy::no_accept_rule, {}},
         "90% of known values are equal; differs in tags; proposed, not accepted: no accept rule matches kind partial"},
        {"proposed: below the partial threshold",
         move(MatchKind::partial, "70% of known attribute values equal; differs in tags", {"tags"}),
         {Verdict::proposed, "similarity 70% is below partial.threshold (80%)", DecidedBy::partial_threshold, {}},
         "70% of known values are equal; differs in tags; proposed, not accepted: similarity 70% is below "
         "partial.threshold (80%)"},
        {"proposed: over max_moves", move(MatchKind::exact, "3 known attribute values equal"),
         {Verdict::proposed, "over max_moves (1)", DecidedBy::max_moves, {}},
         "all 3 known values are equal; proposed, not accepted: the policy's max_moves (1) was reached"},
        {"denied by a policy rule", move(MatchKind::exact, "3 known attribute values equal"),
         {Verdict::denied, "deny[0] (address module.db*) at .tfw.yaml:12:5", DecidedBy::deny_rule, {".tfw.yaml", 12, 5}},
         "all 3 known values are equal; denied by the policy rule at .tfw.yaml:12"},
        {"denied: a type change no cross_type rule allows",
         move(MatchKind::cross_type, "null_resource \xE2\x86\x92 terraform_data allowed by policy; shared attributes equal"),
         {Verdict::denied, "no cross_type rule allows null_resource -> terraform_data", DecidedBy::no_cross_type_rule, {}},
         "null_resource \xE2\x86\x92 terraform_data allowed by policy; every value they share is equal; denied: no "
         "cross_type rule allows null_resource -> terraform_data"},
        {"accepted at the prompt",
         move(MatchKind::partial, "90% of known attribute values equal; differs in tags"),
         {Verdict::accepted, "confirmed at the prompt (no accept rule matches kind partial)"},
         "90% of known values are equal; differs in tags; accepted at the prompt; the policy alone would not: no "
         "accept rule matches kind partial"},
        // The loop keeps a move confirmed at the prompt with the policy's verdict and reason.
        {"accepted at the prompt, the policy's verdict kept",
         move(MatchKind::exact, "2 known attribute values equal"),
         {Verdict::proposed, "confirmed at the prompt (no accept rule matches kind exact)", DecidedBy::no_accept_rule},
         "all 2 known values are equal; accepted at the prompt; the policy alone would not: no accept rule matches "
         "kind exact"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(plain_verdict(c.move, c.decision) == c.expected); }
}

BOOST_AUTO_TEST_CASE(evidence_in_plain_words) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"0 known attribute values equal", "no value is known before apply"},
        {"12 known attribute values equal", "all 12 known values are equal"},
        {"input, name unknown until apply", "input, name are values unknown until apply"},
        {"name is unknown until apply", "name is unknown until apply"},
        {"the only pairing that carries the old dependencies onto the new references",
         "the only pairing that keeps every reference pointing at the same objects"},
        {"its other candidates are each another object's only match",
         "its other candidates are each another object's only match"},
        {"Terraform would update it in place (~ description)", "Terraform would update it in place (~ description)"},
        // Tie trials: the evidence of a pair Terraform's trials settled.
        {"3 known attribute values equal; input unknown until apply; Terraform's trials ruled out the other candidates "
         "(terraform_data.x, terraform_data.y); Terraform plans it with no change",
         "all 3 known values are equal; input is a value unknown until apply; Terraform's trials ruled out the other "
         "candidates (terraform_data.x, terraform_data.y); Terraform planned it with no change"},
        {"a clause it has no words for", "a clause it has no words for"},
        {"", ""},
    };
    for (const auto& [evidence, expected] : cases)
        BOOST_TEST_CONTEXT(evidence) { BOOST_TEST(plain_evidence(evidence) == expected); }
}

BOOST_AUTO_TEST_CASE(dropped_and_unmatched_in_plain_words) {
    BOOST_TEST(plain_dropped("withdrawn: Terraform would replace it (~ input); tried because name is unknown until apply") ==
               "withdrawn after Terraform's plan: Terraform would replace it (~ input); it was only tried because name "
               "is unknown until apply");
    BOOST_TEST(plain_dropped("withdrawn: Terraform did not carry the move out; tried because resolved out of a tie by "
                             "dependencies") ==
               "withdrawn after Terraform's plan: Terraform did not carry the move out; it was only tried because its "
               "dependencies told it from identical twins");
    BOOST_TEST(plain_dropped("unverified: terraform_data.w, whose dependencies resolved the tie this pairing came from, "
                             "still changes after the move") ==
               "withdrawn, not verified: terraform_data.w, whose dependencies resolved the tie this pairing came from, "
               "still changes after the move");
    BOOST_TEST(plain_dropped("Moved object still exists") == "refused by Terraform: Moved object still exists");
    BOOST_TEST(plain_unmatched("tie: 2 creations match equally and neither dependencies nor reference structure tell "
                               "them apart") ==
               "a tie: 2 creations match it equally and neither dependencies nor reference structure tell them apart");
    // What Terraform's tie trials leave (core/converge/tie_trials), already in plain words.
    for (const char* reason : {"a true tie: Terraform plans no change with terraform_data.a and with terraform_data.b",
                               "Terraform's trials ruled out every candidate",
                               "its only match, terraform_data.x, is a true tie itself",
                               "every candidate Terraform did not refute planned no change with another object: terraform_data.w",
                               "undecided: the trials stopped at the policy's trials.max_rounds (1)"})
        BOOST_TEST(plain_unmatched(reason) == reason);
    BOOST_TEST(plain_unmatched("no creation of type terraform_data has equal attributes") ==
               "no creation of type terraform_data has equal attributes");
}
