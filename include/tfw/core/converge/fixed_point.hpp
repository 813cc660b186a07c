// When another round of planning could not find a new move. tfw replans only when it
// can learn something: terraform runs are the cost users feel.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
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
    // The sides of its ties (printed) and the top module instance each is in: what is left
    // of an instance decides whether it moved whole, and so whether a tie inside it is
    // settled (match_ties), once other moves have taken objects out of it or into its
    // counterpart.
    std::map<std::string, ModuleStep> tied_in_instance;
    std::set<std::pair<Address, Address>> moves_seen;  // the moves of the plan it analysed
};

// `newly_accepted`: the moves this analysis adds, which the next plan sees first;
// `planned_with`: the moves of the plan it analysed.
AnalysisMemory remember_analysis(const Plan& plan, const MatchResult& result, const std::vector<Move>& newly_accepted,
                                 const std::vector<std::pair<Address, Address>>& planned_with = {});

// True when the next plan's candidates hold something the last analysis did not see
// or could not yet judge. `moves_now`: the moves of the next plan; a tie left inside a
// module instance that one of them, unseen by the analysis, leaves or enters (at either
// end, the tied side's end) may be settled in that company.
bool could_find_more(const AnalysisMemory& memory, const MoveCandidates& next,
                     const std::vector<std::pair<Address, Address>>& moves_now = {});

}  // namespace tfw::core::converge
