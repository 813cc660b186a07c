#include "tfw/core/match/key_trail.hpp"

#include <set>

#include "tfw/core/model/plan.hpp"

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

}  // namespace tfw::core::match
