#include "tfw/cli/plan_command.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

#include "tfw/app/plan_session.hpp"
#include "tfw/cli/env_args.hpp"
#include "tfw/cli/progress.hpp"
#include "tfw/cli/prompt.hpp"
#include "tfw/cli/report.hpp"
#include "tfw/cli/report_markdown.hpp"
#include "tfw/cli/summary.hpp"
#include "tfw/cli/ui_events.hpp"
#include "tfw/core/parse/plan_stream.hpp"
#include "tfw/core/parse/plan_text.hpp"

namespace tfw::cli {
namespace {

// Terraform's stream of the apply of a saved plan, without its first line, the version:
// the plan's stream already began with one.
class WithoutVersionLine {
public:
    void operator()(std::string_view chunk) {
        if (done_) {
            std::cout << chunk << std::flush;
            return;
        }
        pending_.append(chunk);
        std::size_t newline = pending_.find('\n');
        if (newline == std::string::npos) return;
        std::string first = pending_.substr(0, newline + 1);
        if (first.find("\"type\":\"version\"") == std::string::npos) std::cout << first;
        std::cout << pending_.substr(newline + 1) << std::flush;
        pending_.clear();
        done_ = true;
    }

private:
    std::string pending_;
    bool done_ = false;
};

app::PlanSessionRequest request_of(const Invocation& invocation, const PlanArgs& args, bool apply) {
    app::PlanSessionRequest request;
    request.apply = apply;
    request.root_dir = invocation.root_dir;
    request.global_args = invocation.global_args;
    request.command_line_args = invocation.terraform_args;
    request.terraform_args = args.passthrough;
    request.out = args.out;
    request.plan_file = args.plan_file;
    request.json = args.json;
    request.input = args.input;
    request.auto_approve = args.auto_approve;
    request.write = invocation.options.write;
    request.moved_file = invocation.options.moved_file;
    request.terraform_bin = invocation.options.terraform_bin;
    request.policy_file = invocation.options.policy_file;
    request.report_file = invocation.options.report_file;
    request.max_iterations = invocation.options.max_iterations;
    // -lock-timeout waits for tfw's own lock on the root, as for the state lock.
    request.lock_wait = root_lock_wait(args);
    return request;
}

}  // namespace

std::string render_written_moves(const app::WrittenMoves& written) {
    std::string out;
    for (const auto& placement : written.noted)
        out += "tfw: " + core::to_string(placement.block.from) + " -> " + core::to_string(placement.block.to) +
               " is written in " + (placement.module.empty() ? std::string("the root module") : core::to_string(placement.module)) +
               ": " + placement.note + "\n";
    for (const auto& file : written.files)
        out += "tfw: wrote " + std::to_string(file.blocks) + " moved block" + (file.blocks == 1 ? "" : "s") + " to " +
               file.path.lexically_normal().string() + "\n";
    if (written.files.empty()) out += "tfw: every move is already declared; no file changed\n";
    return out;
}

shell::LockWait root_lock_wait(const PlanArgs& args) {
    shell::LockWait wait;
    wait.timeout = args.lock_timeout;
    wait.option = args.lock_timeout_option;
    const std::string duration = args.lock_timeout_option.substr(args.lock_timeout_option.find('=') + 1);
    wait.on_wait = [duration, option = args.lock_timeout_option](const std::string& dir) {
        // One insertion: roots planned in parallel share stderr.
        std::cerr << ("tfw: another tfw run holds the lock on " + dir + "; waiting up to " + duration + " (" + option +
                      ")\n");
    };
    return wait;
}

int run_plan_command(const Invocation& invocation, bool apply) {
    // TF_CLI_ARGS and TF_CLI_ARGS_plan (or _apply) mean what they mean to terraform.
    const PlanArgs args =
        split_plan_args(with_env_args(apply ? "apply" : "plan", invocation.terraform_args, environment_variable), apply);
    if (apply && args.json && !args.auto_approve && !args.plan_file)
        throw UsageError("apply -json needs -auto-approve: tfw, like terraform, cannot ask for approval when -json is set");
    const app::PlanSessionRequest request = request_of(invocation, args, apply);

    // With -json, stdout is Terraform's stream with tfw's lines after the plan's; tfw's
    // human messages go to stderr.
    std::ostream& human = args.json ? std::cerr : std::cout;
    const bool interactive = args.input && !args.json && ::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO);
    ProgressLine progress(::isatty(STDERR_FILENO) != 0);
    app::PlanSessionUi ui;
    ui.say = [](const std::string& line) { std::cerr << line << "\n"; };
    ui.on_plan_output = [&progress](std::string_view chunk) { progress.feed(chunk); };
    if (interactive) ui.confirm_move = make_move_prompt(progress);
    ui.show = [&](const shell::ConvergeResult& result, const std::vector<shell::TerraformCall>& calls) {
        progress.clear();
        if (args.json)
            std::cout << result.final_plan.stdout_text
                      << render_ui_events(result, calls, ui_timestamp(std::chrono::system_clock::now()));
        else
            std::cout << render_summary(result, calls, invocation.options.explain);
        const bool failed = result.final_plan.exit_code != 0 && result.final_plan.exit_code != 2;
        const std::string private_plan = result.plan_file.string();
        if (args.json) {
        } else if (failed) {
            std::cout << result.final_plan.stdout_text;
        } else {
            std::optional<std::string_view> user_out;
            if (args.out) user_out = *args.out;
            std::cout << (apply ? core::strip_plan_trailer(result.final_plan.stdout_text, private_plan)
                                : core::rewrite_plan_trailer(result.final_plan.stdout_text, private_plan, user_out));
        }
        std::cout << std::flush;
        std::cerr << result.final_plan.stderr_text << std::flush;
    };
    ui.written = [&human](const app::WrittenMoves& written) { human << render_written_moves(written) << std::flush; };
    ui.approve_apply = ask_apply_approval;
    if (args.json)
        ui.on_apply_stdout = WithoutVersionLine();
    else
        ui.on_apply_stdout = [](std::string_view chunk) { std::cout << chunk << std::flush; };
    ui.on_apply_stderr = [](std::string_view chunk) { std::cerr << chunk << std::flush; };
    ui.render_report = [&](const shell::ConvergeResult& result, const std::vector<core::Placement>& placements,
                           const std::vector<shell::TerraformCall>& calls) {
        if (invocation.options.report_format == "markdown") {
            const std::string& output = result.final_plan.stdout_text;
            return render_markdown_report(result, args.json ? core::scan_plan_stream(output) : core::scan_plan_text(output));
        }
        return render_report(result, placements, calls, env_arg_words(apply ? "apply" : "plan", environment_variable));
    };

    const app::PlanSessionOutcome outcome = app::run_plan_session(request, ui);
    switch (outcome.end) {
        case app::PlanEnd::planned: return args.detailed_exitcode ? outcome.final_plan_exit_code : 0;
        case app::PlanEnd::cancelled: human << "\nApply cancelled.\n"; return 1;
        case app::PlanEnd::applied: return outcome.apply_exit_code == 0 ? 0 : 1;
        case app::PlanEnd::plan_failed:
        case app::PlanEnd::refused:
        case app::PlanEnd::not_approved: return 1;
    }
    return 1;
}

}  // namespace tfw::cli
