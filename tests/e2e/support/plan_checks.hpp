// Questions the end-to-end tests ask of a plan (loaded from `terraform show -json`).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tfw/core/model/plan.hpp"

namespace tfw::e2e {

// Terraform's spelling: "create", "delete", "no-op", "delete,create", …
std::string_view action_name(core::Action action);

// Resource changes whose action is exactly `action` (Action::remove is a plain delete).
std::size_t count_actions(const core::Plan& plan, core::Action action);
// Changes that destroy an object: plain deletes and replacements in either order.
std::size_t count_destroying(const core::Plan& plan);

// The change at `address` as Terraform prints it, or null (core/model/plan.hpp's).
using core::find_change;

// The action planned at `address` as action_name says it ("update", "delete,create"), or
// "absent" when the plan has no change there.
std::string action_at(const core::Plan& plan, std::string_view address);

// The previous address of the object now at `address`, or "" when it did not move (or
// is not in the plan).
std::string moved_from(const core::Plan& plan, std::string_view address);

// Every move in the plan as (from, to), sorted.
std::vector<std::pair<std::string, std::string>> moves(const core::Plan& plan);

// One line per resource change, sorted: `address: action` or
// `address (moved from previous): action`. Two plans that reach the same result
// describe the same.
std::string describe(const core::Plan& plan);

}  // namespace tfw::e2e
