#include "tfw/app/plan_session.hpp"

#include <stdexcept>

#include "tfw/app/migration_guard.hpp"
#include "tfw/app/policy_file.hpp"
#include "tfw/app/root_plan.hpp"
#include "tfw/core/parse/plan_options.hpp"
#include "tfw/core/parse/plan_stream.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/moved_writer.hpp"
#include "tfw/shell/process.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::app {
namespace {

void say(const PlanSessionUi& ui, const std::string& line) {
    if (ui.say) ui.say(line);
}

std::filesystem::path resolve_in(const std::filesystem::path& root_dir, const std::string& path) {
    std::filesystem::path p(path);
    return p.is_absolute() ? p : root_dir / p;
}

// The policy's sibling roots against what the plan destroys: warnings for a plan, a
// refusal for an apply (false: nothing may be applied).
bool sibling_roots_allow(shell::Terraform& terraform, const std::filesystem::path& root_dir, const core::Policy& policy,
                         const std::filesystem::path& plan_file, const core::PlanTextSummary& summary, bool apply,
                         const PlanSessionUi& ui) {
    const SiblingCheck check = check_sibling_roots(terraform, root_dir, policy, plan_file, summary);
    for (const auto* lines : {&check.held, &check.unreadable})
        for (const auto& line : *lines) say(ui, (apply ? "tfw: error: " : "tfw: warning: ") + line);
    if (!apply || !check.blocks_apply()) return true;
    say(ui, "tfw: nothing was applied");
    return false;
}

// `tfw apply PLANFILE`: the saved plan was made by another run, maybe before a migration
// was cut short, so what protects `tfw apply` protects it too; then terraform applies it,
// in tfw's place.
PlanSessionOutcome apply_saved_plan(const PlanSessionRequest& request, shell::Terraform& terraform, const PlanSessionUi& ui) {
    if (const auto cut_short = migration_cut_short(request.root_dir)) {
        say(ui, "tfw: error: " + *cut_short + "; nothing was applied");
        return {PlanEnd::refused, 0, 0};
    }
    const core::Policy policy = load_policy_file(request.root_dir, request.policy_file);
    if (!sibling_roots_allow(terraform, request.root_dir, policy, *request.plan_file, core::PlanTextSummary{}, true, ui))
        return {PlanEnd::refused, 0, 0};
    std::vector<std::string> argv = request.global_args;
    argv.push_back("apply");
    argv.insert(argv.end(), request.command_line_args.begin(), request.command_line_args.end());
    shell::exec_process(terraform.binary(), argv);
}

// --report=FILE records every run, the apply's too, however the session ends.
class ReportOnExit {
public:
    ReportOnExit(const PlanSessionRequest& request, const PlanSessionUi& ui, const shell::ConvergeResult& result,
                 const std::vector<core::Placement>& placements, const shell::Terraform& terraform)
        : request_(request), ui_(ui), result_(result), placements_(placements), terraform_(terraform) {}
    ~ReportOnExit() {
        if (request_.report_file.empty() || !ui_.render_report) return;
        try {
            shell::write_file_atomically(request_.report_file, ui_.render_report(result_, placements_, terraform_.calls()));
        } catch (const std::exception& error) {
            say(ui_, std::string("tfw: error: ") + error.what());
        }
    }
    ReportOnExit(const ReportOnExit&) = delete;
    ReportOnExit& operator=(const ReportOnExit&) = delete;

private:
    const PlanSessionRequest& request_;
    const PlanSessionUi& ui_;
    const shell::ConvergeResult& result_;
    const std::vector<core::Placement>& placements_;
    const shell::Terraform& terraform_;
};

}  // namespace

