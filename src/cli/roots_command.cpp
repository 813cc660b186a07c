#include "tfw/cli/roots_command.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include "tfw/cli/env_args.hpp"
#include "tfw/cli/plan_command.hpp"
#include "tfw/cli/policy_file.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/cli/prompt.hpp"
#include "tfw/cli/report_markdown.hpp"
#include "tfw/cli/roots_declarative.hpp"
#include "tfw/cli/summary.hpp"
#include "tfw/cli/ui_events.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/core/render/cross_root_commands.hpp"
#include "tfw/core/render/cross_root_json.hpp"
#include "tfw/core/roots/cross_root_plan.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/roots/split_objects.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/converge_roots.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/state_migration.hpp"
#include "tfw/shell/temp_dir.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {
namespace {

namespace fs = std::filesystem;

struct RootRun {
    fs::path dir;
    std::string name;  // as the user gave it
    std::vector<std::string> global_args;
    shell::ConvergeResult result;
    std::vector<shell::TerraformCall> calls;
    core::Plan plan;  // show -json of the final plan
    std::exception_ptr error;
};

// The run's roots: the current one with the user's global options, then each --root with
// the same options and its own -chdir. The current directory (or -chdir's) is a root only
// when it holds configuration: from a monorepo's top, `--root envs/a --root envs/b` plans
// just those two.
std::vector<RootRun> roots_of(const Invocation& invocation) {
    std::vector<RootRun> runs;
    const bool current_is_root = shell::has_terraform_configuration(invocation.root_dir);
    if (current_is_root) {
        RootRun current;
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
        RootRun run;
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

// One root, exactly as `tfw plan` plans it, without a terminal: its lock, its own policy
// (.tfw.yaml in that root unless --policy), the converge loop, and show -json of the result.
// `root_lock` is held for the whole run by tfw apply --root, which changes states; else
// each root's is taken here for its plan.
void plan_root(RootRun& run, const Invocation& invocation, const PlanArgs& args, const fs::path& binary,
               const shell::RootLock* root_lock_held) {
    std::optional<shell::RootLock> own_lock;
    if (!root_lock_held) own_lock.emplace(run.dir, root_lock_wait(args, run.dir));
    const bool locked = root_lock_held ? root_lock_held->held() : own_lock->held();
    for (const auto& stale : shell::remove_stale_moved_files(run.dir, locked))
        std::cerr << ("tfw: removed " + stale.string() + ", left by an interrupted tfw run\n");
    Invocation for_root = invocation;
    for_root.root_dir = run.dir;
    shell::Terraform terraform(binary, run.global_args);
    shell::TempDir temp;
    shell::MovedFileGuard guard(run.dir);
    shell::PlanRequest request;
    request.terraform_args = args.passthrough;
    request.plan_dir = temp.path();
    request.max_iterations = invocation.options.max_iterations;
    request.policy = load_policy_file(for_root);
    request.json_stream = args.json;
    run.result = shell::converge(terraform, guard, request);
    guard.remove();
    if (run.result.final_plan.exit_code == 0 || run.result.final_plan.exit_code == 2) {
        shell::ProcessResult shown = terraform.run({"show", "-json", run.result.plan_file.string()});
        if (shown.exit_code != 0)
            throw std::runtime_error("terraform show -json failed: " + core::first_error_line(shown.stderr_text));
        run.plan = core::load_plan_json(shown.stdout_text);
        if (!args.json)
            run.result.final_plan.stdout_text =
            core::strip_plan_trailer(run.result.final_plan.stdout_text, run.result.plan_file.string());
    }
    run.calls = terraform.calls();
}

// Every root at once, at most one per core; the first error (in root order) is rethrown
// naming its root, after every thread has finished.
void plan_all(std::vector<RootRun>& runs, const Invocation& invocation, const PlanArgs& args, const fs::path& binary,
              const std::vector<std::unique_ptr<shell::RootLock>>& held = {}) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next++) < runs.size();) {
            try {
                plan_root(runs[i], invocation, args, binary, held.empty() ? nullptr : held[i].get());
            } catch (...) {
                runs[i].error = std::current_exception();
            }
        }
    };
    std::size_t workers = std::min<std::size_t>(runs.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < workers; ++i) threads.emplace_back(work);
    work();
    for (auto& thread : threads) thread.join();
    shell::throw_if_interrupted();
    for (const auto& run : runs) {
        if (!run.error) continue;
        try {
            std::rethrow_exception(run.error);
        } catch (const shell::Interrupted&) {
            throw;
        } catch (const std::exception& error) {
            throw std::runtime_error("root module " + run.name + ": " + error.what());
        }
    }
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
bool report_failed_roots(const std::vector<RootRun>& runs, const std::string& what) {
    bool failed = false;
    for (const auto& run : runs) {
        int code = run.result.final_plan.exit_code;
        if (code == 0 || code == 2) continue;
        failed = true;
        const auto& plan = run.result.final_plan;
        std::string first = core::first_error(plan.stdout_text, plan.stderr_text);
        // One line to read first, naming the root; Terraform's whole diagnostic after it.
        std::cerr << "tfw: error: root module " << run.name << " failed to plan: "
                  << (first.empty() ? "terraform exited with code " + std::to_string(code) : first) << "\n"
                  << plan.stdout_text << plan.stderr_text;
    }
    if (failed) std::cerr << "tfw: nothing is " << what << " for any root, since a root module failed to plan\n";
    return failed;
}

