#include "tfw/core/converge/fixed_point_invariant.hpp"

#include <algorithm>

namespace tfw::core::inline converge {
namespace {

std::string named(const MovePair& move) { return to_string(move.first) + " -> " + to_string(move.second); }

}  // namespace

std::vector<Breach> fixed_point_breaches(const RunEnd& end) {
    std::vector<Breach> out;
    if (!end.final_as_asked) out.push_back({1, "the final plan " + end.final_file + " was not made with the user's options", {}});
    std::set<MovePair> reported(end.reported.begin(), end.reported.end());
    std::set<MovePair> injected(end.final_injected.begin(), end.final_injected.end());
    for (const auto& move : reported)
        if (!injected.count(move)) out.push_back({1, named(move) + " is reported but not in the final plan", {move}});
    for (const auto& move : injected)
        if (!reported.count(move)) out.push_back({1, named(move) + " is in the final plan but not reported", {move}});
    for (const auto& move : reported) {
        const auto verdict = end.verdicts.find(move);
        if (verdict == end.verdicts.end() || verdict->second.plan_file != end.final_file) {
            out.push_back({2, named(move) + " was not judged by the final plan", {move}});
            continue;
        }
        const ReadVerdict& read = verdict->second;
        const bool stands = (read.outcome == TrialOutcome::no_change || read.outcome == TrialOutcome::update) && read.accepted;
        if (!stands)
            out.push_back({2, named(move) + ": " + describe({read.outcome, {}}) + " in the final plan, and not accepted", {move}});
    }
    if (!end.retries_ran_out)
        for (const auto& move : end.stale_withdrawals)
            out.push_back({3, named(move) + " was withdrawn in another company than the moves that stand, and not tried with them", {}});
    for (const auto& tie : end.true_ties)
        for (const auto& candidate : tie.candidates)
            if (!candidate.tried && candidate.holders_tell)
                out.push_back({4, to_string(tie.side) + " is called a true tie, but " + named(candidate.move) +
                                      " was never tried with what holds its id",
                               {}});
    return out;
}

}  // namespace tfw::core::converge
