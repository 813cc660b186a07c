// Stage 5 on its own: every unmatched side names its real cause. A candidate listed
// without a differing path always says what else kept it apart.
#include <boost/test/unit_test.hpp>

#include "match_tables.hpp"
#include "tfw/core/match/match_state.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

const Leaves same = {{"id", "\"x\""}, {"input", "\"same\""}, {"output", "\"same\""}};
const Leaves same_new = {{"id", "?"}, {"input", "\"same\""}, {"output", "?"}};

}  // namespace

BOOST_AUTO_TEST_CASE(no_candidate_is_listed_without_a_cause) {
    const std::vector<std::pair<std::string, Plan>> plans = {
        {"another provider",
         PlanBuilder{}.deletion("aws_instance.a", {{"ami", "\"1\""}}).creation("aws_instance.b", {{"ami", "\"1\""}}, "registry.example/acme/aws").plan},
        {"a twin paired elsewhere",
         PlanBuilder{}
             .deletion("terraform_data.a", same, builtin)
             .deletion("terraform_data.b", same, builtin)
             .deletion("terraform_data.c", {{"id", "\"c\""}, {"input", "\"other\""}, {"output", "\"other\""}}, builtin)
             .creation("terraform_data.n1", same_new, builtin)
             .creation("terraform_data.n2", same_new, builtin)
             .plan},
        {"an unverified tie",
         PlanBuilder{}
             .deletion("aws_s3_bucket.a", {{"bucket", "\"a\""}})
             .deletion("aws_s3_bucket.b", {{"bucket", "\"b\""}})
             .creation("aws_s3_bucket.c", {{"bucket", "?"}})
             .configures("aws_s3_bucket.c", {"bucket"})
             .plan},
    };
    for (const auto& [name, plan] : plans) {
        BOOST_TEST_CONTEXT(name) {
            MatchResult result = match_moves(plan, default_policy());
            BOOST_TEST(!result.unmatched.empty());
            for (const auto& entry : result.unmatched)
                for (const auto& candidate : entry.candidates)
                    if (entry.reason.find("tie:") != 0)
                        BOOST_TEST(!(candidate.differing_paths.empty() && candidate.note.empty()),
                                   to_string(entry.address) << ": " << entry.reason << ", candidate " << to_string(candidate.other));
        }
    }
}

BOOST_AUTO_TEST_CASE(reasons_and_notes) {
    run({
        {"an unverified tie says what is unknown",
         PlanBuilder{}
             .deletion("aws_s3_bucket.a", {{"bucket", "\"a\""}})
             .deletion("aws_s3_bucket.b", {{"bucket", "\"b\""}})
             .creation("aws_s3_bucket.c", {{"bucket", "?"}})
             .configures("aws_s3_bucket.c", {"bucket"})
             .plan,
         default_policy(), {},
         {"D aws_s3_bucket.a: tie: 1 creations match equally and neither dependencies nor reference structure tell them "
          "apart {aws_s3_bucket.c (; bucket unknown until apply)}",
          "D aws_s3_bucket.b: tie: 1 creations match equally and neither dependencies nor reference structure tell them "
          "apart {aws_s3_bucket.c (; bucket unknown until apply)}",
          "C aws_s3_bucket.c: tie: 2 deletions match equally and neither dependencies nor reference structure tell them "
          "apart {aws_s3_bucket.a (; bucket unknown until apply); aws_s3_bucket.b (; bucket unknown until apply)}"}},
        {"nothing of its type",
         PlanBuilder{}.deletion("aws_instance.a", {{"ami", "\"1\""}}).plan, default_policy(), {},
         {"D aws_instance.a: no creation of type aws_instance"}},
    });
}