// Objects in two roots' states at once: a migration cut short, as the states alone show
// it. Each is decided by Terraform's plans (who keeps it) or refused with the reason.
struct SplitObjects {
    std::vector<shell::SplitRemoval> removals;
    std::vector<std::string> refusals;
    std::set<std::pair<std::size_t, std::string>> held;  // (root, address): not a move candidate
};

SplitObjects find_split_objects(const std::vector<RootRun>& runs, const std::vector<shell::MigrationRoot>& roots,
                                const fs::path& binary) {
    SplitObjects out;
    std::vector<std::string> names;
    for (const auto& run : runs) names.push_back(run.name);
    for (const auto& object : core::objects_in_two_states(shell::pull_states(binary, roots))) {
        out.held.insert({object.first_root, object.first.address});
        out.held.insert({object.second_root, object.second.address});
        const core::SplitVerdict verdict =
            core::judge_split_object(object, runs[object.first_root].plan, runs[object.second_root].plan, names);
        if (verdict.decided)
            out.removals.push_back(
                {verdict.keeping_root, verdict.keeping_address, verdict.losing_root, verdict.losing_address, object.first.id});
        else
            out.refusals.push_back(object.first.address + " (" + names[object.first_root] + ") and " + object.second.address +
                                   " (" + names[object.second_root] + ") are one object (id " + object.first.id +
                                   "): " + verdict.refusal);
    }
    return out;
}

// What `tfw plan --root` says of them, on stderr (stdout may be JSON or a script).
void report_split_objects(const SplitObjects& split, const std::vector<RootRun>& runs) {
    for (const auto& removal : split.removals)
        std::cerr << "tfw: a migration between root modules was cut short: " << removal.losing_address << " in "
                  << runs[removal.losing_root].name << " is the object " << runs[removal.keeping_root].name
                  << " now manages as " << removal.keeping_address << " (id " << removal.id << "); do not apply "
                  << runs[removal.losing_root].name
                  << ", which would destroy it: tfw apply with the same --root options finishes the migration\n";
    for (const auto& refusal : split.refusals)
        std::cerr << "tfw: an object is in two states: " << refusal << "\n";
}

std::vector<shell::MigrationRoot> migration_roots(const std::vector<RootRun>& runs);

