#include "tfw/core/converge/fixed_point.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "tfw/core/model/address.hpp"

namespace tfw::core::inline converge {
bool possible_pair(const MoveCandidates& candidates, const Policy& policy) {
    std::set<std::string> destroyed_types, created_types;
    for (const auto& text : candidates.destroyed) {
        auto parsed = parse_address(text);
        if (!parsed.address || !parsed.address->resource) return !candidates.created.empty();
        destroyed_types.insert(parsed.address->resource->type);
    }
    for (const auto& text : candidates.created) {
        auto parsed = parse_address(text);
        if (!parsed.address || !parsed.address->resource) return !candidates.destroyed.empty();
        created_types.insert(parsed.address->resource->type);
    }
    for (const auto& from : destroyed_types)
        for (const auto& to : created_types)
            if (from == to || cross_type_allowed(policy, from, to)) return true;
    return false;
}

AnalysisMemory remember_analysis(const Plan& plan, const MatchResult& result, const std::vector<Move>& newly_accepted,
                                 const std::vector<std::pair<Address, Address>>& planned_with) {
    AnalysisMemory memory;
    for (const auto& entry : result.unmatched) memory.unmatched.insert(to_string(entry.address));
    for (const auto& tie : result.ties)
        for (const Address* side : {&tie.move.from, &tie.move.to})
            if (!side->module.empty()) memory.tied_in_instance.emplace(to_string(*side), side->module.front());
    memory.moves_seen.insert(planned_with.begin(), planned_with.end());

    // The moved objects themselves keep their values; what refers to them, directly or
    // through others, may see unknowns become known. One walk from the moved objects
    // along reversed references, so a long chain costs its length, not its square.
    ReferenceEdges referrers;
    for_each_reference(plan.configuration, [&referrers](const std::string& referrer, const std::string& target) {
        referrers[target].push_back(referrer);
    });
    std::vector<std::string> moved;
    for (const auto& move : newly_accepted) moved.push_back(config_resource_address(move.to));
    const std::set<std::string> changing = reachable_from(referrers, std::move(moved));
    for (const auto& entry : result.unmatched)
        if (!entry.is_deletion && changing.count(config_resource_address(entry.address))) memory.values_may_change = true;
    return memory;
}

bool could_find_more(const AnalysisMemory& memory, const MoveCandidates& next,
                     const std::vector<std::pair<Address, Address>>& moves_now) {
    if (memory.values_may_change) return true;
    for (const auto& address : next.destroyed)
        if (!memory.unmatched.count(address)) return true;
    for (const auto& address : next.created)
        if (!memory.unmatched.count(address)) return true;
    std::set<ModuleStep> left_from, entered;
    for (const auto& move : moves_now) {
        if (memory.moves_seen.count(move)) continue;
        if (!move.first.module.empty()) left_from.insert(move.first.module.front());
        if (!move.second.module.empty()) entered.insert(move.second.module.front());
    }
    auto changed_instance = [&](const std::vector<std::string>& sides, const std::set<ModuleStep>& changed) {
        return std::any_of(sides.begin(), sides.end(), [&](const std::string& side) {
            const auto tied = memory.tied_in_instance.find(side);
            return tied != memory.tied_in_instance.end() && changed.count(tied->second) > 0;
        });
    };
    return changed_instance(next.destroyed, left_from) || changed_instance(next.created, entered);
}

}  // namespace tfw::core::converge
