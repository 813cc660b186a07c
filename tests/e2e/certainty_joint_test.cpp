// Moves that only make sense as a group (issue 24, step 3), judged by real Terraform.
//   - A module call renamed and re-keyed from count to for_each: in each instance an
//     identical settings object (a twin of the other instances') and a main object that
//     refers to its id. Tried alone, each main object would be updated; with its instance
//     moved as a whole, nothing changes. Every object moves, as module-instance blocks.
//   - count twins that only their dependents tell apart: each dependent keeps its address
//     and holds one twin's id. Both pairings plan the twins with no change; only the right
//     one plans the dependents with none. They move; twins with nothing to tell them
//     apart stay a true tie (tie_trials_test, identical_twins_are_a_true_tie_without_a_trial).
//   - Issue 32's groups: identical helpers at three module levels, each referred to by the
//     object beside it, the whole tree renamed and a level hoisted; identical dead-letter
//     queues, each referred to by its queue, moved from count into a for_each module and
//     renamed. Each helper alone plans no change with any candidate; only beside its own
//     referrer, which moves too, does the referrer plan none. Everything moves, --write
//     says it so that plain terraform plans the same, and a second --write adds nothing.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"
#include "write_checks.hpp"

using namespace tfw::e2e;

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

// The fixture is what it claims: with swapped.tf (every referrer with its own, the
// helpers rotated) Terraform plans each helper with no change and each referrer with an
// update, so no helper can be told from its twins alone.
void require_helpers_tell_nothing_alone(const Workspace& ws, const Pairs& helper_moves, const Pairs& referrer_moves) {
    const auto swapped = ws.plan_with_fixture_moves("swapped.tf");
    for (const auto& [from, to] : helper_moves)
        BOOST_TEST_REQUIRE(action_at(swapped, to) == "no-op", to << "\n" << describe(swapped));
    for (const auto& [from, to] : referrer_moves)
        BOOST_TEST_REQUIRE(action_at(swapped, to) == "update", to << "\n" << describe(swapped));
}

// tfw's plan is the plan of the fixture's moved.tf, every object moved with no change;
// then the --write cycle (write_checks.hpp) with the blocks `written`, and tfw's saved
// plan applied leaves nothing to do.
void check_group_moves(Workspace& ws, const Pairs& helper_moves, const Pairs& referrer_moves,
                       const std::map<std::string, std::string>& written) {
    const auto reference = require_reference(ws, helper_moves.size() + referrer_moves.size());
    require_helpers_tell_nothing_alone(ws, helper_moves, referrer_moves);

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) == describe(reference));
    for (const Pairs* group : {&helper_moves, &referrer_moves})
        for (const auto& [from, to] : *group) {
            BOOST_TEST(moved_from(plan, to) == from, describe(plan));
            BOOST_TEST(action_at(plan, to) == "no-op", describe(plan));
        }
    BOOST_TEST(!contains(run.result.out, "stays a destroy"), run.result.describe());

    WriteCase c;
    c.written = written;
    c.moves = helper_moves;
    c.moves.insert(c.moves.end(), referrer_moves.begin(), referrer_moves.end());
    std::sort(c.moves.begin(), c.moves.end());
    check_write_cycle(ws, c);
    require_nothing_left_after_applying(ws);
}

}  // namespace


BOOST_AUTO_TEST_CASE(module_instances_move_as_a_whole) {
    Workspace ws("module_instances_rekeyed");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 4);
    // The fixture is what it claims: the main objects with their instances but the
    // settings objects swapped, Terraform updates both main objects.
    const auto split = ws.plan_with_fixture_moves("split.tf");
    BOOST_TEST_REQUIRE(action_at(split, "module.service[\"alpha\"].terraform_data.main") == "update", describe(split));
    BOOST_TEST_REQUIRE(action_at(split, "module.service[\"beta\"].terraform_data.main") == "update", describe(split));

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) == describe(reference));
    for (const std::string key : {"alpha", "beta"})
        for (const std::string name : {"main", "settings"})
            BOOST_TEST(action_at(plan, "module.service[\"" + key + "\"].terraform_data." + name) == "no-op", describe(plan));
    BOOST_TEST(contains(run.result.out, "moves with the rest of its module instance, module.svc[0] to module.service[\"alpha\"]"),
               run.result.describe());

    // --write says it with one block per module instance, and a second run finds nothing.
    const TfwPlan written = ws.tfw_plan({"--write"});
    BOOST_TEST_REQUIRE(written.result.exit_code == 0, written.result.describe());
    BOOST_TEST(ws.read_file("moved.tf") ==
               "# Generated by tfw: moves inferred from terraform plan.\n"
               "moved {\n  from = module.svc[0]\n  to   = module.service[\"alpha\"]\n}\n\n"
               "moved {\n  from = module.svc[1]\n  to   = module.service[\"beta\"]\n}\n");
    const TfwPlan again = ws.tfw_plan({"--write"});
    const auto& replanned = require_saved_plan(again, 0);
    BOOST_TEST(describe(replanned) == describe(reference));
    require_nothing_left_after_applying(ws);
}

