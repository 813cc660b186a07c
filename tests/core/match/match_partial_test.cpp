// Stage 3 on its own: which unpaired pair with differences is worth a trial, and the
// similarity that chooses it.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "match_tables.hpp"
#include "tfw/core/match/match_state.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

std::vector<std::string> tried(const Plan& plan, const Policy& policy = default_policy()) {
    MatchState state(plan, policy);
    find_equal_pairs(state);
    resolve_ties(state);
    find_partial_pairs(state);
    return show_moves(state.result);
}

}  // namespace

BOOST_AUTO_TEST_CASE(pairs_worth_a_trial) {
    struct Case {
        std::string name;
        Plan plan;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"the only pair of its type left is tried however much differs",
         PlanBuilder{}
             .deletion("a.x", {{"k", "\"key\""}, {"p", "1"}, {"q", "2"}, {"r", "3"}})
             .creation("a.y", {{"k", "\"key\""}, {"p", "9"}, {"q", "8"}, {"r", "7"}})
             .plan,
         {"a.x -> a.y partial tentative differs in p, q, r"}},
        // Under ignore_changes an unrelated creation plans no change when moved onto any
        // deletion: a trial proves nothing where no value says the two are one object.
        {"not even the only pair left when nothing but zero values is equal",
         PlanBuilder{}
             .deletion("a.x", {{"p", "1"}, {"q", "2"}, {"t", "null"}, {"u", "false"}})
             .creation("a.y", {{"p", "9"}, {"q", "8"}, {"t", "null"}, {"u", "false"}})
             .plan,
         {}},
        {"nor when the only equal value is unknown on one side",
         PlanBuilder{}.deletion("a.x", {{"id", "\"i\""}, {"p", "1"}}).creation("a.y", {{"id", "?"}, {"p", "9"}}).plan, {}},
        {"in a larger pool, a pair under half equal is not worth a replan",
         PlanBuilder{}
             .deletion("a.x", {{"p", "1"}, {"q", "2"}, {"r", "3"}})
             .deletion("a.z", {{"p", "5"}, {"q", "5"}, {"r", "5"}})
             .creation("a.y", {{"p", "1"}, {"q", "8"}, {"r", "7"}})
             .plan,
         {}},
        {"zero against null does not count against a pair (legacy providers)",
         PlanBuilder{}
             .deletion("a.x", {{"d", "\"\""}, {"e", "false"}, {"f", "0"}, {"k", "\"k1\""}})
             .deletion("a.z", {{"d", "\"z\""}, {"e", "true"}, {"f", "1"}, {"k", "\"k2\""}})
             .creation("a.y", {{"d", "null"}, {"e", "null"}, {"f", "null"}, {"k", "\"k1\""}})
             .plan,
         {"a.x -> a.y partial tentative differs in d, e, f"}},
        {"an equal pair is never partial", PlanBuilder{}.deletion("a.x", {{"p", "1"}}).creation("a.y", {{"p", "1"}}).plan,
         {"a.x -> a.y exact"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(tried(c.plan) == c.expected, boost::test_tools::per_element()); }
    }
}

BOOST_AUTO_TEST_CASE(similarity_counts_known_values) {
    struct Case {
        std::string name;
        Leaves before, after;
        double plain, for_trial;
    };
    const std::vector<Case> cases = {
        {"all equal", {{"a", "1"}, {"b", "2"}}, {{"a", "1"}, {"b", "2"}}, 1.0, 1.0},
        {"one of four differs", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}}, {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "5"}}, 0.75, 0.75},
        {"unknowns are not compared", {{"a", "1"}, {"id", "\"i\""}}, {{"a", "2"}, {"id", "?"}}, 0.0, 0.0},
        {"empty string against null", {{"a", "1"}, {"b", "\"\""}}, {{"a", "1"}, {"b", "null"}}, 0.5, 1.0},
        {"empty list against absent", {{"a", "1"}, {"b", "[]"}}, {{"a", "1"}}, 0.5, 1.0},
        {"a real value against null still differs", {{"a", "1"}, {"b", "\"x\""}}, {{"a", "1"}, {"b", "null"}}, 0.5, 0.5},
        {"nothing compared", {}, {}, 0.0, 0.0},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(similarity(attributes(c.before), attributes(c.after)) == c.plain);
            BOOST_TEST(similarity_for_trial(attributes(c.before), attributes(c.after)) == c.for_trial);
        }
    }
}

