// Policy files on real terraform: discovery (--policy, else .tfw.yaml in the root module),
// ignore rules that turn a rename with a cosmetic change into a move, deny rules, partial
// matches, max_moves, and a bad file that stops tfw before it runs anything.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "recorder.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;
using tfw::core::Plan;

namespace {


std::string ignore_policy(const std::string& kind) {
    return "version: 1\n"
           "ignore:\n"
           "  - types: [\"terraform_data\"]\n"
           "    paths: [\"input\"]\n"
           "    kind: " + kind + "\n";
}

// The five pairs of fixtures/cosmetic_renames: old name -> old name + "_renamed".
const std::vector<std::string> cosmetic_pairs = {"spaced", "shouting", "prefixed", "policy_doc", "empty_tags"};

std::string data(const std::string& name) { return "terraform_data." + name; }

// Exactly `moved_name` (if not empty) became a move with its remaining in-place update;
// every other cosmetic pair stayed a delete and a create.
void check_only_moved(const Plan& plan, const std::string& moved_name) {
    for (const auto& name : cosmetic_pairs) {
        const std::string to = data(name + "_renamed");
        const auto* change = find_change(plan, to);
        BOOST_TEST_REQUIRE(change != nullptr, to << " not in the plan:\n" << describe(plan));
        if (name == moved_name) {
            BOOST_TEST(moved_from(plan, to) == data(name), describe(plan));
            BOOST_TEST(action_name(change->action) == "update", describe(plan));
            BOOST_TEST(find_change(plan, data(name)) == nullptr, describe(plan));
        } else {
            BOOST_TEST(moved_from(plan, to) == "", describe(plan));
            BOOST_TEST(action_name(change->action) == "create", describe(plan));
            const auto* old = find_change(plan, data(name));
            BOOST_TEST_REQUIRE(old != nullptr, describe(plan));
            BOOST_TEST(action_name(old->action) == "delete", describe(plan));
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_ignore_kind_forgives_only_its_own_cosmetic_change) {
    Workspace ws("cosmetic_renames");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 5u, describe(baseline));

    struct Case {
        std::string kind;
        std::string moved;
    };
    const std::vector<Case> cases = {{"whitespace", "spaced"},
                                     {"case", "shouting"},
                                     {"\"prefix:arn:aws:iam::\"", "prefixed"},
                                     {"json", "policy_doc"},
                                     {"null-equals-empty", "empty_tags"}};
    int n = 0;
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("ignore kind " << c.kind) {
            const std::string policy =
                ws.write_scratch_file("ignore-" + std::to_string(++n) + ".yaml", ignore_policy(c.kind));
            const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
            const auto& plan = require_saved_plan(run, 0);
            BOOST_TEST(moves(plan).size() == 1u, describe(plan));
            check_only_moved(plan, c.moved);
            // Equal once the ignore rules apply, accepted by the default accept rule, with the
            // update Terraform plans for it in words.
            BOOST_TEST(contains(run.result.out, data(c.moved) + " -> " + data(c.moved + "_renamed")),
                       run.result.describe());
            BOOST_TEST(contains(run.result.out, "equal once the policy's ignore rules apply; Terraform would update it in place (~ "),
                       run.result.describe());
            BOOST_TEST(contains(run.result.out, "); accepted by default: every known value is equal once the policy's ignore "
                                                "rules apply\n"),
                       run.result.describe());
            BOOST_TEST(contains(run.result.out, "# " + data(c.moved + "_renamed") + " will be updated in-place"),
                       run.result.describe());
            BOOST_TEST(contains(run.result.out, "# (moved from " + data(c.moved) + ")"), run.result.describe());
            BOOST_TEST(ws.tfw_temp_files().empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(without_a_policy_cosmetic_changes_are_not_moves) {
    Workspace ws("cosmetic_renames");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    const TfwPlan run = ws.tfw_plan({"-no-color"});
    const auto& plan = require_plan_left_as(run, baseline);
    check_only_moved(plan, "");
}

// .tfw.yaml is found in the root module, also when tfw runs from elsewhere with -chdir.
BOOST_AUTO_TEST_CASE(tfw_yaml_in_the_root_module_is_discovered) {
    Workspace ws("cosmetic_renames");
    ws.apply_before();
    ws.switch_to("after");
    ws.write_file(".tfw.yaml", ignore_policy("whitespace"));

    const TfwPlan here = ws.tfw_plan({"-no-color"});
    check_only_moved(require_saved_plan(here, 0), "spaced");

    const TfwPlan via_chdir = ws.tfw_plan({"-no-color"}, /*via_chdir=*/true);
    check_only_moved(require_saved_plan(via_chdir, 0), "spaced");
}

// A .tfw.yaml somewhere other than the root module is not the policy (here: the
// directory tfw runs from with -chdir).
BOOST_AUTO_TEST_CASE(tfw_yaml_outside_the_root_module_is_not_read) {
    Workspace ws("cosmetic_renames");
    ws.apply_before();
    ws.switch_to("after");
    std::ofstream(ws.scratch() / ".tfw.yaml") << ignore_policy("whitespace");
    const TfwPlan run = ws.tfw_plan({"-no-color"}, /*via_chdir=*/true);
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moves(plan).empty(), describe(plan));
}

BOOST_AUTO_TEST_CASE(policy_option_takes_precedence_over_tfw_yaml) {
    Workspace ws("cosmetic_renames");
    ws.apply_before();
    ws.switch_to("after");
    ws.write_file(".tfw.yaml", ignore_policy("whitespace"));
    const std::string policy = ws.write_scratch_file("case.yaml", ignore_policy("case"));
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    check_only_moved(require_saved_plan(run, 0), "shouting");
}

BOOST_AUTO_TEST_CASE(deny_by_address_leaves_that_destroy_and_create_alone) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");
    const std::string policy = ws.write_scratch_file("deny.yaml",
                                            "version: 1\n"
                                            "deny:\n"
                                            "  - address: \"terraform_data.db_*\"\n");
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.web_new") == "terraform_data.web_old", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.db_new") == "", describe(plan));
    BOOST_TEST(describe(plan) ==
               "terraform_data.db_new: create\n"
               "terraform_data.db_old: delete\n"
               "terraform_data.web_new (moved from terraform_data.web_old): no-op\n");
    // Listed as not injected, with the rule that denied it and where that rule is.
    BOOST_TEST(contains(run.result.out, "not injected"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "terraform_data.db_old -> terraform_data.db_new"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "; denied by the policy rule at " + policy + ":3\n"),
               run.result.describe());
    BOOST_TEST(ws.tfw_temp_files().empty());
}

BOOST_AUTO_TEST_CASE(deny_by_type_makes_no_move_of_that_type) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    ws.write_file(".tfw.yaml",
                  "version: 1\n"
                  "deny:\n"
                  "  - type: terraform_data\n");
    const TfwPlan run = ws.tfw_plan({"-no-color"});
    require_plan_left_as(run, baseline);
    BOOST_TEST(contains(run.result.out, "terraform_data.db_old -> terraform_data.db_new"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "terraform_data.web_old -> terraform_data.web_new"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "; denied by the policy rule at "), run.result.describe());
    BOOST_TEST(contains(run.result.out, ".tfw.yaml:3\n"), run.result.describe());
}

