// Turning instance moves into the fewest moved blocks that mean exactly the same:
// one block per module instance when everything under it moved alike, one block per
// resource (or module call) when every instance moved keeping its key.
#pragma once

#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline write {

struct MoveBlock {
    Address from;
    Address to;
    bool operator==(const MoveBlock&) const = default;
    auto operator<=>(const MoveBlock&) const = default;
};

// `moves` are resource-instance moves; `prior_objects` every managed resource instance
// in the prior state at its address in the analysed plan (see prior_objects(Plan)):
// either before the moves (a deletion at a move's `from`) or after them (an object at a
// move's `to`, which counts as being at that move's `from`).
//
// A collapse happens only when it is exactly equivalent: it covers every prior object
// under the old prefix (at least one), nothing lived under the new prefix before, and,
// when `configuration` (the new configuration) is given, the old module instance, module
// call or resource is no longer declared, which Terraform would refuse as "Moved object
// still exists". Module keys count there: once call `a` has gained for_each or count,
// the no-key instance `module.a` and every object in it are gone, and the moves' keys
// show that even where show -json omitted the call's for_each or count expression.
// Without `configuration` that last check is skipped. Sorted by `from`.
std::vector<MoveBlock> collapse_moves(const std::vector<MoveBlock>& moves, const std::vector<Address>& prior_objects,
                                      const ConfigModule* configuration = nullptr);

// The prior objects at the `from` side of the moves: an object found at a move's `to` was
// moved there by that move (an injected block), so it is at the move's `from` before.
std::vector<Address> before_moves(const std::vector<Address>& prior_objects, const std::vector<MoveBlock>& moves);

}  // namespace tfw::core::write
