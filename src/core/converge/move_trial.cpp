#include "tfw/core/converge/move_trial.hpp"

#include <algorithm>

namespace tfw::core::inline converge {

std::optional<TrialVerdict> judge_trial(const PlanTextSummary& summary, const Move& move,
                                        const std::optional<Address>& from_in_state) {
    const std::string to = to_string(move.to);
    const std::string from = to_string(move.from);
    const std::string earliest = from_in_state ? to_string(*from_in_state) : from;
    for (const auto& header : summary.headers) {
        if (header.address != to || header.deposed) continue;
        if (header.previous_address != from && header.previous_address != earliest)
            return TrialVerdict{TrialOutcome::not_moved, {}};
        switch (header.action) {
            case HeaderAction::move: return TrialVerdict{TrialOutcome::no_change, {}};
            case HeaderAction::update: return TrialVerdict{TrialOutcome::update, header.changed_attributes};
            case HeaderAction::replace: return TrialVerdict{TrialOutcome::replace, header.changed_attributes};
            default: return TrialVerdict{TrialOutcome::not_moved, {}};
        }
    }
    return std::nullopt;
}

TrialVerdict judge_trial(const Plan& plan, const Move& move, const std::optional<Address>& from_in_state) {
    for (const auto& change : plan.changes) {
        if (change.deposed || change.address != move.to) continue;
        if (!change.previous_address ||
            (*change.previous_address != move.from && (!from_in_state || *change.previous_address != *from_in_state)))
            return {TrialOutcome::not_moved, {}};
        switch (change.action) {
            case Action::no_op: return {TrialOutcome::no_change, {}};
            case Action::update: return {TrialOutcome::update, change.changed_attributes};
            case Action::delete_then_create:
            case Action::create_then_delete: return {TrialOutcome::replace, {}};
            default: return {TrialOutcome::not_moved, {}};
        }
    }
    return {TrialOutcome::not_moved, {}};
}

std::optional<TrialVerdict> judge_staying(const PlanTextSummary& summary, const Address& address) {
    if (!summary.recognised) return std::nullopt;
    const std::string printed = to_string(address);
    for (const auto& header : summary.headers) {
        if (header.address != printed || header.deposed) continue;
        switch (header.action) {
            case HeaderAction::move:
            case HeaderAction::read: return TrialVerdict{TrialOutcome::no_change, {}};
            case HeaderAction::update: return TrialVerdict{TrialOutcome::update, header.changed_attributes};
            default: return TrialVerdict{TrialOutcome::replace, header.changed_attributes};
        }
    }
    return TrialVerdict{TrialOutcome::no_change, {}};
}

TrialVerdict judge_staying(const Plan& plan, const Address& address) {
    for (const auto& change : plan.changes) {
        if (change.deposed || change.address != address) continue;
        switch (change.action) {
            case Action::no_op:
            case Action::read: return {TrialOutcome::no_change, {}};
            case Action::update: return {TrialOutcome::update, {}};
            default: return {TrialOutcome::replace, {}};
        }
    }
    return {TrialOutcome::no_change, {}};
}

bool ignore_rules_cover(const Policy& policy, std::string_view type, const TrialVerdict& verdict) {
    if (verdict.changes.empty()) return false;
    const std::vector<const IgnoreRule*> rules = ignore_rules_for(policy, type);
    for (const auto& change : verdict.changes) {
        // A value computed at apply follows from the others (terraform_data's output from
        // its input): tfw's comparison found every known value equal but the ignored ones.
        if (change.find(" (known after apply)") != std::string::npos) continue;
        // `~ tags`, `-/+ name (forces replacement)`: the attribute after the symbol.
        const std::size_t start = change.find(' ');
        if (start == std::string::npos) return false;
        const std::string name = change.substr(start + 1, change.find(' ', start + 1) - start - 1);
        if (std::none_of(rules.begin(), rules.end(), [&](const IgnoreRule* rule) { return path_glob_match(rule->path_glob, name); }))
            return false;
    }
    return true;
}

TrialVerdict with_ignored_differences(const TrialVerdict& verdict, const Move& move, const IgnoredChanges& ignored) {
    if (verdict.outcome != TrialOutcome::no_change || move.identity_beside_ignored) return verdict;
    TrialVerdict out{TrialOutcome::update, {}};
    for (const auto& path : move.remaining_differences)
        if (ignored.covers(path)) out.changes.push_back("~ " + path + ", which its ignore_changes hides");
    return out.changes.empty() ? verdict : out;
}

std::string describe(const TrialVerdict& verdict) {
    std::string changes;
    for (const auto& change : verdict.changes) changes += (changes.empty() ? "" : ", ") + change;
    std::string suffix = changes.empty() ? "" : " (" + changes + ")";
    switch (verdict.outcome) {
        case TrialOutcome::no_change: return "Terraform plans it with no change";
        case TrialOutcome::update: return "Terraform would update it in place" + suffix;
        case TrialOutcome::replace: return "Terraform would replace it" + suffix;
        case TrialOutcome::not_moved: return "Terraform did not carry the move out";
    }
    return "";
}

}  // namespace tfw::core::converge
