// Issue 9, "Terraform is the judge of equality": pairs that tfw cannot settle on known
// values alone (a name the provider computes, a tie that only reference structure breaks,
// "" in state against null in a create, an ignored change) are moved only when Terraform
// then plans the moved object with no change; a pair with a real difference is moved only
// under a `partial` policy rule; and a policy that accepts more never moves less.
//
// Judged by Terraform: `terraform show -json` of the plan tfw saved (previous addresses,
// actions, counts). tfw's output is read only to see that a class-5 pair it did not move
// is listed as proposed (`old -> new`, "proposed"). Each fixture is first checked with
// plain Terraform: without moves it destroys, and with its hand-written moved.tf it
// destroys nothing and (where the class is "no change") plans the moved objects with no
// update.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;
using tfw::core::Plan;

namespace {

using Moves = std::vector<std::pair<std::string, std::string>>;

// The default accept rule plus one that takes partial matches: "default + a `partial`
// rule". `confirmed` is the default's kind for pairs Terraform plans with no change.
const std::string default_plus_partial_policy =
    "version: 1\n"
    "accept:\n"
    "  - kinds: [exact, ignore, confirmed]\n"
    "  - kinds: [partial]\n"
    "partial:\n"
    "  threshold: 0.6\n";

// AWS plans run against the fixture's state file and never refresh: nothing calls AWS.
const std::vector<std::string> offline = {"-refresh=false"};

// Puts the fixture's state file in place and switches to after/ (init installs the AWS
// provider from the mirror).
void use_state_and_switch_to_after(Workspace& ws) {
    ws.copy_from_fixture("terraform.tfstate", "terraform.tfstate");
    ws.switch_to("after");
}


bool is_subset(const Moves& some, const Moves& all) {
    return std::all_of(some.begin(), some.end(),
                       [&](const auto& move) { return std::find(all.begin(), all.end(), move) != all.end(); });
}

std::string describe_moves(const Moves& found) {
    std::string text;
    for (const auto& [from, to] : found) text += from + " -> " + to + "\n";
    return text.empty() ? "(no moves)\n" : text;
}

// Fixture check: every object in `plan` is a plain no-op (moved or not) — the class is
// one where Terraform plans no change once the moves are in.
void require_no_change_at_all(const Plan& plan, const std::string& what) {
    for (const auto& change : plan.changes)
        BOOST_TEST_REQUIRE(action_name(change.action) == "no-op",
                           "fixture check, " << what << ": " << change.address_text << "\n" << describe(plan));
}

// tfw reached the reference plan: the same moves, nothing destroyed.
void check_reached(const Plan& plan, const Plan& reference) {
    BOOST_TEST(describe_moves(moves(plan)) == describe_moves(moves(reference)));
    BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
}

}  // namespace

// Class 2: role and attach renamed node and node_attach; attach's known input equals
// node's, so values tie, and only one assignment preserves attach -> role.
BOOST_AUTO_TEST_CASE(class2_structural_tie_is_broken_by_the_reference_edge) {
    Workspace ws("structural_tie");
    ws.apply_before();
    ws.switch_to("after");
    const Plan reference = require_reference(ws, 2);
    require_no_change_at_all(reference, "plan with moved.tf");

    const TfwPlan run = ws.tfw_plan({"-no-color"});
    const Plan& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.node") == "terraform_data.role", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.node_attach") == "terraform_data.attach", describe(plan));
    BOOST_TEST(count_actions(plan, Action::update) == 0u, describe(plan));
    check_reached(plan, reference);
    BOOST_TEST(ws.tfw_temp_files().empty());
    require_nothing_left_after_applying(ws);
}

// Moves unlock moves, several levels deep: a chain of four renamed together, where each
// link's input is unknown until the link before it exists under its new name. Only one
// assignment carries every old dependency onto a new reference; Terraform confirms it.
BOOST_AUTO_TEST_CASE(a_renamed_chain_four_deep_is_moved_whole) {
    Workspace ws("chain_renamed");
    ws.apply_before();
    ws.switch_to("after");
    const Plan reference = require_reference(ws, 4);
    require_no_change_at_all(reference, "plan with moved.tf");

    const TfwPlan run = ws.tfw_plan({"-no-color", "--max-iterations=4"});
    const Plan& plan = require_saved_plan(run, 0);
    for (const auto& [from, to] : Moves{{"terraform_data.a", "terraform_data.first"},
                                        {"terraform_data.b", "terraform_data.second"},
                                        {"terraform_data.c", "terraform_data.third"},
                                        {"terraform_data.d", "terraform_data.fourth"}})
        BOOST_TEST(moved_from(plan, to) == from, describe(plan));
    check_reached(plan, reference);
    require_nothing_left_after_applying(ws);
}

