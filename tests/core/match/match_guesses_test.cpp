// Ties guessed once every pair is known (match_guesses.cpp): a bucket renamed in each of
// two module instances pairs in the partial stage (its tags differ from the fresh plan's),
// after the tie stage, so the bucket policies that hold its name, tied on equal values
// across the instances, are paired by the guesses with those pairs known.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "match_tables.hpp"
#include "tfw/core/match/match.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

BOOST_AUTO_TEST_CASE(equal_ties_are_guessed_with_the_partial_pairs_known) {
    struct Case {
        std::string name;
        std::vector<std::string> modules;  // where each bucket and its policy live
        std::vector<std::string> held;     // the bucket each old policy holds
        bool depends;                      // the state lists each policy's bucket
        std::string resolved_by;           // "" when they stay a tie
    };
    const std::vector<Case> cases = {
        {"two module instances renamed inside: by the instance", {"module.svc_0.", "module.svc_1."}, {"\"b0\"", "\"b1\""}, false,
         "its module instance"},
        {"two pairs in the root: by their dependencies", {"", ""}, {"\"b0\"", "\"b1\""}, true, "dependencies"},
        {"two pairs in the root without dependencies: a tie", {"", ""}, {"\"b0\"", "\"b1\""}, false, ""},
        // Issue 47: identical in both instances, yet each sits in the instance whose
        // bucket's move shows where it went: no tie, whatever the values.
        {"alike in each instance: by the instance", {"module.svc_0.", "module.svc_1."}, {"\"b0\"", "\"b0\""}, false,
         "its module instance"},
        // Alike in the root, which stays: nothing tells them apart but their values.
        {"alike in the root: a tie", {"", ""}, {"\"b0\"", "\"b0\""}, false, ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanBuilder builder;
            std::vector<std::string> expected;
            for (std::size_t i = 0; i < 2; ++i) {
                const std::string module = c.modules[i], index = std::to_string(i);
                const std::string suffix = module.empty() ? "_" + index : "";
                builder.deletion(module + "aws_s3_bucket.old" + suffix,
                                 {{"bucket", "\"b" + index + "\""}, {"id", "\"b" + index + "\""}, {"tags.team", "\"x\""}});
                builder.creation(module + "aws_s3_bucket.new" + suffix,
                                 {{"bucket", "\"b" + index + "\""}, {"id", "?"}, {"tags.team", "\"y\""}});
                builder.deletion(module + "aws_s3_bucket_policy.old" + suffix, {{"bucket", c.held[i]}, {"id", "\"p" + index + "\""}});
                builder.creation(module + "aws_s3_bucket_policy.new" + suffix, {{"bucket", "?"}, {"id", "?"}});
                builder.configures(module + "aws_s3_bucket.new" + suffix, {"bucket", "tags"});
                builder.configures(module + "aws_s3_bucket_policy.new" + suffix, {"bucket"});
                builder.refers(module + "aws_s3_bucket_policy.new" + suffix, {"aws_s3_bucket.new" + suffix});
                if (c.depends) builder.depends(module + "aws_s3_bucket_policy.old" + suffix, {module + "aws_s3_bucket.old" + suffix});
                if (!c.resolved_by.empty())
                    expected.push_back(module + "aws_s3_bucket_policy.old" + suffix + " -> " + module + "aws_s3_bucket_policy.new" + suffix);
            }
            const MatchResult result = match_moves(builder.plan, default_policy());
            std::vector<std::string> policies;
            for (const auto& move : result.moves)
                if (move.from.resource->type == "aws_s3_bucket_policy") {
                    policies.push_back(to_string(move.from) + " -> " + to_string(move.to));
                    BOOST_TEST(move.guessed);
                    BOOST_TEST((move.kind == MatchKind::exact));
                    BOOST_TEST(move.tentative_because ==
                               "bucket is unknown until apply; resolved out of a tie by " + c.resolved_by);
                }
            BOOST_TEST(policies == expected, boost::test_tools::per_element());
        }
    }
}

