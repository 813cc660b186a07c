// Several root modules as one plan, so that the matcher and the convergence engine that
// pair objects inside one root pair them between roots too, with the same stages,
// verdicts, ties and policy: root i's objects live under the module call `tfw_root_i`.
// A move between two such calls is a transfer between two states (core/roots/state_migration),
// which Terraform judges by planning both roots against private copies of their states;
// the merged plan of such a trial marks each transferred object as moved, the way a
// `moved` block makes Terraform mark it. Pure: plans in, plans out.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/match/match.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/roots/migration_plan.hpp"
#include "tfw/core/converge/tie_trials.hpp"

namespace tfw::core::inline roots {

// Root `root`'s object at `address` as the merged plan has it, and back.
Address in_merged_plan(std::size_t root, const Address& address);
struct RootObject {
    std::size_t root = 0;
    Address address;
};
std::optional<RootObject> from_merged_plan(const Address& merged);

// `plans[i]` is root i's plan; each change, prior dependency, drifted object and module of
// configuration goes under root i's call.
Plan merge_root_plans(const std::vector<const Plan*>& plans);

// Keeps the pairs of a merged plan that a transfer between two states can carry out: both
// sides among `sides` (what each root's own run left a plain deletion or creation), in two
// roots, of one type (a state transfer never changes a type, as a `moved` block may). A
// group of ties (candidates connected by ties) with one pair no transfer can take leaves
// the trials whole, with any move resolved out of it: that pair is never tried, so never
// refuted, and a pair of the group confirmed alone would not be conclusive. Sides left
// without a move say why.
void keep_moves_between_roots(MatchResult& matched, const std::set<Address>& sides);

// The transfers a trial's moves ask for, in their order.
std::vector<StateTransfer> transfers_of(const std::vector<MovePair>& moves);

// In the merged plan of roots planned against states with `moves` carried out: each object
// where it arrived is marked as moved from where it left, unless Terraform plans it moved
// from elsewhere in its root, plans nothing there, or still plans something where it left.
// Then judge_trial finds no move, and the transfer is refuted.
void mark_transfers(Plan& merged, const std::vector<MovePair>& moves);

// `text` with each `module.tfw_root_i.` of an address read as `name_i: `.
std::string with_root_names(std::string text, const std::vector<std::string>& names);

}  // namespace tfw::core::roots
