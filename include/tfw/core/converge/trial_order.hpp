// Which candidate of a tied deletion a trial should try first. Only the order of the
// trials comes from here; Terraform's plans judge every pair. A good first guess saves
// rounds: a deletion with a dozen identical candidates, tried one per round, would spend
// the policy's trials.max_rounds before its own candidate came up.
//
// Two guesses, from the strongest: where the other objects of the deletion's module
// instance went (the moves that stand), then what the two addresses share.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/move.hpp"

namespace tfw::core::inline converge {

// For each old module instance, the new ones the moves that stand took its objects to.
// A move between paths of one depth also takes each ancestor to the new ancestor at the
// same depth (module.a["x"].module.b to module.a[0].module.b: module.a["x"] went to
// module.a[0]); between paths of different depths only the whole path is known.
struct InstanceTrail {
    std::map<ModulePath, std::set<ModulePath>> went_to;
};

InstanceTrail instance_trail(const std::vector<Move>& standing);

// How many module steps deep the ancestor instance of `move.from` is whose objects went
// to an instance that holds `move.to`, the deepest such; 0 where none did.
std::size_t trail_depth(const InstanceTrail& trail, const Move& move);

// How many of the names in `from` (module call names and instance keys, the resource's
// name and key) `to` has too, each counted as often as both have it.
std::size_t shared_names(const Address& from, const Address& to);

}  // namespace tfw::core::converge
