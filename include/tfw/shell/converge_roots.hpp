// The convergence engine between root modules: the engine that pairs objects inside a
// root (core/converge/converge_engine), over the roots' final plans merged into one
// (core/roots/cross_root_plan). Its trials are not `moved` blocks but transfers: the roots are
// planned against private copies of their states with the objects on trial carried over,
// and the merged plans are its verdicts, read as a moved block's (no change, an update, a
// replace, not moved). Read-only: states are pulled, never pushed; the copies are 0600
// and gone when the run ends.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/converge/converge_engine.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/shell/state_migration.hpp"

namespace tfw::shell {

struct RootsConvergeRequest {
    std::filesystem::path terraform_binary;
    std::vector<MigrationRoot> roots;
    std::vector<const core::Plan*> plans;  // each root's final plan, as its own run left it
    std::set<core::Address> sides;         // merged addresses a move between roots may pair
    std::vector<std::string> plan_args;    // the user's plan options
    // Each root's state as just pulled (`state pull`), when the caller has them; else the
    // first trial pulls them.
    std::vector<std::string> states;
    core::Policy policy;
    int max_iterations = 10;
    std::function<void(const std::string&)> say;  // one line of progress
};

struct RootsConvergeResult {
    core::ConvergeOutcome outcome;  // in the merged plan's addresses
    int plans = 0;                  // root plans made against copies of states
    // The final plan's transfers as Terraform planned them, when it carried any: what
    // `tfw apply --root` migrates without planning again if the states stay as they were.
    std::optional<core::JudgedTransfers> judged;
};

RootsConvergeResult converge_roots(const RootsConvergeRequest& request);

}  // namespace tfw::shell
