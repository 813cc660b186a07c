// What a root's plan would destroy that a sibling root manages. A migration between roots
// cut short between its pushes leaves an object in both roots' states; the root that
// gave it up then plans to destroy it, and a plain per-root pipeline (one CI job per root,
// a fresh checkout each) applies that plan. The policy key `roots` names the roots a root
// exchanges objects with; their states, read before such a plan is applied, show the
// object in two places. Pure: plans and states in, findings out.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline roots {

// A managed object the plan destroys, alone or as the first half of a replace.
struct DestroyedObject {
    std::string address;
    std::string type;
    std::string provider;  // source address
    std::string id;
};

// Every destroyed object whose id the plan knows (a plain destroy's prior values, a
// replace's values held until apply), in plan order.
std::vector<DestroyedObject> destroyed_objects(const Plan& plan);

struct HeldBySibling {
    DestroyedObject object;
    std::size_t sibling = 0;  // index into the sibling states
    std::string sibling_address;
};

// The destroyed objects that a sibling's state (a `state pull`, "" for none) holds under
// the same provider, type and id. The id alone is enough to refuse: refusing costs a
// person a look, while destroying what another root manages costs the object.
std::vector<HeldBySibling> held_by_siblings(const std::vector<DestroyedObject>& destroyed,
                                            const std::vector<std::string>& sibling_states);

}  // namespace tfw::core::roots