// Class 4b: renamed, its input changed too, but the new configuration ignores changes to
// input: once moved, Terraform plans no change, which says nothing of the input it ignores.
// A deletion beside an unrelated creation under ignore_changes plans the same (refactor
// fuzzer, seed 700's 425070444: a wrong move), so the difference stands as an update
// Terraform does not show: proposed by default, moved under a `partial` rule.
BOOST_AUTO_TEST_CASE(class4b_rename_under_ignore_changes_is_a_partial_move) {
    Workspace ws("ignore_changes_rename");
    ws.apply_before();
    ws.switch_to("after");
    const Plan reference = require_reference(ws, 1);
    require_no_change_at_all(reference, "plan with moved.tf");
    const Plan baseline = ws.plan_with_terraform();

    const TfwPlan by_default = ws.tfw_plan({"-no-color"});
    require_plan_left_as(by_default, baseline);
    BOOST_TEST(contains(by_default.result.out, "terraform_data.app -> terraform_data.service"), by_default.result.describe());
    BOOST_TEST(contains(by_default.result.out, "~ input.image, which its ignore_changes hides"), by_default.result.describe());

    const std::string policy = ws.write_scratch_file("partial.yaml", "version: 1\naccept:\n  - kinds: [exact, ignore, confirmed]\n"
                                                                     "  - kinds: [partial]\npartial:\n  threshold: 0.4\n");
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const Plan& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.service") == "terraform_data.app", describe(plan));
    BOOST_TEST(count_actions(plan, Action::update) == 0u, describe(plan));
    check_reached(plan, reference);
    require_nothing_left_after_applying(ws);
}

// Issue 47: renamed, and the only difference is the desired count the autoscaler owns,
// which the new configuration ignores; every other value is equal and tells the pair
// apart. The ignored difference is no evidence against identity: the move plans no change
// and is accepted by default, where class 4b, whose ignored input is all the evidence
// there is, stays a proposal.
BOOST_AUTO_TEST_CASE(an_autoscaled_rename_moves_by_default) {
    Workspace ws("autoscaled_rename");
    ws.apply_before();
    ws.switch_to("after");
    const Plan reference = require_reference(ws, 1);
    require_no_change_at_all(reference, "plan with moved.tf");

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const Plan& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.checkout") == "terraform_data.service", describe(plan));
    BOOST_TEST(count_actions(plan, Action::update) == 0u, describe(plan));
    BOOST_TEST(contains(run.result.out, "its new configuration ignores changes there"), run.result.describe());
    check_reached(plan, reference);
    require_nothing_left_after_applying(ws);
}

// Class 5 under the default policy: role -> node leaves a real update (the description),
// so it is only proposed; the exact role_admin -> admin is moved.
BOOST_AUTO_TEST_CASE(class5_pair_left_by_elimination_is_only_proposed_by_default) {
    Workspace ws("elimination_partial");
    ws.apply_before();
    ws.switch_to("after");
    const Plan reference = require_reference(ws, 2);
    const auto* updated = find_change(reference, "terraform_data.node");
    BOOST_TEST_REQUIRE(updated != nullptr, describe(reference));
    BOOST_TEST_REQUIRE(action_name(updated->action) == "update", "fixture check:\n" << describe(reference));
    const auto* exact = find_change(reference, "terraform_data.admin");
    BOOST_TEST_REQUIRE(exact != nullptr, describe(reference));
    BOOST_TEST_REQUIRE(action_name(exact->action) == "no-op", "fixture check:\n" << describe(reference));

    const TfwPlan run = ws.tfw_plan({"-no-color"});
    const Plan& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) ==
               "terraform_data.admin (moved from terraform_data.role_admin): no-op\n"
               "terraform_data.node: create\n"
               "terraform_data.role: delete\n");
    // Not silently dropped: listed as a proposal.
    BOOST_TEST(contains(run.result.out, "terraform_data.role -> terraform_data.node"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "proposed"), run.result.describe());
}

