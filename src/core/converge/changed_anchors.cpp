#include "tfw/core/converge/changed_anchors.hpp"

namespace tfw::core::inline converge {

std::set<std::string> changed_anchors(const PlanTextSummary& summary, const std::set<std::pair<Address, Address>>& on_trial) {
    std::set<std::string> out;
    for (const auto& header : summary.headers) {
        // A heading tfw does not know (`other`) may be an update in another wording.
        const bool changes_an_anchor = header.action == HeaderAction::update || header.action == HeaderAction::replace ||
                                       header.action == HeaderAction::other;
        if (!changes_an_anchor) continue;
        const auto parsed = parse_address(header.address);
        if (!parsed.address) continue;
        if (!header.previous_address.empty())
            if (const auto from = parse_address(header.previous_address);
                from.address && on_trial.count({*from.address, *parsed.address}))
                continue;
        out.insert(config_resource_address(*parsed.address));
    }
    return out;
}

std::set<std::string> changed_anchors(const Plan& plan, const std::set<std::pair<Address, Address>>& on_trial) {
    std::set<std::string> out;
    for (const auto& change : plan.changes) {
        const bool changes_an_anchor = change.action == Action::update || change.action == Action::delete_then_create ||
                                       change.action == Action::create_then_delete;
        if (!changes_an_anchor || !change.address.resource) continue;
        if (change.previous_address && on_trial.count({*change.previous_address, change.address})) continue;
        out.insert(config_resource_address(change.address));
    }
    return out;
}

}  // namespace tfw::core::converge
