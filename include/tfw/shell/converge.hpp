// The plan loop: plan, infer moves, inject them, replan, until nothing new is found.
// It decides nothing itself: the core matches and the policy accepts.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/match.hpp"
#include "tfw/core/placement.hpp"
#include "tfw/core/policy.hpp"
#include "tfw/core/policy_decide.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/process.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

struct PlanRequest {
    // The user's plan options, without -out, -detailed-exitcode and -input.
    std::vector<std::string> terraform_args;
    std::filesystem::path plan_dir;  // where the private plan files go
    int max_iterations = 10;
    core::Policy policy;
    // Asked about each move the policy did not accept; absent: never asked.
    std::function<bool(const core::Move&, const core::Decision&)> confirm;
    // Plan with -json and read the UI stream instead of the human rendering; the final
    // plan's output is then that stream.
    bool json_stream = false;
    // Sees terraform's plan output as it streams (progress display).
    std::function<void(std::string_view)> on_plan_output;
};

struct Proposal {
    core::Move move;
    core::Decision decision;
};

struct DroppedMove {
    core::Move move;
    std::string reason;  // terraform's diagnostic
};

// One analysis: a `show -json` read by the matcher.
struct Iteration {
    std::size_t moves_added = 0;
};

// One pair tried to break a tie, and what Terraform planned for it.
struct TieTrial {
    int round = 0;
    core::Move move;
    bool no_change = false;
    std::string verdict;  // Terraform's, in words
};

struct ConvergeResult {
    std::vector<core::Move> moves;  // accepted and in the final plan
    std::vector<core::Decision> move_decisions;
    std::vector<Proposal> proposals;
    std::vector<DroppedMove> dropped;
    std::vector<core::Unmatched> unmatched;  // of the last analysis
    std::vector<Iteration> iterations;
    bool hit_iteration_limit = false;
    std::vector<TieTrial> tie_trials;  // every trial, in the order they ran
    int tie_rounds = 0;                // replans spent on them
    bool hit_trial_limit = false;      // the policy's trials.max_rounds stopped them
    std::vector<core::Address> undecided;  // sides the limit left open
    // The final plan: terraform's own rendering and exit code (0 none, 2 changes), or a
    // failure (1) whose messages are in stdout/stderr.
    ProcessResult final_plan;
    std::filesystem::path plan_file;
    // From the last analysis, for placing the moves with --write.
    std::vector<core::Address> prior_objects;
    std::vector<core::ModulePath> module_instances;
    core::ConfigModule configuration;
};

ConvergeResult converge(Terraform& terraform, MovedFileGuard& guard, const PlanRequest& request);

}  // namespace tfw::shell