// Class 5 under default + a `partial` rule: once the exact move is in, role -> node is
// the only pair left, and it is moved with its in-place update.
BOOST_AUTO_TEST_CASE(class5_pair_left_by_elimination_is_moved_under_a_partial_rule) {
    Workspace ws("elimination_partial");
    ws.apply_before();
    ws.switch_to("after");
    const Plan reference = require_reference(ws, 2);

    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const Plan& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.admin") == "terraform_data.role_admin", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.node") == "terraform_data.role", describe(plan));
    const auto* node = find_change(plan, "terraform_data.node");
    BOOST_TEST_REQUIRE(node != nullptr, describe(plan));
    BOOST_TEST(action_name(node->action) == "update", describe(plan));
    check_reached(plan, reference);
    require_nothing_left_after_applying(ws);
}

// Negative: each old object has one candidate on known values, but the new one leans on
// an unknown id; moved, Terraform would replace `new` and update `config`. Under the
// default policy both are withdrawn.
BOOST_AUTO_TEST_CASE(tentative_pairs_terraform_would_replace_or_update_are_withdrawn) {
    Workspace ws("tentative_withdrawn");
    ws.apply_before();
    ws.switch_to("after");
    const Plan baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 2u, "fixture check:\n" << describe(baseline));
    const Plan rejected = ws.plan_with_fixture_moves("rejected_moved.tf");
    BOOST_TEST_REQUIRE(describe(rejected) ==
                           "terraform_data.config (moved from terraform_data.cfg): update\n"
                           "terraform_data.fresh: create\n"
                           "terraform_data.new (moved from terraform_data.old): delete,create\n",
                       "fixture check, terraform plan with rejected_moved.tf:\n" << describe(rejected));

    const TfwPlan by_default = ws.tfw_plan({"-no-color"});
    require_plan_left_as(by_default, baseline);

    // A replace is never confirmation, whatever the policy accepts.
    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    const TfwPlan with_partial = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const Plan& plan = require_saved_plan(with_partial, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.new") == "", describe(plan));
    const auto* created = find_change(plan, "terraform_data.new");
    BOOST_TEST_REQUIRE(created != nullptr, describe(plan));
    BOOST_TEST(action_name(created->action) == "create", describe(plan));
    const auto* deleted = find_change(plan, "terraform_data.old");
    BOOST_TEST_REQUIRE(deleted != nullptr, describe(plan));
    BOOST_TEST(action_name(deleted->action) == "delete", describe(plan));
}

// Negative: two role + attach pairs, all values equal; both ways of pairing them keep
// every dependency and both plan no change, so structure decides nothing.
BOOST_AUTO_TEST_CASE(two_edge_preserving_assignments_move_nothing) {
    Workspace ws("two_edge_preserving");
    ws.apply_before();
    ws.switch_to("after");
    const Plan baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 4u, "fixture check:\n" << describe(baseline));
    for (const std::string assignment : {"assignment_one.tf", "assignment_two.tf"}) {
        const Plan assigned = ws.plan_with_fixture_moves(assignment);
        BOOST_TEST_REQUIRE(moves(assigned).size() == 4u, assignment << "\n" << describe(assigned));
        require_no_change_at_all(assigned, "plan with " + assignment);
    }

    const TfwPlan run = ws.tfw_plan({"-no-color"});
    require_plan_left_as(run, baseline);
    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    const TfwPlan with_partial = ws.tfw_plan({"-no-color", "--policy=" + policy});
    require_plan_left_as(with_partial, baseline);
}

// Issue 9: "A policy that accepts more never moves less." The same workspace under the
// default policy and under default + a `partial` rule: every move of the first is a move
// of the second, including x -> x2, which only a second iteration finds.
BOOST_AUTO_TEST_CASE(a_policy_that_accepts_more_never_moves_less) {
    Workspace ws("policy_monotonic");
    ws.apply_before();
    ws.switch_to("after");
    // Fixture check: y's removal is real (a delete either way); the rest is moved.tf's.
    const Plan baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 4u, "fixture check:\n" << describe(baseline));
    const Plan reference = ws.plan_with_reference_moves();
    BOOST_TEST_REQUIRE(describe(reference) ==
                           "terraform_data.a2 (moved from terraform_data.a): no-op\n"
                           "terraform_data.node (moved from terraform_data.role): update\n"
                           "terraform_data.x2 (moved from terraform_data.x): no-op\n"
                           "terraform_data.y: delete\n",
                       "fixture check, terraform plan with moved.tf:\n" << describe(reference));

    const TfwPlan by_default = ws.tfw_plan({"-no-color"});
    const Moves default_moves = moves(require_saved_plan(by_default, 0));
    // Non-trivial: the default moves both renames, and only the partial rule adds role.
    const Moves expected_default = {{"terraform_data.a", "terraform_data.a2"},
                                    {"terraform_data.x", "terraform_data.x2"}};
    BOOST_TEST(describe_moves(default_moves) == describe_moves(expected_default), by_default.result.describe());
    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    const TfwPlan with_partial = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const Moves partial_moves = moves(require_saved_plan(with_partial, 0));

    BOOST_TEST(is_subset(default_moves, partial_moves),
               "default:\n" << describe_moves(default_moves) << "default + partial:\n" << describe_moves(partial_moves)
                            << with_partial.result.describe());
    BOOST_TEST(describe_moves(partial_moves) == describe_moves(moves(reference)), with_partial.result.describe());

    // A partial rule for other types only accepts nothing more here, and must not lose
    // the second iteration's move to a partial proposal either.
    const std::string other_types = ws.write_scratch_file(
        "partial-other-types.yaml",
        "version: 1\n"
        "accept:\n"
        "  - kinds: [exact, ignore, confirmed]\n"
        "  - kinds: [partial]\n"
        "    types: [\"aws_*\"]\n"
        "partial:\n"
        "  threshold: 0.6\n");
    const TfwPlan with_other_types = ws.tfw_plan({"-no-color", "--policy=" + other_types});
    const Moves other_types_moves = moves(require_saved_plan(with_other_types, 0));
    BOOST_TEST(describe_moves(other_types_moves) == describe_moves(expected_default),
               with_other_types.result.describe());
}

