// Assertions shared by the end-to-end test files. Header-only: it uses Boost.Test's
// macros, which belong to each test executable.
#pragma once

#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "plan_checks.hpp"
#include "workspace.hpp"

namespace tfw::e2e {

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// How many times `part` occurs in `text`, without overlaps.
inline std::size_t occurrences(const std::string& text, std::string_view part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++count;
    return count;
}

// A policy that accepts partial moves of at least 80% equal known values, beside the
// exact and ignore-rules ones.
inline const std::string accept_partial_policy =
    "version: 1\n"
    "accept:\n"
    "  - kinds: [exact, ignore, partial]\n"
    "partial:\n"
    "  threshold: 0.8\n";

// What every successful `tfw plan -out=final.tfplan` must hold: the expected exit code,
// the user's files and the state untouched with nothing left behind, and the plan saved.
// Returns the saved plan; stops the test case when there is none.
inline const core::Plan& require_saved_plan(const TfwPlan& run, int expected_exit_code = 0) {
    BOOST_TEST(run.files_changed == "", "tfw changed the workspace:\n" << run.files_changed);
    BOOST_TEST(run.result.exit_code == expected_exit_code, run.result.describe());
    BOOST_TEST_REQUIRE(run.plan.has_value(),
                       "tfw saved no plan at " << final_plan_file << "\n" << run.result.describe());
    return *run.plan;
}
// The plan lives in the run: a temporary run would leave the reference dangling.
const core::Plan& require_saved_plan(TfwPlan&& run, int expected_exit_code = 0) = delete;

// tfw moved nothing: its plan is exactly the one plain Terraform makes (`baseline`),
// every destroy and create left as it was.
inline void check_left_as(const core::Plan& plan, const core::Plan& baseline) {
    BOOST_TEST(moves(plan).empty(), describe(plan));
    BOOST_TEST(describe(plan) == describe(baseline));
}

// The same for a run's saved plan, which it returns.
inline const core::Plan& require_plan_left_as(const TfwPlan& run, const core::Plan& baseline) {
    const core::Plan& plan = require_saved_plan(run, 0);
    check_left_as(plan, baseline);
    return plan;
}

// The fixture is what it claims: plain Terraform plans `deletes` plain deletions without
// tfw, and with the fixture's hand-written moved.tf it destroys nothing. Returns that
// reference plan, the result tfw should reach.
inline core::Plan require_reference(const Workspace& ws, std::size_t deletes,
                                    const std::vector<std::string>& extra_args = {}) {
    core::Plan baseline = ws.plan_with_terraform(extra_args);
    BOOST_TEST_REQUIRE(count_actions(baseline, core::Action::remove) == deletes,
                       "fixture check, plain terraform plan:\n" << describe(baseline));
    core::Plan reference = ws.plan_with_reference_moves(extra_args);
    BOOST_TEST_REQUIRE(count_actions(reference, core::Action::remove) == 0u,
                       "fixture check, terraform plan with the hand-written moved.tf:\n" << describe(reference));
    BOOST_TEST_REQUIRE(!moves(reference).empty(), "fixture check, moved.tf moves nothing:\n" << describe(reference));
    return reference;
}

// Applies the plan tfw saved; a plain plan afterwards must then have nothing to do.
inline void require_nothing_left_after_applying(const Workspace& ws) {
    const RunResult applied = ws.terraform({"apply", "-input=false", "-no-color", std::string(final_plan_file)});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    const RunResult replanned = ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(replanned.exit_code == 0, "changes left after applying tfw's plan:\n" << replanned.describe());
}

}  // namespace tfw::e2e
