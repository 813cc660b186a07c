#include "engine_state.hpp"

#include <algorithm>
#include <filesystem>

#include "tfw/core/converge/changed_anchors.hpp"
#include "tfw/core/parse/diagnostics.hpp"

namespace tfw::core::inline converge {
namespace {

bool is_cross_type(const Move& move) {
    return move.from.resource && move.to.resource && move.from.resource->type != move.to.resource->type;
}

// The moves whose injected block a diagnostic points at, or, for a cross-type refusal
// without a range, the cross-type moves to the type it names (all of them if it names none).
std::set<std::size_t> blamed_moves(const std::vector<Diagnostic>& diagnostics, const std::string& file_name,
                                   const std::vector<BlockLines>& block_lines, const std::vector<Move>& moves,
                                   std::vector<std::string>& reasons) {
    std::set<std::size_t> out;
    reasons.assign(block_lines.size(), {});
    for (const auto& diagnostic : diagnostics) {
        if (diagnostic.severity != "error") continue;
        if (diagnostic.filename.empty() && is_cross_type_refusal(diagnostic)) {
            std::set<std::size_t> named, all;
            for (std::size_t i = 0; i < moves.size() && i < block_lines.size(); ++i) {
                if (!is_cross_type(moves[i])) continue;
                all.insert(i);
                if (diagnostic.detail.find("\"" + moves[i].to.resource->type + "\"") != std::string::npos) named.insert(i);
            }
            for (std::size_t i : named.empty() ? all : named) {
                out.insert(i);
                if (reasons[i].empty()) reasons[i] = diagnostic.summary;
            }
            continue;
        }
        if (std::filesystem::path(diagnostic.filename).filename() != file_name) continue;
        for (std::size_t i = 0; i < block_lines.size(); ++i) {
            if (diagnostic.line < block_lines[i].first || diagnostic.line > block_lines[i].last) continue;
            out.insert(i);
            if (reasons[i].empty()) reasons[i] = diagnostic.summary;
        }
    }
    return out;
}

// The evidence with Terraform's latest verdict last, in place of an earlier one: a move
// judged again, in another company or by the final plan, says what the last plan said.
std::string with_verdict(std::string evidence, const std::string& verdict) {
    for (const char* earlier : {"; Terraform plans it with no change", "; Terraform would ", "; Terraform did not carry"})
        if (const std::size_t at = evidence.rfind(earlier); at != std::string::npos) evidence.erase(at);
    return evidence + "; " + verdict;
}

}  // namespace

Step<std::optional<std::string>> ConvergeEngine::State::referrer_changes(const MovePair& pair, const PlanTextSummary& summary,
                                                  const std::string& file) {
    const auto judged = tie_book.judged.find(pair);
    if (!tie_book.settled.count(pair) || judged == tie_book.judged.end()) co_return std::nullopt;
    for (const Address& referrer : judged->second.referrers) {
        std::optional<TrialVerdict> staying = judge_staying(summary, referrer);
        if (!staying) staying = judge_staying(*co_await shown_plan(file), referrer);
        if (staying->outcome != TrialOutcome::no_change) co_return describe_referrer(*staying, referrer);
    }
    co_return std::nullopt;
}

Step<bool> ConvergeEngine::State::judge_trials(const PlanTextSummary& summary, const std::string& file) {
    if (on_trial.empty()) co_return false;
    const std::vector<MovePair> company = pairs_of(result.moves);
    struct Judged {
        std::size_t index;
        Move move;  // with the verdict applied
        TrialVerdict verdict;
        Decision decision;
        bool was_certain = false;  // taken on tfw's comparison, before any verdict
        bool decided = false;      // the decision it was taken with still holds
    };
    std::vector<Judged> judged_moves;
    for (std::size_t i = 0; i < result.moves.size(); ++i) {
        const auto& move = result.moves[i];
        if (!on_trial.count({move.from, move.to})) continue;
        const std::optional<Address> from_in_state = state_address_of(move.from);
        std::optional<TrialVerdict> verdict = judge_trial(summary, move, from_in_state);
        // Which attributes an update changes, and which of them are computed at apply, the
        // rendering says only line by line (a value over several lines ends elsewhere): where
        // an ignore-rules move's kind depends on it, show -json says it exactly.
        const bool needs_attributes = verdict && verdict->outcome == TrialOutcome::update && move.kind == MatchKind::ignore_rules &&
                                      move.to.resource && !ignore_rules_cover(settings.policy, move.to.resource->type, *verdict);
        if (!verdict || needs_attributes) verdict = judge_trial(*co_await shown_plan(file), move, from_in_state);
        if (const auto ignored = ignored_changes.find(config_resource_address(move.to)); ignored != ignored_changes.end() &&
                                                                                      move.kind != MatchKind::ignore_rules)
            verdict = with_ignored_differences(*verdict, move, ignored->second);
        judged_moves.push_back({i, move, *verdict, result.move_decisions[i], !move.is_tentative(), false});
    }
    on_trial.clear();

    std::map<std::size_t, std::string> withdrawn_now;  // index -> reason ("" for a proposal)
    std::set<std::size_t> declined;  // by a person at the prompt: never asked again
    // The pairings resolved out of a tie that fell on their own verdict or the policy's.
    std::set<MovePair> fell_from_tie;
    auto note_fall = [&](const Move& move) {
        if (move.from_tie) fell_from_tie.insert({move.from, move.to});
    };
    for (auto& entry : judged_moves) {
        Move& move = entry.move;
        // An ignore-rules move keeps its kind on an update its rules cover: the
        // difference they accepted. An update of anything else is partial.
        const bool kept_as_taken =
            entry.was_certain &&
            (entry.verdict.outcome == TrialOutcome::no_change ||
             (entry.verdict.outcome == TrialOutcome::update && move.kind == MatchKind::ignore_rules && move.to.resource &&
              ignore_rules_cover(settings.policy, move.to.resource->type, entry.verdict)));
        // confirmed_by_terraform stays for tentative moves: the reports say "(confirmed by
        // Terraform)" where tfw's comparison alone could not settle the pair. The
        // explanation still gives Terraform's verdict, once however often it is read.
        move.evidence = with_verdict(move.evidence, describe(entry.verdict));
        if (kept_as_taken) {
            entry.decided = true;
            continue;
        }
        // A pair settled out of a tie by what holds its id stands only while that
        // holder plans no change, in this plan too.
        if (entry.verdict.outcome == TrialOutcome::no_change) {
            if (auto reason = co_await referrer_changes({move.from, move.to}, summary, file)) {
                withdrawn_now[entry.index] = *reason;
                note_fall(move);
                continue;
            }
        }
        switch (entry.verdict.outcome) {
            case TrialOutcome::no_change:
                move.confirmed_by_terraform = true;
                if (move.kind == MatchKind::partial) move.kind = MatchKind::confirmed;
                move.remaining_differences.clear();
                break;
            case TrialOutcome::update:
                // A move made only because a trial settled its tie stands on no change alone.
                if (tie_book.settled.count({move.from, move.to})) {
                    withdrawn_now[entry.index] = describe(entry.verdict) + "; only no change confirms a pair chosen by Terraform's trials";
                    break;
                }
                if (move.guessed) {
                    withdrawn_now[entry.index] = describe(entry.verdict) + "; only no change confirms a pair guessed out of its tie";
                    note_fall(move);
                    break;
                }
                if (move.kind != MatchKind::cross_type) move.kind = MatchKind::partial;
                break;
            case TrialOutcome::replace:
            case TrialOutcome::not_moved:
                withdrawn_now[entry.index] = describe(entry.verdict) +
                                             (move.tentative_because.empty() ? "" : "; tried because " + move.tentative_because);
                note_fall(move);
                break;
        }
    }
    // The policy, and the person at the prompt, judge only a round that stands whole.
    if (withdrawn_now.empty()) {
        // max_moves counts the accepted moves outside this round, then this round's in order.
        std::set<std::size_t> in_round;
        for (const auto& entry : judged_moves) in_round.insert(entry.index);
        std::size_t accepted_before = 0;
        for (std::size_t i = 0; i < result.move_decisions.size(); ++i)
            if (!in_round.count(i) && result.move_decisions[i].verdict == Verdict::accepted) ++accepted_before;
        for (auto& entry : judged_moves) {
            if (entry.decided) {
                if (entry.decision.verdict == Verdict::accepted) ++accepted_before;
                continue;
            }
            entry.decision = decide_moves(settings.policy, {entry.move}, accepted_before).front();
            MovePair pair{entry.move.from, entry.move.to};
            if (entry.decision.verdict == Verdict::proposed && settings.can_ask) {
                bool take = approved.count(pair) > 0;
                if (!take) take = co_await ask(entry.move, entry.decision);
                if (take) {
                    approved.insert(pair);
                    entry.decision = {Verdict::accepted, "confirmed at the prompt (" + entry.decision.rule + ")"};
                }
            }
            if (entry.decision.verdict == Verdict::accepted) {
                ++accepted_before;
                continue;
            }
            if (settings.can_ask) declined.insert(entry.index);
            withdrawn_now[entry.index] = "";
            note_fall(entry.move);
            result.proposals.push_back({entry.move, entry.decision});
        }
    }
    std::set<std::size_t> fell_with_tie;  // withdrawn for the others' verdicts, not their own
    if (!fell_from_tie.empty())
        for (const auto& entry : judged_moves)
            if (entry.move.from_tie && !withdrawn_now.count(entry.index)) {
                withdrawn_now[entry.index] = "the other pairings resolved out of its tie fell, one of which "
                                             "Terraform did not confirm";
                fell_with_tie.insert(entry.index);
            }
    if (withdrawn_now.empty()) {
        for (const auto& entry : judged_moves) {
            result.moves[entry.index] = entry.move;
            result.move_decisions[entry.index] = entry.decision;
            verdicts[{entry.move.from, entry.move.to}] = {file, entry.verdict.outcome,
                                                          entry.decision.verdict == Verdict::accepted};
        }
        co_return false;
    }

    last_withdrawals = {};
    for (const auto& entry : judged_moves) {
        if (!withdrawn_now.count(entry.index)) continue;
        if (entry.verdict.outcome == TrialOutcome::replace) last_withdrawals.replaced.insert({entry.move.from, entry.move.to});
        else if (entry.verdict.outcome != TrialOutcome::not_moved) last_withdrawals.read_apart = false;
    }
    // What was withdrawn is known now; its halves reappearing as a destroy and a
    // create are nothing new to analyse. The rest of the round is tried again.
    for (const auto& entry : judged_moves)
        if (!withdrawn_now.count(entry.index)) on_trial.insert({entry.move.from, entry.move.to});
    for (const auto& out : take_out([&](std::size_t i) { return withdrawn_now.count(i) > 0; })) {
        const Move& move = out.move;
        const std::string& reason = withdrawn_now.at(out.index);
        const MovePair pair{move.from, move.to};
        withdraw(move, {relevance.company_of(pair, company), retries[pair], declined.count(out.index) > 0,
                        fell_with_tie.count(out.index) ? fell_from_tie : std::set<MovePair>{}});
        if (!reason.empty()) result.dropped.push_back({move, "withdrawn: " + reason});
        const std::string why = "tried with its only candidate, then withdrawn";
        const std::string note = reason.empty() ? "proposed, not accepted by policy" : reason;
        withdrawn.push_back({move.from, true, why, {{move.to, move.remaining_differences, note}}});
        withdrawn.push_back({move.to, false, why, {{move.from, move.remaining_differences, note}}});
        // A guess that fell leaves its sides to the next analysis, where the values it
        // waited for (its referent's, moved now) are known.
        if (memory && move.guessed) {
            memory->values_may_change = true;
        } else if (memory) {
            memory->unmatched.insert(to_string(move.from));
            memory->unmatched.insert(to_string(move.to));
        }
    }
    co_return true;
}

Step<bool> ConvergeEngine::State::drop_unverified_dependency_moves(const PlanTextSummary& summary, const std::string& file) {
    bool vouched = std::any_of(result.moves.begin(), result.moves.end(),
                               [](const Move& move) { return move.by_dependency && !move.witnesses.empty(); });
    if (!vouched) co_return false;
    // What still changes: from the rendering when tfw recognises it, else from
    // show -json of the same plan.
    std::set<MovePair> on_trial_uncertain;
    for (const auto& move : result.moves)
        if (move.is_tentative() || move.kind == MatchKind::partial) on_trial_uncertain.insert({move.from, move.to});
    // (No co_await inside a conditional expression: GCC 12 destroys its temporaries twice.)
    std::set<std::string> changed;
    if (summary.recognised) {
        changed = changed_anchors(summary, on_trial_uncertain);
    } else {
        const Plan* plan = co_await shown_plan(file);
        changed = changed_anchors(*plan, on_trial_uncertain);
    }
    std::string changed_witness;
    // The pairings whose dependency evidence a witness that still changes refutes fall,
    // and with them every pairing resolved out of the same tie, as the elimination that
    // made them relied on it: those that share a candidate with a falling one, to the
    // whole tie. Another tie (a module's identical helpers, resolved by their instance)
    // has nothing to do with that witness, and stands.
    std::set<MovePair> falling;
    std::set<Address> falling_sides;
    for (const auto& move : result.moves)
        if (move.by_dependency)
            for (const auto& witness : move.witnesses)
                if (changed.count(witness)) {
                    changed_witness = witness;
                    falling.insert({move.from, move.to});
                }
    if (changed_witness.empty()) co_return false;
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& move : result.moves) {
            if (!move.from_tie) continue;
            const MovePair pair{move.from, move.to};
            const bool shares = falling.count(pair) || falling_sides.count(move.from) || falling_sides.count(move.to) ||
                                std::any_of(move.tied_with.begin(), move.tied_with.end(),
                                            [&](const Address& side) { return falling_sides.count(side) > 0; });
            if (!shares) continue;
            for (const Address& side : {move.from, move.to}) grew = falling_sides.insert(side).second || grew;
            for (const Address& side : move.tied_with) grew = falling_sides.insert(side).second || grew;
            grew = falling.insert(pair).second || grew;
        }
    }
    const std::string reason = "unverified: " + changed_witness +
                               ", whose dependencies resolved the tie this pairing came from, still changes after the move";

    const std::vector<MovePair> company = pairs_of(result.moves);
    const auto out = take_out([&](std::size_t i) { return falling.count({result.moves[i].from, result.moves[i].to}) > 0; });
    for (const auto& [index, move, decision] : out) {
        // Refuted in this company: tried again when the moves that stand give it another.
        const MovePair pair{move.from, move.to};
        withdraw(move, {relevance.company_of(pair, company), retries[pair], false, {}});
        result.dropped.push_back({move, reason});
    }
    if (!out.empty()) memory.reset();
    co_return !out.empty();
}

