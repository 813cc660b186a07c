// One object in the states of two roots at once: what a migration between roots leaves
// when it is cut short between its pushes (the gaining root pushed, the losing one not
// yet). The states alone show it, so any later `tfw plan --root` or `apply --root` on a
// fresh checkout finds it, with no journal needed. Terraform decides who keeps it: the
// root whose configuration declares it plans no change for it, the other plans to
// destroy it, which would destroy the object the first one manages. Pure.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tfw/core/model/plan.hpp"
#include "tfw/core/roots/migration_plan.hpp"

namespace tfw::core::inline roots {

struct SplitObject {
    std::size_t first_root = 0;
    StateObjectId first;
    std::size_t second_root = 0;
    StateObjectId second;
    // Why the two may be two objects that share an id, or "" when they are one object
    // copied from one state into the other: the same provider and every value equal. Names
    // repeat across accounts, regions and clusters (an IAM role, a namespace), so a type
    // and an id alone prove nothing, and only one object is ever repaired.
    std::string mismatch;
    bool operator==(const SplitObject&) const = default;
};

// Objects of the same type and id held by two of `states` (each a `state pull`, "" for
// none), in root order. An id held by more than two roots is reported for each pair.
std::vector<SplitObject> objects_in_two_states(const std::vector<std::string>& states);

// Who keeps a split object, by each root's plan.
struct SplitVerdict {
    bool decided = false;
    std::size_t keeping_root = 0;
    std::string keeping_address;
    std::size_t losing_root = 0;
    std::string losing_address;
    std::string refusal;  // when not decided: why, in plain words
    // When not decided: whether a root's plan destroys its copy (a destroy or a replace),
    // which destroys what the other root manages if the two are one object. When no plan
    // does, they may as well be two objects that share an id and every value (a namespace
    // of one name in two clusters behind one provider alias), and are left as they are.
    bool destroyed = false;
};

SplitVerdict judge_split_object(const SplitObject& object, const Plan& first_plan, const Plan& second_plan,
                                const std::vector<std::string>& root_names);

}  // namespace tfw::core::roots