// What each root's own run left a plain deletion or creation, paired between roots by the
// convergence engine, whose trials Terraform judges on copies of the states.
core::CrossRootResult pair_roots(const std::vector<RootRun>& runs, std::vector<std::string>& names,
                                 std::vector<core::RootCandidate>& candidates, const Invocation& invocation,
                                 const PlanArgs& args, const fs::path& binary, bool progress,
                                 const SplitObjects& split = {}) {
    shell::RootsConvergeRequest request;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        names.push_back(runs[i].name);
        request.plans.push_back(&runs[i].plan);
        auto found = core::cross_root_candidates(runs[i].plan, i);
        for (auto& candidate : found) {
            if (split.held.count({i, candidate.address})) continue;
            request.sides.insert(core::in_merged_plan(i, core::must_parse_address(candidate.address)));
            candidates.push_back(std::move(candidate));
        }
    }
    request.terraform_binary = binary;
    request.roots = migration_roots(runs);
    request.plan_args = args.passthrough;
    request.policy = load_policy_file(invocation);
    request.max_iterations = invocation.options.max_iterations;
    if (progress) request.say = [](const std::string& line) { std::cerr << line << "\n" << std::flush; };
    return core::cross_root_result(candidates, shell::converge_roots(request).outcome, names);
}

std::vector<shell::MigrationRoot> migration_roots(const std::vector<RootRun>& runs) {
    std::vector<shell::MigrationRoot> roots;
    for (const auto& run : runs) roots.push_back({shell::absolute_directory(run.dir), run.name, run.global_args});
    return roots;
}

std::vector<core::RootMoves> inside_moves(const std::vector<RootRun>& runs) {
    std::vector<core::RootMoves> inside;
    for (const auto& run : runs) {
        core::RootMoves root{run.name, {}};
        for (const auto& move : run.result.moves) root.moves.emplace_back(core::to_string(move.from), core::to_string(move.to));
        inside.push_back(std::move(root));
    }
    return inside;
}

// --report=FILE: one report of every root, JSON (cross_root_json.hpp) or Markdown.
void write_roots_report(const TfwOptions& options, const std::vector<RootRun>& runs, const core::CrossRootResult& paired,
                        const std::vector<core::RootCandidate>& candidates) {
    if (options.report_file.empty()) return;
    const auto inside = inside_moves(runs);
    shell::write_file_atomically(options.report_file, options.report_format == "markdown"
                                                          ? render_roots_markdown_report(inside, paired, candidates)
                                                          : core::render_cross_root_json(inside, paired, candidates));
}