bool ConvergeEngine::State::withdraw_unplannable(const PlanOutput& planned) {
    if (!previous || on_trial.empty()) return false;
    const std::string reason = "Terraform cannot plan with it: " + first_error_line(planned.stderr_text + planned.stdout_text);
    std::vector<std::size_t> trial;
    for (std::size_t i = 0; i < result.moves.size(); ++i)
        if (on_trial.count({result.moves[i].from, result.moves[i].to})) trial.push_back(i);
    if (trial.size() > 1) {
        // Bisect: the second half waits, refused until its turn, and the first is planned
        // again with the moves that stand.
        std::set<std::size_t> set_aside(trial.begin() + static_cast<std::ptrdiff_t>(trial.size() / 2), trial.end());
        std::vector<std::pair<Move, Decision>> half;
        for (auto& out : take_out([&](std::size_t i) { return set_aside.count(i) > 0; })) {
            const MovePair pair{out.move.from, out.move.to};
            on_trial.erase(pair);
            refuse(pair, Refusal::set_aside);
            half.emplace_back(std::move(out.move), std::move(out.decision));
        }
        unplannable_halves.push_back(std::move(half));
        return true;
    }
    // Alone, it makes the plan fail in this company: a cycle among the destroys may be gone
    // once the moves it depends on stand (fuzzer finding cycle_withdrawn_for_good), so it is
    // a withdrawal like a refuted trial's, tried again when its company changes.
    const std::vector<MovePair> company = pairs_of(result.moves);
    for (const auto& [index, move, decision] :
         take_out([&](std::size_t i) { return on_trial.count({result.moves[i].from, result.moves[i].to}) > 0; })) {
        const MovePair pair{move.from, move.to};
        withdraw(move, {relevance.company_of(pair, company), retries[pair], false, {}});
        result.dropped.push_back({move, "withdrawn: " + reason});
        withdrawn.push_back({move.from, true, "tried with its only candidate, then withdrawn", {{move.to, {}, reason}}});
        withdrawn.push_back({move.to, false, "tried with its only candidate, then withdrawn", {{move.from, {}, reason}}});
        if (memory) {
            memory->unmatched.insert(to_string(move.from));
            memory->unmatched.insert(to_string(move.to));
        }
    }
    on_trial.clear();
    return true;
}