BOOST_AUTO_TEST_CASE(twins_are_told_apart_by_their_dependents) {
    Workspace ws("twins_told_by_dependents");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 2);
    BOOST_TEST_REQUIRE(action_at(reference, "terraform_data.dependent[0]") == "no-op", describe(reference));
    // The other pairing moves the twins with no change too, and updates both dependents.
    const auto swapped = ws.plan_with_fixture_moves("swapped.tf");
    BOOST_TEST_REQUIRE(action_at(swapped, "terraform_data.twin[\"east\"]") == "no-op", describe(swapped));
    BOOST_TEST_REQUIRE(action_at(swapped, "terraform_data.dependent[0]") == "update", describe(swapped));
    BOOST_TEST_REQUIRE(action_at(swapped, "terraform_data.dependent[1]") == "update", describe(swapped));

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) == describe(reference));
    BOOST_TEST(moved_from(plan, "terraform_data.twin[\"west\"]") == "terraform_data.twin[0]", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.twin[\"east\"]") == "terraform_data.twin[1]", describe(plan));
    BOOST_TEST(contains(run.result.out, "Terraform's trials ruled out the other candidates"), run.result.describe());
    BOOST_TEST(!contains(run.result.out, "stays a destroy"), run.result.describe());
    require_nothing_left_after_applying(ws);
}

BOOST_AUTO_TEST_CASE(identical_helpers_at_three_levels_move_with_their_referrers) {
    Workspace ws("helpers_renamed_and_hoisted");
    ws.apply_before();
    ws.switch_to("after");
    const Pairs helpers = {{"terraform_data.labels", "terraform_data.tags"},
                           {"module.mid.terraform_data.labels", "module.middle.terraform_data.tags"},
                           {"module.mid.module.leaf.terraform_data.labels", "module.leaf.terraform_data.tags"}};
    const Pairs referrers = {{"terraform_data.main", "terraform_data.app"},
                             {"module.mid.terraform_data.main", "module.middle.terraform_data.app"},
                             {"module.mid.module.leaf.terraform_data.main", "module.leaf.terraform_data.app"}};
    // The root is the closest common ancestor of every move: one block per object there.
    check_group_moves(ws, helpers, referrers,
                      {{"moved.tf", generated_file({{"terraform_data.labels", "terraform_data.tags"},
                                                    {"terraform_data.main", "terraform_data.app"},
                                                    {"module.mid.terraform_data.labels", "module.middle.terraform_data.tags"},
                                                    {"module.mid.terraform_data.main", "module.middle.terraform_data.app"},
                                                    {"module.mid.module.leaf.terraform_data.labels", "module.leaf.terraform_data.tags"},
                                                    {"module.mid.module.leaf.terraform_data.main", "module.leaf.terraform_data.app"}})}});
}

BOOST_AUTO_TEST_CASE(identical_dead_letter_queues_move_into_a_for_each_module_with_their_queues) {
    Workspace ws("dead_letter_queues_into_module");
    ws.apply_before();
    ws.switch_to("after");
    const Pairs dead_letters = {{"terraform_data.dlq[0]", R"(module.queue["orders"].terraform_data.dead_letter)"},
                                {"terraform_data.dlq[1]", R"(module.queue["billing"].terraform_data.dead_letter)"},
                                {"terraform_data.dlq[2]", R"(module.queue["emails"].terraform_data.dead_letter)"}};
    const Pairs queues = {{"terraform_data.queue[0]", R"(module.queue["orders"].terraform_data.queue)"},
                          {"terraform_data.queue[1]", R"(module.queue["billing"].terraform_data.queue)"},
                          {"terraform_data.queue[2]", R"(module.queue["emails"].terraform_data.queue)"}};
    Pairs blocks = dead_letters;
    blocks.insert(blocks.end(), queues.begin(), queues.end());
    check_group_moves(ws, dead_letters, queues, {{"moved.tf", generated_file(blocks)}});
}