bool ask_migration_approval(const std::vector<core::StateTransfer>& transfers, const std::vector<RootRun>& runs) {
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

    std::vector<RootRun> runs = roots_of(invocation);
    const fs::path binary = shell::resolve_terraform_binary(options.terraform_bin);
    // tfw's own lock on every root for the whole run: plans, the migration, and the
    // finishing of one cut short.
    std::vector<std::unique_ptr<shell::RootLock>> root_locks;
    std::vector<shell::MigrationRoot> roots;
    for (const auto& run : runs) {
        root_locks.push_back(std::make_unique<shell::RootLock>(run.dir, root_lock_wait(args, run.dir)));
        roots.push_back({shell::absolute_directory(run.dir), run.name, run.global_args});
    }
    auto say = [](const std::string& line) { std::cerr << line << "\n" << std::flush; };
    shell::finish_interrupted_migrations(binary, roots, args.lock_timeout, say);
    const std::size_t keep_days = load_policy_file(invocation).migration_keep_days;
    const auto expired = shell::remove_expired_migrations(std::chrono::hours(24 * static_cast<long>(keep_days)));
    if (!expired.empty())
        say("tfw: removed the kept states of " + std::to_string(expired.size()) + " migration" +
            (expired.size() == 1 ? "" : "s") + " finished more than " + std::to_string(keep_days) +
            " days ago (policy key migrations.keep_days)");

    plan_all(runs, invocation, args, binary, root_locks);
    if (report_failed_roots(runs, "moved")) return 1;
    SplitObjects split = find_split_objects(runs, roots, binary);
    if (!split.refusals.empty())
        throw std::runtime_error("an object is in two states, and nothing is moved until one of them no longer holds it: " +
                                 split.refusals.front());
    if (!split.removals.empty()) {
        shell::finish_split_objects(binary, roots, split.removals, args.lock_timeout, say);
        // The losing roots' plans still destroy what they no longer hold: plan again.
        plan_all(runs, invocation, args, binary, root_locks);
        if (report_failed_roots(runs, "moved")) return 1;
        split = find_split_objects(runs, roots, binary);
        if (!split.removals.empty() || !split.refusals.empty())
            throw std::runtime_error("an object is still in two states after tfw finished the migration cut short");
    }
    std::vector<std::string> names;
    std::vector<core::RootCandidate> candidates;
    const core::CrossRootResult paired = pair_roots(runs, names, candidates, invocation, args, binary, true);
    for (const auto& run : runs)
        std::cout << "── root module " << run.name << " ──\n" << render_summary(run.result, run.calls, options.explain);
    std::cout << cross_root_report(paired, candidates, names, false) << std::flush;
    write_roots_report(options, runs, paired, candidates);
    if (paired.moves.empty()) {
        std::cout << "tfw: nothing to move between root modules\n";
        return 0;
    }

    shell::MigrationRequest request;
    request.terraform_binary = binary;
    request.roots = roots;
    for (const auto& move : paired.moves) {
        const core::RootCandidate& from = candidates[move.deletion];
        const core::RootCandidate& to = candidates[move.creation];
        request.transfers.push_back({from.root, from.address, to.root, to.address});
    }
    request.plan_args = args.passthrough;
    request.lock_timeout = args.lock_timeout;
    request.say = say;
    request.confirm = [&](const std::vector<core::StateTransfer>& carried, const std::vector<shell::WithdrawnTransfer>& withdrawn) {
        for (const auto& w : withdrawn)
            std::cout << "tfw: not moved: " << runs[w.transfer.from_root].name << ": " << w.transfer.from << ": " << w.reason << "\n";
        return args.auto_approve || ask_migration_approval(carried, runs);
    };
    const shell::MigrationOutcome outcome = shell::migrate_states(request);
    if (outcome.cancelled) {
        std::cout << "\nMove cancelled.\n";
        return 1;
    }
    if (outcome.carried.empty()) {
        for (const auto& w : outcome.withdrawn)
            std::cout << "tfw: not moved: " << runs[w.transfer.from_root].name << ": " << w.transfer.from << ": " << w.reason << "\n";
        std::cout << "tfw: Terraform confirmed no move between root modules; no state was changed\n";
        return 0;
    }
    std::cout << "tfw: moved " << outcome.carried.size() << " object" << (outcome.carried.size() == 1 ? "" : "s")
              << " between root modules\n"
              << std::flush;
    shell::throw_if_interrupted();  // a signal deferred until the pushes ended
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

    std::vector<RootRun> runs = roots_of(invocation);
    for (const auto& run : runs)
        if (const fs::path cut_short = shell::interrupted_migration(run.dir); !cut_short.empty())
            throw std::runtime_error("root module " + run.name + " takes part in a migration between root modules that was cut short (" +
                                     cut_short.string() + "); tfw apply with the same --root options finishes it");
    const fs::path binary = shell::resolve_terraform_binary(options.terraform_bin);
    plan_all(runs, invocation, args, binary);
    if (report_failed_roots(runs, "reported")) return 1;
    const SplitObjects split = find_split_objects(runs, migration_roots(runs), binary);
    report_split_objects(split, runs);

    std::vector<std::string> names;
    std::vector<core::RootCandidate> candidates;
    const core::CrossRootResult paired = pair_roots(runs, names, candidates, invocation, args, binary, format == "text" && !args.json, split);
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
        std::cout << core::render_cross_root_json(inside_moves(runs), paired, candidates) << std::flush;
        return 0;
    }
    if (format == "commands") {
        std::cout << core::render_cross_root_commands(paired, candidates, names) << std::flush;
        for (const auto& refusal : paired.refusals)
            if (candidates[refusal.candidate].is_deletion)
                std::cerr << "# tfw: not moved: " << names[candidates[refusal.candidate].root] << ": "
                          << candidates[refusal.candidate].address << ": "
                          << refusal.reason << "\n";
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