// Several candidates that differ from one object only in zero values against null: no
// pair is chosen here; each is a tie edge for Terraform's trials.
BOOST_AUTO_TEST_CASE(zero_value_ties_go_to_the_trials) {
    struct Case {
        std::string name;
        Plan plan;
        std::vector<std::string> ties;  // from -> to
    };
    const std::vector<Case> cases = {
        {"one deletion, two such creations",
         PlanBuilder{}
             .deletion("a.x", {{"d", "\"\""}, {"k", "\"k\""}})
             .creation("a.blue", {{"d", "null"}, {"k", "\"k\""}})
             .creation("a.green", {{"d", "null"}, {"k", "\"k\""}})
             .plan,
         {"a.x -> a.blue", "a.x -> a.green"}},
        {"two deletions, one such creation",
         PlanBuilder{}
             .deletion("a.x", {{"d", "\"\""}, {"k", "\"k\""}})
             .deletion("a.z", {{"d", "false"}, {"k", "\"k\""}})
             .creation("a.y", {{"d", "null"}, {"k", "\"k\""}})
             .plan,
         {"a.x -> a.y", "a.z -> a.y"}},
        {"a unique pair is tried as before, not a tie",
         PlanBuilder{}.deletion("a.x", {{"d", "\"\""}, {"k", "\"k\""}}).creation("a.y", {{"d", "null"}, {"k", "\"k\""}}).plan, {}},
        {"a real difference is no such tie",
         PlanBuilder{}
             .deletion("a.x", {{"d", "\"\""}, {"k", "\"k\""}})
             .creation("a.blue", {{"d", "\"b\""}, {"k", "\"k\""}})
             .creation("a.green", {{"d", "\"g\""}, {"k", "\"k\""}})
             .plan,
         {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const Policy policy = default_policy();
            MatchState state(c.plan, policy);
            find_equal_pairs(state);
            resolve_ties(state);
            find_partial_pairs(state);
            std::vector<std::string> ties;
            for (const auto& tie : state.result.ties) {
                ties.push_back(to_string(tie.move.from) + " -> " + to_string(tie.move.to));
                BOOST_TEST(!tie.certain);
                BOOST_TEST((tie.move.kind == MatchKind::partial));
            }
            std::sort(ties.begin(), ties.end());
            BOOST_TEST(ties == c.ties, boost::test_tools::per_element());
            if (!c.ties.empty()) BOOST_TEST(state.result.moves.empty());
        }
    }
}

// The AWS shape of key_trail.hpp: subnets re-keyed from count to for_each pair as partial
// moves (a legacy `""` against null), and their route table associations, which differ
// from each other only in the subnet each holds, unknown in the new ones, tie on empty
// values against null. The trail pairs them by the keys the subnets took, as guesses;
// without it, or where the old ones hold one subnet alike, they stay a tie.
BOOST_AUTO_TEST_CASE(zero_value_ties_take_the_keys_their_referents_took) {
    struct Case {
        std::string name;
        std::vector<std::string> held;  // the subnet each old association held
        bool refers = true;             // the new associations' configuration names the subnets
        std::vector<std::string> moves;
        std::size_t ties = 0;
    };
    const std::vector<Case> cases = {
        {"each association takes its subnet's key",
         {"\"s0\"", "\"s1\"", "\"s2\""},
         true,
         {"aws_route_table_association.a[0] -> aws_route_table_association.a[\"x\"] partial tentative differs in gateway_id",
          "aws_route_table_association.a[1] -> aws_route_table_association.a[\"y\"] partial tentative differs in gateway_id",
          "aws_route_table_association.a[2] -> aws_route_table_association.a[\"z\"] partial tentative differs in gateway_id"},
         0},
        {"one subnet held alike by all: a tie for the trials", {"\"s0\"", "\"s0\"", "\"s0\""}, true, {}, 9},
        {"no reference to the subnets: a tie for the trials", {"\"s0\"", "\"s1\"", "\"s2\""}, false, {}, 9},
    };
    const std::vector<std::string> keys = {"x", "y", "z"};
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanBuilder builder;
            for (std::size_t i = 0; i < 3; ++i) {
                const std::string index = std::to_string(i), cidr = "\"10.0." + index + ".0/24\"";
                builder.deletion("aws_subnet.a[" + index + "]", {{"cidr_block", cidr}, {"id", "\"s" + index + "\""}, {"ipv6_cidr_block", "\"\""}});
                builder.creation("aws_subnet.a[\"" + keys[i] + "\"]", {{"cidr_block", cidr}, {"id", "?"}, {"ipv6_cidr_block", "null"}});
                builder.deletion("aws_route_table_association.a[" + index + "]",
                                 {{"gateway_id", "\"\""}, {"id", "\"rta" + index + "\""}, {"route_table_id", "\"rt\""}, {"subnet_id", c.held[i]}});
                builder.creation("aws_route_table_association.a[\"" + keys[i] + "\"]",
                                 {{"gateway_id", "null"}, {"id", "?"}, {"route_table_id", "\"rt\""}, {"subnet_id", "?"}});
            }
            builder.configures("aws_subnet.a[\"x\"]", {"cidr_block"});
            builder.configures("aws_route_table_association.a[\"x\"]", {"route_table_id", "subnet_id"});
            builder.depends("aws_route_table_association.a", {"aws_subnet.a"});
            if (c.refers) builder.refers("aws_route_table_association.a[\"x\"]", {"aws_subnet.a"});
            const Policy policy = default_policy();
            MatchState state(builder.plan, policy);
            find_equal_pairs(state);
            resolve_ties(state);
            find_partial_pairs(state);
            std::vector<std::string> associations;
            for (const auto& move : show_moves(state.result))
                if (move.starts_with("aws_route_table_association")) associations.push_back(move);
            BOOST_TEST(associations == c.moves, boost::test_tools::per_element());
            for (const auto& move : state.result.moves)
                if (move.from.resource->type == "aws_route_table_association") {
                    BOOST_TEST(move.guessed);
                    BOOST_TEST(move.from_tie);
                }
            BOOST_TEST(state.result.ties.size() == c.ties);
        }
    }
}