bool ConvergeEngine::State::retry_unplannable_half() {
    while (!unplannable_halves.empty()) {
        std::vector<std::pair<Move, Decision>> half = std::move(unplannable_halves.front());
        unplannable_halves.erase(unplannable_halves.begin());
        bool added = false;
        for (auto& [move, decision] : half) {
            const MovePair pair{move.from, move.to};
            if (taken(move)) {
                refuse(pair, Refusal::superseded);
                continue;
            }
            stand_on_trial(std::move(move), std::move(decision));
            added = true;
        }
        if (added) return true;
    }
    return false;
}

Step<bool> ConvergeEngine::State::drop_refused_moves(const std::string& file, const PlanOutput& planned) {
    // A plan that streamed JSON already holds its diagnostics.
    PlanOutput explained = planned;
    if (!settings.json_stream) {
        const PlanAction request{file, std::nullopt, true, settings.refresh};
        explained = co_await plan(request);
    }
    std::vector<std::string> reasons;
    auto blamed = blamed_moves(parse_diagnostics(explained.stdout_text), settings.injected_file, planned.block_lines,
                               result.moves, reasons);
    if (blamed.empty()) co_return false;
    for (auto& out : take_out([&](std::size_t i) { return blamed.count(i) > 0; })) {
        refuse({out.move.from, out.move.to}, Refusal::blamed);
        result.dropped.push_back({std::move(out.move), reasons[out.index]});
    }
    memory.reset();
    co_return true;
}

}  // namespace tfw::core::converge
