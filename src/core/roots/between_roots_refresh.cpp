#include "tfw/core/roots/between_roots_refresh.hpp"

#include <algorithm>

#include "tfw/core/parse/plan_options.hpp"

namespace tfw::core::inline roots {

BetweenRootsRefresh between_roots_refresh(const std::vector<std::string>& user_plan_args,
                                          const std::vector<const Plan*>& root_plans) {
    const bool drift = std::any_of(root_plans.begin(), root_plans.end(),
                                   [](const Plan* plan) { return plan && !plan->drifted.empty(); });
    if (plans_refresh(user_plan_args) && drift) return {true, user_plan_args};
    return {false, without_refresh(user_plan_args)};
}

}  // namespace tfw::core::roots