// The renamed shape: buckets renamed with their versionings. The versionings differ from
// a fresh plan only in a legacy `""` against null and hold their bucket, unknown in the
// new ones, so they tie; where each went with the rest of its module instance, or what
// each depends on where it moved, pairs them one to one, as guesses.
BOOST_AUTO_TEST_CASE(zero_value_ties_are_told_apart_by_their_instance_or_dependencies) {
    struct Case {
        std::string name;
        std::vector<std::string> modules;  // where each bucket and its versioning live
        bool depends;                      // the state lists each versioning's bucket
        std::string resolved_by;           // "" when they stay a tie
    };
    const std::vector<Case> cases = {
        {"two module instances, renamed inside", {"module.svc_0.", "module.svc_1."}, false, "its module instance"},
        {"two pairs in the root, with their dependencies", {"", ""}, true, "dependencies"},
        {"two pairs in the root, without", {"", ""}, false, ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanBuilder builder;
            std::vector<std::string> expected;
            for (std::size_t i = 0; i < 2; ++i) {
                const std::string module = c.modules[i], index = std::to_string(i);
                // Distinct names in the root, the same names in each instance.
                const std::string suffix = module.empty() ? "_" + index : "";
                builder.deletion(module + "aws_s3_bucket.old" + suffix,
                                 {{"bucket", "\"b" + index + "\""}, {"id", "\"b" + index + "\""}, {"policy", "\"\""}});
                builder.creation(module + "aws_s3_bucket.new" + suffix, {{"bucket", "\"b" + index + "\""}, {"id", "?"}, {"policy", "null"}});
                builder.deletion(module + "aws_s3_bucket_versioning.old" + suffix,
                                 {{"bucket", "\"b" + index + "\""}, {"expected_bucket_owner", "\"\""}, {"id", "\"v" + index + "\""}});
                builder.creation(module + "aws_s3_bucket_versioning.new" + suffix,
                                 {{"bucket", "?"}, {"expected_bucket_owner", "null"}, {"id", "?"}});
                builder.configures(module + "aws_s3_bucket.new" + suffix, {"bucket"});
                builder.configures(module + "aws_s3_bucket_versioning.new" + suffix, {"bucket"});
                builder.refers(module + "aws_s3_bucket_versioning.new" + suffix, {"aws_s3_bucket.new" + suffix});
                if (c.depends)
                    builder.depends(module + "aws_s3_bucket_versioning.old" + suffix, {module + "aws_s3_bucket.old" + suffix});
                if (!c.resolved_by.empty())
                    expected.push_back(module + "aws_s3_bucket_versioning.old" + suffix + " -> " + module +
                                       "aws_s3_bucket_versioning.new" + suffix);
            }
            const Policy policy = default_policy();
            MatchState state(builder.plan, policy);
            find_equal_pairs(state);
            resolve_ties(state);
            find_partial_pairs(state);
            std::vector<std::string> versionings;
            for (const auto& move : state.result.moves)
                if (move.from.resource->type == "aws_s3_bucket_versioning") {
                    versionings.push_back(to_string(move.from) + " -> " + to_string(move.to));
                    BOOST_TEST(move.guessed);
                    BOOST_TEST(move.tentative_because ==
                               "differs in expected_bucket_owner; resolved out of a tie by " + c.resolved_by);
                }
            BOOST_TEST(versionings == expected, boost::test_tools::per_element());
        }
    }
}