// max_moves keeps the first N accepted moves in address order; the rest are proposed.
BOOST_AUTO_TEST_CASE(max_moves_caps_the_moves_of_a_run) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();

    const std::string one = ws.write_scratch_file("one.yaml", "version: 1\nmax_moves: 1\n");
    const TfwPlan capped = ws.tfw_plan({"-no-color", "--policy=" + one});
    const auto& plan = require_saved_plan(capped, 0);
    BOOST_TEST(moves(plan).size() == 1u, describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.db_new") == "terraform_data.db_old", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.web_new") == "", describe(plan));
    BOOST_TEST(contains(capped.result.out, "proposed, not accepted by policy"), capped.result.describe());
    BOOST_TEST(contains(capped.result.out, "the policy's max_moves (1) was reached"), capped.result.describe());

    const std::string none = ws.write_scratch_file("none.yaml", "version: 1\nmax_moves: 0\n");
    const TfwPlan zero = ws.tfw_plan({"-no-color", "--policy=" + none});
    require_plan_left_as(zero, baseline);
    BOOST_TEST(contains(zero.result.out, "the policy's max_moves (0) was reached"), zero.result.describe());
}

// The cap is per run, not per iteration: a move found only in the second iteration is
// over the cap when the first iteration already took it up.
BOOST_AUTO_TEST_CASE(max_moves_counts_moves_of_every_iteration) {
    Workspace ws("cap_across_iterations");
    ws.apply_before();
    ws.switch_to("after");

    // Fixture check: without a cap both moves are found, in two iterations.
    const TfwPlan uncapped = ws.tfw_plan({"-no-color"});
    const auto& all = require_saved_plan(uncapped, 0);
    BOOST_TEST_REQUIRE(moved_from(all, "terraform_data.a2") == "terraform_data.a", describe(all));
    BOOST_TEST_REQUIRE(moved_from(all, "terraform_data.x2") == "terraform_data.x", describe(all));
    BOOST_TEST_REQUIRE(contains(uncapped.result.out, "in 2 iterations"), uncapped.result.describe());
    fs::remove(ws.dir() / final_plan_file);

    const std::string one = ws.write_scratch_file("one.yaml", "version: 1\nmax_moves: 1\n");
    const TfwPlan capped = ws.tfw_plan({"-no-color", "--policy=" + one});
    const auto& plan = require_saved_plan(capped, 0);
    BOOST_TEST(moves(plan).size() == 1u, describe(plan) << capped.result.describe());
    BOOST_TEST(moved_from(plan, "terraform_data.a2") == "terraform_data.a", describe(plan));
    BOOST_TEST(contains(capped.result.out, "the policy's max_moves (1) was reached"), capped.result.describe());
}

