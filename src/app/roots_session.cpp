#include "tfw/app/roots_session.hpp"

#include "tfw/app/migration_guard.hpp"
#include "tfw/app/policy_file.hpp"
#include "tfw/app/request_error.hpp"
#include "tfw/app/roots_blocks.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/root_blocks.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {
namespace {

namespace fs = std::filesystem;

// The run's roots: the current one with the user's global options, then each --root with
// the same options and its own -chdir. The current directory (or -chdir's) is a root only
// when it holds configuration: from a monorepo's top, `--root envs/a --root envs/b` plans
// just those two.
std::vector<RootRun> roots_of(const RootsRequest& request) {
    std::vector<RootRun> runs;
    const bool current_is_root = shell::has_terraform_configuration(request.root_dir);
    if (current_is_root) {
        RootRun current;
        current.dir = request.root_dir;
        current.name = request.root_dir.string();
        current.global_args = request.global_args;
        runs.push_back(std::move(current));
    }
    std::vector<std::string> shared;
    for (const auto& arg : request.global_args)
        if (arg.rfind("-chdir=", 0) != 0) shared.push_back(arg);
    for (const auto& root : request.roots) {
        RootRun run;
        run.dir = root;
        run.name = root;
        run.global_args = shared;
        run.global_args.push_back("-chdir=" + root);
        runs.push_back(std::move(run));
    }
    if (!current_is_root && runs.size() < 2)
        throw RequestError("--root moves objects between root modules, and " +
                           shell::absolute_directory(request.root_dir).string() +
                           " holds no configuration (no .tf or .tf.json file), so it is not one: give two --root "
                           "directories or more");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (!fs::is_directory(runs[i].dir))
            throw std::runtime_error("the root module directory " + runs[i].name + " does not exist");
        for (std::size_t j = 0; j < i; ++j)
            if (fs::equivalent(runs[i].dir, runs[j].dir))
                throw RequestError("the root module " + runs[i].name + " is given twice (as " + runs[j].name + ")");
    }
    return runs;
}

// How every root is planned: as `tfw plan` plans it, with its own policy (.tfw.yaml in
// that root unless --policy) and the run's options.
RootsSettings settings_of(const RootsRequest& request, const RootsUi& ui) {
    RootsSettings settings;
    settings.terraform_binary = shell::resolve_terraform_binary(request.terraform_bin);
    settings.plan_args = request.terraform_args;
    settings.json_stream = request.json;
    settings.max_iterations = request.max_iterations;
    settings.policy_of = [policy_file = request.policy_file](const fs::path& root_dir) {
        return load_policy_file(root_dir, policy_file);
    };
    settings.lock_wait = request.lock_wait;
    settings.say = [say = ui.say](const std::string& line) {
        if (say) say(line);
    };
    return settings;
}

// --report=FILE: one report of every root.
void write_report(const RootsRequest& request, const RootsUi& ui, const std::vector<RootRun>& runs,
                  const BetweenRoots& between) {
    if (request.report_file.empty() || !ui.render_report) return;
    shell::write_file_atomically(request.report_file, ui.render_report(runs, between));
}

// --write: each move between roots that Terraform confirms as removed and import blocks,
// and each root's own moves as moved blocks, written in the root modules.
RootsBlocksWritten write_blocks(const RootsRequest& request, const std::vector<RootRun>& runs, const BetweenRoots& between,
                                const fs::path& terraform_binary) {
    std::vector<const core::Plan*> plans;
    std::vector<std::vector<core::ImportIdRule>> import_rules;
    for (const auto& run : runs) {
        plans.push_back(&run.plan);
        import_rules.push_back(load_policy_file(run.dir, request.policy_file).import_ids);
    }
    const core::DeclarativePlan planned = core::plan_declarative(between.paired, between.candidates, plans, import_rules);
    std::vector<BlocksRoot> blocks_roots;
    for (const auto& run : runs) {
        BlocksRoot blocks_root{run.dir, run.global_args, {}};
        for (const auto& move : run.result.moves) blocks_root.moves_inside.emplace_back(move.from, move.to);
        blocks_roots.push_back(std::move(blocks_root));
    }
    RootsBlocksSession session(blocks_roots, request.lock_wait);
    RootsBlocksWritten written;
    written.confirmed = session.confirm(planned, request.terraform_args, between.paired, between.candidates, terraform_binary);
    // Each root's own moves are written with its blocks: they were in every plan above.
    for (const auto& run : runs)
        if (!run.result.moves.empty())
            written.inside.push_back(write_moves(run.dir, placements_of(run.dir, run.result), request.moved_file));
    std::vector<shell::RootBlocks> blocks;
    for (std::size_t r = 0; r < runs.size(); ++r)
        blocks.push_back({runs[r].dir, core::declarative_blocks_for(r, written.confirmed, between.paired, between.candidates)});
    written.files = shell::write_root_blocks(blocks, request.moved_file);
    return written;
}

}  // namespace

RootsPlanOutcome run_roots_plan_session(const RootsRequest& request, const RootsUi& ui) {
    shell::SignalForwarding signals;
    RootsPlanOutcome outcome;
    outcome.runs = roots_of(request);
    std::vector<RootRun>& runs = outcome.runs;
    // A migration whose journal is lost is read from the states alone, as below; one this
    // machine can finish must be finished first.
    for (const auto& run : runs)
        if (const auto cut_short = migration_cut_short(run.dir)) {
            if (!journal_lost(run.dir)) throw std::runtime_error(*cut_short);
            if (ui.say) ui.say("tfw: warning: " + *cut_short);
        }
    const RootsSettings settings = settings_of(request, ui);
    plan_roots(runs, settings);
    if ((outcome.failed = !failed_roots(runs).empty())) return outcome;
    const SplitObjects split = find_split_objects(runs, settings.terraform_binary);
    if (ui.show_split) ui.show_split(split, runs);
    outcome.between = pair_roots(runs, settings, load_policy_file(request.root_dir, request.policy_file), ui.progress, split);
    write_report(request, ui, runs, outcome.between);
    if (ui.show) ui.show(runs, outcome.between);
    if (request.write) outcome.written = write_blocks(request, runs, outcome.between, settings.terraform_binary);
    return outcome;
}

RootsApplyResult run_roots_apply_session(const RootsRequest& request, const RootsUi& ui) {
    shell::SignalForwarding signals;
    RootsApplyResult result;
    result.runs = roots_of(request);
    const RootsSettings settings = settings_of(request, ui);
    const core::Policy policy = load_policy_file(request.root_dir, request.policy_file);
    RootsApply apply;
    apply.keep_days = policy.migration_keep_days;
    apply.lock_timeout = request.lock_timeout;
    apply.planned = [&](const std::vector<RootRun>& planned, const BetweenRoots& between) {
        if (ui.show) ui.show(planned, between);
        write_report(request, ui, planned, between);
    };
    apply.confirm_repair = [&](const SplitObjects& split) {
        return request.auto_approve || (ui.confirm_repair && ui.confirm_repair(split, result.runs));
    };
    apply.confirm = [&](const std::vector<core::StateTransfer>& carried, const std::vector<shell::WithdrawnTransfer>& withdrawn) {
        if (ui.not_moved) ui.not_moved(withdrawn, result.runs);
        return request.auto_approve || (ui.confirm && ui.confirm(carried, result.runs));
    };
    result.outcome = apply_roots(result.runs, settings, policy, apply);
    try {
        shell::throw_if_interrupted();
    } catch (const shell::Interrupted&) {
        result.interrupted = std::current_exception();
    }
    return result;
}

}  // namespace tfw::app
