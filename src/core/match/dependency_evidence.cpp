#include "tfw/core/match/dependency_evidence.hpp"

#include <stdexcept>

namespace tfw::core::inline match {

DependencyEvidence::DependencyEvidence(const Plan& plan, const std::vector<std::pair<Address, Address>>& known_moves,
                                       const std::vector<Address>& olds, const std::vector<Address>& news) {
    for (const auto& old_address : olds) {
        std::string key = config_resource_address(old_address);
        old_dependents_[key];
        old_dependencies_[key];
    }
    for (const auto& new_address : news) {
        std::string key = config_resource_address(new_address);
        new_referrers_[key];
        new_references_[key];
    }

    for (const auto& [dependent, dependencies] : plan.prior_dependencies) {
        if (auto it = old_dependencies_.find(dependent); it != old_dependencies_.end())
            it->second.insert(dependencies.begin(), dependencies.end());
        for (const auto& dependency : dependencies)
            if (auto it = old_dependents_.find(dependency); it != old_dependents_.end()) it->second.insert(dependent);
    }
    // The state records every dependency, direct or not (`c` depends on `b` and on `a`
    // that `b` refers to), while the configuration lists direct references only: the new
    // side is followed through, so that both sides say the same thing.
    ReferenceEdges references, referrers;
    for_each_reference(plan.configuration, [&](const std::string& referrer, const std::string& target) {
        references[referrer].push_back(target);
        referrers[target].push_back(referrer);
    });
    for (auto& [address, related_news] : new_references_) related_news = reachable_from(references, {address});
    for (auto& [address, related_news] : new_referrers_) related_news = reachable_from(referrers, {address});
    // A cycle leads back to the start; an object is not its own relation.
    for (Relations* index : {&new_references_, &new_referrers_})
        for (auto& [address, related_news] : *index) related_news.erase(address);

    std::set<std::string> related_olds, related_news;
    for (const Relations* index : {&old_dependents_, &old_dependencies_})
        for (const auto& [address, others] : *index) related_olds.insert(others.begin(), others.end());
    for (const Relations* index : {&new_referrers_, &new_references_})
        for (const auto& [address, others] : *index) related_news.insert(others.begin(), others.end());

    // An anchor is an object whose old and new addresses are both known: anything
    // planned other than a plain create or delete, and the moves already certain. A later
    // statement about an old address replaces an earlier one (a certain move overrides
    // what the plan showed), so a new address anchors only while some old one maps to it:
    // `last_new_of_old` follows every old address that ever mapped to a related new one.
    std::map<std::string, std::string> last_new_of_old;
    auto add_anchor = [&](const std::string& old_address, const std::string& new_address) {
        if (related_olds.count(old_address)) anchor_new_of_old_[old_address] = new_address;
        if (related_news.count(new_address)) last_new_of_old[old_address] = new_address;
        else if (auto it = last_new_of_old.find(old_address); it != last_new_of_old.end()) it->second = new_address;
    };
    for (const auto& change : plan.changes) {
        if (!change.address.resource || change.action == Action::create || change.action == Action::remove) continue;
        std::string new_address = config_resource_address(change.address);
        if (change.previous_address) add_anchor(config_resource_address(*change.previous_address), new_address);
        // prior_state already lists an object moved by the configuration under its new
        // address, so its dependencies are found under that name too.
        add_anchor(new_address, new_address);
    }
    for (const auto& [from, to] : known_moves) add_anchor(config_resource_address(from), config_resource_address(to));
    for (const auto& [old_address, new_address] : last_new_of_old)
        if (related_news.count(new_address)) anchor_news_.insert(new_address);
}

const std::set<std::string>& DependencyEvidence::related(const Relations& index, const std::string& address) {
    auto it = index.find(address);
    // An address not named at construction would read as "no dependencies", which is
    // evidence; refuse rather than answer wrongly.
    if (it == index.end()) throw std::logic_error("dependency evidence was not gathered for " + address);
    return it->second;
}

// What the old object was tied to, translated to new addresses; only anchors count.
std::set<std::string> DependencyEvidence::old_side(const std::string& from) const {
    std::set<std::string> out;
    auto translate = [&](const Relations& index, const char* direction) {
        for (const auto& other : related(index, from))
            if (auto anchor = anchor_new_of_old_.find(other); anchor != anchor_new_of_old_.end())
                out.insert(direction + anchor->second);
    };
    translate(old_dependents_, "<");
    translate(old_dependencies_, ">");
    return out;
}

std::set<std::string> DependencyEvidence::new_side(const std::string& to) const {
    std::set<std::string> out;
    auto collect = [&](const Relations& index, const char* direction) {
        for (const auto& other : related(index, to))
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

bool DependencyEvidence::preserves_structure(const std::vector<std::pair<Address, Address>>& assignment) const {
    std::map<std::string, std::string> new_of_old;
    std::set<std::string> assigned_news;
    for (const auto& [from, to] : assignment) {
        new_of_old[config_resource_address(from)] = config_resource_address(to);
        assigned_news.insert(config_resource_address(to));
    }
    // Not a structured binding: the lambdas below use `from` and `to`, and clang 14
    // cannot capture one.
    for (const auto& pair : new_of_old) {
        const std::string& from = pair.first;
        const std::string& to = pair.second;
        std::set<std::string> old_tied = old_side(from);
        auto translate = [&](const Relations& index, const char* direction) {
            for (const auto& other : related(index, from))
                if (auto it = new_of_old.find(other); it != new_of_old.end()) old_tied.insert(direction + it->second);
        };
        translate(old_dependents_, "<");
        translate(old_dependencies_, ">");
        std::set<std::string> new_tied = new_side(to);
        auto collect = [&](const Relations& index, const char* direction) {
            for (const auto& other : related(index, to))
                if (assigned_news.count(other)) new_tied.insert(direction + other);
        };
        collect(new_referrers_, "<");
        collect(new_references_, ">");
        if (old_tied != new_tied) return false;
    }
    return true;
}

bool DependencyEvidence::consistent(const Address& from, const Address& to) const {
    return old_side(config_resource_address(from)) == new_side(config_resource_address(to));
}

}  // namespace tfw::core::match
