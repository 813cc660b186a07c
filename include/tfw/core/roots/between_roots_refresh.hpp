// Whether the plans between root modules refresh (tfw plan --root, tfw apply --root).
// Each root's own run ends with a plan made with the user's options: unless they say
// otherwise, it has just refreshed every object of that root. The plans between roots
// are made against copies of the states as stored, with the objects on trial carried
// over, so their refresh reads the same objects again, and can change a verdict only
// where the roots' own refresh found an object otherwise than stored (drift). Without
// drift they all skip it, and a root refreshes no more than its own run did (at most
// twice); with drift they refresh as inside one root: the trials skip it and the final
// plan between roots refreshes as asked.
#pragma once

#include <string>
#include <vector>

#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline roots {

struct BetweenRootsRefresh {
    // The engine's EngineSettings::refresh: its trials skip the refresh, and its final
    // plan refreshes as asked.
    bool engine_refresh = false;
    // The options of every plan between roots (the engine adds -refresh=false to its
    // trials when engine_refresh).
    std::vector<std::string> plan_args;
};

// `user_plan_args`: the user's plan options; `root_plans`: each root's own final plan.
BetweenRootsRefresh between_roots_refresh(const std::vector<std::string>& user_plan_args,
                                          const std::vector<const Plan*>& root_plans);

}  // namespace tfw::core::roots
