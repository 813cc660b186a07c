#include "tfw/cli/roots_command.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "tfw/app/migration_guard.hpp"
#include "tfw/app/roots.hpp"
#include "tfw/cli/env_args.hpp"
#include "tfw/cli/plan_command.hpp"
#include "tfw/cli/policy_file.hpp"
#include "tfw/cli/prompt.hpp"
#include "tfw/cli/report_markdown.hpp"
#include "tfw/cli/roots_declarative.hpp"
#include "tfw/cli/summary.hpp"
#include "tfw/cli/ui_events.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/render/cross_root_commands.hpp"
#include "tfw/core/render/cross_root_json.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/state_migration.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {
namespace {

namespace fs = std::filesystem;

// The run's roots: the current one with the user's global options, then each --root with
// the same options and its own -chdir. The current directory (or -chdir's) is a root only
// when it holds configuration: from a monorepo's top, `--root envs/a --root envs/b` plans
// just those two.
std::vector<app::RootRun> roots_of(const Invocation& invocation) {
    std::vector<app::RootRun> runs;
    const bool current_is_root = shell::has_terraform_configuration(invocation.root_dir);
    if (current_is_root) {
        app::RootRun current;
        current.dir = invocation.root_dir;
        current.name = invocation.root_dir.string();
        current.global_args = invocation.global_args;
        runs.push_back(std::move(current));
    }
    std::vector<std::string> shared;
    for (const auto& arg : invocation.global_args)
        if (arg.rfind("-chdir=", 0) != 0) shared.push_back(arg);
    for (const auto& root : invocation.options.roots) {
        if (root.empty()) throw UsageError("--root needs a directory");
        app::RootRun run;
        run.dir = root;
        run.name = root;
        run.global_args = shared;
        run.global_args.push_back("-chdir=" + root);
        runs.push_back(std::move(run));
    }
    if (!current_is_root && runs.size() < 2)
        throw UsageError("--root moves objects between root modules, and " + shell::absolute_directory(invocation.root_dir).string() +
                         " holds no configuration (no .tf or .tf.json file), so it is not one: give two --root directories or more");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (!fs::is_directory(runs[i].dir))
            throw std::runtime_error("the root module directory " + runs[i].name + " does not exist");
        for (std::size_t j = 0; j < i; ++j)
            if (fs::equivalent(runs[i].dir, runs[j].dir))
                throw UsageError("the root module " + runs[i].name + " is given twice (as " + runs[j].name + ")");
    }
    return runs;
}

// How every root is planned: as `tfw plan` plans it, with its own policy (.tfw.yaml in
// that root unless --policy) and the run's options.
app::RootsSettings roots_settings(const Invocation& invocation, const PlanArgs& args, const fs::path& binary) {
    app::RootsSettings settings;
    settings.terraform_binary = binary;
    settings.plan_args = args.passthrough;
    settings.json_stream = args.json;
    settings.max_iterations = invocation.options.max_iterations;
    settings.policy_of = [invocation](const fs::path& root_dir) {
        Invocation for_root = invocation;
        for_root.root_dir = root_dir;
        return load_policy_file(for_root);
    };
    settings.lock_wait_of = [args](const fs::path& root_dir) { return root_lock_wait(args, root_dir); };
    settings.say = [](const std::string& line) { std::cerr << (line + "\n") << std::flush; };
    return settings;
}

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
                        "other; the states before are kept for restoring.");
}

