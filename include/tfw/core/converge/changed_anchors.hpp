// What a plan says of the witnesses that resolved a tie by their dependencies
// (match/dependency_evidence). A witness is an anchor: an object at both its old and new
// address, planned in place or moved by a certain move. After the tie's pairings are
// moved, an anchor that Terraform still updates or replaces leaves them unverified. A
// plain create or destroy of another instance of the witness's resource is no anchor and
// says nothing of them, nor is an instance moved by a pairing on trial (a partial match
// plans its own update, which its own verdict judges): one instance changed for its own
// reasons must not undo every pairing its siblings vouched for (refactor fuzzer, seed
// 700's 789422324, where a second --write took them).
#pragma once

#include <set>
#include <string>
#include <utility>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::inline converge {

// The config addresses of the anchors a plan updates or replaces, from its rendering
// (only where `summary.recognised`), or from show -json. `on_trial` are the pairings
// (from, to) of the plan that are not certain: what they move is no anchor.
std::set<std::string> changed_anchors(const PlanTextSummary& summary, const std::set<std::pair<Address, Address>>& on_trial);
std::set<std::string> changed_anchors(const Plan& plan, const std::set<std::pair<Address, Address>>& on_trial);

}  // namespace tfw::core::converge
