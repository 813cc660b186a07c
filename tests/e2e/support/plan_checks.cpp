#include "plan_checks.hpp"

#include <algorithm>

#include "tfw/core/model/address.hpp"

namespace tfw::e2e {

std::string_view action_name(core::Action action) {
    switch (action) {
        case core::Action::no_op: return "no-op";
        case core::Action::create: return "create";
        case core::Action::remove: return "delete";
        case core::Action::update: return "update";
        case core::Action::delete_then_create: return "delete,create";
        case core::Action::create_then_delete: return "create,delete";
        case core::Action::read: return "read";
        case core::Action::forget: return "forget";
    }
    return "?";
}

std::size_t count_actions(const core::Plan& plan, core::Action action) {
    return static_cast<std::size_t>(std::count_if(plan.changes.begin(), plan.changes.end(),
                                                  [&](const core::ResourceChange& c) { return c.action == action; }));
}

std::size_t count_destroying(const core::Plan& plan) {
    return count_actions(plan, core::Action::remove) + count_actions(plan, core::Action::delete_then_create) +
           count_actions(plan, core::Action::create_then_delete);
}

std::string action_at(const core::Plan& plan, std::string_view address) {
    const core::ResourceChange* change = find_change(plan, address);
    return change ? std::string(action_name(change->action)) : "absent";
}

std::string moved_from(const core::Plan& plan, std::string_view address) {
    const core::ResourceChange* change = find_change(plan, address);
    if (change == nullptr || !change->previous_address) return "";
    return core::to_string(*change->previous_address);
}

std::vector<std::pair<std::string, std::string>> moves(const core::Plan& plan) {
    std::vector<std::pair<std::string, std::string>> found;
    for (const auto& change : plan.changes)
        if (change.previous_address) found.emplace_back(core::to_string(*change.previous_address), change.address_text);
    std::sort(found.begin(), found.end());
    return found;
}

std::string describe(const core::Plan& plan) {
    std::vector<std::string> lines;
    for (const auto& change : plan.changes) {
        std::string line = change.address_text;
        if (change.deposed) line += " (deposed)";
        if (change.previous_address) line += " (moved from " + core::to_string(*change.previous_address) + ")";
        line += ": ";
        line += action_name(change.action);
        lines.push_back(std::move(line));
    }
    std::sort(lines.begin(), lines.end());
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

}  // namespace tfw::e2e
