#include "tfw/cli/roots_declarative.hpp"

#include "tfw/app/roots_blocks.hpp"
#include "tfw/cli/plan_command.hpp"
#include "tfw/cli/policy_file.hpp"
#include "tfw/core/roots/cross_root_declarative.hpp"
#include "tfw/shell/root_blocks.hpp"

namespace tfw::cli {
namespace {

namespace fs = std::filesystem;

Invocation for_root(const Invocation& invocation, const DeclarativeRoot& root) {
    Invocation out = invocation;
    out.root_dir = root.dir;
    return out;
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

    std::vector<app::BlocksRoot> blocks_roots;
    for (const auto& root : roots) {
        app::BlocksRoot blocks_root{root.dir, root.global_args, {}};
        for (const auto& move : root.result->moves) blocks_root.moves_inside.emplace_back(move.from, move.to);
        blocks_roots.push_back(std::move(blocks_root));
    }
    app::RootsBlocksSession session(blocks_roots, [&args](const fs::path& dir) { return root_lock_wait(args, dir); });
    const core::DeclarativePlan confirmed =
        session.confirm(planned, args.passthrough, paired, candidates, terraform_binary);

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
