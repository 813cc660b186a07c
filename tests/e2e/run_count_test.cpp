// How many times tfw runs terraform: the cost users feel. A recording wrapper, passed as
// --terraform-bin, logs every call's arguments and execs the real terraform.
//   - nothing could pair: exactly one call, the plan (human mode, no -json, no show);
//   - renames: plan, show -json, plan, however many renames one analysis finds;
//   - resources re-keyed with what refers to them by key (subnets and their route table
//     associations): plan, show -json, plan, the dependents paired by the keys their
//     referents' moves took, in the plan that moves the referents;
//   - an analysis that finds nothing: plan, show -json, and no second plan;
//   - tfw moves on a saved plan: one show -json; on a show -json file: none;
//   - with -json, the same counts, every plan streaming JSON;
//   - a tie that only Terraform can break: one plan per trial round on top, a tie of k
//     candidates at most k rounds, and one plan with the pairs it settled;
//   - moves Terraform plans otherwise than their equal values suggest: one plan for each
//     verdict that withdraws something, the first plan then being the answer;
//   - module instances that move as a whole: plan, show -json, plan;
//   - twins that their dependents tell apart: one plan per trial round (two pairings of
//     two twins, two rounds), the round that settles them being the final plan;
//   - only the first plan refreshes (-refresh=false on the others): its refresh found no
//     drift (terraform_data never drifts), so a refresh again would read the same and
//     the last plan is the final one. One refreshing plan in every shape here; a pair
//     only Terraform can confirm costs plan, show, plan, as a rename does. With drift,
//     the final set is planned as the user asked (core/converge tests).
// And with -detailed-exitcode, tfw exits as terraform does.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "recorder.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

using Names = std::vector<std::string>;

// `terraform plan -detailed-exitcode` on the current configuration, for its exit code.
int terraform_detailed_exit_code(const Workspace& ws) {
    RunResult plain = ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode", "-lock=false"});
    BOOST_TEST_REQUIRE((plain.exit_code == 0 || plain.exit_code == 2), plain.describe());
    return plain.exit_code;
}

}  // namespace

BOOST_AUTO_TEST_CASE(no_possible_pair_costs_exactly_one_plan) {
    Workspace ws("run_count_no_pair");
    ws.apply_before();
    ws.switch_to("after");
    const int expected_exit = terraform_detailed_exit_code(ws);
    BOOST_TEST_REQUIRE(expected_exit == 2);

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option(), "-detailed-exitcode", "-no-color"});
    const auto& plan = require_saved_plan(run, expected_exit);
    BOOST_TEST(recorder.subcommands() == Names{"plan"}, "terraform calls:\n" << recorder.describe());
    const auto calls = recorder.calls();
    BOOST_TEST_REQUIRE(calls.size() == 1u);
    BOOST_TEST(!has_arg(calls[0], "-json"), "the one plan runs in human mode:\n" << recorder.describe());
    BOOST_TEST(has_arg(calls[0], "-detailed-exitcode"));
    BOOST_TEST(has_arg(calls[0], "-no-color"));
    // Terraform's own rendering of that one plan is what the user sees.
    BOOST_TEST(run.result.out.find("  # terraform_data.added will be created\n") != std::string::npos,
               run.result.describe());
    BOOST_TEST(run.result.out.find("Plan: 1 to add, 1 to change, 0 to destroy.") != std::string::npos,
               run.result.describe());
    BOOST_TEST(count_actions(plan, Action::create) == 1u);
    BOOST_TEST(count_actions(plan, Action::update) == 1u);
    BOOST_TEST(moves(plan).empty());
}

BOOST_AUTO_TEST_CASE(no_changes_costs_one_plan_and_exits_as_terraform) {
    Workspace ws("run_count_no_pair");
    ws.apply_before();
    const int expected_exit = terraform_detailed_exit_code(ws);
    BOOST_TEST_REQUIRE(expected_exit == 0);

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option(), "-detailed-exitcode", "-no-color"});
    require_saved_plan(run, expected_exit);
    BOOST_TEST(recorder.subcommands() == Names{"plan"}, "terraform calls:\n" << recorder.describe());
    BOOST_TEST(run.result.out.find("No changes. Your infrastructure matches the configuration.") != std::string::npos,
               run.result.describe());

    // Without -detailed-exitcode a successful plan exits 0, as terraform's does.
    recorder.reset();
    const TfwPlan plain = ws.tfw_plan({recorder.option()});
    require_saved_plan(plain, 0);
    BOOST_TEST(recorder.subcommands() == Names{"plan"}, "terraform calls:\n" << recorder.describe());
}