// Route table associations of two network calls renamed: they tie across both instances
// (a legacy `""` against null, their subnet unknown), so the key trail splits the tie by
// the instance each went to and pairs each part by the keys its subnets' moves took.
BOOST_AUTO_TEST_CASE(a_tie_across_instances_follows_the_keys_within_each) {
    PlanBuilder builder;
    std::vector<std::string> expected;
    for (const std::string n : {"0", "1"}) {
        const std::string from = "module.net_" + n + ".", to = "module.network_" + n + ".";
        for (const std::string i : {"0", "1"}) {
            const std::string subnet = "\"s" + n + i + "\"", cidr = "\"10." + n + "." + i + ".0/24\"";
            builder.deletion(from + "aws_subnet.private[" + i + "]", {{"cidr_block", cidr}, {"id", subnet}, {"ipv6_cidr_block", "\"\""}});
            builder.creation(to + "aws_subnet.private[" + i + "]", {{"cidr_block", cidr}, {"id", "?"}, {"ipv6_cidr_block", "null"}});
            builder.deletion(from + "aws_route_table_association.private[" + i + "]",
                             {{"gateway_id", "\"\""}, {"id", "\"rta" + n + i + "\""}, {"subnet_id", subnet}});
            builder.creation(to + "aws_route_table_association.private[" + i + "]",
                             {{"gateway_id", "null"}, {"id", "?"}, {"subnet_id", "?"}});
            expected.push_back(from + "aws_route_table_association.private[" + i + "] -> " + to +
                               "aws_route_table_association.private[" + i + "]");
        }
        builder.configures(to + "aws_subnet.private[0]", {"cidr_block"});
        builder.configures(to + "aws_route_table_association.private[0]", {"subnet_id"});
        builder.depends(from + "aws_route_table_association.private", {from + "aws_subnet.private"});
        builder.refers(to + "aws_route_table_association.private[0]", {"aws_subnet.private"});
    }
    const MatchResult result = match_moves(builder.plan, default_policy());
    std::vector<std::string> associations;
    for (const auto& move : result.moves)
        if (move.from.resource->type == "aws_route_table_association") {
            associations.push_back(to_string(move.from) + " -> " + to_string(move.to));
            BOOST_TEST(move.guessed);
            BOOST_TEST(move.tentative_because == "differs in gateway_id; resolved out of a tie by its referent's keys");
        }
    std::sort(associations.begin(), associations.end());
    BOOST_TEST(associations == expected, boost::test_tools::per_element());
}

// Identical helpers in a child module of each instance: the child's own objects are all
// twins, so no move comes out of it, but the instance above it went whole (its unique
// `main` shows where), and the child went with it (issue 47; refactor fuzzer seed 1000's
// case 769322479). Where the instances above went nowhere one to one, they stay a tie.
BOOST_AUTO_TEST_CASE(helpers_of_a_child_module_follow_the_instance_above_it) {
    const struct {
        std::string name;
        std::vector<std::string> main_goes_to;  // where a["x"]'s and a["y"]'s main go
        std::vector<std::string> expected;
    } cases[] = {
        {"each instance went to one", {"0", "1"},
         {"module.a[\"x\"].module.b.terraform_data.helper -> module.a[0].module.b.terraform_data.helper",
          "module.a[\"y\"].module.b.terraform_data.helper -> module.a[1].module.b.terraform_data.helper"}},
        {"no unique member moved", {}, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanBuilder builder;
            const std::string keys[] = {"x", "y"};
            for (std::size_t i = 0; i < 2; ++i) {
                const std::string key = keys[i], index = std::to_string(i);
                if (!c.main_goes_to.empty()) {
                    builder.deletion("module.a[\"" + key + "\"].terraform_data.main", {{"input", "\"main-" + key + "\""}, {"id", "\"m" + index + "\""}}, "terraform");
                    builder.creation("module.a[" + c.main_goes_to[i] + "].terraform_data.main", {{"input", "\"main-" + key + "\""}, {"id", "?"}}, "terraform");
                    builder.configures("module.a[" + c.main_goes_to[i] + "].terraform_data.main", {"input"});
                }
                builder.deletion("module.a[\"" + key + "\"].module.b.terraform_data.helper", {{"input", "\"same\""}, {"id", "\"h" + index + "\""}}, "terraform");
                builder.creation("module.a[" + index + "].module.b.terraform_data.helper", {{"input", "\"same\""}, {"id", "?"}}, "terraform");
                builder.configures("module.a[" + index + "].module.b.terraform_data.helper", {"input"});
            }
            const MatchResult result = match_moves(builder.plan, default_policy());
            std::vector<std::string> helpers;
            for (const auto& move : result.moves)
                if (move.from.resource->name == "helper") helpers.push_back(to_string(move.from) + " -> " + to_string(move.to));
            std::sort(helpers.begin(), helpers.end());
            BOOST_TEST(helpers == c.expected, boost::test_tools::per_element());
        }
    }
}
