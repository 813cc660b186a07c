#include "tfw/cli/plan_command.hpp"

#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <unistd.h>

#include "tfw/app/migration_guard.hpp"
#include "tfw/app/root_plan.hpp"
#include "tfw/cli/env_args.hpp"
#include "tfw/cli/policy_file.hpp"
#include "tfw/cli/progress.hpp"
#include "tfw/cli/report.hpp"
#include "tfw/cli/report_markdown.hpp"
#include "tfw/cli/prompt.hpp"
#include "tfw/cli/summary.hpp"
#include "tfw/cli/ui_events.hpp"
#include "tfw/core/write/collapse.hpp"
#include "tfw/core/write/placement.hpp"
#include "tfw/core/parse/plan_options.hpp"
#include "tfw/core/parse/plan_stream.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/moved_writer.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/temp_dir.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {
namespace {

std::filesystem::path resolve_in(const std::filesystem::path& root_dir, const std::string& path) {
    std::filesystem::path p(path);
    return p.is_absolute() ? p : root_dir / p;
}

}  // namespace

// The fewest equivalent blocks, each in the module where it belongs.
std::vector<core::Placement> placements_of(const Invocation& invocation, const shell::ConvergeResult& result) {
    if (result.moves.empty()) return {};
    std::vector<core::MoveBlock> instance_moves;
    for (const auto& move : result.moves) instance_moves.push_back({move.from, move.to});
    auto blocks = core::collapse_moves(instance_moves, result.prior_objects, &result.configuration);
    return core::place_moves(blocks, shell::read_module_dirs(invocation.root_dir), result.module_instances,
                             core::before_moves(result.prior_objects, instance_moves));
}

// --write: appends the placed blocks to each directory's moved file.
std::string persist_moves(const Invocation& invocation, const std::vector<core::Placement>& placements) {
    auto written = shell::write_moved_blocks(invocation.root_dir, placements, invocation.options.moved_file);
    std::string out;
    for (const auto& placement : placements)
        if (!placement.note.empty())
            out += "tfw: " + core::to_string(placement.block.from) + " -> " + core::to_string(placement.block.to) +
                   " is written in " + (placement.module.empty() ? std::string("the root module") : core::to_string(placement.module)) +
                   ": " + placement.note + "\n";
    for (const auto& file : written)
        out += "tfw: wrote " + std::to_string(file.blocks) + " moved block" + (file.blocks == 1 ? "" : "s") + " to " +
               file.path.lexically_normal().string() + "\n";
    if (written.empty()) out += "tfw: every move is already declared; no file changed\n";
    return out;
}

namespace {

std::optional<std::string> environment_variable(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    if (!value) return std::nullopt;
    return std::string(value);
}

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

// The policy's sibling roots against what the plan destroys: warnings for a plan, a
// refusal for an apply (false: nothing may be applied).
bool refuse_sibling_destroys(shell::Terraform& terraform, const std::filesystem::path& root_dir, const core::Policy& policy,
                             const std::filesystem::path& plan_file, const core::PlanTextSummary& summary, bool apply) {
    const app::SiblingCheck check = app::check_sibling_roots(terraform, root_dir, policy, plan_file, summary);
    for (const auto* lines : {&check.held, &check.unreadable})
        for (const auto& line : *lines) std::cerr << (apply ? "tfw: error: " : "tfw: warning: ") << line << "\n";
    if (!apply || !check.blocks_apply()) return true;
    std::cerr << "tfw: nothing was applied\n";
    return false;
}

}  // namespace

shell::LockWait root_lock_wait(const PlanArgs& args, const std::filesystem::path& root_dir) {
    shell::LockWait wait;
    wait.timeout = args.lock_timeout;
    wait.option = args.lock_timeout_option;
    const std::string duration = args.lock_timeout_option.substr(args.lock_timeout_option.find('=') + 1);
    wait.on_wait = [dir = shell::absolute_directory(root_dir).string(), duration, option = args.lock_timeout_option] {
        // One insertion: roots planned in parallel share stderr.
        std::cerr << ("tfw: another tfw run holds the lock on " + dir + "; waiting up to " + duration + " (" + option +
                      ")\n");
    };
    return wait;
}

