#include "tfw/cli/roots_command.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "tfw/app/roots_session.hpp"
#include "tfw/cli/env_args.hpp"
#include "tfw/cli/plan_command.hpp"
#include "tfw/cli/prompt.hpp"
#include "tfw/cli/report_markdown.hpp"
#include "tfw/cli/summary.hpp"
#include "tfw/cli/ui_events.hpp"
#include "tfw/core/model/text.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/render/cross_root_commands.hpp"
#include "tfw/core/render/cross_root_json.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::cli {
namespace {

namespace fs = std::filesystem;

std::string cross_root_report(const core::CrossRootResult& paired, const std::vector<core::RootCandidate>& candidates,
                              const std::vector<std::string>& names, bool read_only = true) {
    auto named = [&](std::size_t i) { return names[candidates[i].root] + ": " + candidates[i].address; };
    auto listed = [&](const std::vector<core::CrossRootMove>& moves) {
        std::string out;
        for (const auto& move : moves)
            out += "  " + named(move.deletion) + " -> " + named(move.creation) + "  (" + move.evidence + ")\n";
        return out;
    };
    std::string out;
    if (!paired.moves.empty()) {
        out += "\ntfw: " + std::to_string(paired.moves.size()) + " move" + (paired.moves.size() == 1 ? "" : "s") +
               " between root modules:\n" + listed(paired.moves);
        if (read_only)
            out += "tfw: nothing was moved; tfw apply --root … moves them, and `tfw plan --root … --format=commands` "
                   "prints the commands that do it by hand\n";
    }
    if (!paired.proposals.empty())
        out += "\ntfw: proposed between root modules, not moved (a policy rule decides):\n" + listed(paired.proposals);
    std::string refused;
    for (const auto& refusal : paired.refusals)
        refused += "  " + named(refusal.candidate) + ": " + refusal.reason + "\n";
    if (!refused.empty()) out += "\ntfw: deletions not paired with another root module:\n" + refused;
    return out;
}

// A root that failed to plan stops the whole run: no root is reported or changed half.
bool report_failed_roots(const std::vector<app::RootRun>& runs, const std::string& what) {
    const auto failed = app::failed_roots(runs);
    for (const app::RootRun* run : failed) {
        const auto& plan = run->result.final_plan;
        std::string first = core::first_error(plan.stdout_text, plan.stderr_text);
        // One line to read first, naming the root; Terraform's whole diagnostic after it.
        std::cerr << "tfw: error: root module " << run->name << " failed to plan: "
                  << (first.empty() ? "terraform exited with code " + std::to_string(plan.exit_code) : first) << "\n"
                  << plan.stdout_text << plan.stderr_text;
    }
    if (!failed.empty()) std::cerr << "tfw: nothing is " << what << " for any root, since a root module failed to plan\n";
    return !failed.empty();
}

// What `tfw plan --root` says of them, on stderr (stdout may be JSON or a script).
void report_split_objects(const app::SplitObjects& split, const std::vector<app::RootRun>& runs) {
    for (const auto& removal : split.removals)
        std::cerr << "tfw: a migration between root modules was cut short: " << removal.losing_address << " in "
                  << runs[removal.losing_root].name << " is the object " << runs[removal.keeping_root].name
                  << " now manages as " << removal.keeping_address << " (id " << removal.id << "); do not apply "
                  << runs[removal.losing_root].name
                  << ", which would destroy it: tfw apply with the same --root options finishes the migration, "
                     "removing it from the state of "
                  << runs[removal.losing_root].name << " once you approve\n";
    for (const auto& refusal : split.refusals)
        std::cerr << "tfw: an object is in two states: " << refusal << "\n";
    for (const auto& unrepaired : split.unrepaired) std::cerr << "tfw: not repaired: " << unrepaired << "\n";
}

// The repair of a migration cut short takes the approval a move takes.
bool ask_repair_approval(const app::SplitObjects& split, const std::vector<app::RootRun>& runs) {
    std::cout << "\ntfw will finish a migration between root modules that was cut short, removing from a state "
                 "each object another root keeps:\n";
    for (const auto& removal : split.removals)
        std::cout << "  " << runs[removal.losing_root].name << ": " << removal.losing_address << " (id " << removal.id
                  << "), kept by " << runs[removal.keeping_root].name << " as " << removal.keeping_address << "\n";
    return ask_approval("Do you want to remove them from those states?",
                        "Terraform plans no change for each object in the root that keeps it and a destroy in the "
                        "other; the states before are kept for restoring. Answer no if one is in fact two objects that "
                        "share an id and every value (as in two accounts or clusters): the states cannot tell.");
}

// --report=FILE's text: one report of every root, JSON (cross_root_json.hpp) or Markdown.
std::string render_roots_report(const TfwOptions& options, const std::vector<app::RootRun>& runs,
                                const app::BetweenRoots& between) {
    const auto inside = app::inside_moves(runs);
    return options.report_format == "markdown" ? render_roots_markdown_report(inside, between.paired, between.candidates)
                                               : core::render_cross_root_json(inside, between.paired, between.candidates);
}

// What --write wrote: the moves between roots written as blocks, those not written so,
// each root's own moved blocks, and the files of removed and import blocks.
std::string render_roots_blocks(const app::RootsBlocksWritten& written, const std::vector<app::RootRun>& runs,
                                const app::BetweenRoots& between) {
    const core::CrossRootResult& paired = between.paired;
    auto named = [&](std::size_t i) { return runs[between.candidates[i].root].name + ": " + between.candidates[i].address; };
    std::string out;
    if (!written.confirmed.moves.empty()) {
        out += "\ntfw: " + std::to_string(written.confirmed.moves.size()) + " move" +
               (written.confirmed.moves.size() == 1 ? "" : "s") +
               " between root modules written as removed and import blocks, as Terraform planned them:\n";
        for (const auto& move : written.confirmed.moves)
            out += "  " + named(paired.moves[move.move].deletion) + " -> " + named(paired.moves[move.move].creation) +
                   "  (removed " + core::to_string(move.removed_from) + ", import ID " +
                   core::quote_hcl_string(move.import_id) + ")\n";
    }
    if (!written.confirmed.refusals.empty()) {
        out += "\ntfw: moves between root modules not written as blocks (the state migration can still carry them "
               "out):\n";
        for (const auto& refusal : written.confirmed.refusals)
            out += "  " + named(paired.moves[refusal.move].deletion) + ": " + refusal.reason + "\n";
    }
    for (const auto& inside : written.inside) out += render_written_moves(inside);
    for (const auto& file : written.files)
        out += "tfw: wrote " + std::to_string(file.blocks) + " removed and import block" + (file.blocks == 1 ? "" : "s") +
               " to " + file.path.lexically_normal().string() + "\n";
    if (written.files.empty()) out += "tfw: no removed or import block to write; no file changed\n";
    return out;
}

// The request both commands make of app/roots_session.
app::RootsRequest request_of(const Invocation& invocation, const PlanArgs& args) {
    app::RootsRequest request;
    request.root_dir = invocation.root_dir;
    request.global_args = invocation.global_args;
    for (const auto& root : invocation.options.roots)
        if (root.empty()) throw UsageError("--root needs a directory");
    request.roots = invocation.options.roots;
    request.terraform_args = args.passthrough;
    request.json = args.json;
    request.write = invocation.options.write;
    request.auto_approve = args.auto_approve;
    request.max_iterations = invocation.options.max_iterations;
    request.terraform_bin = invocation.options.terraform_bin;
    request.policy_file = invocation.options.policy_file;
    request.moved_file = invocation.options.moved_file;
    request.report_file = invocation.options.report_file;
    request.lock_timeout = args.lock_timeout;
    request.lock_wait = root_lock_wait(args);
    return request;
}

void say_on_stderr(const std::string& line) { std::cerr << (line + "\n") << std::flush; }

// What `tfw plan --root` prints of the roots and the moves between them, as --format and
// -json ask; returns the exit code.
int show_roots_plan(const std::vector<app::RootRun>& runs, const app::BetweenRoots& between, const PlanArgs& args,
                    const std::string& format, bool explain, bool read_only) {
    const core::CrossRootResult& paired = between.paired;
    const std::vector<std::string>& names = between.names;
    const std::vector<core::RootCandidate>& candidates = between.candidates;
    bool changes = false;
    for (const auto& run : runs) changes = changes || run.result.final_plan.exit_code == 2;
    if (args.json) {
        const std::string timestamp = ui_timestamp(std::chrono::system_clock::now());
        for (const auto& run : runs)
            std::cout << render_root_line(run.name, timestamp) << run.result.final_plan.stdout_text
                      << render_ui_events(run.result, run.calls, timestamp);
        std::cout << render_cross_root_events(paired, candidates, names, timestamp) << std::flush;
        return args.detailed_exitcode && changes ? 2 : 0;
    }
    if (format == "json") {
        std::cout << core::render_cross_root_json(app::inside_moves(runs), paired, candidates) << std::flush;
        return 0;
    }
    if (format == "commands") {
        std::cout << core::render_cross_root_commands(paired, candidates, names) << std::flush;
        for (const auto& move : paired.proposals)
            std::cerr << "# tfw: proposed, not moved: " << names[candidates[move.deletion].root] << ": "
                      << candidates[move.deletion].address << " -> " << names[candidates[move.creation].root] << ": "
                      << candidates[move.creation].address << ": " << move.evidence << "\n";
        for (const auto& refusal : paired.refusals)
            std::cerr << "# tfw: not moved: " << names[candidates[refusal.candidate].root] << ": "
                      << candidates[refusal.candidate].address << ": " << refusal.reason << "\n";
        return 0;
    }
    for (const auto& run : runs) {
        std::cout << "── root module " << run.name << " ──\n"
                  << render_summary(run.result, run.calls, explain) << run.result.final_plan.stdout_text;
        std::cerr << run.result.final_plan.stderr_text;
    }
    std::cout << cross_root_report(paired, candidates, names, read_only) << std::flush;
    return args.detailed_exitcode && changes ? 2 : 0;
}

bool ask_migration_approval(const std::vector<core::StateTransfer>& transfers, const std::vector<app::RootRun>& runs) {
    std::cout << "\ntfw will move these objects between the states of the root modules:\n";
    for (const auto& t : transfers)
        std::cout << "  " << runs[t.from_root].name << ": " << t.from << " -> " << runs[t.to_root].name << ": " << t.to << "\n";
    return ask_approval("Do you want to move them?",
                        "Terraform planned every root against its state after the move: each object plans no change.");
}

}  // namespace

