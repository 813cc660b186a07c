// Telling identical twins apart by what depends on them. When a deletion and a creation
// are the same object, every resource that stayed put (an anchor) and depended on the
// old one now refers to the new one, and the other way round.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/address.hpp"
#include "tfw/core/plan.hpp"

namespace tfw::core {

class DependencyEvidence {
public:
    // `known_moves` are pairs already certain; they serve as anchors too.
    DependencyEvidence(const Plan& plan, const std::vector<std::pair<Address, Address>>& known_moves);

    // False when an anchor's dependencies contradict `from` being `to`.
    bool consistent(const Address& from, const Address& to) const;

    // The anchors (new config addresses) tied to the old object.
    std::vector<std::string> witnesses(const Address& from) const;

private:
    std::set<std::string> old_side(const std::string& from) const;
    std::set<std::string> new_side(const std::string& to) const;

    std::map<std::string, std::string> anchor_new_of_old_;  // config addresses
    std::set<std::string> anchor_news_;
    std::map<std::string, std::set<std::string>> old_dependents_;   // old address -> old dependents
    std::map<std::string, std::set<std::string>> new_referrers_;    // new address -> new referrers
    std::map<std::string, std::set<std::string>> old_dependencies_;
    std::map<std::string, std::set<std::string>> new_references_;
};

}  // namespace tfw::core
