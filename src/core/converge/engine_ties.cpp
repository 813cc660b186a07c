#include "engine_state.hpp"

#include <algorithm>

namespace tfw::core::inline converge {

Step<bool> ConvergeEngine::State::try_ties() {
    TieBoard board = open_tie_board();
    if (board.edges.empty()) co_return false;

    std::vector<std::string> rounds;  // the trial plans that succeeded
    bool fill = true;  // until a plan with fillers fails
    for (auto trials = next_round(board); !trials.empty(); trials = next_round(board)) {
        if (result.tie_rounds >= static_cast<int>(settings.policy.max_trial_rounds)) {
            result.hit_trial_limit = true;
            break;
        }
        int round = ++result.tie_rounds;
        // The moves a round's plan has in: the standing moves, the trials, and the company
        // their verdicts stand in.
        auto untaken_in = [](const std::vector<Move>& in, const Move& move) {
            return std::none_of(in.begin(), in.end(), [&](const Move& m) { return m.from == move.from || m.to == move.to; });
        };
        auto company_of = [&](const std::vector<std::size_t>& tried) {
            std::vector<Move> in = result.moves;
            for (std::size_t e : tried) in.push_back(board.edges[e].move);
            // What holds a twin's id and moves too goes with it, unless its object is
            // already taken.
            for (std::size_t e : tried)
                for (const Move& referrer : board.edges[e].moving_referrers)
                    if (untaken_in(in, referrer)) in.push_back(referrer);
            // The pairs earlier rounds settled are the company the round's verdicts will stand
            // in: they go in too, with what moves with them (without them a create_before_destroy
            // holder they leave behind may make a cycle no final plan has).
            for (std::size_t e : settle(board).paired) {
                if (untaken_in(in, board.edges[e].move)) in.push_back(board.edges[e].move);
                for (const Move& referrer : board.edges[e].moving_referrers)
                    if (untaken_in(in, referrer)) in.push_back(referrer);
            }
            // Holders tied among themselves go with it for its trial only, where untaken.
            for (std::size_t e : tried)
                for (const Move& holder : board.edges[e].tied_holders)
                    if (untaken_in(in, holder)) in.push_back(holder);
            return in;
        };
        std::vector<Move> injected = company_of(trials);
        auto untaken = [&](const Move& move) { return untaken_in(injected, move); };
        // Twins nothing holds fill the creations a refuted trial could point to.
        std::vector<std::size_t> moved = trials;
        std::vector<Move> filled = injected;
        if (fill)
            for (std::size_t e : round_fillers(board, trials))
                if (untaken(board.edges[e].move)) {
                    filled.push_back(board.edges[e].move);
                    moved.push_back(e);
                }
        std::string file = "trial-" + std::to_string(round) + ".tfplan";
        const PlanAction request{file, pairs_of(filled), false, settings.refresh};
        PlanOutput planned = co_await plan(request);
        if (planned.exit_code != 0 && planned.exit_code != 2 && moved.size() > trials.size()) {
            // The fillers are no verdict's business: the round is planned again without them
            // (a cycle among the destroys they make), and no more are added.
            fill = false;
            moved = trials;
            file = "trial-" + std::to_string(round) + "-unfilled.tfplan";
            const PlanAction unfilled{file, pairs_of(injected), false, settings.refresh};
            planned = co_await plan(unfilled);
            filled = injected;
        }
        // A plan refused with several trials in is no verdict on any one of them: the first
        // half is planned alone and the rest wait for a later round, down to a single trial,
        // whose refusal is its own.
        auto refused_together = [&] { return planned.exit_code != 0 && planned.exit_code != 2 && trials.size() > 1; };
        while (refused_together()) {
            if (result.tie_rounds >= static_cast<int>(settings.policy.max_trial_rounds)) break;
            round = ++result.tie_rounds;
            trials.resize((trials.size() + 1) / 2);
            injected = company_of(trials);
            moved = trials;
            filled = injected;
            file = "trial-" + std::to_string(round) + ".tfplan";
            const PlanAction halved{file, pairs_of(injected), false, settings.refresh};
            planned = co_await plan(halved);
        }
        if (refused_together()) {
            result.hit_trial_limit = true;
            break;
        }
        std::optional<PlanTextSummary> summary;
        if (planned.exit_code == 0 || planned.exit_code == 2) summary = scan(planned);
        struct RoundVerdict {
            std::size_t edge;
            bool no_change;
            std::string because;
        };
        std::vector<RoundVerdict> verdicts;
        for (std::size_t e : trials) {
            const Move& move = board.edges[e].move;
            bool no_change = false;
            std::string verdict;
            if (!summary) {
                // Only the trial blocks are new since the last plan that succeeded.
                verdict = "Terraform refused the plan: " + first_error_line(planned.stderr_text + planned.stdout_text);
            } else {
                const std::optional<Address> from_in_state = state_address_of(move.from);
                std::optional<TrialVerdict> trial = judge_trial(*summary, move, from_in_state);
                if (!trial) trial = judge_trial(*co_await shown_plan(file), move, from_in_state);
                no_change = trial->outcome == TrialOutcome::no_change;
                const bool moved_unchanged = no_change;
                verdict = describe(*trial);
                // What holds the deletion's id by value judges the pairing too.
                for (const Address& referrer : board.edges[e].referrers) {
                    if (!no_change) break;
                    std::optional<TrialVerdict> staying = judge_staying(*summary, referrer);
                    if (!staying) staying = judge_staying(*co_await shown_plan(file), referrer);
                    if (staying->outcome == TrialOutcome::no_change) continue;
                    no_change = false;
                    verdict += ", but " + describe_referrer(*staying, referrer);
                }
                // A tied holder judges wherever among its group's creations the plan moved it
                // (its own trial may have taken it); one the plan did not move judges nothing,
                // and without its word the pairing is not confirmed.
                std::vector<Move> moved_with = board.edges[e].moving_referrers;
                for (const Move& holder : board.edges[e].tied_holders) {
                    const auto in = std::find_if(filled.begin(), filled.end(), [&](const Move& m) { return m.from == holder.from; });
                    if (in != filled.end()) {
                        moved_with.push_back(*in);
                    } else if (no_change) {
                        no_change = false;
                        verdict += ", but " + to_string(holder.from) + ", which holds its id, was not moved with it";
                    }
                }
                for (const Move& referrer : moved_with) {
                    if (!no_change) break;
                    std::optional<TrialVerdict> moved = judge_trial(*summary, referrer, state_address_of(referrer.from));
                    if (!moved) moved = judge_trial(*co_await shown_plan(file), referrer, state_address_of(referrer.from));
                    if (moved->outcome == TrialOutcome::no_change) continue;
                    no_change = false;
                    verdict += ", but " + describe_referrer(*moved, referrer.to);
                }
                board.edges[e].refuted_by_holders_only = moved_unchanged && !no_change;
            }
            verdicts.push_back({e, no_change, verdict});
        }
        // Whether the holders of a rival of a conclusive pair refer to its creation too is
        // in this plan's values.
        const Plan* judged_in = nullptr;
        for (const auto& verdict : verdicts)
            if (!judged_in && verdict.no_change && board.edges[verdict.edge].holders_tell && has_held_rival(board, verdict.edge))
                judged_in = co_await shown_plan(file);
        const HoldersMayReferTo may_refer = [&](const TieEdge& chosen, const TieEdge& other) {
            return !judged_in || holders_may_refer_to(*judged_in, chosen, other);
        };
        for (const auto& verdict : verdicts) {
            for (std::size_t judged : record_trial(board, verdict.edge, verdict.no_change, round, verdict.because, may_refer))
                tie_book.judged[{board.edges[judged].move.from, board.edges[judged].move.to}] = board.edges[judged];
            result.tie_trials.push_back({round, board.edges[verdict.edge].move, verdict.no_change, verdict.because});
        }
        // Where a refuted trial's holder points is the next candidate of its deletion.
        if (summary && may_point(board, trials)) record_pointers(board, *co_await shown_plan(file), moved);
        if (summary) rounds.push_back(file);
    }
    const std::vector<MovePair> standing = pairs_of(result.moves);
    co_await inject(standing);

    TieOutcome outcome = settle(board);
    for (const auto& side : outcome.unpaired) tie_book.reasons[side.address] = side.reason;
    for (const auto& side : outcome.undecided) {
        tie_book.reasons[side] = "undecided: the trials stopped at the policy's trials.max_rounds (" +
                              std::to_string(settings.policy.max_trial_rounds) + ")";
        if (std::find(result.undecided.begin(), result.undecided.end(), side) == result.undecided.end())
            result.undecided.push_back(side);
    }
    bool any_settled = false;
    for (std::size_t e : outcome.paired) {
        Move move = settled_move(board, e);
        if (taken(move)) continue;  // a group member, in already with the rest of its group
        // Settled before, then withdrawn by the plan that had every settled pair in.
        if (!tie_book.settled.insert({move.from, move.to}).second && refused.count({move.from, move.to})) continue;
        any_settled = true;
        tie_book.reasons.erase(move.from);
        tie_book.reasons.erase(move.to);
        stand_on_trial(std::move(move), {Verdict::proposed, "on trial"});
        // What held its id and moved with it in the trial moves with it again.
        for (const Move& referrer : board.edges[e].moving_referrers) add_on_trial(referrer);
    }
    if (!any_settled) co_return false;
    // What waits for a settled parent is looked at again once the parent's move
    // stands, and so is a side alone beside the settled pairs: the next plan is
    // analysed, whatever the last analysis remembered.
    if (waiting(board) || alone_beside_settled(board, outcome)) memory.reset();
    for (const auto& file : rounds)
        if (const PlanMade* made = plan_made(file); made && same_moves(made->moves, pairs_of(result.moves))) ready = file;
    co_return true;
}

TieBoard ConvergeEngine::State::open_tie_board() const {
    std::set<Address> placed;
    for (const auto& move : result.moves) {
        placed.insert(move.from);
        placed.insert(move.to);
    }
    std::vector<TiedPair> open;
    for (const auto& tie : tie_book.ties)
        if (!placed.count(tie.move.from) && !placed.count(tie.move.to) && !denied(tie.move)) open.push_back(tie);
    if (open.empty()) return {};
    TieBoard board = tie_board(open, result.moves);
    for (std::size_t e = 0; e < board.edges.size(); ++e)
        if (auto known = tie_book.judged.find({board.edges[e].move.from, board.edges[e].move.to}); known != tie_book.judged.end())
            board.edges[e] = known->second;
    return board;
}

}  // namespace tfw::core::converge
