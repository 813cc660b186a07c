#include "tfw/app/roots.hpp"

#include <chrono>
#include <stdexcept>

#include "tfw/app/parallel.hpp"
#include "tfw/app/root_plan.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/roots/cross_root_plan.hpp"
#include "tfw/core/roots/split_objects.hpp"
#include "tfw/shell/converge_roots.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {
namespace {

namespace fs = std::filesystem;

// One root, exactly as `tfw plan` plans it, without a terminal, and show -json of the
// result. `held` is the root's lock when the caller holds it for longer.
void plan_root(RootRun& run, const RootsSettings& settings, const shell::RootLock* held) {
    RootPlanSession session(run.dir, settings.lock_wait, held, settings.say);
    shell::Terraform terraform(settings.terraform_binary, run.global_args);
    shell::PlanRequest request;
    request.terraform_args = settings.plan_args;
    request.max_iterations = settings.max_iterations;
    request.policy = settings.policy_of(run.dir);
    request.json_stream = settings.json_stream;
    run.result = session.converge(terraform, request);
    if (run.result.final_plan.exit_code == 0 || run.result.final_plan.exit_code == 2) {
        shell::ProcessResult shown = terraform.run({"show", "-json", run.result.plan_file.string()});
        if (shown.exit_code != 0)
            throw std::runtime_error("terraform show -json failed: " + core::first_error_line(shown.stderr_text));
        run.plan = core::load_plan_json(shown.stdout_text);
        if (!settings.json_stream)
            run.result.final_plan.stdout_text =
                core::strip_plan_trailer(run.result.final_plan.stdout_text, run.result.plan_file.string());
    }
    run.calls = terraform.calls();
}

}  // namespace