int run_roots_apply(const Invocation& invocation) {
    PlanArgs args = split_plan_args(with_env_args("apply", invocation.terraform_args, environment_variable), true);
    const TfwOptions& options = invocation.options;
    auto not_with = [](const std::string& what) {
        return UsageError(what + " is not supported by tfw apply --root, which moves objects between the states of root modules");
    };
    if (args.plan_file) throw not_with("a saved plan");
    if (args.json) throw not_with("-json");
    if (!args.auto_approve && !args.input)
        throw UsageError("no approval: -input=false needs -auto-approve to move objects between root modules");

    app::RootsUi ui;
    ui.say = say_on_stderr;
    ui.progress = say_on_stderr;
    ui.show = [&](const std::vector<app::RootRun>& planned, const app::BetweenRoots& between) {
        for (const auto& run : planned)
            std::cout << "── root module " << run.name << " ──\n" << render_summary(run.result, run.calls, options.explain);
        std::cout << cross_root_report(between.paired, between.candidates, between.names, false) << std::flush;
    };
    ui.render_report = [&](const std::vector<app::RootRun>& runs, const app::BetweenRoots& between) {
        return render_roots_report(options, runs, between);
    };
    ui.not_moved = [](const std::vector<shell::WithdrawnTransfer>& withdrawn, const std::vector<app::RootRun>& runs) {
        for (const auto& w : withdrawn)
            std::cout << "tfw: not moved: " << runs[w.transfer.from_root].name << ": " << w.transfer.from << ": " << w.reason << "\n";
    };
    ui.confirm_repair = ask_repair_approval;
    ui.confirm = ask_migration_approval;
    const app::RootsApplyResult applied = app::run_roots_apply_session(request_of(invocation, args), ui);
    const app::RootsApplyOutcome& outcome = applied.outcome;
    if (outcome.failed) {
        report_failed_roots(applied.runs, "moved");
        return 1;
    }
    if (outcome.repair_cancelled) {
        std::cout << "\nRepair cancelled: no state was changed.\n";
        return 1;
    }
    if (outcome.between.paired.moves.empty()) {
        std::cout << "tfw: nothing to move between root modules\n";
        return 0;
    }
    if (outcome.migration.cancelled) {
        std::cout << "\nMove cancelled.\n";
        return 1;
    }
    if (outcome.migration.carried.empty()) {
        ui.not_moved(outcome.migration.withdrawn, applied.runs);
        std::cout << "tfw: Terraform confirmed no move between root modules; no state was changed\n";
        return 0;
    }
    std::cout << "tfw: moved " << outcome.migration.carried.size() << " object"
              << (outcome.migration.carried.size() == 1 ? "" : "s") << " between root modules\n"
              << std::flush;
    if (applied.interrupted) std::rethrow_exception(applied.interrupted);  // a signal that came during the pushes
    return 0;
}