// A partial match a policy accepts: the move is injected and Terraform shows the
// remaining in-place update, in its own rendering.
BOOST_AUTO_TEST_CASE(accepted_partial_match_is_a_move_with_its_in_place_update) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = ws.plan_with_reference_moves();
    BOOST_TEST_REQUIRE(moved_from(reference, "terraform_data.new") == "terraform_data.old", describe(reference));

    const std::string policy = ws.write_scratch_file("partial.yaml", accept_partial_policy);
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.new") == "terraform_data.old", describe(plan));
    const auto* change = find_change(plan, "terraform_data.new");
    BOOST_TEST_REQUIRE(change != nullptr, describe(plan));
    BOOST_TEST(action_name(change->action) == "update", describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
    BOOST_TEST(contains(run.result.out, "# terraform_data.new will be updated in-place\n"
                                        "  # (moved from terraform_data.old)"),
               run.result.describe());
    BOOST_TEST(contains(run.result.out, "Plan: 0 to add, 1 to change, 0 to destroy."), run.result.describe());
    BOOST_TEST(contains(run.result.out, "% of known values are equal; differs in "), run.result.describe());
    BOOST_TEST(contains(run.result.out, "; accepted by the policy rule at " + policy + ":3; Terraform will still update "),
               run.result.describe());
}

BOOST_AUTO_TEST_CASE(partial_match_not_accepted_is_only_proposed) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    const std::string policy = ws.write_scratch_file("partial-off.yaml",
                                            "version: 1\n"
                                            "partial:\n"
                                            "  threshold: 0.8\n");
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    require_plan_left_as(run, baseline);
    BOOST_TEST(contains(run.result.out, "proposed, not accepted by policy"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "terraform_data.old -> terraform_data.new"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "no accept rule matches kind partial"), run.result.describe());
}

// Tried on a replan like any pair with differences, and then only proposed: the
// policy accepts partial moves from 90% of equal values, and this one has 83%.
BOOST_AUTO_TEST_CASE(partial_match_below_the_threshold_is_only_proposed) {
    Workspace ws("partial_rename");
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    const std::string policy = ws.write_scratch_file("strict.yaml",
                                            "version: 1\n"
                                            "accept:\n"
                                            "  - kinds: [partial]\n"
                                            "partial:\n"
                                            "  threshold: 0.9\n");
    const TfwPlan run = ws.tfw_plan({"-no-color", "--policy=" + policy});
    require_plan_left_as(run, baseline);
    BOOST_TEST(contains(run.result.out, "proposed, not accepted by policy"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "is below partial.threshold (90%)"), run.result.describe());
}

