// The plan loop's effects: core/converge/converge_engine decides what to plan, show and ask, and
// this performs it (the temporary file of moved blocks, terraform, the prompt) and feeds
// the answers back.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/converge/converge_engine.hpp"
#include "tfw/core/match/match.hpp"
#include "tfw/core/write/placement.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/core/policy/policy_decide.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/process.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

struct PlanRequest {
    // The user's plan options, without -out, -detailed-exitcode and -input.
    std::vector<std::string> terraform_args;
    std::filesystem::path plan_dir;  // where the private plan files go
    // The root module's directory, where each resource's ignore_changes is read (empty: not read).
    std::filesystem::path root_dir;
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

using Proposal = core::Proposal;
using DroppedMove = core::DroppedMove;
using Iteration = core::Iteration;
using TieTrial = core::TieTrial;

// The engine's outcome, with the final plan: terraform's own rendering and exit code (0
// none, 2 changes), or a failure (1) whose messages are in stdout/stderr.
struct ConvergeResult : core::ConvergeOutcome {
    ProcessResult final_plan;
    std::filesystem::path plan_file;
};

ConvergeResult converge(Terraform& terraform, MovedFileGuard& guard, const PlanRequest& request);

}  // namespace tfw::shell
