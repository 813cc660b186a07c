#include "tfw/core/converge/implied_moves.hpp"

#include <algorithm>
#include <vector>

#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline converge {
namespace {

bool is_identity(const std::string& path) { return path == "id" || path == "arn"; }

// Whether `deletion`'s prior values are `candidate`'s, but for the id and arn, wherever
// the candidate's are known (an update's planned values leave unknown what follows from
// what changes), at the same paths.
bool equal_but_identity(const Attributes& deletion, const Attributes& candidate) {
    std::size_t compared = 0;
    auto at = [](const Attributes& side, const std::string& path) -> const AttributeLeaf* {
        for (const auto& leaf : side)
            if (leaf.path == path) return &leaf;
        return nullptr;
    };
    for (const auto& leaf : candidate) {
        if (is_identity(leaf.path) || leaf.unknown) continue;
        const AttributeLeaf* prior = at(deletion, leaf.path);
        if (!prior || prior->unknown || prior->value != leaf.value) return false;
        ++compared;
    }
    for (const auto& leaf : deletion)
        if (!is_identity(leaf.path) && !at(candidate, leaf.path)) return false;
    return compared > 0;
}

bool questions(const ResourceChange& deletion, const ResourceChange& implied) {
    return deletion.is_deletion_candidate() && deletion.address.resource->type == implied.address.resource->type &&
           deletion.provider_name == implied.provider_name &&
           (equal_but_identity(deletion.before, implied.before) || equal_but_identity(deletion.before, implied.after));
}

}  // namespace

Plan with_implied_moves_questioned(Plan plan, const std::set<MovePair>& own) {
    std::vector<std::size_t> questioned;
    for (std::size_t i = 0; i < plan.changes.size(); ++i) {
        const ResourceChange& change = plan.changes[i];
        if (!change.is_kept_implied_move() || own.count({*change.previous_address, change.address})) continue;
        for (const ResourceChange& other : plan.changes)
            if (questions(other, change)) {
                questioned.push_back(i);
                break;
            }
    }
    std::vector<ResourceChange> deletions;
    // The ids the questioned moves' objects had at their new addresses: what refers to
    // such an address holds whichever object ends there, unknown until that is decided.
    std::vector<std::string> undecided_ids;
    for (std::size_t i : questioned)
        for (const auto& leaf : plan.changes[i].after)
            if (is_identity(leaf.path) && !leaf.unknown) undecided_ids.push_back(leaf.value);
    for (std::size_t i : questioned) {
        ResourceChange& change = plan.changes[i];
        deletions.push_back(split_move(plan, change));
        change.changed_attributes.clear();
        for (auto& leaf : change.after)
            if (is_identity(leaf.path)) {
                leaf.value.clear();
                leaf.unknown = true;
            }
    }
    for (ResourceChange& change : plan.changes)
        if (change.action == Action::create)
            for (auto& leaf : change.after)
                if (!leaf.unknown && std::any_of(undecided_ids.begin(), undecided_ids.end(),
                                                 [&](const std::string& id) { return holds_id(leaf.value, id); })) {
                    leaf.value.clear();
                    leaf.unknown = true;
                }
    for (ResourceChange& deletion : deletions) plan.changes.push_back(std::move(deletion));
    return plan;
}

}  // namespace tfw::core::converge
