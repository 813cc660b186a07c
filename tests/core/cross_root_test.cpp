#include "tfw/core/cross_root.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace tfw::core;

namespace {

const std::string builtin = "terraform.io/builtin/terraform";
const std::string aws = "registry.terraform.io/hashicorp/aws";

AttributeLeaf known(std::string path, std::string value) { return {std::move(path), std::move(value), false, false}; }
AttributeLeaf unknown(std::string path) { return {std::move(path), "", true, false}; }

RootCandidate deletion(std::size_t root, std::string address, Attributes values, std::string type = "terraform_data",
                       std::string provider = builtin) {
    return {root, std::move(address), std::move(type), std::move(provider), true, std::move(values)};
}

RootCandidate creation(std::size_t root, std::string address, Attributes values, std::string type = "terraform_data",
                       std::string provider = builtin) {
    return {root, std::move(address), std::move(type), std::move(provider), false, std::move(values)};
}

// `values` with one more leaf, kept in path order.
Attributes with_extra(Attributes values, AttributeLeaf extra) {
    values.push_back(std::move(extra));
    std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
    return values;
}

std::string kind_name(CrossRootRefusal::Kind kind) {
    switch (kind) {
        case CrossRootRefusal::Kind::no_counterpart: return "no_counterpart";
        case CrossRootRefusal::Kind::no_known_values: return "no_known_values";
        case CrossRootRefusal::Kind::type_mismatch: return "type_mismatch";
        case CrossRootRefusal::Kind::provider_mismatch: return "provider_mismatch";
        case CrossRootRefusal::Kind::tie: return "tie";
    }
    return "?";
}

// "move 0->1 (2 equal); refuse 3 tie [1,2]"
std::string show(const CrossRootResult& result) {
    std::string out;
    for (const auto& move : result.moves)
        out += (out.empty() ? "" : "; ") + std::string("move ") + std::to_string(move.deletion) + "->" +
               std::to_string(move.creation) + " (" + std::to_string(move.equal_values) + " equal)";
    for (const auto& refusal : result.refusals) {
        out += (out.empty() ? "" : "; ") + std::string("refuse ") + std::to_string(refusal.candidate) + " " +
               kind_name(refusal.kind) + " [";
        for (std::size_t i = 0; i < refusal.others.size(); ++i) out += (i ? "," : "") + std::to_string(refusal.others[i]);
        out += "]";
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(pairs_across_roots_only_when_certain) {
    const Attributes web = {unknown("id"), known("input", "\"web\""), unknown("output")};
    const Attributes web_before = {known("id", "\"1\""), known("input", "\"web\""), known("output", "\"web\"")};
    const Attributes db_before = {known("id", "\"2\""), known("input", "\"db\""), known("output", "\"db\"")};
    const Attributes db = {unknown("id"), known("input", "\"db\""), unknown("output")};
    const Attributes nothing_known = {unknown("id"), unknown("input"), unknown("output")};
    struct Case {
        std::string name;
        std::vector<RootCandidate> candidates;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"nothing", {}, ""},
        {"one deletion, one equal creation in another root",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.web", web)},
         "move 0->1 (1 equal)"},
        {"a new name and key in the other root",
         {deletion(0, "terraform_data.web", web_before), creation(1, "module.app.terraform_data.w[\"a\"]", web)},
         "move 0->1 (1 equal)"},
        {"two pairs at once, in either direction",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.web", web),
          creation(0, "terraform_data.db", db), deletion(1, "terraform_data.db", db_before)},
         "move 0->1 (1 equal); move 3->2 (1 equal)"},
        {"the same root is not another root: moves inside a root are inferred before",
         {deletion(0, "terraform_data.web", web_before), creation(0, "terraform_data.www", web)},
         "refuse 0 no_counterpart []"},
        {"different values",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.db", db)},
         "refuse 0 no_counterpart []"},
        {"no known value in common proves nothing",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.x", nothing_known)},
         "refuse 0 no_known_values []"},
        {"a tie: two equal creations in two other roots",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.web", web),
          creation(2, "terraform_data.web", web)},
         "refuse 0 tie [1,2]"},
        {"a tie: two equal creations in one other root",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.a", web),
          creation(1, "terraform_data.b", web)},
         "refuse 0 tie [1,2]"},
        {"a tie from the creation's side: two roots lose an equal object",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.web", web),
          deletion(2, "terraform_data.web", web_before)},
         "refuse 0 tie [1,2]; refuse 1 tie [0,2]; refuse 2 tie [0,1]"},
        {"a tie on one side spoils the unique-looking pair on the other",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.a", web),
          deletion(2, "terraform_data.web", web_before), creation(3, "terraform_data.b", web)},
         "refuse 0 tie [1,3]; refuse 1 tie [0,2]; refuse 2 tie [1,3]; refuse 3 tie [0,2]"},
        {"type mismatch",
         {deletion(0, "aws_s3_bucket_object.o", web_before, "aws_s3_bucket_object", aws),
          creation(1, "aws_s3_object.o", web, "aws_s3_object", aws)},
         "refuse 0 type_mismatch [1]"},
        {"type mismatch: the other schema has a value more, every common one equal",
         {deletion(0, "aws_s3_bucket_object.o", web_before, "aws_s3_bucket_object", aws),
          creation(1, "aws_s3_object.o", with_extra(web, known("override_provider", "[]")), "aws_s3_object", aws)},
         "refuse 0 type_mismatch [1]"},
        {"no type mismatch when a common value differs",
         {deletion(0, "aws_s3_bucket_object.o", web_before, "aws_s3_bucket_object", aws),
          creation(1, "aws_s3_object.o", db, "aws_s3_object", aws)},
         "refuse 0 no_counterpart []"},
        {"an extra value is no match under the same type",
         {deletion(0, "terraform_data.web", web_before),
          creation(1, "terraform_data.web", with_extra(web, known("triggers_replace", "\"x\"")))},
         "refuse 0 no_counterpart []"},
        {"provider mismatch",
         {deletion(0, "terraform_data.web", web_before), creation(1, "terraform_data.web", web, "terraform_data",
                                                                  "registry.terraform.io/acme/terraform")},
         "refuse 0 provider_mismatch [1]"},
        {"the right type wins over a mismatch",
         {deletion(0, "terraform_data.web", web_before), creation(1, "other_data.web", web, "other_data"),
          creation(2, "terraform_data.web", web)},
         "move 0->2 (1 equal)"},
        {"a creation alone is no refusal", {creation(1, "terraform_data.web", web)}, ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(show(pair_across_roots(c.candidates)) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(refusals_read_as_one_line_naming_the_roots) {
    const Attributes before = {known("id", "\"1\""), known("input", "\"web\"")};
    const Attributes after = {unknown("id"), known("input", "\"web\"")};
    const std::vector<std::string> roots = {"old", "new", "other"};
    const std::vector<RootCandidate> mismatch = {
        deletion(0, "aws_s3_bucket_object.o", before, "aws_s3_bucket_object", aws),
        creation(1, "aws_s3_object.o", after, "aws_s3_object", aws)};
    BOOST_TEST(refusal_reason(pair_across_roots(mismatch).refusals.at(0), mismatch, roots) ==
               "type mismatch: new: aws_s3_object.o has equal values but is a aws_s3_object, not a aws_s3_bucket_object");
    const std::vector<RootCandidate> provider = {
        deletion(0, "terraform_data.w", before), creation(1, "terraform_data.w", after, "terraform_data", aws)};
    BOOST_TEST(refusal_reason(pair_across_roots(provider).refusals.at(0), provider, roots) ==
               "provider mismatch: new: terraform_data.w has equal values but provider " + aws + ", not " + builtin);
    const std::vector<RootCandidate> tie = {deletion(0, "terraform_data.w", before),
                                            creation(1, "terraform_data.a", after),
                                            creation(2, "terraform_data.b", after)};
    BOOST_TEST(refusal_reason(pair_across_roots(tie).refusals.at(0), tie, roots) ==
               "tie with new: terraform_data.a, other: terraform_data.b: equal values, no unique pair; nothing moves");
}