void plan_roots(std::vector<RootRun>& runs, const RootsSettings& settings,
                const std::vector<std::unique_ptr<shell::RootLock>>& held) {
    std::vector<std::exception_ptr> errors;
    for_each_in_parallel(
        runs.size(), [&](std::size_t i) { plan_root(runs[i], settings, held.empty() ? nullptr : held[i].get()); }, errors);
    for (std::size_t i = 0; i < runs.size(); ++i) runs[i].error = errors[i];
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

std::vector<const RootRun*> failed_roots(const std::vector<RootRun>& runs) {
    std::vector<const RootRun*> failed;
    for (const auto& run : runs)
        if (run.result.final_plan.exit_code != 0 && run.result.final_plan.exit_code != 2) failed.push_back(&run);
    return failed;
}

SplitObjects find_split_objects(const std::vector<RootRun>& runs, const fs::path& terraform_binary) {
    SplitObjects out;
    std::vector<std::string> names;
    for (const auto& run : runs) names.push_back(run.name);
    out.states = shell::pull_states(terraform_binary, migration_roots(runs));
    for (const auto& object : core::objects_in_two_states(out.states)) {
        out.held.insert({object.first_root, object.first.address});
        out.held.insert({object.second_root, object.second.address});
        if (!object.mismatch.empty()) {
            out.unrepaired.push_back(object.first.address + " (" + names[object.first_root] + ") and " +
                                     object.second.address + " (" + names[object.second_root] + ") share the id " +
                                     object.first.id + " but have " + object.mismatch +
                                     ": two objects, or one changed since, so tfw repairs neither state");
            continue;
        }
        const core::SplitVerdict verdict =
            core::judge_split_object(object, runs[object.first_root].plan, runs[object.second_root].plan, names);
        if (verdict.decided)
            out.removals.push_back(
                {verdict.keeping_root, verdict.keeping_address, verdict.losing_root, verdict.losing_address, object.first.id});
        else if (!verdict.destroyed)
            out.unrepaired.push_back(object.first.address + " (" + names[object.first_root] + ") and " +
                                     object.second.address + " (" + names[object.second_root] + ") share the id " +
                                     object.first.id + " and every value; " + verdict.refusal +
                                     ": two objects that share an id (as in two accounts or clusters behind one "
                                     "provider), or one that both roots manage, so tfw changes neither state");
        else
            out.refusals.push_back(object.first.address + " (" + names[object.first_root] + ") and " + object.second.address +
                                   " (" + names[object.second_root] + ") are one object (id " + object.first.id +
                                   "): " + verdict.refusal);
    }
    return out;
}

BetweenRoots pair_roots(const std::vector<RootRun>& runs, const RootsSettings& settings, const core::Policy& policy,
                        const std::function<void(const std::string&)>& progress, const SplitObjects& split) {
    BetweenRoots out;
    shell::RootsConvergeRequest request;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        out.names.push_back(runs[i].name);
        request.plans.push_back(&runs[i].plan);
        for (auto& candidate : core::cross_root_candidates(runs[i].plan, i)) {
            if (split.held.count({i, candidate.address})) continue;
            request.sides.insert(core::in_merged_plan(i, core::must_parse_address(candidate.address)));
            out.candidates.push_back(std::move(candidate));
        }
    }
    request.terraform_binary = settings.terraform_binary;
    request.roots = migration_roots(runs);
    request.plan_args = settings.plan_args;
    request.policy = policy;
    request.max_iterations = settings.max_iterations;
    request.say = progress;
    request.states = split.states;
    shell::RootsConvergeResult converged = shell::converge_roots(request);
    out.paired = core::cross_root_result(out.candidates, converged.outcome, out.names);
    out.judged = std::move(converged.judged);
    return out;
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

RootsApplyOutcome apply_roots(std::vector<RootRun>& runs, const RootsSettings& settings, const core::Policy& policy,
                              const RootsApply& apply) {
    RootsApplyOutcome outcome;
    // tfw's own lock on every root for the whole run: plans, the migration, and the
    // finishing of one cut short.
    std::vector<std::unique_ptr<shell::RootLock>> root_locks(runs.size());
    std::vector<fs::path> dirs;
    for (const auto& run : runs) dirs.push_back(run.dir);
    for (std::size_t i : shell::lock_order(dirs))
        root_locks[i] = std::make_unique<shell::RootLock>(runs[i].dir, settings.lock_wait);
    const std::vector<shell::MigrationRoot> roots = migration_roots(runs);
    // A migration whose journal is lost is repaired from the states alone, as from a
    // fresh checkout: find_split_objects below; its pointers go once nothing is split.
    const std::vector<fs::path> lost_pointers = shell::pointers_to_lost_journals(roots);
    for (const auto& pointer : lost_pointers)
        settings.say("tfw: " + pointer.string() + " names a migration between root modules whose journal is not on this "
                     "machine; tfw repairs the roots from their states alone");
    shell::finish_interrupted_migrations(settings.terraform_binary, roots, apply.lock_timeout, settings.say);
    const auto expired = shell::remove_expired_migrations(std::chrono::hours(24 * static_cast<long>(apply.keep_days)));
    if (!expired.empty())
        settings.say("tfw: removed the kept states of " + std::to_string(expired.size()) + " migration" +
                     (expired.size() == 1 ? "" : "s") + " finished more than " + std::to_string(apply.keep_days) +
                     " days ago (policy key migrations.keep_days)");

    plan_roots(runs, settings, root_locks);
    if ((outcome.failed = !failed_roots(runs).empty())) return outcome;
    SplitObjects split = find_split_objects(runs, settings.terraform_binary);
    for (const auto& unrepaired : split.unrepaired) settings.say("tfw: not repaired: " + unrepaired);
    if (!split.refusals.empty())
        throw std::runtime_error("an object is in two states, and nothing is moved until one of them no longer holds it: " +
                                 split.refusals.front());
    if (!split.removals.empty()) {
        if (apply.confirm_repair && !apply.confirm_repair(split)) {
            outcome.repair_cancelled = true;
            return outcome;
        }
        shell::finish_split_objects(settings.terraform_binary, roots, split.removals, apply.lock_timeout, settings.say);
        // The losing roots' plans still destroy what they no longer hold: plan again.
        plan_roots(runs, settings, root_locks);
        if ((outcome.failed = !failed_roots(runs).empty())) return outcome;
        split = find_split_objects(runs, settings.terraform_binary);
        if (!split.removals.empty() || !split.refusals.empty())
            throw std::runtime_error("an object is still in two states after tfw finished the migration cut short");
    }
    shell::remove_lost_pointers(lost_pointers, settings.say);
    outcome.between = pair_roots(runs, settings, policy, settings.say, split);
    if (apply.planned) apply.planned(runs, outcome.between);
    if (outcome.between.paired.moves.empty()) return outcome;

    shell::MigrationRequest request;
    request.terraform_binary = settings.terraform_binary;
    request.roots = roots;
    for (const auto& move : outcome.between.paired.moves) {
        const core::RootCandidate& from = outcome.between.candidates[move.deletion];
        const core::RootCandidate& to = outcome.between.candidates[move.creation];
        request.transfers.push_back({from.root, from.address, to.root, to.address});
    }
    request.plan_args = settings.plan_args;
    request.judged = outcome.between.judged;
    request.lock_timeout = apply.lock_timeout;
    request.say = settings.say;
    request.confirm = apply.confirm;
    outcome.migration = shell::migrate_states(request);
    return outcome;
}

}  // namespace tfw::app
