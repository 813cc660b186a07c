// Turning instance moves into the fewest moved blocks that mean exactly the same:
// one block per module instance when everything under it moved alike, one block per
// resource (or module call) when every instance moved keeping its key.
#pragma once

#include <vector>

#include "tfw/core/address.hpp"

namespace tfw::core {

struct MoveBlock {
    Address from;
    Address to;
    bool operator==(const MoveBlock&) const = default;
    auto operator<=>(const MoveBlock&) const = default;
};

// `moves` are resource-instance moves; `prior_objects` every managed resource instance
// in the prior state (old addresses). A collapse happens only when it is exactly
// equivalent: it covers every prior object under the old prefix, and nothing lived
// under the new prefix before. Sorted by `from`.
std::vector<MoveBlock> collapse_moves(const std::vector<MoveBlock>& moves, const std::vector<Address>& prior_objects);

}  // namespace tfw::core
