#include "tfw/core/roots/cross_root.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "tfw/core/roots/cross_root_plan.hpp"

using namespace tfw::core;

namespace {

const std::string builtin = "terraform.io/builtin/terraform";

AttributeLeaf known(std::string path, std::string value) { return {std::move(path), std::move(value), false, false}; }
AttributeLeaf unknown(std::string path) { return {std::move(path), "", true, false}; }

RootCandidate side(std::size_t root, std::string address, bool is_deletion, Attributes values,
                   std::string type = "terraform_data", std::string provider = builtin) {
    return {root, std::move(address), std::move(type), std::move(provider), is_deletion, std::move(values)};
}

Address merged(std::size_t root, const std::string& address) { return in_merged_plan(root, must_parse_address(address)); }

Move move(std::size_t from_root, const std::string& from, std::size_t to_root, const std::string& to, std::string evidence) {
    Move out;
    out.from = merged(from_root, from);
    out.to = merged(to_root, to);
    out.evidence = std::move(evidence);
    return out;
}

// "move 0->1 (2 equal: evidence)" per move, "propose …" per proposal, "refuse 2: reason" per refusal.
std::string show(const CrossRootResult& result) {
    std::string out;
    auto pairs = [&](const char* what, const std::vector<CrossRootMove>& moves) {
        for (const auto& m : moves)
            out += std::string(what) + " " + std::to_string(m.deletion) + "->" + std::to_string(m.creation) + " (" +
                   std::to_string(m.equal_values) + " equal: " + m.evidence + ")\n";
    };
    pairs("move", result.moves);
    pairs("propose", result.proposals);
    for (const auto& refusal : result.refusals) out += "refuse " + std::to_string(refusal.candidate) + ": " + refusal.reason + "\n";
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_engines_outcome_told_per_candidate) {
    const Attributes web_before = {known("id", "\"1\""), known("input", "\"web\""), known("output", "\"web\"")};
    const Attributes web = {unknown("id"), known("input", "\"web\""), unknown("output")};
    const Attributes child_before = {known("id", "\"2\""), known("input", "\"1\""), known("output", "\"1\"")};
    const Attributes child = {unknown("id"), unknown("input"), unknown("output")};
    const std::vector<RootCandidate> candidates = {
        side(0, "terraform_data.web", true, web_before),   side(1, "terraform_data.web", false, web),
        side(0, "terraform_data.child", true, child_before), side(1, "terraform_data.child", false, child),
        side(0, "terraform_data.db", true, web_before),    side(0, "terraform_data.twin", true, web_before),
        side(0, "terraform_data.gone", true, web_before),
    };
    const std::vector<std::string> names = {".", "../b"};
    ConvergeOutcome outcome;
    // Listed out of order: the result is by deletion.
    outcome.moves = {move(0, "terraform_data.child", 1, "terraform_data.child", "input unknown until apply; Terraform plans it with no change"),
                     move(0, "terraform_data.web", 1, "terraform_data.web", "all 2 known values are equal")};
    outcome.move_decisions = {{Verdict::accepted, "accept[0] at built-in defaults"},
                              {Verdict::accepted, "accept[0] at built-in defaults"}};
    outcome.proposals = {{move(0, "terraform_data.db", 1, "terraform_data.web", "Terraform would update it in place"),
                          {Verdict::proposed, "no accept rule matches kind partial"}}};
    Unmatched tie{merged(0, "terraform_data.twin"), true,
                  "tie: 2 creations match equally and neither dependencies nor reference structure tell them apart",
                  {{merged(1, "terraform_data.t1"), {}, {}}, {merged(1, "terraform_data.t2"), {}, {}}}};
    outcome.unmatched = {tie};
    BOOST_TEST(show(cross_root_result(candidates, outcome, names)) ==
               "move 0->1 (1 equal: all 2 known values are equal; accept[0] at built-in defaults)\n"
               "move 2->3 (0 equal: input unknown until apply; Terraform plans it with no change; accept[0] at built-in "
               "defaults)\n"
               "propose 4->1 (1 equal: Terraform would update it in place; no accept rule matches kind partial)\n"
               "refuse 5: tie with ../b: terraform_data.t1, ../b: terraform_data.t2: 2 creations match equally and neither "
               "dependencies nor reference structure tell them apart; nothing moves\n"
               "refuse 6: no creation in another root module pairs with it\n");
}

BOOST_AUTO_TEST_CASE(another_type_or_provider_is_the_reason_no_transfer_takes_it) {
    const Attributes before = {known("acl", "\"private\""), known("bucket", "\"docs\""), known("id", "\"readme\"")};
    const Attributes after = {unknown("id"), known("bucket", "\"docs\""), unknown("override_provider")};
    const std::vector<std::string> names = {".", "../b"};
    const std::vector<RootCandidate> other_type = {
        side(0, "aws_s3_bucket_object.readme", true, before, "aws_s3_bucket_object", "registry.terraform.io/hashicorp/aws"),
        side(1, "aws_s3_object.readme", false, after, "aws_s3_object", "registry.terraform.io/hashicorp/aws")};
    BOOST_TEST(show(cross_root_result(other_type, {}, names)) ==
               "refuse 0: type mismatch: ../b: aws_s3_object.readme has equal values but is a aws_s3_object, not a "
               "aws_s3_bucket_object\n");
    const std::vector<RootCandidate> other_provider = {
        side(0, "terraform_data.a", true, {known("input", "\"x\"")}),
        side(1, "terraform_data.a", false, {known("input", "\"x\"")}, "terraform_data", "registry.example.com/acme/data")};
    BOOST_TEST(show(cross_root_result(other_provider, {}, names)) ==
               "refuse 0: provider mismatch: ../b: terraform_data.a has equal values but provider "
               "registry.example.com/acme/data, not terraform.io/builtin/terraform\n");
    // The engine's own reason, roots named.
    ConvergeOutcome outcome;
    outcome.unmatched = {{merged(0, "terraform_data.a"), true,
                          "Terraform would replace it; tried because input unknown until apply", {}}};
    const std::vector<RootCandidate> replaced = {side(0, "terraform_data.a", true, {known("input", "\"x\"")}),
                                                 side(1, "terraform_data.a", false, {known("input", "\"y\"")})};
    BOOST_TEST(show(cross_root_result(replaced, outcome, names)) ==
               "refuse 0: Terraform would replace it; tried because input unknown until apply\n");
}