BOOST_AUTO_TEST_CASE(single_rename_costs_plan_show_plan) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("after");
    require_reference(ws, 1);

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
    BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
    const auto calls = recorder.calls();
    BOOST_TEST_REQUIRE(calls.size() == 3u);
    BOOST_TEST(has_arg(calls[1], "-json"), recorder.describe());
    BOOST_TEST(!has_arg(calls[0], "-json"), recorder.describe());
    BOOST_TEST(!has_arg(calls[2], "-json"), recorder.describe());

    // A move-only plan is a change: with -detailed-exitcode tfw exits 2, like terraform
    // with the same moved block, and still in three calls.
    recorder.reset();
    const TfwPlan detailed = ws.tfw_plan({recorder.option(), "-detailed-exitcode"});
    require_saved_plan(detailed, 2);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
}

// Issue 34: the associations' subnet is unknown in the first plan, so they tie; each takes
// the key its subnet's move took (match/key_trail), and Terraform judges them in the plan
// that moves the subnets. Before, that plan made their values known for a second
// analysis: plan, show, plan, show, plan.
BOOST_AUTO_TEST_CASE(a_rekeying_with_dependents_costs_plan_show_plan) {
    Workspace ws("run_count_rekeyed_with_dependents");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 6);

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain", recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(describe(plan) == describe(reference));
    for (const std::string key : {"a", "b", "c"})
        BOOST_TEST(action_at(plan, "terraform_data.association[\"" + key + "\"]") == "no-op", describe(plan));
    BOOST_TEST(contains(run.result.out, "takes the key its referent took, terraform_data.subnet"), run.result.describe());
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
    BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
}

// Renames that Terraform judges otherwise than their equal values suggest (issue 24): the
// plan with the three blocks withdraws the replaced one, the plan with the other two makes
// them proposals, and the first plan is the answer: plan, show, plan, plan.
BOOST_AUTO_TEST_CASE(moves_terraform_refuses_cost_one_plan_per_verdict) {
    Workspace ws("judged_by_terraform");
    ws.apply_before();
    ws.switch_to("after");

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moves(plan).empty(), describe(plan));
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan", "plan"}), "terraform calls:\n" << recorder.describe());
}

BOOST_AUTO_TEST_CASE(several_renames_cost_one_analysis) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("several");

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST(moved_from(plan, "terraform_data.work_queue") == "terraform_data.queue");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 1u);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
}

BOOST_AUTO_TEST_CASE(moves_on_a_saved_plan_costs_one_show) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("several");
    RunResult planned = ws.terraform({"plan", "-input=false", "-no-color", "-out=saved.tfplan"});
    BOOST_TEST_REQUIRE(planned.exit_code == 0, planned.describe());

    Recorder recorder(ws);
    // -chdir is honoured: the plan file is named relative to the root module, as terraform does.
    RunResult hcl = ws.tfw({"-chdir=" + ws.dir().string(), "moves", "saved.tfplan", recorder.option()});
    BOOST_TEST(hcl.exit_code == 0, hcl.describe());
    // Each move says Terraform has not judged it: tfw moves plans nothing.
    const std::string unjudged = "# not judged by Terraform, which has not planned with it (tfw plan does): ";
    auto without_notes = [&unjudged](const std::string& text) {
        std::string out;
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t end = std::min(text.find('\n', at), text.size());
            if (text.compare(at, unjudged.size(), unjudged) != 0) out += text.substr(at, end - at) + "\n";
            at = end + 1;
        }
        return out;
    };
    BOOST_TEST(without_notes(hcl.out) ==
                   "moved {\n  from = terraform_data.alpha\n  to   = terraform_data.beta\n}\n\n"
                   "moved {\n  from = terraform_data.queue\n  to   = terraform_data.work_queue\n}\n",
               hcl.describe());
    BOOST_TEST(hcl.out.rfind(unjudged, 0) == 0u, hcl.describe());
    BOOST_TEST(recorder.subcommands() == Names{"show"}, "terraform calls:\n" << recorder.describe());
    const auto calls = recorder.calls();
    BOOST_TEST_REQUIRE(calls.size() == 1u);
    BOOST_TEST(has_arg(calls[0], "-json"));
    BOOST_TEST(has_arg(calls[0], "-chdir=" + ws.dir().string()));

    // The same plan as JSON costs no terraform call at all.
    RunResult shown = ws.terraform({"show", "-json", "saved.tfplan"});
    BOOST_TEST_REQUIRE(shown.exit_code == 0, shown.describe());
    ws.write_file("saved.json", shown.out);
    recorder.reset();
    RunResult commands = ws.tfw({"moves", "saved.json", "--format=commands", recorder.option()});
    BOOST_TEST(commands.exit_code == 0, commands.describe());
    BOOST_TEST(without_notes(commands.out) ==
                   "terraform state mv 'terraform_data.alpha' 'terraform_data.beta'\n"
                   "terraform state mv 'terraform_data.queue' 'terraform_data.work_queue'\n",
               commands.describe());
    BOOST_TEST(commands.out.rfind(unjudged, 0) == 0u, commands.describe());
    BOOST_TEST(recorder.calls().empty(), "terraform calls:\n" << recorder.describe());
}

