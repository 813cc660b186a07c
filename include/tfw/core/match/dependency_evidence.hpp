// Telling identical twins apart by what depends on them. When a deletion and a creation
// are the same object, every resource that stayed put (an anchor) and depended on the
// old one now refers to the new one, and the other way round.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline match {

class DependencyEvidence {
public:
    // `known_moves` are pairs already certain; they serve as anchors too. Only the old
    // addresses in `olds` and the new ones in `news` may be asked about afterwards: the
    // indexes hold what concerns them alone, so the cost follows the ties, not the plan.
    DependencyEvidence(const Plan& plan, const std::vector<std::pair<Address, Address>>& known_moves,
                       const std::vector<Address>& olds, const std::vector<Address>& news);

    // False when an anchor's dependencies contradict `from` being `to`.
    bool consistent(const Address& from, const Address& to) const;

    // The anchors (new config addresses) tied to the old object.
    std::vector<std::string> witnesses(const Address& from) const;

    // True when, with the pairs of `assignment` counted as anchors too, each pair's old
    // object is tied to exactly what its new object is tied to: every old dependency
    // among them (or on an anchor) is carried onto a new reference, and back. Every old
    // and new address in it must have been named at construction.
    bool preserves_structure(const std::vector<std::pair<Address, Address>>& assignment) const;

private:
    using Relations = std::map<std::string, std::set<std::string>>;  // config address -> config addresses

    std::set<std::string> old_side(const std::string& from) const;
    std::set<std::string> new_side(const std::string& to) const;
    static const std::set<std::string>& related(const Relations& index, const std::string& address);

    // Keyed by the addresses that may be asked about, each present even when empty.
    Relations old_dependents_;    // old address -> old dependents
    Relations old_dependencies_;  // old address -> old dependencies
    Relations new_referrers_;     // new address -> new referrers, direct or through others
    Relations new_references_;    // new address -> new references, direct or through others
    // Anchors among the related addresses only.
    std::map<std::string, std::string> anchor_new_of_old_;
    std::set<std::string> anchor_news_;
};

}  // namespace tfw::core::match
