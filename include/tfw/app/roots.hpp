// Several root modules in one run (`tfw plan --root`, `tfw apply --root`): every root
// planned as `tfw plan` plans it, in parallel, at most one per core; the objects a
// migration cut short left in two states; the moves between roots, paired by the
// convergence engine and judged by Terraform on copies of the states; and for apply,
// the migration itself under every root's lock. cli/roots_command parses and prints
// around it.
#pragma once

#include <chrono>
#include <cstddef>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/model/plan.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/core/render/cross_root_json.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/state_migration.hpp"

namespace tfw::app {

struct RootRun {
    std::filesystem::path dir;
    std::string name;  // as the user gave it
    std::vector<std::string> global_args;
    shell::ConvergeResult result;
    std::vector<shell::TerraformCall> calls;
    core::Plan plan;  // show -json of the final plan
    std::exception_ptr error;
};

// How each root is planned: as `tfw plan` plans it, with what the command line says.
struct RootsSettings {
    std::filesystem::path terraform_binary;
    std::vector<std::string> plan_args;  // the user's plan options (passthrough)
    bool json_stream = false;
    int max_iterations = 10;
    std::function<core::Policy(const std::filesystem::path& root_dir)> policy_of;
    shell::LockWait lock_wait;  // for tfw's lock on each root
    std::function<void(const std::string&)> say;  // one line for the user, on stderr
};

// Every root at once, at most one per core, each under its own lock unless `held` has
// one per root (apply --root holds them for its whole run). The first error (in root
// order) is rethrown naming its root, after every thread has finished.
void plan_roots(std::vector<RootRun>& runs, const RootsSettings& settings,
                const std::vector<std::unique_ptr<shell::RootLock>>& held = {});

// The roots whose final plan failed (neither 0 nor 2).
std::vector<const RootRun*> failed_roots(const std::vector<RootRun>& runs);

// Objects in two roots' states at once: a migration cut short, as the states alone show
// it. One object (the same provider and every value in both states) is decided by
// Terraform's plans (who keeps it: no change in one root, a destroy in the other) or, when
// a plan destroys or replaces a copy, refused with the reason. Two objects that only share
// a type and an id, and copies no plan destroys (two objects that share every value, or
// one both roots manage), are reported and never repaired.
struct SplitObjects {
    std::vector<shell::SplitRemoval> removals;
    std::vector<std::string> refusals;
    std::vector<std::string> unrepaired;  // two objects with one id: reported only
    std::set<std::pair<std::size_t, std::string>> held;  // (root, address): not a move candidate
    std::vector<std::string> states;  // each root's state as read, for the trials between roots
};
SplitObjects find_split_objects(const std::vector<RootRun>& runs, const std::filesystem::path& terraform_binary);

// The moves between roots: what each root's own run left a plain deletion or creation,
// paired by the convergence engine, whose trials Terraform judges on copies of the
// states. `policy` is the run's (the current directory's, or --policy).
struct BetweenRoots {
    std::vector<std::string> names;
    std::vector<core::RootCandidate> candidates;
    core::CrossRootResult paired;
    std::optional<core::JudgedTransfers> judged;  // the final plan's (shell::RootsConvergeResult)
};
BetweenRoots pair_roots(const std::vector<RootRun>& runs, const RootsSettings& settings, const core::Policy& policy,
                        const std::function<void(const std::string&)>& progress, const SplitObjects& split = {});

std::vector<shell::MigrationRoot> migration_roots(const std::vector<RootRun>& runs);
// Each root's own moves, for the reports.
std::vector<core::RootMoves> inside_moves(const std::vector<RootRun>& runs);

// `tfw apply --root`: every root's tfw lock for the whole run; a migration cut short
// finished first; the kept states of old migrations removed; the roots planned; objects
// left in two states finished once `confirm_repair` approves (then planned again); the
// moves between roots paired; and the confirmed ones migrated on the states
// (shell/state_migration). `planned` sees the roots and the moves before the migration;
// `confirm` is asked once Terraform confirmed them, with the state locks held.
struct RootsApply {
    std::size_t keep_days = 0;  // the policy's migrations.keep_days
    std::chrono::nanoseconds lock_timeout{0};
    // Asked before any state loses an object a migration cut short left in two states:
    // the same approval as a move. False: nothing changes.
    std::function<bool(const SplitObjects&)> confirm_repair;
    std::function<void(const std::vector<RootRun>&, const BetweenRoots&)> planned;
    std::function<bool(const std::vector<core::StateTransfer>&, const std::vector<shell::WithdrawnTransfer>&)> confirm;
};
struct RootsApplyOutcome {
    bool failed = false;  // a root failed to plan: nothing changed
    bool repair_cancelled = false;  // confirm_repair said no: nothing changed
    BetweenRoots between;
    shell::MigrationOutcome migration;
};
RootsApplyOutcome apply_roots(std::vector<RootRun>& runs, const RootsSettings& settings, const core::Policy& policy,
                              const RootsApply& apply);

}  // namespace tfw::app
