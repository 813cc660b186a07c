#include "tfw/core/converge/implied_moves.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "match_tables.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {


// Terraform's own move of `x` to `x[0]` (or back), as load_plan_json fills it.
PlanBuilder& implied(PlanBuilder& builder, const std::string& from, const std::string& to, Action action,
                     const Leaves& before, const Leaves& after) {
    builder.moved(from, to, action);
    builder.plan.changes.back().provider_name = builtin;
    builder.plan.changes.back().before = attributes(before);
    builder.plan.changes.back().after = attributes(after);
    return builder;
}

}  // namespace

BOOST_AUTO_TEST_CASE(terraforms_own_moves_another_deletion_questions_read_apart) {
    const Leaves a = {{"id", "\"id-x\""}, {"input", "\"a\""}};
    const Leaves b_planned = {{"id", "\"id-x\""}, {"input", "\"b\""}};
    struct Case {
        std::string name;
        Plan plan;
        std::set<MovePair> own;
        std::string expected;
    };
    PlanBuilder merged;  // x and z merged into x[0..1], x[0] taking z's values
    implied(merged, "terraform_data.x", "terraform_data.x[0]", Action::update, a, b_planned)
        .deletion("terraform_data.z", {{"id", "\"id-z\""}, {"input", "\"b\""}}, builtin)
        .creation("terraform_data.x[1]", {{"id", "?"}, {"input", "\"a\""}}, builtin);
    PlanBuilder twins;  // identical z and x
    implied(twins, "terraform_data.x", "terraform_data.x[0]", Action::no_op, a, a)
        .deletion("terraform_data.z", {{"id", "\"id-z\""}, {"input", "\"a\""}}, builtin)
        .creation("terraform_data.x[1]", {{"id", "?"}, {"input", "\"a\""}}, builtin);
    PlanBuilder unrelated;  // the deletion matches neither side
    implied(unrelated, "terraform_data.x", "terraform_data.x[0]", Action::no_op, a, a)
        .deletion("terraform_data.z", {{"id", "\"id-z\""}, {"input", "\"c\""}}, builtin);
    PlanBuilder other_type;
    implied(other_type, "terraform_data.x", "terraform_data.x[0]", Action::no_op, a, a)
        .deletion("aws_s3_bucket.z", {{"id", "\"id-z\""}, {"input", "\"a\""}});
    PlanBuilder count_gone;  // `count` removed: x[0] back to x
    implied(count_gone, "terraform_data.x[0]", "terraform_data.x", Action::no_op, a, a)
        .deletion("terraform_data.x[1]", {{"id", "\"id-1\""}, {"input", "\"a\""}}, builtin);
    PlanBuilder not_implied;  // a rename is no move of Terraform's own
    implied(not_implied, "terraform_data.x", "terraform_data.y", Action::no_op, a, a)
        .deletion("terraform_data.z", {{"id", "\"id-z\""}, {"input", "\"a\""}}, builtin);
    const std::vector<Case> cases = {
        {"merged, x[0] taking z's values", merged.plan, {},
         "a create terraform_data.x[0] after[id=?,input=\"b\"]\n"
         "a destroy terraform_data.z before[id=\"id-z\",input=\"b\"]\n"
         "a create terraform_data.x[1] after[id=?,input=\"a\"]\n"
         "a destroy terraform_data.x before[id=\"id-x\",input=\"a\"]\n"},
        {"twins", twins.plan, {},
         "a create terraform_data.x[0] after[id=?,input=\"a\"]\n"
         "a destroy terraform_data.z before[id=\"id-z\",input=\"a\"]\n"
         "a create terraform_data.x[1] after[id=?,input=\"a\"]\n"
         "a destroy terraform_data.x before[id=\"id-x\",input=\"a\"]\n"},
        {"tfw's own move stays", twins.plan, {move_pair("terraform_data.x", "terraform_data.x[0]")},
         "no change terraform_data.x[0] <- terraform_data.x before[id=\"id-x\",input=\"a\"] after[id=\"id-x\",input=\"a\"]\n"
         "a destroy terraform_data.z before[id=\"id-z\",input=\"a\"]\n"
         "a create terraform_data.x[1] after[id=?,input=\"a\"]\n"},
        {"an unrelated deletion questions nothing", unrelated.plan, {},
         "no change terraform_data.x[0] <- terraform_data.x before[id=\"id-x\",input=\"a\"] after[id=\"id-x\",input=\"a\"]\n"
         "a destroy terraform_data.z before[id=\"id-z\",input=\"c\"]\n"},
        {"another type questions nothing", other_type.plan, {},
         "no change terraform_data.x[0] <- terraform_data.x before[id=\"id-x\",input=\"a\"] after[id=\"id-x\",input=\"a\"]\n"
         "a destroy aws_s3_bucket.z before[id=\"id-z\",input=\"a\"]\n"},
        {"count gone", count_gone.plan, {},
         "a create terraform_data.x after[id=?,input=\"a\"]\n"
         "a destroy terraform_data.x[1] before[id=\"id-1\",input=\"a\"]\n"
         "a destroy terraform_data.x[0] before[id=\"id-x\",input=\"a\"]\n"},
        {"a rename is no move of Terraform's own", not_implied.plan, {},
         "no change terraform_data.y <- terraform_data.x before[id=\"id-x\",input=\"a\"] after[id=\"id-x\",input=\"a\"]\n"
         "a destroy terraform_data.z before[id=\"id-z\",input=\"a\"]\n"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(described_changes(with_implied_moves_questioned(c.plan, c.own)) == c.expected); }
}

// A creation that refers to the address Terraform's move would fill (bucket["dev"].d =
// x.id) holds whichever object ends there: that value is unknown until the pairing is
// decided, not the id of the object Terraform's own move put there.
BOOST_AUTO_TEST_CASE(what_refers_to_a_questioned_move_holds_an_undecided_id) {
    const Leaves a = {{"id", "\"id-x0\""}, {"input", "\"a\""}};
    PlanBuilder builder;
    implied(builder, "terraform_data.x[0]", "terraform_data.x", Action::no_op, a, a)
        .deletion("terraform_data.x[1]", {{"id", "\"id-x1\""}, {"input", "\"a\""}}, builtin)
        .creation("terraform_data.bucket[\"dev\"]", {{"d", "\"id-x0\""}, {"id", "?"}, {"n", "\"b\""}}, builtin)
        .creation("terraform_data.other", {{"d", "\"id-x1\""}, {"id", "?"}}, builtin);
    BOOST_TEST(described_changes(with_implied_moves_questioned(builder.plan, {})) ==
               "a create terraform_data.x after[id=?,input=\"a\"]\n"
               "a destroy terraform_data.x[1] before[id=\"id-x1\",input=\"a\"]\n"
               "a create terraform_data.bucket[\"dev\"] after[d=?,id=?,n=\"b\"]\n"
               "a create terraform_data.other after[d=\"id-x1\",id=?]\n"
               "a destroy terraform_data.x[0] before[id=\"id-x0\",input=\"a\"]\n");
}
