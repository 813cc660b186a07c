// Loading the plan model from `terraform show -json` output. The only RapidJSON user
// for plans: everything downstream sees plain data.
#pragma once

#include <stdexcept>
#include <string>

#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline parse {

struct PlanJsonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Parses in place: `json_text` is clobbered, which saves a copy of every string. What
// tfw does not read (planned_values, prior attribute values, the values of changes that
// cannot be half of a move) is skipped unparsed: see json_cursor.hpp.
// Throws PlanJsonError on malformed input, naming the offset.
Plan load_plan_json(std::string& json_text);

}  // namespace tfw::core::parse