// The moves of fixtures/aws_name_prefix/moved.tf.
const Moves name_prefix_moves = {
    {"aws_iam_instance_profile.this", "aws_iam_instance_profile.node"},
    {"aws_iam_role.this", "aws_iam_role.node"},
    {"aws_iam_role_policy_attachment.readonly", "aws_iam_role_policy_attachment.node_readonly"},
    {"aws_iam_role_policy_attachment.ssm", "aws_iam_role_policy_attachment.node_ssm"},
};

// Class 1: the role's name is configured but computed from name_prefix, so unknown in
// the creation; its attachments and instance profile refer to it and are unknown too.
// Moved, the role plans no change, which makes its name known and the dependents pair.
// A `partial` rule added moves no less.
BOOST_AUTO_TEST_CASE(class1_name_prefix_role_with_attachments_and_profile_is_moved) {
    Workspace ws("aws_name_prefix", {.aws_provider = true});
    use_state_and_switch_to_after(ws);
    // Without moves Terraform also replaces the attachment that kept its address
    // (`cloudwatch`: its role is unknown); with moved.tf nothing changes at all.
    const Plan reference = require_reference(ws, 4, offline);
    require_no_change_at_all(reference, "plan with moved.tf");
    BOOST_TEST_REQUIRE(describe_moves(moves(reference)) == describe_moves(name_prefix_moves));

    const TfwPlan run = ws.tfw_plan({"-no-color", "-refresh=false"});
    const Plan& plan = require_saved_plan(run, 0);
    for (const auto& [from, to] : name_prefix_moves) BOOST_TEST(moved_from(plan, to) == from, describe(plan));
    BOOST_TEST(count_actions(plan, Action::update) == 0u, describe(plan));
    BOOST_TEST(count_actions(plan, Action::create) == 0u, describe(plan));
    check_reached(plan, reference);

    // Monotonicity where the issue saw it break: the dependents' moves come in a later
    // iteration, and adding a `partial` rule must not turn any of them into a proposal.
    const Moves default_moves = moves(plan);
    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    const TfwPlan with_partial = ws.tfw_plan({"-no-color", "-refresh=false", "--policy=" + policy});
    const Moves partial_moves = moves(require_saved_plan(with_partial, 0));
    BOOST_TEST(is_subset(default_moves, partial_moves),
               "default:\n" << describe_moves(default_moves) << "default + partial:\n" << describe_moves(partial_moves)
                            << with_partial.result.describe());
    BOOST_TEST(describe_moves(partial_moves) == describe_moves(name_prefix_moves), with_partial.result.describe());
}