// Pairs that only Terraform can confirm (a tie broken by reference structure, values
// unknown until the parents move) are confirmed by the plan that injects them, made
// with -refresh=false. The first plan's refresh found no drift, so that plan is the final
// one: plan, show, plan, one refreshing, as for a rename.
BOOST_AUTO_TEST_CASE(a_confirmed_trial_costs_what_a_rename_costs) {
    for (const std::string fixture : {"structural_tie", "chain_renamed"}) {
        BOOST_TEST_CONTEXT(fixture) {
            Workspace ws(fixture);
            ws.apply_before();
            ws.switch_to("after");
            Recorder recorder(ws);
            const TfwPlan run = ws.tfw_plan({recorder.option(), "-detailed-exitcode"});
            const auto& plan = require_saved_plan(run, 2);
            BOOST_TEST(count_actions(plan, Action::remove) == 0u);
            BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
            BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
        }
    }
}

// The only pair of its type left differs in a value: only Terraform can tell whether the
// difference matters, so it is tried once. Terraform would update it, which the default
// policy only proposes, and the plan made before the trial is the answer: no fourth run.
BOOST_AUTO_TEST_CASE(a_withdrawn_trial_reuses_the_plan_before_it) {
    Workspace ws("run_count_unpaired");
    ws.apply_before();
    ws.switch_to("after");

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option(), "-detailed-exitcode", "-no-color"});
    const auto& plan = require_saved_plan(run, 2);
    BOOST_TEST(moves(plan).empty());
    BOOST_TEST(count_actions(plan, Action::remove) == 1u);
    BOOST_TEST(count_actions(plan, Action::create) == 1u);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
    BOOST_TEST(run.result.out.find("terraform_data.old -> terraform_data.new") != std::string::npos, run.result.describe());
    BOOST_TEST(run.result.out.find("Terraform would update it in place (~ input") != std::string::npos, run.result.describe());
}

// A deletion and a creation of one type with no known value in common: nothing says they
// are one object (a plan with no change would prove nothing where Terraform ignores the
// differences), so there is no trial: one plan and its show.
BOOST_AUTO_TEST_CASE(a_pair_with_nothing_in_common_is_not_tried) {
    Workspace ws("run_count_unrelated");
    ws.apply_before();
    ws.switch_to("after");

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option(), "-detailed-exitcode", "-no-color"});
    const auto& plan = require_saved_plan(run, 2);
    BOOST_TEST(moves(plan).empty());
    BOOST_TEST(count_actions(plan, Action::remove) == 1u);
    BOOST_TEST(count_actions(plan, Action::create) == 1u);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show"}), "terraform calls:\n" << recorder.describe());
}

// With -json every plan streams Terraform's machine-readable output, which tfw reads
// instead of the human rendering, at the same cost: plan, show -json, plan for a rename,
// and one plan when nothing can pair.
BOOST_AUTO_TEST_CASE(json_mode_costs_the_same) {
    Workspace ws("run_count_rename");
    ws.apply_before();
    ws.switch_to("after");

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option(), "-json"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.alpha");
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
    for (const auto& call : recorder.calls()) BOOST_TEST(has_arg(call, "-json"), recorder.describe());

    ws.switch_to("before");
    recorder.reset();
    const TfwPlan nothing = ws.tfw_plan({recorder.option(), "-json", "-detailed-exitcode"});
    require_saved_plan(nothing, 0);
    BOOST_TEST(recorder.subcommands() == Names{"plan"}, "terraform calls:\n" << recorder.describe());
}

