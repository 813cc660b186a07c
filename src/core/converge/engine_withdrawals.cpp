#include "engine_state.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

namespace tfw::core::inline converge {

bool ConvergeEngine::State::withdraw_breaches(const std::string& final_file) {
    RunEnd end;
    end.final_file = final_file;
    const PlanMade* final_plan = plan_made(final_file);
    end.final_as_asked = final_plan && final_plan->as_asked;
    end.reported = pairs_of(result.moves);
    if (final_plan) end.final_injected = final_plan->moves;
    end.verdicts = verdicts;
    const int max_retries = static_cast<int>(settings.policy.max_trial_rounds);
    for (const auto& pair : stale_withdrawals(withdrawals, end.reported, relevance, std::numeric_limits<int>::max())) {
        end.stale_withdrawals.push_back(pair);
        end.retries_ran_out = end.retries_ran_out || retries[pair] >= max_retries;
    }
    end.true_ties = true_ties();
    std::set<MovePair> at_fault;
    for (const auto& breach : fixed_point_breaches(end)) {
        if (breach.at_fault.empty()) throw std::logic_error("converge engine: the fixed point does not hold: " + breach.what);
        for (const auto& move : breach.at_fault) at_fault.insert(move);
    }
    if (at_fault.empty()) return false;
    for (auto& out : take_out([&](std::size_t i) { return at_fault.count({result.moves[i].from, result.moves[i].to}) > 0; })) {
        withdraw(out.move, {{}, retries[{out.move.from, out.move.to}], true, {}});
        result.dropped.push_back({std::move(out.move), "withdrawn: the final plan did not judge it so that it can stand"});
    }
    return true;
}

void ConvergeEngine::State::refuse(const MovePair& pair, Refusal why) { refused[pair] = why; }

void ConvergeEngine::State::withdraw(const Move& move, Withdrawal withdrawal) {
    const MovePair pair{move.from, move.to};
    refuse(pair, Refusal::withdrawn);
    withdrawals[pair] = std::move(withdrawal);
    withdrawn_moves[pair] = move;
}

std::vector<TakenOut> ConvergeEngine::State::take_out(const std::function<bool(std::size_t)>& out) {
    std::vector<TakenOut> taken_out;
    std::vector<Move> kept;
    std::vector<Decision> kept_decisions;
    for (std::size_t i = 0; i < result.moves.size(); ++i) {
        if (out(i)) {
            taken_out.push_back({i, result.moves[i], result.move_decisions[i]});
            continue;
        }
        kept.push_back(result.moves[i]);
        kept_decisions.push_back(result.move_decisions[i]);
    }
    result.moves = std::move(kept);
    result.move_decisions = std::move(kept_decisions);
    return taken_out;
}

std::vector<TrueTie> ConvergeEngine::State::true_ties() const {
    // Whether holders tell the twins apart depends on the ties still open, as the trials saw them.
    std::map<MovePair, bool> holders_tell;
    for (const auto& edge : open_tie_board().edges) holders_tell[{edge.move.from, edge.move.to}] = edge.holders_tell;
    std::vector<TrueTie> out;
    for (const auto& [side, reason] : tie_book.reasons) {
        if (!reason.starts_with("a true tie")) continue;
        TrueTie tie{side, {}};
        for (const auto& pair : tie_book.ties) {
            if (pair.move.from != side && pair.move.to != side) continue;
            const auto judged = tie_book.judged.find({pair.move.from, pair.move.to});
            const bool tried = judged != tie_book.judged.end() && judged->second.round > 0;
            if (tried && judged->second.verdict != TieVerdict::confirmed) continue;
            tie.candidates.push_back({{pair.move.from, pair.move.to}, tried, holders_tell[{pair.move.from, pair.move.to}]});
        }
        out.push_back(std::move(tie));
    }
    return out;
}

bool ConvergeEngine::State::taken(const Move& move) const {
    return std::any_of(result.moves.begin(), result.moves.end(),
                       [&](const Move& m) { return m.from == move.from || m.to == move.to; });
}

bool ConvergeEngine::State::add_on_trial(const Move& given) {
    const MovePair pair{given.from, given.to};
    const auto withdrawn_move = withdrawn_moves.find(pair);
    const Move& move = withdrawn_move == withdrawn_moves.end() ? given : withdrawn_move->second;
    if (taken(move)) return false;
    Decision decision{Verdict::proposed, "on trial"};
    if (!move.is_tentative()) {
        const std::size_t accepted = static_cast<std::size_t>(std::count_if(
            result.move_decisions.begin(), result.move_decisions.end(), [](const Decision& d) { return d.verdict == Verdict::accepted; }));
        decision = decide_moves(settings.policy, {move}, accepted).front();
        if (decision.verdict != Verdict::accepted && approved.count(pair))
            decision = {Verdict::accepted, "confirmed at the prompt (" + decision.rule + ")"};
        if (decision.verdict != Verdict::accepted) return false;
    }
    stand_on_trial(move, decision);
    return true;
}

void ConvergeEngine::State::stand_on_trial(Move move, Decision decision) {
    const MovePair pair{move.from, move.to};
    forget_withdrawal(pair);
    on_trial.insert(pair);
    result.moves.push_back(std::move(move));
    result.move_decisions.push_back(std::move(decision));
}

void ConvergeEngine::State::forget_withdrawal(const MovePair& pair) {
    withdrawals.erase(pair);
    refused.erase(pair);
    std::erase_if(result.proposals, [&](const Proposal& p) { return p.move.from == pair.first && p.move.to == pair.second; });
    std::erase_if(withdrawn, [&](const Unmatched& entry) {
        return entry.address == (entry.is_deletion ? pair.first : pair.second) && !entry.candidates.empty() &&
               entry.candidates.front().other == (entry.is_deletion ? pair.second : pair.first);
    });
}

bool ConvergeEngine::State::retry_stale_withdrawals() {
    const std::vector<MovePair> standing = pairs_of(result.moves);
    const int max_retries = static_cast<int>(settings.policy.max_trial_rounds);
    const std::vector<MovePair> stale = stale_withdrawals(withdrawals, standing, relevance, max_retries);
    for (const auto& [pair, withdrawal] : withdrawals)
        if (!withdrawal.final && withdrawal.retries >= max_retries && company_changed(pair, withdrawal, standing, relevance))
            result.hit_trial_limit = true;
    bool added = false;
    for (const auto& pair : stale) {
        ++retries[pair];
        added = add_on_trial(withdrawn_moves.at(pair)) || added;
    }
    return added;
}

}  // namespace tfw::core::converge
