// How many plans refresh in the commands beside single-root `tfw plan` and `tfw apply`
// (issue 32). A refresh is most of a plan's time on a real cloud, so plan --root (with
// --write too) refreshes at most twice per root module and tidy at most twice per
// workspace, fewer where nothing needs it (once per root here, where nothing drifts);
// apply --root no more while the states stay as they were. A
// recording wrapper (support/recorder.hpp) counts every `plan` without -refresh=false,
// per root module (the -chdir a call names, else where it runs) and per workspace
// (TF_WORKSPACE):
//   - plan --root: each root's own run as `tfw plan` makes it: its first plan refreshes,
//     and its final one only when that refresh found drift (terraform_data never drifts);
//     the trials between roots and their final plan skip the refresh, since the roots'
//     own refreshed plans have just read every object and found no drift. Moves inside
//     and between roots: 1 and 1; a split with nothing inside: 1 and 1; transfers only
//     Terraform can confirm: the same;
//   - plan --root --write: the same, and the plans that confirm the removed and import
//     blocks skip it too;
//   - apply --root: the same. Under the state locks the states are those the plans
//     between roots were made against, so those plans judge the migration and no
//     checking plan is made (when a state changed in between, the checking plans refresh
//     once, as asked): 1 and 1;
//   - tidy: none. Its plans are only compared with each other, with and without the
//     blocks, and a block it replans without moves no object, so the refresh would read
//     the same objects on both sides;
//   - a user's own -refresh=false: every plan as asked, with that one flag, tfw adding
//     nothing.
// Each verdict is the one these fixtures get with every plan refreshing.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "checks.hpp"
#include "recorder.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

using Counts = std::map<std::string, std::size_t>;

std::string canonical_dir(const fs::path& dir) { return fs::weakly_canonical(dir).string(); }

Counts per_root(const SplitRoots& roots, std::size_t a, std::size_t b) {
    return {{canonical_dir(roots.a.dir()), a}, {canonical_dir(roots.b.dir()), b}};
}

std::string describe(const Counts& counts) {
    std::string out;
    for (const auto& [key, count] : counts) out += "  " + (key.empty() ? "(none)" : key) + ": " + std::to_string(count) + "\n";
    return out;
}

// Every plan has exactly one -refresh=false: the user's.
void require_every_plan_as_asked(const Recorder& recorder) {
    std::size_t plans = 0;
    for (const auto& call : recorder.calls()) {
        if (!has_arg(call, "plan")) continue;
        ++plans;
        BOOST_TEST(std::count(call.begin(), call.end(), "-refresh=false") == 1, "terraform calls:\n" << recorder.describe());
    }
    BOOST_TEST(plans > 0u);
}

// An empty TF_WORKSPACE is no override: terraform uses the selected workspace.
void terraform_in(Workspace& ws, const std::string& workspace, const std::vector<std::string>& args) {
    ws.set_environment("TF_WORKSPACE", workspace);
    RunResult done = ws.terraform(args);
    ws.set_environment("TF_WORKSPACE", "");
    BOOST_TEST_REQUIRE(done.exit_code == 0, done.describe());
}

// `fixture` applied at `before` in `default` and a new `staging`, then `after` applied
// in `default` and, when `both`, in `staging` too.
void two_workspaces(Workspace& ws, bool both) {
    ws.apply_before();
    terraform_in(ws, "", {"workspace", "new", "staging"});
    terraform_in(ws, "", {"workspace", "select", "default"});
    terraform_in(ws, "staging", {"apply", "-auto-approve", "-input=false"});
    ws.switch_to("after");
    terraform_in(ws, "default", {"apply", "-auto-approve", "-input=false"});
    if (both) terraform_in(ws, "staging", {"apply", "-auto-approve", "-input=false"});
}

}  // namespace

// A rename inside each root and an object given from one to the other: each root's own
// run refreshes once (its first plan, which found no drift), and nothing between the
// roots does.
BOOST_AUTO_TEST_CASE(plan_root_refreshes_each_root_once_with_moves_inside_and_between) {
    SplitRoots roots(nullptr, "roots_refresh_a", "roots_refresh_b");
    roots.switch_both("after", "after");
    Recorder recorder(roots.a);
    const RunResult run = roots.plan({recorder.option()});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
    BOOST_TEST(contains(run.out, "tfw: 1 move between root modules:\n  .: terraform_data.network -> " +
                                     roots.b.dir().string() + ": terraform_data.network  ("),
               run.describe());
    BOOST_TEST(contains(run.out, "terraform_data.alpha -> terraform_data.beta"), run.describe());
    BOOST_TEST(contains(run.out, "terraform_data.queue -> terraform_data.work_queue"), run.describe());
    const Counts counts = recorder.refreshing_plans_per_directory();
    BOOST_TEST(counts == per_root(roots, 1, 1), describe(counts) << "terraform calls:\n" << recorder.describe());
}

