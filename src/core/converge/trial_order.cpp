#include "tfw/core/converge/trial_order.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace tfw::core::inline converge {
namespace {

std::vector<std::string> names_of(const Address& address) {
    std::vector<std::string> out;
    auto add = [&](const std::string& name, const InstanceKey& key) {
        out.push_back(name);
        if (!key.empty()) out.push_back(to_string(key));
    };
    for (const ModuleStep& step : address.module) add(step.name, step.key);
    if (address.resource) add(address.resource->name, address.resource->key);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

InstanceTrail instance_trail(const std::vector<Move>& standing) {
    InstanceTrail trail;
    for (const Move& move : standing) {
        const ModulePath from = module_of(move.from), to = module_of(move.to);
        if (from.empty()) continue;
        if (from.size() != to.size()) {
            trail.went_to[from].insert(to);
            continue;
        }
        for (std::size_t depth = 1; depth <= from.size(); ++depth)
            trail.went_to[ModulePath(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(depth))].insert(
                ModulePath(to.begin(), to.begin() + static_cast<std::ptrdiff_t>(depth)));
    }
    return trail;
}

std::size_t trail_depth(const InstanceTrail& trail, const Move& move) {
    const ModulePath from = module_of(move.from), to = module_of(move.to);
    for (std::size_t depth = from.size(); depth > 0; --depth) {
        const auto went = trail.went_to.find(ModulePath(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(depth)));
        if (went == trail.went_to.end()) continue;
        if (std::any_of(went->second.begin(), went->second.end(), [&](const ModulePath& there) { return starts_with(to, there); }))
            return depth;
    }
    return 0;
}

std::size_t shared_names(const Address& from, const Address& to) {
    const std::vector<std::string> a = names_of(from), b = names_of(to);
    std::vector<std::string> both;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    return both.size();
}

}  // namespace tfw::core::converge
