#include "tfw/core/match/key_trail.hpp"

#include <algorithm>
#include <set>

#include "tfw/core/model/text.hpp"

namespace tfw::core::inline match {

KeyTrail::KeyTrail(const std::vector<std::pair<Address, Address>>& moves) {
    std::set<std::string> ambiguous;
    for (const auto& [from, to] : moves) {
        if (!from.resource || !to.resource || from.resource->key.empty() || to.resource->key.empty()) continue;
        const std::string resource = config_resource_address(to);
        auto& trail = trails_[resource];
        const auto [at, inserted] = trail.emplace(from.resource->key, to.resource->key);
        if (!inserted && at->second != to.resource->key) ambiguous.insert(resource);
    }
    // Two keys sent to one key cannot happen within one module instance either.
    for (const auto& [resource, trail] : trails_) {
        std::set<InstanceKey> targets;
        for (const auto& [old_key, new_key] : trail)
            if (!targets.insert(new_key).second) ambiguous.insert(resource);
    }
    for (const auto& resource : ambiguous) trails_.erase(resource);
}

std::optional<InstanceKey> KeyTrail::follow(const std::string& resource, const InstanceKey& old_key) const {
    const auto trail = trails_.find(resource);
    if (trail == trails_.end()) return std::nullopt;
    const auto key = trail->second.find(old_key);
    if (key == trail->second.end()) return std::nullopt;
    return key->second;
}

bool signatures_tell_apart(const std::vector<std::string>& signatures) {
    std::set<std::string> seen;
    for (const auto& signature : signatures)
        if (signature.empty() || !seen.insert(signature).second) return false;
    return true;
}

namespace {

std::vector<std::string> referents_of(const KeyTrail& trail, const ReferenceEdges& references, const std::string& resource) {
    std::vector<std::string> out;
    const auto refs = references.find(resource);
    if (refs == references.end()) return out;
    for (const auto& target : refs->second)
        if (target != resource && trail.has(target)) out.push_back(target);
    return out;
}

// The deletion's values at the paths the creation's configuration sets and leaves
// unknown, ids aside: what a plan of the pair compares once those are known. A JSON
// document is left out too: a provider may find two texts of it equal.
std::string unknown_values_signature(MatchState& state, std::size_t d, std::size_t c) {
    const auto unknown = unknown_paths(state.creations[c].attributes());
    const auto& resources = state.config_resources();
    const auto resource = resources.find(config_resource_address(state.creations[c].address()));
    if (resource == resources.end()) return {};
    std::vector<std::string_view> configured;
    for (auto path : unknown)
        if (resource->second->sets(path)) configured.push_back(path);
    std::string out;
    for (const auto& leaf : state.deletions[d].attributes()) {
        if (leaf.unknown || leaf.path == "id" || leaf.path == "arn" || !covered_by_any(configured, leaf.path)) continue;
        if (leaf.value.starts_with("\"{") || leaf.value.starts_with("\"[")) continue;
        out += leaf.path + "=" + leaf.value + "\n";
    }
    return out;
}

}  // namespace

KeyTrail key_trail_of(const Plan& plan, std::vector<std::pair<Address, Address>> moves) {
    for (const auto& change : plan.changes)
        if (change.is_managed() && !change.deposed && change.previous_address && change.action != Action::remove &&
            change.action != Action::create)
            moves.push_back({*change.previous_address, change.address});
    return KeyTrail(moves);
}

std::map<std::size_t, std::size_t> pair_by_key_trail(MatchState& state, const KeyTrail& trail, const ReferenceEdges& references,
                                                     const std::vector<std::size_t>& deletions,
                                                     const std::vector<std::size_t>& creations,
                                                     const std::function<bool(std::size_t, std::size_t)>& candidate) {
    if (deletions.size() != creations.size() || deletions.size() < 2) return {};
    const std::string old_resource = config_resource_address(state.deletions[deletions.front()].address());
    const std::string new_resource = config_resource_address(state.creations[creations.front()].address());
    const bool one_resource =
        std::all_of(deletions.begin(), deletions.end(),
                    [&](std::size_t d) { return config_resource_address(state.deletions[d].address()) == old_resource; }) &&
        std::all_of(creations.begin(), creations.end(),
                    [&](std::size_t c) { return config_resource_address(state.creations[c].address()) == new_resource; });
    if (!one_resource) return {};
    const std::vector<std::string> referents = referents_of(trail, references, new_resource);
    if (referents.empty()) return {};
    std::map<std::size_t, std::size_t> chosen;  // deletion -> creation
    std::set<std::size_t> taken;
    for (std::size_t d : deletions) {
        // Every referent with a trail sends the deletion's key to the same key.
        std::optional<InstanceKey> new_key;
        for (const auto& referent : referents) {
            const auto followed = trail.follow(referent, state.deletions[d].address().resource->key);
            if (!followed || (new_key && *new_key != *followed)) return {};
            new_key = followed;
        }
        for (std::size_t c : creations)
            if (candidate(d, c) && state.creations[c].address().resource->key == *new_key && taken.insert(c).second) chosen[d] = c;
        if (!chosen.count(d)) return {};
    }
    if (!told_apart_where_unknown(state, chosen)) return {};
    return chosen;
}

bool told_apart_where_unknown(MatchState& state, const std::map<std::size_t, std::size_t>& pairs) {
    std::vector<std::string> signatures;
    for (const auto& [d, c] : pairs) signatures.push_back(unknown_values_signature(state, d, c));
    return signatures_tell_apart(signatures);
}

std::string trail_referents(const KeyTrail& trail, const ReferenceEdges& references, const std::string& resource) {
    return join(referents_of(trail, references, resource), ", ");
}

}  // namespace tfw::core::match