// Class 5 on AWS: the renamed role also got a description. By default it is only
// proposed, and its dependents, whose role stays unknown without it, are not moved
// either; under a `partial` rule the role is moved with its update and the attachments
// and the instance profile follow it exactly.
BOOST_AUTO_TEST_CASE(class5_described_role_and_its_dependents_are_moved_only_under_a_partial_rule) {
    Workspace ws("aws_name_prefix", {.aws_provider = true});
    ws.copy_from_fixture("terraform.tfstate", "terraform.tfstate");
    ws.switch_to("after_description");
    const Plan reference = require_reference(ws, 4, offline);
    BOOST_TEST_REQUIRE(describe_moves(moves(reference)) == describe_moves(name_prefix_moves));
    for (const auto& change : reference.changes) {
        const std::string expected = change.address_text == "aws_iam_role.node" ? "update" : "no-op";
        BOOST_TEST_REQUIRE(action_name(change.action) == expected,
                           "fixture check, plan with moved.tf:\n" << describe(reference));
    }

    const TfwPlan by_default = ws.tfw_plan({"-no-color", "-refresh=false"});
    const Plan& left = require_saved_plan(by_default, 0);
    BOOST_TEST(moves(left).empty(), describe(left));
    BOOST_TEST(contains(by_default.result.out, "aws_iam_role.this -> aws_iam_role.node"), by_default.result.describe());
    BOOST_TEST(contains(by_default.result.out, "proposed"), by_default.result.describe());

    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    const TfwPlan with_partial = ws.tfw_plan({"-no-color", "-refresh=false", "--policy=" + policy});
    const Plan& plan = require_saved_plan(with_partial, 0);
    for (const auto& [from, to] : name_prefix_moves) BOOST_TEST(moved_from(plan, to) == from, describe(plan));
    check_reached(plan, reference);
}

// Class 4a: "" and 0 (the topic) and false (the repository) in state against null in the
// creation; once moved, Terraform plans no change.
BOOST_AUTO_TEST_CASE(class4a_empty_and_false_in_state_against_null_are_moved_without_update) {
    Workspace ws("aws_empty_vs_null", {.aws_provider = true});
    use_state_and_switch_to_after(ws);
    const Plan baseline = ws.plan_with_terraform(offline);
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 3u, "fixture check:\n" << describe(baseline));
    const Plan reference = ws.plan_with_reference_moves(offline);
    BOOST_TEST_REQUIRE(describe(reference) ==
                           "aws_ecr_repository.service (moved from aws_ecr_repository.app): no-op\n"
                           "aws_iam_role.reader: delete\n"
                           "aws_iam_role.writer: create\n"
                           "aws_sns_topic.alarms (moved from aws_sns_topic.alerts): no-op\n",
                       "fixture check, terraform plan with moved.tf:\n" << describe(reference));

    const TfwPlan run = ws.tfw_plan({"-no-color", "-refresh=false"});
    const Plan& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "aws_sns_topic.alarms") == "aws_sns_topic.alerts", describe(plan));
    BOOST_TEST(moved_from(plan, "aws_ecr_repository.service") == "aws_ecr_repository.app", describe(plan));
    BOOST_TEST(count_actions(plan, Action::update) == 0u, describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
}

// Negative: role `reader` removed and a new role `writer` that looks like it, with a
// different name. Moved, Terraform would replace it: it stays a destroy and a create,
// under the default policy and under a `partial` rule alike.
BOOST_AUTO_TEST_CASE(lookalike_with_a_different_name_stays_a_destroy_and_a_create) {
    Workspace ws("aws_empty_vs_null", {.aws_provider = true});
    use_state_and_switch_to_after(ws);
    const Plan rejected = ws.plan_with_fixture_moves("rejected_moved.tf", offline);
    const auto* replaced = find_change(rejected, "aws_iam_role.writer");
    BOOST_TEST_REQUIRE(replaced != nullptr, describe(rejected));
    BOOST_TEST_REQUIRE(moved_from(rejected, "aws_iam_role.writer") == "aws_iam_role.reader", describe(rejected));
    BOOST_TEST_REQUIRE(action_name(replaced->action) == "delete,create",
                       "fixture check, terraform plan with rejected_moved.tf:\n" << describe(rejected));

    const std::string policy = ws.write_scratch_file("partial.yaml", default_plus_partial_policy);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"-no-color", "-refresh=false"},
          std::vector<std::string>{"-no-color", "-refresh=false", "--policy=" + policy}}) {
        BOOST_TEST_CONTEXT(args.back()) {
            const TfwPlan run = ws.tfw_plan(args);
            const Plan& plan = require_saved_plan(run, 0);
            BOOST_TEST(moved_from(plan, "aws_iam_role.writer") == "", describe(plan));
            const auto* created = find_change(plan, "aws_iam_role.writer");
            BOOST_TEST_REQUIRE(created != nullptr, describe(plan));
            BOOST_TEST(action_name(created->action) == "create", describe(plan));
            const auto* deleted = find_change(plan, "aws_iam_role.reader");
            BOOST_TEST_REQUIRE(deleted != nullptr, describe(plan));
            BOOST_TEST(action_name(deleted->action) == "delete", describe(plan));
        }
    }
}