// A bad policy stops tfw with one line, file:line:column, before terraform runs at all.
BOOST_AUTO_TEST_CASE(bad_policy_is_one_error_line_and_nothing_runs) {
    Workspace ws("rename_pair");
    ws.apply_before();
    ws.switch_to("after");

    // A terraform that records its calls, so that "nothing ran" can be seen.
    const Recorder recorder(ws);
    const std::string bin = recorder.option();

    // Positive control: with a good policy the recorder does see terraform's calls.
    const std::string good = ws.write_scratch_file("good.yaml", "version: 1\n");
    const TfwPlan control = ws.tfw_plan({"-no-color", bin, "--policy=" + good});
    require_saved_plan(control, 0);
    BOOST_TEST_REQUIRE(!recorder.calls().empty(), "the recording terraform saw no call");
    recorder.reset();
    fs::remove(ws.dir() / final_plan_file);

    struct Case {
        std::string name;
        std::string yaml;
        std::string where;    // line:column
        std::string message;  // part of the message
    };
    const std::vector<Case> cases = {
        {"unknown-key.yaml", "version: 1\naccept:\n  - kinds: [exact]\n    typo: true\n", "4:5", "unknown key 'typo'"},
        {"wrong-type.yaml", "version: 1\nmax_moves: lots\n", "2:12", "max_moves"},
        {"list-expected.yaml", "version: 1\ndeny: {type: terraform_data}\n", "2:7", "must be a list"},
        {"bad-glob.yaml", "version: 1\nignore:\n  - paths: [\"ingress[0.from_port\"]\n    kind: everything\n", "3:13",
         "bad glob"},
        {"unknown-ignore-kind.yaml", "version: 1\nignore:\n  - paths: [input]\n    kind: fuzzy\n", "4:11",
         "unknown ignore kind"},
        {"bad-threshold.yaml", "version: 1\npartial:\n  threshold: 1.5\n", "3:14", "threshold"},
        {"top-level-typo.yaml", "version: 1\ndenny: []\n", "2:1", "unknown key 'denny'"},
        {"no-version.yaml", "accept: []\n", "1:1", "version"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const std::string policy = ws.write_scratch_file(c.name, c.yaml);
            const TfwPlan run = ws.tfw_plan({"-no-color", bin, "--policy=" + policy});
            BOOST_TEST(run.result.exit_code == 1, run.result.describe());
            std::string err = run.result.err;
            while (!err.empty() && err.back() == '\n') err.pop_back();
            BOOST_TEST(err.find('\n') == std::string::npos, "not one line:\n" << run.result.describe());
            BOOST_TEST(contains(err, policy + ":" + c.where + ": "), run.result.describe());
            BOOST_TEST(contains(err, c.message), run.result.describe());
            BOOST_TEST(run.result.out == "", run.result.describe());
            BOOST_TEST(recorder.calls().empty(), "terraform ran despite the bad policy:\n" << recorder.describe());
            BOOST_TEST(run.files_changed == "");
            BOOST_TEST(!run.plan.has_value());
            BOOST_TEST(!ws.exists(".terraform.tfstate.lock.info"));
            BOOST_TEST(ws.tfw_temp_files().empty());
        }
    }

    // The same for a discovered .tfw.yaml, named as tfw found it.
    ws.write_file(".tfw.yaml", "version: 2\n");
    const TfwPlan run = ws.tfw_plan({"-no-color", bin});
    BOOST_TEST(run.result.exit_code == 1, run.result.describe());
    std::string err = run.result.err;
    while (!err.empty() && err.back() == '\n') err.pop_back();
    BOOST_TEST(err.find('\n') == std::string::npos, run.result.describe());
    BOOST_TEST(contains(err, ".tfw.yaml:1:10: "), run.result.describe());
    BOOST_TEST(contains(err, "version"), run.result.describe());
    BOOST_TEST(recorder.calls().empty(), "terraform ran despite the bad policy:\n" << recorder.describe());
    BOOST_TEST(run.files_changed == "");
    BOOST_TEST(!run.plan.has_value());
}
