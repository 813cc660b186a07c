// Terraform's own moves as a hypothesis like any other (issue 47). When `count` comes to
// a resource, Terraform moves `x` to `x[0]` by itself (and back when it goes), whatever
// else the plan deletes and creates. Where another deletion of the type is the old object's
// twin, or matches what `x[0]` becomes, that pairing may be the wrong one: `z` and `x`
// merged into `x[0..1]` with `x[0]` taking `z`'s values, or identical `z` and `x` where what
// holds `z`'s id now reads `x[0]`. Read as a deletion of `x` and a creation of `x[0]`, the
// plan lets the matcher and the trials pair them as evidence says; an explicit moved block
// from `x` switches Terraform's own move off.
#pragma once

#include <set>
#include <utility>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/model/move.hpp"

namespace tfw::core::inline converge {

// `plan` with each of Terraform's own moves (ResourceChange::is_kept_implied_move) that
// another deletion of its type and provider questions read apart: a deletion at its old
// address (its prior values) and a creation at its new one (its planned values, its id
// and arn unknown, as a new object's are). A deletion questions it when its prior values
// equal the moved object's prior values, or its planned ones, but for the id and arn.
// A creation that holds the id the moved object had at its new address holds whichever
// object ends there: that value is unknown too. The moves of `own` are tfw's, never
// Terraform's.
Plan with_implied_moves_questioned(Plan plan, const std::set<MovePair>& own);

}  // namespace tfw::core::converge
