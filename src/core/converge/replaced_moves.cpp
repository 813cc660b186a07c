#include "tfw/core/converge/replaced_moves.hpp"

#include <vector>

namespace tfw::core::inline converge {

Plan without_replaced_moves(Plan plan, const std::set<MovePair>& replaced) {
    std::vector<ResourceChange> deletions;
    for (ResourceChange& change : plan.changes) {
        if (!change.is_replaced_move() || !replaced.count({*change.previous_address, change.address})) continue;
        deletions.push_back(split_move(plan, change));
    }
    for (ResourceChange& deletion : deletions) plan.changes.push_back(std::move(deletion));
    return plan;
}

}  // namespace tfw::core::converge