int run_plan_command(const Invocation& invocation, bool apply) {
    shell::SignalForwarding signals;
    // TF_CLI_ARGS and TF_CLI_ARGS_plan (or _apply) mean what they mean to terraform;
    // tfw's own terraform runs go without them (shell::Terraform).
    PlanArgs args = split_plan_args(with_env_args(apply ? "apply" : "plan", invocation.terraform_args, environment_variable),
                                    apply);
    if (apply && args.json && !args.auto_approve && !args.plan_file)
        throw UsageError("apply -json needs -auto-approve: tfw, like terraform, cannot ask for approval when -json is set");
    std::filesystem::path binary = shell::resolve_terraform_binary(invocation.options.terraform_bin);
    shell::Terraform terraform(binary, invocation.global_args);

    if (apply && args.plan_file) {
        // The saved plan was made by another run, maybe before a migration was cut short:
        // what protects `tfw apply` protects it too.
        if (const auto cut_short = app::migration_cut_short(invocation.root_dir)) {
            std::cerr << "tfw: error: " << *cut_short << "; nothing was applied\n";
            return 1;
        }
        const core::Policy policy = load_policy_file(invocation);
        if (!refuse_sibling_destroys(terraform, invocation.root_dir, policy, *args.plan_file, core::PlanTextSummary{}, true))
            return 1;
        std::vector<std::string> direct = {"apply"};
        direct.insert(direct.end(), invocation.terraform_args.begin(), invocation.terraform_args.end());
        std::vector<std::string> argv = invocation.global_args;
        argv.insert(argv.end(), direct.begin(), direct.end());
        shell::exec_process(binary, argv);
    }
    if (!std::filesystem::is_directory(invocation.root_dir))
        throw std::runtime_error("the root module directory " + invocation.root_dir.string() + " does not exist");
    if (auto cache = shell::terragrunt_cache_of(invocation.root_dir); cache && invocation.options.write)
        throw std::runtime_error("--write would write into terragrunt's throwaway copy of the module under " +
                                 cache->string() + "; run tfw plan --write in the module's own directory instead");
    // Until tfw exits: one tfw per root module. -lock-timeout waits for it, as for the state lock.
    app::RootPlanSession session(invocation.root_dir, root_lock_wait(args, invocation.root_dir), nullptr,
                                 [](const std::string& line) { std::cerr << line << "\n"; });
    core::Policy policy = load_policy_file(invocation);
    // A migration cut short: this root may still hold objects another root now manages.
    if (const auto cut_short = app::migration_cut_short(invocation.root_dir)) {
        if (apply) {
            std::cerr << "tfw: error: " << *cut_short << "; nothing was applied\n";
            return 1;
        }
        std::cerr << "tfw: warning: " << *cut_short << "\n";
    }

    bool interactive = args.input && !args.json && ::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO);
    ProgressLine progress(::isatty(STDERR_FILENO) != 0);

    shell::PlanRequest request;
    request.terraform_args = args.passthrough;
    request.max_iterations = invocation.options.max_iterations;
    request.policy = policy;
    request.json_stream = args.json;
    request.on_plan_output = [&progress](std::string_view chunk) { progress.feed(chunk); };
    if (interactive) request.confirm = make_move_prompt(progress);

    shell::ConvergeResult result = session.converge(terraform, request);
    progress.clear();

    const std::string private_plan = result.plan_file.string();
    std::vector<core::Placement> placements;
    // The report records every run, the apply's too, whichever way the command ends.
    struct ReportOnExit {
        const std::string& file;
        std::function<std::string()> render;
        ~ReportOnExit() {
            if (file.empty()) return;
            try {
                shell::write_file_atomically(file, render());
            } catch (const std::exception& error) {
                std::cerr << "tfw: error: " << error.what() << "\n";
            }
        }
    } report{invocation.options.report_file, [&] {
        if (invocation.options.report_format == "markdown") {
            const std::string& output = result.final_plan.stdout_text;
            return render_markdown_report(result, args.json ? core::scan_plan_stream(output) : core::scan_plan_text(output));
        }
        return render_report(result, placements, terraform.calls(), env_arg_words(apply ? "apply" : "plan", environment_variable));
    }};

    // With -json, stdout is Terraform's stream with tfw's lines after the plan's; tfw's
    // human messages go to stderr.
    std::ostream& human = args.json ? std::cerr : std::cout;
    auto tfw_says = [&] {
        if (args.json)
            std::cout << result.final_plan.stdout_text
                      << render_ui_events(result, terraform.calls(), ui_timestamp(std::chrono::system_clock::now()));
        else
            std::cout << render_summary(result, terraform.calls(), invocation.options.explain);
    };
    if (result.final_plan.exit_code != 0 && result.final_plan.exit_code != 2) {
        tfw_says();
        if (!args.json) std::cout << result.final_plan.stdout_text;
        std::cout << std::flush;
        std::cerr << result.final_plan.stderr_text;
        return 1;
    }

    tfw_says();
    if (!args.json) {
        std::optional<std::string_view> user_out;
        if (args.out) user_out = *args.out;
        std::cout << (apply ? core::strip_plan_trailer(result.final_plan.stdout_text, private_plan)
                            : core::rewrite_plan_trailer(result.final_plan.stdout_text, private_plan, user_out));
    }
    std::cout << std::flush;
    std::cerr << result.final_plan.stderr_text << std::flush;
    const core::PlanTextSummary summary = args.json ? core::scan_plan_stream(result.final_plan.stdout_text)
                                                    : core::scan_plan_text(result.final_plan.stdout_text);
    if (!refuse_sibling_destroys(terraform, invocation.root_dir, policy, result.plan_file, summary, apply)) return 1;

    // The plan the user asked for is saved before anything else can fail. It holds the
    // state and every variable's value: 0600, as tfw's other copies of states are.
    if (args.out) shell::write_private_file(resolve_in(invocation.root_dir, *args.out), shell::read_file(result.plan_file));
    if (invocation.options.write || !invocation.options.report_file.empty()) placements = placements_of(invocation, result);
    if (invocation.options.write && !placements.empty()) human << persist_moves(invocation, placements) << std::flush;
    if (!apply) return args.detailed_exitcode ? result.final_plan.exit_code : 0;

    // Like terraform, a plan without changes is applied without a question: it may
    // still record refreshed values and outputs.
    bool has_changes = result.final_plan.exit_code == 2;
    if (has_changes && !args.auto_approve) {
        if (!args.input) {
            std::cerr << "tfw: error: no approval: -input=false needs -auto-approve to apply\n";
            return 1;
        }
        if (!ask_apply_approval()) {
            human << "\nApply cancelled.\n";
            return 1;
        }
    }
    std::vector<std::string> apply_args = {"apply", "-input=false"};
    auto extra = core::saved_plan_apply_options(args.passthrough);
    apply_args.insert(apply_args.end(), extra.begin(), extra.end());
    if (args.json) apply_args.push_back("-json");
    apply_args.push_back(private_plan);
    shell::ProcessOptions streaming;
    if (args.json)
        streaming.on_stdout = WithoutVersionLine();
    else
        streaming.on_stdout = [](std::string_view chunk) { std::cout << chunk << std::flush; };
    streaming.on_stderr = [](std::string_view chunk) { std::cerr << chunk << std::flush; };
    shell::ProcessResult applied = terraform.run(apply_args, streaming);
    shell::throw_if_interrupted();
    return applied.exit_code == 0 ? 0 : 1;
}

}  // namespace tfw::cli
