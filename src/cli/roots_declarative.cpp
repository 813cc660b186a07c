#include "tfw/cli/roots_declarative.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>

#include "tfw/cli/plan_command.hpp"
#include "tfw/cli/policy_file.hpp"
#include "tfw/core/roots/cross_root_declarative.hpp"
#include "tfw/shell/root_blocks.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/temp_dir.hpp"

namespace tfw::cli {
namespace {

namespace fs = std::filesystem;

using MovePairs = std::vector<std::pair<core::Address, core::Address>>;

MovePairs moves_inside(const DeclarativeRoot& root) {
    MovePairs out;
    for (const auto& move : root.result->moves) out.emplace_back(move.from, move.to);
    return out;
}

Invocation for_root(const Invocation& invocation, const DeclarativeRoot& root) {
    Invocation out = invocation;
    out.root_dir = root.dir;
    return out;
}

// Plans every root the blocks touch with them, in parallel (at most one per core), and
// keeps what Terraform confirms, until the blocks tried are the blocks kept: the blocks
// written are exactly the blocks planned.
core::DeclarativePlan confirm(core::DeclarativePlan planned, const PlanArgs& args, const std::vector<DeclarativeRoot>& roots,
                              const core::CrossRootResult& paired, const std::vector<core::RootCandidate>& candidates,
                              const fs::path& binary, const fs::path& plan_dir) {
    for (int round = 0; !planned.moves.empty(); ++round) {
        std::vector<shell::BlocksPlan> results(roots.size());
        std::vector<std::exception_ptr> errors(roots.size());
        std::vector<std::size_t> involved;
        std::vector<std::vector<std::string>> blocks(roots.size());
        for (std::size_t r = 0; r < roots.size(); ++r) {
            blocks[r] = core::declarative_blocks_for(r, planned, paired, candidates);
            if (!blocks[r].empty()) involved.push_back(r);
        }
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            for (std::size_t i; (i = next++) < involved.size();) {
                const std::size_t r = involved[i];
                try {
                    shell::Terraform terraform(binary, roots[r].global_args);
                    results[r] = shell::plan_with_blocks(
                        terraform, roots[r].dir, moves_inside(roots[r]), blocks[r], args.passthrough,
                        plan_dir / ("blocks-" + std::to_string(r) + "-" + std::to_string(round) + ".tfplan"));
                } catch (...) {
                    errors[r] = std::current_exception();
                }
            }
        };
        const std::size_t workers =
            std::min<std::size_t>(involved.size(), std::max(1u, std::thread::hardware_concurrency()));
        std::vector<std::thread> threads;
        for (std::size_t i = 1; i < workers; ++i) threads.emplace_back(work);
        work();
        for (auto& thread : threads) thread.join();
        shell::throw_if_interrupted();
        for (const auto& error : errors)
            if (error) std::rethrow_exception(error);

        std::vector<core::RootVerification> verifications(roots.size());
        for (std::size_t r : involved)
            verifications[r] = {results[r].plan ? &*results[r].plan : nullptr, results[r].failure};
        core::DeclarativePlan judged = core::judge_declarative(planned, paired, candidates, verifications);
        if (judged.moves.size() == planned.moves.size()) return judged;
        planned = std::move(judged);
    }
    return planned;
}

std::string listed_moves(const core::DeclarativePlan& plan, const std::vector<DeclarativeRoot>& roots,
                         const core::CrossRootResult& paired, const std::vector<core::RootCandidate>& candidates) {
    auto named = [&](std::size_t i) { return roots[candidates[i].root].name + ": " + candidates[i].address; };
    std::string out;
    if (!plan.moves.empty()) {
        out += "\ntfw: " + std::to_string(plan.moves.size()) + " move" + (plan.moves.size() == 1 ? "" : "s") +
               " between root modules written as removed and import blocks, as Terraform planned them:\n";
        for (const auto& move : plan.moves)
            out += "  " + named(paired.moves[move.move].deletion) + " -> " + named(paired.moves[move.move].creation) +
                   "  (removed " + core::to_string(move.removed_from) + ", import ID " +
                   core::quote_hcl_string(move.import_id) + ")\n";
    }
    if (!plan.refusals.empty()) {
        out += "\ntfw: moves between root modules not written as blocks (the state migration can still carry them "
               "out):\n";
        for (const auto& refusal : plan.refusals)
            out += "  " + named(paired.moves[refusal.move].deletion) + ": " + refusal.reason + "\n";
    }
    return out;
}

}  // namespace

std::string write_moves_as_blocks(const Invocation& invocation, const PlanArgs& args,
                                  const std::vector<DeclarativeRoot>& roots, const core::CrossRootResult& paired,
                                  const std::vector<core::RootCandidate>& candidates, const fs::path& terraform_binary) {
    std::vector<const core::Plan*> plans;
    std::vector<std::vector<core::ImportIdRule>> import_rules;
    for (const auto& root : roots) {
        plans.push_back(root.plan);
        import_rules.push_back(load_policy_file(for_root(invocation, root)).import_ids);
    }
    core::DeclarativePlan planned = core::plan_declarative(paired, candidates, plans, import_rules);

    // No other tfw run may change these roots while tfw plans and writes them.
    std::vector<std::unique_ptr<shell::RootLock>> locks;
    for (const auto& root : roots) locks.push_back(std::make_unique<shell::RootLock>(root.dir, root_lock_wait(args, root.dir)));
    shell::TempDir temp;
    const core::DeclarativePlan confirmed = confirm(planned, args, roots, paired, candidates, terraform_binary, temp.path());

    std::string out = listed_moves(confirmed, roots, paired, candidates);
    // Each root's own moves are written with its blocks: they were in every plan above.
    for (const auto& root : roots) {
        if (root.result->moves.empty()) continue;
        Invocation here = for_root(invocation, root);
        out += persist_moves(here, placements_of(here, *root.result));
    }
    std::vector<shell::RootBlocks> blocks;
    for (std::size_t r = 0; r < roots.size(); ++r)
        blocks.push_back({roots[r].dir, core::declarative_blocks_for(r, confirmed, paired, candidates)});
    const auto written = shell::write_root_blocks(blocks, invocation.options.moved_file);
    for (const auto& file : written)
        out += "tfw: wrote " + std::to_string(file.blocks) + " removed and import block" + (file.blocks == 1 ? "" : "s") +
               " to " + file.path.lexically_normal().string() + "\n";
    if (written.empty()) out += "tfw: no removed or import block to write; no file changed\n";
    return out;
}

}  // namespace tfw::cli
