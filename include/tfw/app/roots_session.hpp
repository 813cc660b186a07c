// `tfw plan --root` and `tfw apply --root`, the whole ordered story of each: the roots
// the command line names, what protects them (a migration cut short), the policy, every
// root planned as `tfw plan` plans it, the objects a migration cut short left in two
// states, the moves between roots, the report, and then either --write's removed and
// import blocks (plan) or the migration of the states (apply). It prints nothing: the
// command line shows and asks through RootsUi.
#pragma once

#include <chrono>
#include <exception>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfw/app/roots.hpp"
#include "tfw/app/write_moves.hpp"
#include "tfw/core/roots/cross_root_declarative.hpp"
#include "tfw/shell/root_lock.hpp"

namespace tfw::app {

// What the command line asked.
struct RootsRequest {
    std::filesystem::path root_dir = ".";  // where tfw runs: a root when it holds configuration
    std::vector<std::string> global_args;  // the user's, -chdir=DIR among them
    std::vector<std::string> roots;        // --root DIR, in order
    std::vector<std::string> terraform_args;  // the user's plan options, TF_CLI_ARGS* folded in
    bool json = false;
    bool write = false;  // plan --root --write: removed and import blocks
    bool auto_approve = false;
    int max_iterations = 10;
    std::string terraform_bin;
    std::string policy_file;
    std::string moved_file = "moved.tf";
    std::string report_file;
    std::chrono::nanoseconds lock_timeout{0};
    shell::LockWait lock_wait;  // -lock-timeout, for tfw's lock on each root
};

// The command line's side. An empty member shows nothing, or answers no.
struct RootsUi {
    std::function<void(const std::string&)> say;       // one line on stderr
    std::function<void(const std::string&)> progress;  // the moves between roots as they are tried; empty: none
    // plan --root: the objects a migration cut short left in two states, before the pairing.
    std::function<void(const SplitObjects&, const std::vector<RootRun>&)> show_split;
    // The roots and the moves between them, before --write writes or the migration asks.
    std::function<void(const std::vector<RootRun>&, const BetweenRoots&)> show;
    // --report's text.
    std::function<std::string(const std::vector<RootRun>&, const BetweenRoots&)> render_report;
    // apply --root: before a state loses an object a migration cut short left in two.
    std::function<bool(const SplitObjects&, const std::vector<RootRun>&)> confirm_repair;
    // apply --root: the transfers Terraform refuted, then, unless -auto-approve, the
    // approval of those it confirmed, with the state locks held.
    std::function<void(const std::vector<shell::WithdrawnTransfer>&, const std::vector<RootRun>&)> not_moved;
    std::function<bool(const std::vector<core::StateTransfer>&, const std::vector<RootRun>&)> confirm;
};

// What --write wrote for the moves between roots.
struct RootsBlocksWritten {
    core::DeclarativePlan confirmed;  // the blocks Terraform confirmed, and the moves not written so
    std::vector<WrittenMoves> inside;  // each root's own moves, as moved blocks
    std::vector<shell::WrittenFile> files;  // the removed and import blocks' files
};

struct RootsPlanOutcome {
    std::vector<RootRun> runs;
    bool failed = false;  // a root failed to plan: nothing reported, nothing written
    BetweenRoots between;
    std::optional<RootsBlocksWritten> written;
};

// Throws RequestError for roots that are not roots, std::runtime_error (one line) for
// what stops the run, shell::Interrupted on a signal.
RootsPlanOutcome run_roots_plan_session(const RootsRequest& request, const RootsUi& ui);

struct RootsApplyResult {
    std::vector<RootRun> runs;
    RootsApplyOutcome outcome;
    // A signal that came during the state pushes, which ran to their end: shell::Interrupted,
    // for the command line to rethrow once it has said what was moved.
    std::exception_ptr interrupted;
};

RootsApplyResult run_roots_apply_session(const RootsRequest& request, const RootsUi& ui);

}  // namespace tfw::app