// --report=FILE: one report of every root, JSON (cross_root_json.hpp) or Markdown.
void write_roots_report(const TfwOptions& options, const std::vector<app::RootRun>& runs, const core::CrossRootResult& paired,
                        const std::vector<core::RootCandidate>& candidates) {
    if (options.report_file.empty()) return;
    const auto inside = app::inside_moves(runs);
    shell::write_file_atomically(options.report_file, options.report_format == "markdown"
                                                          ? render_roots_markdown_report(inside, paired, candidates)
                                                          : core::render_cross_root_json(inside, paired, candidates));
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
    shell::SignalForwarding signals;
    auto lookup = [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
    PlanArgs args = split_plan_args(with_env_args("apply", invocation.terraform_args, lookup), true);
    const TfwOptions& options = invocation.options;
    auto not_with = [](const std::string& what) {
        return UsageError(what + " is not supported by tfw apply --root, which moves objects between the states of root modules");
    };
    if (args.plan_file) throw not_with("a saved plan");
    if (args.json) throw not_with("-json");
    if (!args.auto_approve && !args.input)
        throw UsageError("no approval: -input=false needs -auto-approve to move objects between root modules");

    std::vector<app::RootRun> runs = roots_of(invocation);
    const fs::path binary = shell::resolve_terraform_binary(options.terraform_bin);
    const core::Policy policy = load_policy_file(invocation);
    app::RootsApply apply;
    apply.keep_days = policy.migration_keep_days;
    apply.lock_timeout = args.lock_timeout;
    apply.planned = [&](const std::vector<app::RootRun>& planned, const app::BetweenRoots& between) {
        for (const auto& run : planned)
            std::cout << "── root module " << run.name << " ──\n" << render_summary(run.result, run.calls, options.explain);
        std::cout << cross_root_report(between.paired, between.candidates, between.names, false) << std::flush;
        write_roots_report(options, planned, between.paired, between.candidates);
    };
    auto not_moved = [&](const std::vector<shell::WithdrawnTransfer>& withdrawn) {
        for (const auto& w : withdrawn)
            std::cout << "tfw: not moved: " << runs[w.transfer.from_root].name << ": " << w.transfer.from << ": " << w.reason << "\n";
    };
    apply.confirm_repair = [&](const app::SplitObjects& split) {
        return args.auto_approve || ask_repair_approval(split, runs);
    };
    apply.confirm = [&](const std::vector<core::StateTransfer>& carried, const std::vector<shell::WithdrawnTransfer>& withdrawn) {
        not_moved(withdrawn);
        return args.auto_approve || ask_migration_approval(carried, runs);
    };
    const app::RootsApplyOutcome outcome = app::apply_roots(runs, roots_settings(invocation, args, binary), policy, apply);
    if (outcome.failed) {
        report_failed_roots(runs, "moved");
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
        not_moved(outcome.migration.withdrawn);
        std::cout << "tfw: Terraform confirmed no move between root modules; no state was changed\n";
        return 0;
    }
    std::cout << "tfw: moved " << outcome.migration.carried.size() << " object"
              << (outcome.migration.carried.size() == 1 ? "" : "s") << " between root modules\n"
              << std::flush;
    shell::throw_if_interrupted();  // a signal that came after the pushes
    return 0;
}

int run_roots_plan(const Invocation& invocation) {
    shell::SignalForwarding signals;
    auto lookup = [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
    PlanArgs args = split_plan_args(with_env_args("plan", invocation.terraform_args, lookup), false);
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

    std::vector<app::RootRun> runs = roots_of(invocation);
    // A migration whose journal is lost is read from the states alone, as below; one this
    // machine can finish must be finished first.
    for (const auto& run : runs)
        if (const auto cut_short = app::migration_cut_short(run.dir)) {
            if (!app::journal_lost(run.dir)) throw std::runtime_error(*cut_short);
            std::cerr << "tfw: warning: " << *cut_short << "\n";
        }
    const fs::path binary = shell::resolve_terraform_binary(options.terraform_bin);
    const app::RootsSettings settings = roots_settings(invocation, args, binary);
    app::plan_roots(runs, settings);
    if (report_failed_roots(runs, "reported")) return 1;
    const app::SplitObjects split = app::find_split_objects(runs, binary);
    report_split_objects(split, runs);

    // Progress only beside the text report: stdout may be JSON or a script, and stderr
    // then carries the refusals of --format=commands.
    const bool progress = format == "text" && !args.json;
    const app::BetweenRoots between =
        app::pair_roots(runs, settings, load_policy_file(invocation), progress ? settings.say : nullptr, split);
    const core::CrossRootResult& paired = between.paired;
    const std::vector<std::string>& names = between.names;
    const std::vector<core::RootCandidate>& candidates = between.candidates;
    write_roots_report(options, runs, paired, candidates);

    if (args.json) {
        const std::string timestamp = ui_timestamp(std::chrono::system_clock::now());
        bool changes = false;
        for (const auto& run : runs) {
            changes = changes || run.result.final_plan.exit_code == 2;
            std::cout << render_root_line(run.name, timestamp) << run.result.final_plan.stdout_text
                      << render_ui_events(run.result, run.calls, timestamp);
        }
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

    bool changes = false;
    for (const auto& run : runs) {
        changes = changes || run.result.final_plan.exit_code == 2;
        std::cout << "── root module " << run.name << " ──\n"
                  << render_summary(run.result, run.calls, options.explain) << run.result.final_plan.stdout_text;
        std::cerr << run.result.final_plan.stderr_text;
    }
    std::cout << cross_root_report(paired, candidates, names, !options.write) << std::flush;
    if (options.write) {
        std::vector<DeclarativeRoot> roots;
        for (const auto& run : runs) roots.push_back({run.dir, run.name, run.global_args, &run.result, &run.plan});
        std::cout << write_moves_as_blocks(invocation, args, roots, paired, candidates, binary) << std::flush;
    }
    return args.detailed_exitcode && changes ? 2 : 0;
}

}  // namespace tfw::cli
