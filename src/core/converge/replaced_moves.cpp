#include "tfw/core/converge/replaced_moves.hpp"

#include <vector>

namespace tfw::core::inline converge {

Plan without_replaced_moves(Plan plan, const std::set<MovePair>& replaced) {
    std::vector<ResourceChange> deletions;
    for (ResourceChange& change : plan.changes) {
        if (!change.is_replaced_move() || !replaced.count({*change.previous_address, change.address})) continue;
        ResourceChange deletion;
        deletion.address = *change.previous_address;
        deletion.address_text = to_string(deletion.address);
        deletion.provider_name = change.provider_name;
        deletion.action = Action::remove;
        deletion.before = std::move(change.before);
        const std::string old_config = config_resource_address(deletion.address);
        if (!plan.prior_dependencies.count(old_config))
            if (auto found = plan.prior_dependencies.find(config_resource_address(change.address));
                found != plan.prior_dependencies.end())
                plan.prior_dependencies[old_config] = found->second;
        deletions.push_back(std::move(deletion));

        change.action = Action::create;
        change.action_reason.clear();
        change.previous_address.reset();
        change.before.clear();
        change.held_until_apply.clear();
    }
    for (ResourceChange& deletion : deletions) plan.changes.push_back(std::move(deletion));
    return plan;
}

}  // namespace tfw::core::converge