// A tie only Terraform can break. The first plan and its analysis move the parent; the
// plan with it in lets the renamed child's values be known, and the second analysis
// leaves it tied with the new children whose names are unknown until apply. Each wrong
// candidate takes one trial round (the right one is certain and needs none), then one
// plan has the settled pair in.
BOOST_AUTO_TEST_CASE(a_tie_of_two_costs_one_trial_round) {
    Workspace ws("run_count_tie");
    ws.apply_before();
    ws.switch_to("tie_of_2");
    require_reference(ws, 2);

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.kept") == "terraform_data.child");
    BOOST_TEST(moved_from(plan, "terraform_data.renamed_parent") == "terraform_data.parent");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan", "show", "plan", "plan"}),
               "terraform calls:\n" << recorder.describe());
    BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
}

BOOST_AUTO_TEST_CASE(a_tie_of_three_costs_two_trial_rounds) {
    Workspace ws("run_count_tie");
    ws.apply_before();
    ws.switch_to("tie_of_3");
    require_reference(ws, 2);

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.kept") == "terraform_data.child");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan", "show", "plan", "plan", "plan"}),
               "terraform calls:\n" << recorder.describe());
    BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
}

// The shape: a role renamed with three attachments, one of which went to a new
// role whose attachment is unknown until apply. Elimination's pairing is refuted in one
// plan; then three trial rounds (the new attachment takes one trial a round) and the
// plan with the two settled pairs in.
BOOST_AUTO_TEST_CASE(a_renamed_role_with_attachments_beside_a_new_one) {
    Workspace ws("tie_trials_attachments");
    ws.apply_before();
    ws.switch_to("after");

    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option()});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moves(plan).size() == 3u, describe(plan));
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan", "plan", "plan", "plan", "plan"}),
               "terraform calls:\n" << recorder.describe());
    BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
}

// Moves judged as a group (issue 24). A renamed, re-keyed module call whose instances
// move as a whole: the instance settles the tied objects in the analysis, and one plan
// (without refresh) confirms every move at once and is the final one. Two twins told
// apart by their dependents: each round tries one pairing of both, with the dependents
// judging it, without refresh; the round that settles them is the final plan. The first
// plan's refresh found no drift, so it is the only refreshing plan.
BOOST_AUTO_TEST_CASE(moves_judged_as_a_group_refresh_once) {
    struct Case {
        std::string fixture;
        std::size_t moves;
        Names calls;
    };
    const std::vector<Case> cases = {
        {"module_instances_rekeyed", 4, {"plan", "show", "plan"}},
        {"twins_told_by_dependents", 2, {"plan", "show", "plan", "plan"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.fixture) {
            Workspace ws(c.fixture);
            ws.apply_before();
            ws.switch_to("after");
            Recorder recorder(ws);
            const TfwPlan run = ws.tfw_plan({recorder.option()});
            const auto& plan = require_saved_plan(run, 0);
            BOOST_TEST(moves(plan).size() == c.moves, describe(plan));
            BOOST_TEST((recorder.subcommands() == c.calls), "terraform calls:\n" << recorder.describe());
            BOOST_TEST(recorder.refreshing_plans() == 1u, "terraform calls:\n" << recorder.describe());
        }
    }
}

// A user who plans with -refresh=false gets every plan as asked: tfw adds no flag of its
// own and plans nothing again, so pairs only Terraform can confirm cost plan, show, plan.
BOOST_AUTO_TEST_CASE(a_users_refresh_false_makes_every_plan_as_asked) {
    Workspace ws("structural_tie");
    ws.apply_before();
    ws.switch_to("after");
    Recorder recorder(ws);
    const TfwPlan run = ws.tfw_plan({recorder.option(), "-refresh=false"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(count_actions(plan, Action::remove) == 0u, describe(plan));
    BOOST_TEST((recorder.subcommands() == Names{"plan", "show", "plan"}), "terraform calls:\n" << recorder.describe());
    for (const auto& call : recorder.calls()) {
        if (!has_arg(call, "plan")) continue;
        BOOST_TEST(std::count(call.begin(), call.end(), "-refresh=false") == 1, "terraform calls:\n" << recorder.describe());
    }
}