PlanSessionOutcome run_plan_session(const PlanSessionRequest& request, const PlanSessionUi& ui) {
    shell::SignalForwarding signals;
    shell::Terraform terraform(shell::resolve_terraform_binary(request.terraform_bin), request.global_args);
    if (request.apply && request.plan_file) return apply_saved_plan(request, terraform, ui);

    if (!std::filesystem::is_directory(request.root_dir))
        throw std::runtime_error("the root module directory " + request.root_dir.string() + " does not exist");
    if (auto cache = shell::terragrunt_cache_of(request.root_dir); cache && request.write)
        throw std::runtime_error("--write would write into terragrunt's throwaway copy of the module under " +
                                 cache->string() + "; run tfw plan --write in the module's own directory instead");
    // Until the session ends: one tfw per root module.
    RootPlanSession session(request.root_dir, request.lock_wait, nullptr, [&ui](const std::string& line) { say(ui, line); });
    const core::Policy policy = load_policy_file(request.root_dir, request.policy_file);
    // A migration cut short: this root may still hold objects another root now manages.
    if (const auto cut_short = migration_cut_short(request.root_dir)) {
        if (request.apply) {
            say(ui, "tfw: error: " + *cut_short + "; nothing was applied");
            return {PlanEnd::refused, 0, 0};
        }
        say(ui, "tfw: warning: " + *cut_short);
    }

    shell::PlanRequest plan;
    plan.terraform_args = request.terraform_args;
    plan.max_iterations = request.max_iterations;
    plan.policy = policy;
    plan.json_stream = request.json;
    plan.on_plan_output = ui.on_plan_output;
    plan.confirm = ui.confirm_move;
    const shell::ConvergeResult result = session.converge(terraform, plan);
    std::vector<core::Placement> placements;
    const ReportOnExit report(request, ui, result, placements, terraform);

    if (ui.show) ui.show(result, terraform.calls());
    PlanSessionOutcome outcome{PlanEnd::planned, result.final_plan.exit_code, 0};
    if (result.final_plan.exit_code != 0 && result.final_plan.exit_code != 2) {
        outcome.end = PlanEnd::plan_failed;
        return outcome;
    }
    const core::PlanTextSummary summary = request.json ? core::scan_plan_stream(result.final_plan.stdout_text)
                                                       : core::scan_plan_text(result.final_plan.stdout_text);
    if (!sibling_roots_allow(terraform, request.root_dir, policy, result.plan_file, summary, request.apply, ui)) {
        outcome.end = PlanEnd::refused;
        return outcome;
    }

    // The plan the user asked for is saved before anything else can fail. It holds the
    // state and every variable's value: 0600, as tfw's other copies of states are.
    if (request.out) shell::write_private_file(resolve_in(request.root_dir, *request.out), shell::read_file(result.plan_file));
    if (request.write || !request.report_file.empty()) placements = placements_of(request.root_dir, result);
    if (request.write && !placements.empty()) {
        const WrittenMoves written = write_moves(request.root_dir, placements, request.moved_file);
        if (ui.written) ui.written(written);
    }
    if (!request.apply) return outcome;

    // Like terraform, a plan without changes is applied without a question: it may
    // still record refreshed values and outputs.
    const bool has_changes = result.final_plan.exit_code == 2;
    if (has_changes && !request.auto_approve) {
        if (!request.input) {
            say(ui, "tfw: error: no approval: -input=false needs -auto-approve to apply");
            outcome.end = PlanEnd::not_approved;
            return outcome;
        }
        if (!ui.approve_apply || !ui.approve_apply()) {
            outcome.end = PlanEnd::cancelled;
            return outcome;
        }
    }
    std::vector<std::string> apply_args = {"apply", "-input=false"};
    const auto extra = core::saved_plan_apply_options(request.terraform_args);
    apply_args.insert(apply_args.end(), extra.begin(), extra.end());
    if (request.json) apply_args.push_back("-json");
    apply_args.push_back(result.plan_file.string());
    shell::ProcessOptions streaming;
    streaming.on_stdout = ui.on_apply_stdout;
    streaming.on_stderr = ui.on_apply_stderr;
    const shell::ProcessResult applied = terraform.run(apply_args, streaming);
    shell::throw_if_interrupted();
    outcome.end = PlanEnd::applied;
    outcome.apply_exit_code = applied.exit_code;
    return outcome;
}

}  // namespace tfw::app