int run_roots_plan(const Invocation& invocation) {
    PlanArgs args = split_plan_args(with_env_args("plan", invocation.terraform_args, environment_variable), false);
    const TfwOptions& options = invocation.options;
    const std::string format = options.format.empty() ? "text" : options.format;
    if (format != "text" && format != "json" && format != "commands")
        throw UsageError("--format with --root must be text, json or commands, not \"" + format + "\"");
    auto not_yet = [](const std::string& what) {
        return UsageError(what + " is not supported with --root yet: tfw plan --root only reports");
    };
    if (options.write && format != "text")
        throw UsageError("--write with --root writes removed and import blocks, with a text report: not with --format=" + format);
    if (options.write && args.json) throw UsageError("--write with --root writes removed and import blocks, with a text report: not with -json");
    if (args.out) throw not_yet("-out");
    if (args.json && format != "text") throw UsageError("-json with --root takes no --format: its stream is the report");

    app::RootsUi ui;
    ui.say = say_on_stderr;
    // Progress only beside the text report: stdout may be JSON or a script, and stderr
    // then carries the refusals of --format=commands.
    if (format == "text" && !args.json) ui.progress = say_on_stderr;
    ui.show_split = report_split_objects;
    ui.render_report = [&](const std::vector<app::RootRun>& runs, const app::BetweenRoots& between) {
        return render_roots_report(options, runs, between);
    };
    int exit_code = 0;
    ui.show = [&](const std::vector<app::RootRun>& runs, const app::BetweenRoots& between) {
        exit_code = show_roots_plan(runs, between, args, format, options.explain, !options.write);
    };
    const app::RootsPlanOutcome outcome = app::run_roots_plan_session(request_of(invocation, args), ui);
    if (outcome.failed) {
        report_failed_roots(outcome.runs, "reported");
        return 1;
    }
    if (outcome.written) std::cout << render_roots_blocks(*outcome.written, outcome.runs, outcome.between) << std::flush;
    return exit_code;
}

}  // namespace tfw::cli
