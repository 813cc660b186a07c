// `tfw plan` and `tfw apply` of one root module, the whole ordered story: what protects
// the root (a migration cut short, sibling roots), tfw's lock, the policy, the loop that
// Terraform judges, the saved plan, --write, the approval, the final apply of exactly the
// plan shown, and the report, written however the session ends. It prints nothing: the
// command line shows, asks and streams through PlanSessionUi.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/app/write_moves.hpp"
#include "tfw/core/model/move.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {

// What the command line asked of the session.
struct PlanSessionRequest {
    bool apply = false;
    std::filesystem::path root_dir = ".";
    std::vector<std::string> global_args;        // terraform's, before the subcommand: -chdir=DIR
    std::vector<std::string> command_line_args;  // as typed: `tfw apply PLANFILE` hands them to terraform
    // The user's plan options, TF_CLI_ARGS* folded in, without what tfw controls itself.
    std::vector<std::string> terraform_args;
    std::optional<std::string> out;        // -out=FILE, relative to the root module
    std::optional<std::string> plan_file;  // `tfw apply PLANFILE`
    bool json = false;                     // -json: Terraform's machine-readable stream
    bool input = true;                     // -input=false: no question, and no approval without -auto-approve
    bool auto_approve = false;
    bool write = false;  // --write
    std::string moved_file = "moved.tf";
    std::string terraform_bin;  // --terraform-bin, else TFW_TERRAFORM_BIN, else PATH
    std::string policy_file;    // --policy, else .tfw.yaml in the root, else the defaults
    std::string report_file;    // --report, rendered by PlanSessionUi::render_report
    int max_iterations = 10;
    shell::LockWait lock_wait;  // -lock-timeout, for tfw's own lock on the root
};

// The command line's side: how the session shows, asks and streams. An empty member
// shows nothing, or answers no.
struct PlanSessionUi {
    std::function<void(const std::string&)> say;          // one line: a warning, an error, a note
    std::function<void(std::string_view)> on_plan_output;  // each plan's output as it comes
    // Asked of a move the policy proposes; empty: it stays proposed.
    std::function<bool(const core::Move&, const core::Decision&)> confirm_move;
    // The converged run (its final plan failed, or not), before anything is saved,
    // written or applied.
    std::function<void(const shell::ConvergeResult&, const std::vector<shell::TerraformCall>&)> show;
    std::function<void(const WrittenMoves&)> written;  // what --write wrote
    std::function<bool()> approve_apply;               // empty: not approved
    std::function<void(std::string_view)> on_apply_stdout;
    std::function<void(std::string_view)> on_apply_stderr;
    // --report's text, rendered when the session ends.
    std::function<std::string(const shell::ConvergeResult&, const std::vector<core::Placement>&,
                              const std::vector<shell::TerraformCall>&)>
        render_report;
};

enum class PlanEnd {
    planned,       // tfw plan: the final plan stands, saved with -out, written with --write
    plan_failed,   // Terraform's final plan failed: nothing saved, written or applied
    refused,       // a migration cut short or a sibling root holds what it destroys: nothing applied
    not_approved,  // -input=false without -auto-approve: nothing applied
    cancelled,     // the user did not approve: nothing applied
    applied,       // terraform apply of the plan shown ran: apply_exit_code
};

struct PlanSessionOutcome {
    PlanEnd end = PlanEnd::planned;
    int final_plan_exit_code = 0;  // the final plan's -detailed-exitcode: 0 or 2 when it planned
    int apply_exit_code = 0;
};

// Throws std::runtime_error (one line) on what stops the session before a plan, and
// shell::Interrupted on a signal. `tfw apply PLANFILE` does not return: terraform takes
// over the process once the guards have passed.
PlanSessionOutcome run_plan_session(const PlanSessionRequest& request, const PlanSessionUi& ui);

}  // namespace tfw::app
