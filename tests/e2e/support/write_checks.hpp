// The "Done when" for one `--write` fixture, as Boost.Test assertions. Header-only
// because it uses Boost.Test's macros, which belong to each test executable.
#pragma once

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"
#include "write_cases.hpp"

namespace tfw::e2e {

// The files --write may touch, as snapshot_difference() would list them.
inline std::vector<std::string> expected_file_changes(const WriteCase& c, const Snapshot& before) {
    std::string text;
    for (const auto& [path, content] : c.written) text += (before.contains(path) ? "changed: " : "added: ") + path + "\n";
    return sorted_lines(text);
}

// The fixture is what it claims: plain Terraform plans `plain_deletes` deletions, and with
// the hand-written reference blocks it plans exactly the case's moves and destroys nothing.
inline void require_case_reference(const Workspace& ws, const WriteCase& c) {
    const core::Plan baseline = ws.plan_with_terraform();
    BOOST_TEST_REQUIRE(count_actions(baseline, core::Action::remove) == c.plain_deletes,
                       "fixture check, plain terraform plan:\n" << describe(baseline));
    const fs::path reference = ws.dir() / "zz_tfw_e2e_reference_moved.tf";
    fs::copy_file(ws.fixture_dir() / c.reference_file, reference);
    core::Plan with_reference;
    try {
        with_reference = ws.plan_with_terraform();
    } catch (...) {
        fs::remove(reference);
        throw;
    }
    fs::remove(reference);
    BOOST_TEST_REQUIRE(count_destroying(with_reference) == 0u,
                       "fixture check, with " << c.reference_file << ":\n" << describe(with_reference));
    BOOST_TEST_REQUIRE(moves(with_reference) == c.moves,
                       "fixture check, with " << c.reference_file << ":\n" << describe(with_reference));
}

// What tfw's saved plan must show: the case's moves, nothing destroyed, nothing created.
inline void check_tfw_plan(const TfwPlan& run, const WriteCase& c) {
    BOOST_TEST_REQUIRE(run.plan.has_value(), "tfw saved no plan\n" << run.result.describe());
    BOOST_TEST(moves(*run.plan) == c.moves, describe(*run.plan));
    BOOST_TEST(count_destroying(*run.plan) == 0u, describe(*run.plan));
    BOOST_TEST(count_actions(*run.plan, core::Action::create) == 0u, describe(*run.plan));
}

// The whole cycle on a prepared workspace:
//  1. `tfw plan` (no --write) plans the moves and changes no file, the data dir included;
//  2. `tfw plan --write` writes exactly the expected files with the expected bytes, in
//     the user's directories only (never under the data dir), and nothing else;
//  3. a plain `terraform plan -detailed-exitcode` then plans the moves (exit 2) and no destroy;
//  4. a second `tfw plan --write` leaves every file byte-identical.
inline void check_write_cycle(const Workspace& ws, const WriteCase& c) {
    const Snapshot data_before = tree_snapshot(ws, c.data_dir);

    BOOST_TEST_CONTEXT("tfw plan without --write") {
        const TfwPlan dry = ws.tfw_plan();
        BOOST_TEST(dry.result.exit_code == 0, dry.result.describe());
        BOOST_TEST(dry.files_changed == "", "tfw plan changed files:\n" << dry.files_changed);
        check_tfw_plan(dry, c);
    }

    const Snapshot user_before = ws.snapshot();
    BOOST_TEST_CONTEXT("tfw plan --write") {
        const TfwPlan run = ws.tfw_plan({"--write"});
        BOOST_TEST(run.result.exit_code == 0, run.result.describe());
        BOOST_TEST(run.result.out.find("tfw: wrote") != std::string::npos, run.result.describe());
        check_tfw_plan(run, c);
        BOOST_TEST(sorted_lines(run.files_changed) == expected_file_changes(c, user_before),
                   "files changed:\n" << run.files_changed);
        for (const auto& [path, content] : c.written) {
            BOOST_TEST_CONTEXT(path) {
                BOOST_TEST_REQUIRE(ws.exists(path), "not written\n" << run.result.describe());
                const std::string after = ws.read_file(path);
                BOOST_TEST(after == content);
                // The user's bytes come first, unchanged.
                if (auto old = user_before.find(path); old != user_before.end())
                    BOOST_TEST(after.starts_with(old->second));
                // Already as `terraform fmt` leaves it.
                const RunResult fmt = ws.terraform({"fmt", "-check", "-diff", "-no-color", path});
                BOOST_TEST(fmt.exit_code == 0, fmt.describe());
            }
        }
        BOOST_TEST(ws.tfw_temp_files().empty());
    }
    BOOST_TEST(snapshot_difference(data_before, tree_snapshot(ws, c.data_dir)) == "",
               "tfw wrote under " << c.data_dir);

    BOOST_TEST_CONTEXT("plain terraform plan after --write") {
        const PlainPlan plain = plain_plan(ws);
        BOOST_TEST(plain.result.exit_code == 2, plain.result.describe());
        BOOST_TEST_REQUIRE(plain.plan.has_value(), plain.result.describe());
        BOOST_TEST(moves(*plain.plan) == c.moves, describe(*plain.plan));
        BOOST_TEST(count_destroying(*plain.plan) == 0u, describe(*plain.plan));
        BOOST_TEST(count_actions(*plain.plan, core::Action::create) == 0u, describe(*plain.plan));
    }

    BOOST_TEST_CONTEXT("second tfw plan --write") {
        const TfwPlan again = ws.tfw_plan({"--write"});
        BOOST_TEST(again.result.exit_code == 0, again.result.describe());
        BOOST_TEST(again.files_changed == "", "the second run changed files:\n" << again.files_changed);
        check_tfw_plan(again, c);
    }
    BOOST_TEST(snapshot_difference(data_before, tree_snapshot(ws, c.data_dir)) == "",
               "tfw wrote under " << c.data_dir);
}

// A fresh workspace for the case, prepared, fixture checked, then check_write_cycle().
inline void check_write_case(const std::string& name) {
    const WriteCase& c = write_case(name);
    DataDirOverride data_dir(c.data_dir);
    Workspace ws(c.fixture);
    c.prepare(ws);
    require_case_reference(ws, c);
    check_write_cycle(ws, c);
}

}  // namespace tfw::e2e
