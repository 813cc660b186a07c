// When another round of planning could not find a new move. tfw replans only when it
// can learn something: terraform runs are the cost users feel.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "tfw/core/match/match.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline converge {

// True when some destroyed and created addresses could pair: same type, or a type
// migration the policy allows. An address it cannot read counts as a possible pair.
bool possible_pair(const MoveCandidates& candidates, const Policy& policy);

// What an analysis left unresolved, and whether its values could still change.
struct AnalysisMemory {
    std::set<std::string> unmatched;  // printed addresses
    // An unmatched creation depends, through references, on an object that moves: its
    // planned values may become known once the move is in, so it is worth another look.
    bool values_may_change = false;
};

// `newly_accepted`: the moves this analysis adds, which the next plan sees first.
AnalysisMemory remember_analysis(const Plan& plan, const MatchResult& result, const std::vector<Move>& newly_accepted);

// True when the next plan's candidates hold something the last analysis did not see
// or could not yet judge.
bool could_find_more(const AnalysisMemory& memory, const MoveCandidates& next);

}  // namespace tfw::core::converge
