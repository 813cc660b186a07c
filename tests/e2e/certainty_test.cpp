// Certainty: identical candidates are told apart by what depends on them, and when that
// evidence is not conclusive tfw makes no move and --explain names the candidates that tied.
// Judged by `terraform show -json` of the plan tfw saved, and by applying that plan.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {


// The --explain block about `address`: its `tfw: <address> stays a …` line and the
// indented candidate lines under it, or "" when there is none.
std::string explanation_of(const std::string& out, const std::string& address) {
    const std::string head = "tfw: " + address + " stays a ";
    std::size_t at = out.find(head);
    if (at == std::string::npos) return "";
    std::size_t end = out.find('\n', at);
    while (end != std::string::npos && out.compare(end + 1, 6, "      ") == 0) end = out.find('\n', end + 1);
    return out.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// A workspace whose twins were renamed: plain terraform destroys and creates two, and
// tfw, run with --explain, must leave exactly that plan. Returns tfw's run for its explanations.
TfwPlan require_twins_left_alone(Workspace& ws) {
    ws.apply_before();
    ws.switch_to("after");
    const auto baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::remove) == 2u, describe(baseline));
    BOOST_TEST_REQUIRE(count_actions(baseline, Action::create) == 2u, describe(baseline));

    TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_plan_left_as(run, baseline);
    BOOST_TEST(count_actions(plan, Action::remove) == 2u, describe(plan));
    BOOST_TEST(count_actions(plan, Action::create) == 2u, describe(plan));
    return run;
}

}  // namespace

// The dependency example: `first` and `second` are identical and renamed `alpha`
// and `beta`; db_alpha referred to first (now alpha) and db_beta to second (now beta).
BOOST_AUTO_TEST_CASE(identical_twins_are_told_apart_by_their_dependents) {
    Workspace ws("twins_with_dependents");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 2);

    // A plan of moves only is a change: -detailed-exitcode gives 2.
    const TfwPlan run = ws.tfw_plan({"-no-color", "-detailed-exitcode"});
    const auto& plan = require_saved_plan(run, 2);
    BOOST_TEST(moved_from(plan, "terraform_data.alpha") == "terraform_data.first", describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.beta") == "terraform_data.second", describe(plan));
    // No changes at all: every action a no-op, the dependents untouched and unmoved.
    for (const auto& change : plan.changes)
        BOOST_TEST(action_name(change.action) == "no-op", change.address_text << "\n" << describe(plan));
    BOOST_TEST(moved_from(plan, "terraform_data.db_alpha") == "");
    BOOST_TEST(moved_from(plan, "terraform_data.db_beta") == "");
    BOOST_TEST(describe(plan) ==
               "terraform_data.alpha (moved from terraform_data.first): no-op\n"
               "terraform_data.beta (moved from terraform_data.second): no-op\n"
               "terraform_data.db_alpha: no-op\n"
               "terraform_data.db_beta: no-op\n");
    BOOST_TEST(describe(plan) == describe(reference));
    BOOST_TEST(contains(run.result.out, "terraform_data.first -> terraform_data.alpha"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "terraform_data.second -> terraform_data.beta"), run.result.describe());
    BOOST_TEST(contains(run.result.out, "Plan: 0 to add, 0 to change, 0 to destroy."), run.result.describe());
    BOOST_TEST(ws.tfw_temp_files().empty());

    require_nothing_left_after_applying(ws);
}

// Without anything depending on them, either pairing fits: no move, and --explain names
// both tied candidates of every object.
BOOST_AUTO_TEST_CASE(identical_twins_without_dependents_tie_and_are_not_moved) {
    Workspace ws("twins_no_dependents");
    const TfwPlan run = require_twins_left_alone(ws);
    BOOST_TEST(contains(run.result.out, "Plan: 2 to add, 0 to change, 2 to destroy."), run.result.describe());

    for (const std::string deletion : {"terraform_data.first", "terraform_data.second"}) {
        const std::string text = explanation_of(run.result.out, deletion);
        BOOST_TEST_CONTEXT(deletion << "'s explanation:\n" << text) {
            BOOST_TEST(contains(text, "stays a destroy"), run.result.describe());
            // Certain on their values alone, so no plan was spent on them (GUIDE, "What `--explain` says").
            BOOST_TEST(contains(text, "identical to terraform_data.alpha and to terraform_data.beta: every known value equal"));
            BOOST_TEST(contains(text, "candidate terraform_data.alpha"));
            BOOST_TEST(contains(text, "candidate terraform_data.beta"));
        }
    }
    for (const std::string creation : {"terraform_data.alpha", "terraform_data.beta"}) {
        const std::string text = explanation_of(run.result.out, creation);
        BOOST_TEST_CONTEXT(creation << "'s explanation:\n" << text) {
            BOOST_TEST(contains(text, "stays a create"), run.result.describe());
            BOOST_TEST(contains(text, "identical to terraform_data.first and to terraform_data.second: every known value equal"));
            BOOST_TEST(contains(text, "candidate terraform_data.first"));
            BOOST_TEST(contains(text, "candidate terraform_data.second"));
        }
    }
    BOOST_TEST(ws.tfw_temp_files().empty());
}

// Both dependents depend on both twins, in a way that reads the same whichever twin is
// which: the evidence is inconclusive, so no move.
BOOST_AUTO_TEST_CASE(inconclusive_dependency_evidence_makes_no_move) {
    Workspace ws("twins_inconclusive");
    const TfwPlan run = require_twins_left_alone(ws);
    const std::string text = explanation_of(run.result.out, "terraform_data.first");
    BOOST_TEST(contains(text, "tie"), run.result.describe());
    BOOST_TEST(contains(text, "candidate terraform_data.alpha"), run.result.describe());
    BOOST_TEST(contains(text, "candidate terraform_data.beta"), run.result.describe());
    BOOST_TEST(ws.tfw_temp_files().empty());
}

// Issue 4, section 1: "constraint propagation (if A can only be X, X is no longer a
// candidate for anyone else)". A resource and its dependent, both renamed: the new
// dependent's input is unknown until the new app exists, so by attributes the old app
// could be either new object; but the old dependent can only be the new dependent, which
// leaves the old app only the new app.
BOOST_AUTO_TEST_CASE(a_single_candidate_is_taken_from_the_others_by_propagation) {
    Workspace ws("rename_with_dependent");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 2);

    const TfwPlan run = ws.tfw_plan({"-no-color", "--explain"});
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "terraform_data.service") == "terraform_data.app", run.result.describe());
    BOOST_TEST(moved_from(plan, "terraform_data.service_dns") == "terraform_data.app_dns", run.result.describe());
    BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
    BOOST_TEST(describe(plan) == describe(reference));
}
