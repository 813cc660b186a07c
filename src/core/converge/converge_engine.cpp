#include "tfw/core/converge/converge_engine.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine_state.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/parse/plan_stream.hpp"

namespace tfw::core::inline converge {

std::vector<MovePair> pairs_of(const std::vector<Move>& moves) {
    std::vector<MovePair> out;
    for (const auto& move : moves) out.emplace_back(move.from, move.to);
    return out;
}

bool same_moves(std::vector<MovePair> a, std::vector<MovePair> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

std::string describe_referrer(const TrialVerdict& verdict, const Address& referrer) {
    std::string words = describe(verdict);
    const std::string terraform = "Terraform ", it = " it";
    if (words.starts_with(terraform)) words.erase(0, terraform.size());
    if (const std::size_t at = words.find(it); at != std::string::npos) words.replace(at, it.size(), " " + to_string(referrer));
    return words + ", which holds its id";
}

Step<PlanOutput> ConvergeEngine::State::plan(const PlanAction& action) {
    EngineAction request = action;
    EngineAnswer answer = co_await effect(std::move(request));
    if (!std::holds_alternative<PlanOutput>(answer)) throw std::logic_error("converge engine: a plan needs a PlanOutput");
    if (action.inject) in_file = *action.inject;
    if (settings.refresh && !action.skip_refresh) {
        // Past two, a refreshing plan is made only because a refreshing plan before it
        // withdrew a move (the refresh's drift refuted it): the summary says so.
        if (++refreshing_plans > 2) {
            std::string withdrawn = "a move";
            if (!result.dropped.empty())
                withdrawn = to_string(result.dropped.back().move.from) + " -> " + to_string(result.dropped.back().move.to);
            result.extra_refreshes.push_back("refreshing plan " + std::to_string(refreshing_plans) +
                                             ": the final plan again, as asked, since the refreshing plan before it withdrew " +
                                             withdrawn);
        }
    }
    const PlanOutput& output = std::get<PlanOutput>(answer);
    const bool planned = output.exit_code == 0 || output.exit_code == 2;
    const bool as_asked = !action.json && (!action.skip_refresh || !refresh_again());
    if (planned && action.inject) plans.push_back({output, action.file, *action.inject, as_asked});
    co_return std::get<PlanOutput>(std::move(answer));
}

const ConvergeEngine::State::PlanMade* ConvergeEngine::State::plan_made(const std::string& file) const {
    for (const auto& made : plans)
        if (made.file == file) return &made;
    return nullptr;
}

const ConvergeEngine::State::PlanMade* ConvergeEngine::State::made_as_asked_with(const std::vector<MovePair>& moves) const {
    for (const auto& made : plans)
        if (made.as_asked && same_moves(made.moves, moves)) return &made;
    return nullptr;
}

Step<void> ConvergeEngine::State::inject(const std::vector<MovePair>& moves) {
    EngineAction request = InjectAction{moves};
    EngineAnswer answer = co_await effect(std::move(request));
    if (!std::holds_alternative<Injected>(answer)) throw std::logic_error("converge engine: a rewrite needs Injected");
    in_file = moves;
}

Step<bool> ConvergeEngine::State::ask(const Move& move, const Decision& decision) {
    EngineAction request = AskAction{move, decision};
    EngineAnswer answer = co_await effect(std::move(request));
    if (!std::holds_alternative<Answer>(answer)) throw std::logic_error("converge engine: a question needs an Answer");
    co_return std::get<Answer>(answer).yes;
}

Step<const Plan*> ConvergeEngine::State::shown_plan(const std::string& file) {
    if (!shown || shown->first != file) {
        EngineAction request = ShowAction{file};
        EngineAnswer answer = co_await effect(std::move(request));
        if (!std::holds_alternative<ShownPlan>(answer)) throw std::logic_error("converge engine: a show needs a ShownPlan");
        shown.emplace(file, std::move(std::get<ShownPlan>(answer).plan));
    }
    co_return &shown->second;
}

PlanTextSummary ConvergeEngine::State::scan(const PlanOutput& planned) const {
    return settings.json_stream ? scan_plan_stream(planned.stdout_text) : scan_plan_text(planned.stdout_text);
}

Step<void> ConvergeEngine::State::run() {
    for (int plan_number = 1;; ++plan_number) {
        std::string file = "plan-" + std::to_string(plan_number) + ".tfplan";
        const std::vector<MovePair> injected = pairs_of(result.moves);
        PlanOutput planned;
        const PlanMade* trial = ready ? plan_made(*ready) : nullptr;
        const PlanMade* reusable = trial && same_moves(trial->moves, injected) ? trial : made_as_asked_with(injected);
        if (reusable) {
            // A trial round, or a plan made as the user asked, already planned exactly these moves.
            co_await inject(injected);
            planned = reusable->planned;
            file = reusable->file;
        } else {
            const bool refresh_now = plan_number == 1 || (refresh_again() && !guessed_final && likely_final());
            if (plan_number > 1 && refresh_now) guessed_final = true;
            const PlanAction request{file, injected, false, settings.refresh && !refresh_now};
            planned = co_await plan(request);
        }
        ready.reset();

        if (planned.exit_code != 0 && planned.exit_code != 2) {
            // GCC 12 cannot compile a co_await inside a short-circuit condition.
            bool dropped = false;
            if (!result.moves.empty() &&
                may_blame_injected_file(planned.stderr_text + planned.stdout_text, settings.injected_file))
                dropped = co_await drop_refused_moves(file, planned);
            if (dropped || withdraw_unplannable(planned)) continue;
            finish(file);
            co_return;
        }
        PlanTextSummary summary = scan(planned);
        if (co_await drop_unverified_dependency_moves(summary, file)) continue;
        if (co_await judge_trials(summary, file)) {
            // What a withdrawn pairing resolved out of a tie leaves is for the trials, but
            // not while the values of tied creations may still become known: the next
            // analysis sees them with the moves that stand, and most such ties are gone
            // (subnets moved: their route table associations' subnet_id is known).
            if (!(memory && memory->values_may_change)) {
                if (co_await try_ties()) continue;
            } else if (last_withdrawals.read_apart) {
                // Those values are known in this plan already, where the moves that stand
                // are in: analysed here, with what was withdrawn read as its destroy and its
                // create, they go on trial in the next plan with the rest, one plan sooner
                // than after a plan of the moves that stand alone.
                if (co_await analyse(file, last_withdrawals.replaced) > 0) continue;
            }
            // Every move on trial withdrawn, nothing else added: the plan before the
            // trial is the answer, and a plan of the same blocks is not made again.
            if (previous && previous->moves == pairs_of(result.moves)) {
                if (co_await conclude()) co_return;
            }
            continue;
        }
        previous = PlanMade{planned, file, pairs_of(result.moves)};
        bool done = planned.exit_code == 0;
        auto candidates = move_candidates(summary);
        if (!done && candidates && !possible_pair(*candidates, settings.policy)) done = true;
        if (!done && candidates && memory && !could_find_more(*memory, *candidates, pairs_of(result.moves))) {
            if (co_await try_ties()) continue;
            done = true;
        }
        if (!done && static_cast<int>(result.iterations.size()) >= settings.max_iterations) {
            result.hit_iteration_limit = true;
            done = true;
        }
        if (!done && co_await analyse(file) == 0) {
            if (co_await try_ties()) continue;
            done = true;
        }
        if (done && co_await conclude()) co_return;
    }
}

Step<bool> ConvergeEngine::State::conclude() {
    if (retry_unplannable_half()) co_return false;
    if (retry_stale_withdrawals()) co_return false;
    const std::vector<MovePair> moves = pairs_of(result.moves);
    PlanOutput planned;
    std::string final_file;
    if (const PlanMade* made = made_as_asked_with(moves)) {
        if (!same_moves(in_file, moves)) co_await inject(moves);
        planned = made->planned;
        final_file = made->file;
    } else {
        final_file = "final-" + std::to_string(++finals) + ".tfplan";
        const PlanAction request{final_file, moves, false, !refresh_again() && settings.refresh};
        planned = co_await plan(request);
    }
    if (planned.exit_code != 0 && planned.exit_code != 2) {
        finish(final_file);
        co_return true;
    }
    PlanTextSummary summary = scan(planned);
    for (const auto& move : result.moves) on_trial.insert({move.from, move.to});
    if (co_await drop_unverified_dependency_moves(summary, final_file)) co_return false;
    if (co_await judge_trials(summary, final_file)) co_return false;
    if (withdraw_breaches(final_file)) co_return false;
    finish(final_file);
    co_return true;
}

void ConvergeEngine::State::finish(const std::string& file) {
    // Objects whose trial move was withdrawn stay a destroy and a create, unless a
    // later move took them after all.
    std::set<Address> placed;
    for (const auto& move : result.moves) {
        placed.insert(move.from);
        placed.insert(move.to);
    }
    // The last analysis's unmatched sides that trials paired since are moves now.
    std::erase_if(result.unmatched, [&](const Unmatched& entry) { return placed.count(entry.address) > 0; });
    for (const auto& entry : result.unmatched) placed.insert(entry.address);
    for (auto& entry : withdrawn)
        if (placed.insert(entry.address).second) result.unmatched.push_back(std::move(entry));
    for (auto& entry : result.unmatched) tie_book.explain(entry);
    // A pairing withdrawn with its tie, then made again by Terraform's trials, moves.
    std::set<MovePair> final_pairs;
    for (const auto& move : result.moves) final_pairs.insert({move.from, move.to});
    std::erase_if(result.dropped,
                  [&](const DroppedMove& dropped) { return final_pairs.count({dropped.move.from, dropped.move.to}) > 0; });
    finished = file;
}

EngineAction ConvergeEngine::State::pending() {
    if (loop->done()) {
        loop->result();  // rethrows what ended the loop early
        if (!finished) throw std::logic_error("converge engine: ended without a final plan");
        return FinishAction{*finished};
    }
    if (!effect.pending) throw std::logic_error("converge engine: suspended without an action");
    return *effect.pending;
}

ConvergeEngine::ConvergeEngine(EngineSettings settings) : state_(std::make_unique<State>(std::move(settings))) {}

ConvergeEngine::~ConvergeEngine() = default;

EngineAction ConvergeEngine::start() {
    if (state_->loop) throw std::logic_error("converge engine: started twice");
    state_->loop.emplace(state_->run());
    state_->loop->resume();
    return state_->pending();
}

EngineAction ConvergeEngine::next(EngineAnswer answer) {
    if (!state_->loop || state_->loop->done() || !state_->effect.waiting)
        throw std::logic_error("converge engine: an answer while no action waits for one");
    state_->effect.answer_with(std::move(answer));
    return state_->pending();
}

ConvergeOutcome ConvergeEngine::outcome() {
    if (!state_->finished) throw std::logic_error("converge engine: no outcome before FinishAction");
    return std::move(state_->result);
}

}  // namespace tfw::core::converge
