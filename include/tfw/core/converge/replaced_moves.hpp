// A plan that withdrew moves as Terraform replaced them, read as the plan without those
// moves would read. Terraform plans the new object of a replacement as a creation from
// nothing, so a moved object it replaces is, value for value, the deletion of its old
// address (its prior values) and the creation of its new one (the values planned for
// it). The engine analyses such a plan at once when the moves that stand may have made
// new values known, instead of planning once more without the withdrawn moves first: the
// halves of each refuted move stay in sight, to be paired with another candidate.
#pragma once

#include <set>
#include <utility>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/model/move.hpp"

namespace tfw::core::inline converge {

// Each change that moved an object of `replaced` (from, to) and replaces it becomes a
// deletion at `from` and a creation at `to`; the state's dependencies of `to` are those of
// `from` too, where the plan has none for it. Every other change stays as it is.
Plan without_replaced_moves(Plan plan, const std::set<MovePair>& replaced);

}  // namespace tfw::core::converge
