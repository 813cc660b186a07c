// Twins whose values wait on a referent's keys. A resource and what refers to it by key
// are re-keyed together (subnets `count` to `for_each`, and their route table
// associations with them): in the first plan every association's `subnet_id` is unknown,
// since the subnets are created at new keys, so the associations tie, and the next plan,
// with the subnets moved, would tell them apart by value. The key trail pairs them in
// the same plan as the subnets instead: `subnet[0] -> subnet["a"]` makes
// `association[0] -> association["a"]` the candidate. Only a proposal: Terraform judges
// it with the subnets' moves in.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/match/match_state.hpp"
#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline match {

// The instance keys each resource's moves took, by the new resource's configuration
// address (`module.net.aws_subnet.private`): old key -> new key. A resource whose moves
// send one key two ways (instances in several module instances) has no trail.
class KeyTrail {
public:
    explicit KeyTrail(const std::vector<std::pair<Address, Address>>& moves);
    // The key that `old_key` of the resource at config address `resource` went to.
    std::optional<InstanceKey> follow(const std::string& resource, const InstanceKey& old_key) const;
    bool has(const std::string& resource) const { return trails_.count(resource) > 0; }

private:
    std::map<std::string, std::map<InstanceKey, InstanceKey>> trails_;
};

// Whether the tied deletions differ from each other by value where the creations'
// configuration leaves values unknown: one signature per deletion, of its values there.
// Only then can at most one pairing of them plan no change; an empty signature tells
// nothing, and neither do two alike.
bool signatures_tell_apart(const std::vector<std::string>& signatures);

// Whether the deletions of `pairs` (deletion -> creation indices of `state`) differ from
// each other by value where their creations' configuration leaves values unknown, ids and
// JSON documents aside (signatures_tell_apart of each deletion's values there).
bool told_apart_where_unknown(MatchState& state, const std::map<std::size_t, std::size_t>& pairs);

// The trail of `moves` and of the objects the plan itself moved.
KeyTrail key_trail_of(const Plan& plan, std::vector<std::pair<Address, Address>> moves);

// The pairing the trail gives one tie group (deletions and creations of `state`, linked
// by `candidate`): every deletion R[k] with the creation R'[m] where each resource R''s
// configuration refers to, with a trail, took k to m; one to one, as many on each side,
// one resource on each, and the deletions told apart where the creations are unknown
// (signatures_tell_apart). Empty when the group does not pair so. `references` is
// for_each_reference's, referrer -> targets.
std::map<std::size_t, std::size_t> pair_by_key_trail(MatchState& state, const KeyTrail& trail, const ReferenceEdges& references,
                                                     const std::vector<std::size_t>& deletions,
                                                     const std::vector<std::size_t>& creations,
                                                     const std::function<bool(std::size_t, std::size_t)>& candidate);

// The referents of the creation's resource that the trail follows, joined for an
// explanation ("module.net.aws_subnet.private").
std::string trail_referents(const KeyTrail& trail, const ReferenceEdges& references, const std::string& resource);

}  // namespace tfw::core::match
