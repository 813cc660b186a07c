#include "tfw/shell/converge_roots.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "tfw/core/roots/between_roots_refresh.hpp"
#include "tfw/core/roots/cross_root_plan.hpp"
#include "tfw/core/parse/plan_options.hpp"
#include "tfw/core/roots/migration_plan.hpp"
#include "tfw/shell/engine_loop.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/plan_with_state.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/temp_dir.hpp"

namespace tfw::shell {
namespace {

namespace fs = std::filesystem;

// A copy's lineage is never pushed anywhere: any will do for a plan, as long as no two
// roots share one (a transfer within one state is refused).
std::string trial_lineage(std::size_t root) {
    std::string number = std::to_string(root);
    return "00000000-0000-4000-8000-" + std::string(12 - std::min<std::size_t>(12, number.size()), '0') + number;
}

bool plans_changes(const core::Plan& plan) {
    for (const auto& change : plan.changes)
        if (change.action != core::Action::no_op && change.action != core::Action::read) return true;
    return false;
}

class RootEffects {
public:
    RootEffects(const RootsConvergeRequest& request, std::vector<std::string> plan_args)
        : request_(request), plan_args_(std::move(plan_args)) {
        for (const auto& root : request.roots) terraforms_.emplace_back(request.terraform_binary, root.global_args);
    }

    core::EngineAnswer operator()(const core::PlanAction& action) {
        std::vector<core::Plan> trial_plans;
        std::vector<std::size_t> planned_roots;  // trial_plans[k] is root planned_roots[k]'s
        std::vector<const core::Plan*> plans = request_.plans;
        const std::vector<core::MovePair> moves = action.inject ? *action.inject : std::vector<core::MovePair>{};
        const std::vector<core::StateTransfer> transfers = core::transfers_of(moves);
        if (!transfers.empty()) {
            const std::vector<core::RootStates> states = core::plan_migration(originals(), transfers);
            std::vector<bool> involved(request_.roots.size(), false);
            for (const auto& t : transfers) involved[t.from_root] = involved[t.to_root] = true;
            std::vector<std::string> args = plan_args_;
            if (action.skip_refresh) args.push_back("-refresh=false");
            trial_plans.reserve(request_.roots.size());
            for (std::size_t i = 0; i < request_.roots.size(); ++i) {
                if (!involved[i]) continue;
                const fs::path dir = scratch_.path() / (action.file + "-" + std::to_string(i));
                fs::create_directories(dir);
                const fs::path state_file = dir / "state.tfstate";
                write_private_file(state_file, states[i].last());
                if (request_.say)
                    request_.say("tfw: planning " + request_.roots[i].name + " against its state with " +
                                 std::to_string(transfers.size()) + " object" + (transfers.size() == 1 ? "" : "s") +
                                 " moved between root modules" + (core::plans_refresh(args) ? "" : " (no refresh)"));
                trial_plans.push_back(plan_with_state(terraforms_[i], request_.roots[i].dir, state_file, dir, args));
                planned_roots.push_back(i);
                fs::remove_all(dir);
                ++plans_made;
                throw_if_interrupted();
                plans[i] = &trial_plans.back();
            }
        }
        core::Plan merged = core::merge_root_plans(plans);
        core::mark_transfers(merged, moves);
        core::PlanOutput output;
        output.exit_code = plans_changes(merged) ? 2 : 0;
        shown_[action.file] = std::move(merged);
        if (!transfers.empty()) {
            core::JudgedTransfers& judged = judged_[action.file];
            judged.transfers = transfers;
            for (std::size_t k = 0; k < trial_plans.size(); ++k) judged.plans.emplace(planned_roots[k], std::move(trial_plans[k]));
        }
        return output;
    }

    core::EngineAnswer operator()(const core::ShowAction& action) { return core::ShownPlan{shown_.at(action.file)}; }
    // Between roots nobody is asked: proposals stay proposals.
    core::EngineAnswer operator()(const core::AskAction&) { return core::Answer{false}; }
    // No file holds the moves: each plan carries its own transfers.
    core::EngineAnswer operator()(const core::InjectAction&) { return core::Injected{}; }

    int plans_made = 0;

    // Terraform's plans of the transfers the plan `file` carried, with the states they
    // were made against; none when it carried none.
    std::optional<core::JudgedTransfers> judged(const std::string& file) {
        auto found = judged_.find(file);
        if (found == judged_.end()) return std::nullopt;
        found->second.states = pulled_;
        return std::move(found->second);
    }

private:
    // Pulled for the first trial only: a run with nothing to try reads no state.
    const std::vector<std::string>& originals() {
        if (!originals_.empty()) return originals_;
        pulled_ = request_.states.size() == request_.roots.size() ? request_.states
                                                                : pull_states(request_.terraform_binary, request_.roots);
        originals_ = pulled_;
        std::string version;
        for (const auto& original : originals_)
            if (!core::is_no_state(original)) version = core::terraform_version_of(original);
        for (std::size_t i = 0; i < originals_.size(); ++i)
            if (core::is_no_state(originals_[i])) originals_[i] = core::empty_state(trial_lineage(i), version);
        return originals_;
    }

    const RootsConvergeRequest& request_;
    std::vector<std::string> plan_args_;
    std::vector<std::string> pulled_;     // each root's state as pulled
    std::vector<std::string> originals_;  // the same, with an empty one of its own for a root without
    std::vector<Terraform> terraforms_;
    TempDir scratch_;
    std::map<std::string, core::Plan> shown_;
    std::map<std::string, core::JudgedTransfers> judged_;
};

}  // namespace

RootsConvergeResult converge_roots(const RootsConvergeRequest& request) {
    core::EngineSettings settings;
    settings.max_iterations = request.max_iterations;
    settings.policy = request.policy;
    core::BetweenRootsRefresh refresh = core::between_roots_refresh(request.plan_args, request.plans);
    settings.refresh = refresh.engine_refresh;
    settings.keep_only = [&sides = request.sides](core::MatchResult& matched) { core::keep_moves_between_roots(matched, sides); };
    core::ConvergeEngine engine(std::move(settings));
    RootEffects effects(request, std::move(refresh.plan_args));
    const std::string final_plan = run_engine(engine, effects);
    return {engine.outcome(), effects.plans_made, effects.judged(final_plan)};
}

}  // namespace tfw::shell
