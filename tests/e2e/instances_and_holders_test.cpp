// What the evidence of a whole refactor tells, where one pair alone does not (issue 47):
//  - identical helpers of a module instance go where the instance went, as its unique
//    members show, whether the module is re-keyed, wrapped in a new for_each module,
//    hoisted out of its parent, or has resources moved into a child module in each
//    instance;
//  - twins are told apart by what holds their ids inside a string or a JSON document,
//    through a `local` too;
//  - Terraform's own move as `count` comes (`x` to `x[0]`) is a hypothesis like any other;
//  - a witness that still changes refutes nothing of another tie;
//  - a move that alone made a plan fail is tried again once its company changes.
// Each fixture's `moved.tf` holds the true moves. After `tfw plan --write` plain terraform
// plans exactly them, with no change and nothing created or destroyed, and a second
// `--write` changes no file.
#include <boost/test/unit_test.hpp>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

void check_every_true_move_made(const std::string& fixture) {
    Workspace ws(fixture);
    ws.apply_before();
    ws.switch_to("after");
    // The fixture is what it claims: the true moves plan no change at all.
    const auto reference = ws.plan_with_reference_moves();
    BOOST_TEST_REQUIRE(!moves(reference).empty(), describe(reference));
    BOOST_TEST_REQUIRE(count_destroying(reference) == 0u, describe(reference));
    BOOST_TEST_REQUIRE(count_actions(reference, Action::create) == 0u, describe(reference));
    BOOST_TEST_REQUIRE(count_actions(reference, Action::update) == 0u, describe(reference));

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moves(plan) == moves(reference), run.result.describe());
    BOOST_TEST(describe(plan) == describe(reference));

    const RunResult written = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST_REQUIRE(written.exit_code == 0, written.describe());
    const auto plain = ws.plan_with_terraform();
    BOOST_TEST(moves(plain) == moves(reference), describe(plain));
    BOOST_TEST(describe(plain) == describe(reference));
    const Snapshot after_write = ws.snapshot();
    const RunResult again = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(snapshot_difference(after_write, ws.snapshot()) == "", again.describe());
}

}  // namespace

// (a) module.svc[0] -> module.svc["n0"]: `labels` and `volume[0..1]` are identical in both
// instances; `main` tells where each went.
BOOST_AUTO_TEST_CASE(identical_helpers_follow_a_module_rekeyed) { check_every_true_move_made("instance_helpers_rekey"); }

// (b) module.svc["a"] -> module.region["eu"].module.svc["a"].
BOOST_AUTO_TEST_CASE(identical_helpers_follow_a_module_wrapped) { check_every_true_move_made("instance_helpers_wrap"); }

// (c) module.platform.module.svc["a"] -> module.svc["a"].
BOOST_AUTO_TEST_CASE(identical_helpers_follow_a_module_hoisted) { check_every_true_move_made("instance_helpers_hoist"); }

// (d) In each instance, `tag` and two identical volumes move into module.disks: the tag
// tells which instance's volumes went where.
BOOST_AUTO_TEST_CASE(identical_helpers_follow_their_instance_into_a_child_module) {
    check_every_true_move_made("instance_helpers_into_child");
}

// Twins renamed; each holder holds one twin's id inside "arn:x:${...}".
BOOST_AUTO_TEST_CASE(twins_told_apart_by_ids_inside_strings) { check_every_true_move_made("ids_inside_strings"); }

// The same through a `local` and inside a JSON document.
BOOST_AUTO_TEST_CASE(twins_told_apart_by_ids_through_locals) { check_every_true_move_made("ids_through_locals"); }

// `x` and `z` become x[0..1], x[0] taking z's values: Terraform implies x -> x[0], an update;
// the truth is z -> x[0] and x -> x[1].
BOOST_AUTO_TEST_CASE(terraforms_implied_move_against_the_values) { check_every_true_move_made("implied_count_merge"); }

// `x` and `z` identical, the holder of z's id now reading x[0]: Terraform's implied
// x -> x[0] plans no change, but the holder would update (a wrong move until issue 47).
BOOST_AUTO_TEST_CASE(terraforms_implied_move_against_a_holder) { check_every_true_move_made("implied_move_against_a_holder"); }

// A module given for_each whose identical helper is held by its instance's unique zone
// through replace_triggered_by: every pairing of the helpers plans no change, and the
// zones tell where each instance went (refactor fuzzer finding).
BOOST_AUTO_TEST_CASE(a_helper_held_by_replace_triggered_by_follows_its_instance) {
    check_every_true_move_made("helper_held_by_replace_triggered_by");
}

// A move alone makes the plan fail (a cycle among the destroys) until the moves it depends
// on stand: it is tried again once they do, and one --write makes every move (refactor
// fuzzer seed 1000's case 106570706, reduced; a second --write wrote more).
BOOST_AUTO_TEST_CASE(a_move_whose_plan_failed_is_tried_again_in_a_new_company) {
    check_every_true_move_made("cycle_withdrawn_for_good");
}

// The module renamed beside twins renamed in the root, whose holder's own input changes:
// that witness refutes nothing of the module's tie, whose helpers move.
BOOST_AUTO_TEST_CASE(a_changing_witness_refutes_nothing_of_another_tie) {
    Workspace ws("witness_still_changes");
    ws.apply_before();
    ws.switch_to("after");
    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    for (const std::string member : {"main", "labels[0]", "labels[1]"})
        BOOST_TEST(moved_from(plan, "module.new_svc.terraform_data." + member) == "module.old_svc.terraform_data." + member,
                   describe(plan));
    BOOST_TEST(action_at(plan, "terraform_data.d") == "update", describe(plan));
}