// Nothing to move inside either root: one refreshing plan each, the trial between them
// made without a refresh. The same where only Terraform can confirm the transfers (a
// child whose input is unknown until its parent moves with it).
BOOST_AUTO_TEST_CASE(plan_root_refreshes_once_per_root_with_nothing_inside) {
    struct Case {
        std::string a, b;
        std::string moves;
    };
    for (const Case& c : {Case{"roots_split_a", "roots_split_b", "tfw: 5 moves between root modules:\n"},
                          Case{"roots_chain_a", "roots_chain_b", "tfw: 3 moves between root modules:\n"}}) {
        BOOST_TEST_CONTEXT(c.a) {
            SplitRoots roots(nullptr, c.a, c.b);
            roots.switch_both("after", "after");
            Recorder recorder(roots.a);
            const RunResult run = roots.plan({recorder.option()});
            BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
            BOOST_TEST(contains(run.out, c.moves), run.describe());
            const Counts counts = recorder.refreshing_plans_per_directory();
            BOOST_TEST(counts == per_root(roots, 1, 1), describe(counts) << "terraform calls:\n" << recorder.describe());
        }
    }
}

// --write confirms the removed and import blocks by planning both roots with them: those
// plans skip the refresh too, and the blocks written are the same.
BOOST_AUTO_TEST_CASE(plan_root_write_refreshes_each_root_at_most_twice) {
    SplitRoots roots(nullptr, "roots_refresh_a", "roots_refresh_b");
    roots.switch_both("after", "after");
    Recorder recorder(roots.a);
    const RunResult run = roots.plan({"--write", recorder.option()});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
    BOOST_TEST(contains(run.out, "tfw: 1 move between root modules written as removed and import blocks"), run.describe());
    BOOST_TEST(contains(roots.a.read_file("moved.tf"), "terraform_data.network"), run.describe());
    const Counts counts = recorder.refreshing_plans_per_directory();
    BOOST_TEST(counts == per_root(roots, 1, 1), describe(counts) << "terraform calls:\n" << recorder.describe());

    // Plain terraform in each root then plans the blocks tfw wrote: nothing destroyed.
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
        BOOST_TEST(contains(plain.out, " 0 to destroy."), plain.describe());
    }
}

// apply --root: each root's own run, nothing between the roots, and no checking plan
// under the state locks, since the states there are those the plans between roots judged.
BOOST_AUTO_TEST_CASE(apply_root_refreshes_only_in_the_own_run_while_the_states_stay) {
    SplitRoots roots(nullptr, "roots_refresh_a", "roots_refresh_b");
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    roots.switch_both("after", "after");
    Recorder recorder(roots.a);
    const RunResult run =
        roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string(), recorder.option()});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
    BOOST_TEST(contains(run.out, "tfw: moved 1 object between root modules\n"), run.describe());
    BOOST_TEST(contains(run.err, "tfw: the states are those Terraform just planned the moves between roots against: "
                                 "those plans judge the migration\n"),
               run.describe());
    BOOST_TEST(ids_of(roots.b).count("terraform_data.network") == 1u);
    const Counts counts = recorder.refreshing_plans_per_directory();
    BOOST_TEST(counts == per_root(roots, 1, 1), describe(counts) << "terraform calls:\n" << recorder.describe());
}

// A user's own -refresh=false: every plan of plan --root (--write) has it once.
BOOST_AUTO_TEST_CASE(plan_root_with_the_users_refresh_false_makes_every_plan_as_asked) {
    for (const bool write : {false, true}) {
        BOOST_TEST_CONTEXT("--write " << write) {
            SplitRoots roots(nullptr, "roots_refresh_a", "roots_refresh_b");
            roots.switch_both("after", "after");
            Recorder recorder(roots.a);
            std::vector<std::string> args = {recorder.option(), "-refresh=false"};
            if (write) args.push_back("--write");
            const RunResult run = roots.plan(args);
            BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
            BOOST_TEST(contains(run.out, "tfw: 1 move between root modules"), run.describe());
            require_every_plan_as_asked(recorder);
        }
    }
}

// tidy compares plans with and without the blocks it may remove, in every workspace:
// none of them refreshes, whether the blocks go or a replan keeps one.
BOOST_AUTO_TEST_CASE(tidy_refreshes_no_plan) {
    struct Case {
        std::string fixture;
        bool both_applied;
        std::string verdict;
    };
    for (const Case& c : {Case{"tidy_workspaces", true, "moved.tf:1: can go:"},
                          Case{"tidy_cross_module", false, "modules/net/main.tf:5: stays: terraform_data.x -> terraform_data.y"}}) {
        BOOST_TEST_CONTEXT(c.fixture) {
            Workspace ws(c.fixture);
            two_workspaces(ws, c.both_applied);
            Recorder recorder(ws);
            const RunResult run = ws.tfw({"tidy", recorder.option()});
            BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
            BOOST_TEST(contains(run.out, c.verdict), run.describe());
            const Counts counts = recorder.refreshing_plans_per_workspace();
            BOOST_TEST(counts.empty(), describe(counts) << "terraform calls:\n" << recorder.describe());
            const auto subcommands = recorder.subcommands();
            BOOST_TEST(std::count(subcommands.begin(), subcommands.end(), "plan") >= 4,
                       "terraform calls:\n" << recorder.describe());
        }
    }
}

BOOST_AUTO_TEST_CASE(tidy_with_the_users_refresh_false_makes_every_plan_as_asked) {
    Workspace ws("tidy_workspaces");
    two_workspaces(ws, true);
    Recorder recorder(ws);
    const RunResult run = ws.tfw({"tidy", recorder.option(), "-refresh=false"});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
    BOOST_TEST(contains(run.out, "moved.tf:1: can go:"), run.describe());
    require_every_plan_as_asked(recorder);
}
