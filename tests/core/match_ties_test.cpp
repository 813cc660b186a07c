// Stage 2 on its own: ties settled by reference structure, and left alone when two
// assignments fit the structure equally.
#include <boost/test/unit_test.hpp>

#include "match_tables.hpp"
#include "tfw/core/match_state.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

const Leaves role = {{"id", "\"r\""}, {"input", "\"x\""}, {"output", "\"x\""}, {"triggers_replace", "null"}};
const Leaves role_new = {{"id", "?"}, {"input", "\"x\""}, {"output", "?"}, {"triggers_replace", "null"}};
// A dependent whose input is the role's output: unknown while the role is created.
const Leaves attach = {{"id", "\"a\""}, {"input", "\"x\""}, {"output", "\"x\""}, {"triggers_replace", "null"}};
const Leaves attach_new = {{"id", "?"}, {"input", "?"}, {"output", "?"}, {"triggers_replace", "null"}};

std::vector<std::string> settled(const Plan& plan) {
    const Policy policy = default_policy();
    MatchState state(plan, policy);
    find_equal_pairs(state);
    resolve_ties(state);
    return show_moves(state.result);
}

}  // namespace

BOOST_AUTO_TEST_CASE(structure_settles_a_renamed_resource_and_its_dependent) {
    struct Case {
        std::string name;
        Plan plan;
        std::vector<std::string> moves;
    };
    auto renamed_pair = [](PlanBuilder builder, const std::string& suffix) {
        return builder.deletion("terraform_data.role" + suffix, role, builtin)
            .deletion("terraform_data.attach" + suffix, attach, builtin)
            .creation("terraform_data.node" + suffix, role_new, builtin)
            .creation("terraform_data.node_attach" + suffix, attach_new, builtin)
            .depends("terraform_data.attach" + suffix, {"terraform_data.role" + suffix})
            .refers("terraform_data.node_attach" + suffix, {"terraform_data.node" + suffix})
            .configures("terraform_data.node_attach" + suffix, {"input"});
    };
    const std::vector<Case> cases = {
        {"issue 9, class 2: the one assignment that carries attach -> role onto node_attach -> node",
         renamed_pair(PlanBuilder{}, "").plan,
         {"terraform_data.role -> terraform_data.node exact tentative",
          "terraform_data.attach -> terraform_data.node_attach exact tentative"}},
        {"without the dependency edge both assignments fit: nothing moves",
         PlanBuilder{}
             .deletion("terraform_data.role", role, builtin)
             .deletion("terraform_data.attach", attach, builtin)
             .creation("terraform_data.node", role_new, builtin)
             .creation("terraform_data.node_attach", attach_new, builtin)
             .configures("terraform_data.node_attach", {"input"})
             .plan,
         {}},
        {"a chain renamed whole: the state lists every dependency, the configuration only direct references",
         PlanBuilder{}
             .deletion("terraform_data.a", role, builtin)
             .deletion("terraform_data.b", attach, builtin)
             .deletion("terraform_data.c", attach, builtin)
             .creation("terraform_data.first", role_new, builtin)
             .creation("terraform_data.second", attach_new, builtin)
             .creation("terraform_data.third", attach_new, builtin)
             .depends("terraform_data.b", {"terraform_data.a"})
             .depends("terraform_data.c", {"terraform_data.a", "terraform_data.b"})
             .refers("terraform_data.second", {"terraform_data.first"})
             .refers("terraform_data.third", {"terraform_data.second"})
             .configures("terraform_data.second", {"input"})
             .configures("terraform_data.third", {"input"})
             .plan,
         {"terraform_data.a -> terraform_data.first exact tentative",
          "terraform_data.b -> terraform_data.second exact tentative",
          "terraform_data.c -> terraform_data.third exact tentative"}},
        {"two look-alike pairs, each with its edge: two assignments fit, nothing moves",
         renamed_pair(renamed_pair(PlanBuilder{}, "_1"), "_2").plan, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(settled(c.plan) == c.moves, boost::test_tools::per_element()); }
    }
}

BOOST_AUTO_TEST_CASE(settled_moves_say_why_they_are_tentative) {
    Plan plan = PlanBuilder{}
                    .deletion("terraform_data.role", role, builtin)
                    .deletion("terraform_data.attach", attach, builtin)
                    .creation("terraform_data.node", role_new, builtin)
                    .creation("terraform_data.node_attach", attach_new, builtin)
                    .depends("terraform_data.attach", {"terraform_data.role"})
                    .refers("terraform_data.node_attach", {"terraform_data.node"})
                    .configures("terraform_data.node_attach", {"input"})
                    .plan;
    const Policy policy = default_policy();
    MatchState state(plan, policy);
    find_equal_pairs(state);
    resolve_ties(state);
    BOOST_TEST_REQUIRE(state.result.moves.size() == 2u);
    const Move& attach_move = state.result.moves[0].from == must_parse_address("terraform_data.attach")
                                  ? state.result.moves[0]
                                  : state.result.moves[1];
    BOOST_TEST(attach_move.tentative_because ==
               "input is unknown until apply; resolved out of a tie by reference structure");
    BOOST_TEST(attach_move.from_tie);
}

// What Terraform's trials start from: every candidate of every tied side, each certain
// when all its values are known and equal, and none for a tie too large to try.
BOOST_AUTO_TEST_CASE(tied_pairs_for_the_trials) {
    auto tied = [](std::size_t twins) {
        PlanBuilder builder;
        builder.deletion("terraform_data.old", role, builtin);
        for (std::size_t i = 0; i < twins; ++i)
            builder.creation("terraform_data.twin_" + std::to_string(i), role_new, builtin);
        const Policy policy = default_policy();
        Plan plan = builder.plan;
        MatchState state(plan, policy);
        find_equal_pairs(state);
        resolve_ties(state);
        BOOST_TEST(state.result.moves.empty());
        return state.result.ties;
    };
    auto two = tied(2);
    BOOST_TEST_REQUIRE(two.size() == 2u);
    for (const auto& tie : two) {
        BOOST_TEST(tie.certain);  // `id` and `output` are unknown, but nothing configured is
        BOOST_TEST(to_string(tie.move.from) == "terraform_data.old");
        BOOST_TEST(tie.known_equal == 2u);
    }
    BOOST_TEST(tied(32).size() == 32u);
    BOOST_TEST(tied(33).empty());
}
