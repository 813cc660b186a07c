#include "tfw/core/dependency_evidence.hpp"

namespace tfw::core {
DependencyEvidence::DependencyEvidence(const Plan& plan, const std::vector<std::pair<Address, Address>>& known_moves) {
    // An anchor is an object whose old and new addresses are both known: anything
    // planned other than a plain create or delete, and the moves already certain.
    for (const auto& change : plan.changes) {
        if (!change.address.resource || change.action == Action::create || change.action == Action::remove) continue;
        std::string new_address = config_resource_address(change.address);
        if (change.previous_address) anchor_new_of_old_[config_resource_address(*change.previous_address)] = new_address;
        // prior_state already lists an object moved by the configuration under its new
        // address, so its dependencies are found under that name too.
        anchor_new_of_old_[new_address] = new_address;
    }
    for (const auto& [from, to] : known_moves) anchor_new_of_old_[config_resource_address(from)] = config_resource_address(to);
    for (const auto& [old_address, new_address] : anchor_new_of_old_) anchor_news_.insert(new_address);

    for (const auto& [dependent, dependencies] : plan.prior_dependencies)
        for (const auto& dependency : dependencies) {
            old_dependents_[dependency].insert(dependent);
            old_dependencies_[dependent].insert(dependency);
        }
    for (const auto& [resource, targets] : absolute_references(plan.configuration))
        new_references_[resource].insert(targets.begin(), targets.end());
    for (const auto& [referrer, targets] : new_references_)
        for (const auto& target : targets) new_referrers_[target].insert(referrer);
}

// What the old object was tied to, translated to new addresses; only anchors count.
std::set<std::string> DependencyEvidence::old_side(const std::string& from) const {
    std::set<std::string> out;
    auto translate = [&](const std::map<std::string, std::set<std::string>>& index, const char* direction) {
        auto it = index.find(from);
        if (it == index.end()) return;
        for (const auto& other : it->second)
            if (auto anchor = anchor_new_of_old_.find(other); anchor != anchor_new_of_old_.end())
                out.insert(direction + anchor->second);
    };
    translate(old_dependents_, "<");
    translate(old_dependencies_, ">");
    return out;
}

std::set<std::string> DependencyEvidence::new_side(const std::string& to) const {
    std::set<std::string> out;
    auto collect = [&](const std::map<std::string, std::set<std::string>>& index, const char* direction) {
        auto it = index.find(to);
        if (it == index.end()) return;
        for (const auto& other : it->second)
            if (anchor_news_.count(other)) out.insert(direction + other);
    };
    collect(new_referrers_, "<");
    collect(new_references_, ">");
    return out;
}

std::vector<std::string> DependencyEvidence::witnesses(const Address& from) const {
    std::set<std::string> out;
    for (const auto& tied : old_side(config_resource_address(from))) out.insert(tied.substr(1));
    return {out.begin(), out.end()};
}

bool DependencyEvidence::consistent(const Address& from, const Address& to) const {
    return old_side(config_resource_address(from)) == new_side(config_resource_address(to));
}

}  // namespace tfw::core
