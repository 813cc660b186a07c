#include "tfw/core/roots/split_objects.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "tfw/core/model/text.hpp"

namespace tfw::core::inline roots {
namespace {

std::string mismatch(const StateObjectId& first, const StateObjectId& second) {
    if (first.provider != second.provider)
        return "another provider (" + first.provider + " in one state, " + second.provider + " in the other)";
    const std::vector<std::string> differing = differing_values(first.values, second.values);
    if (differing.empty()) return "";
    return "other values (" + join(differing) + ")";
}

}  // namespace

std::vector<SplitObject> objects_in_two_states(const std::vector<std::string>& states) {
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<std::size_t, StateObjectId>>> holders;
    for (std::size_t root = 0; root < states.size(); ++root)
        for (auto& object : object_ids(states[root])) holders[{object.type, object.id}].emplace_back(root, object);
    std::vector<SplitObject> out;
    for (const auto& [identity, held] : holders)
        for (std::size_t i = 0; i < held.size(); ++i)
            for (std::size_t j = i + 1; j < held.size(); ++j)
                if (held[i].first != held[j].first)
                    out.push_back({held[i].first, held[i].second, held[j].first, held[j].second,
                                   mismatch(held[i].second, held[j].second)});
    std::sort(out.begin(), out.end(), [](const SplitObject& a, const SplitObject& b) {
        return std::tie(a.first_root, a.first.address, a.second_root, a.second.address) <
               std::tie(b.first_root, b.first.address, b.second_root, b.second.address);
    });
    return out;
}

namespace {

// What a root's plan does to its copy: "no change", "a destroy", … or "nothing" when the
// plan has no entry for it.
std::string planned(const Plan& plan, const std::string& address) {
    const ResourceChange* change = find_change(plan, address);
    if (!change) return "nothing";
    if (change->previous_address) return "a move from " + to_string(*change->previous_address);
    return std::string(action_words(change->action));
}

}  // namespace

SplitVerdict judge_split_object(const SplitObject& object, const Plan& first_plan, const Plan& second_plan,
                                const std::vector<std::string>& root_names) {
    SplitVerdict verdict;
    const std::string first_words = planned(first_plan, object.first.address);
    const std::string second_words = planned(second_plan, object.second.address);
    const bool first_keeps = first_words == "no change";
    const bool second_keeps = second_words == "no change";
    const bool first_drops = first_words == action_words(Action::remove);
    const bool second_drops = second_words == action_words(Action::remove);
    if (first_keeps && second_drops) {
        verdict = {true, object.first_root, object.first.address, object.second_root, object.second.address, ""};
    } else if (second_keeps && first_drops) {
        verdict = {true, object.second_root, object.second.address, object.first_root, object.first.address, ""};
    } else {
        const auto destroys = [](const Plan& plan, const std::string& address) {
            const ResourceChange* change = find_change(plan, address);
            return change && change->destroys_its_object();
        };
        verdict.destroyed = destroys(first_plan, object.first.address) || destroys(second_plan, object.second.address);
        const std::string planned_text = "Terraform plans " + first_words + " for it in " + root_names[object.first_root] +
                                         " and " + second_words + " in " + root_names[object.second_root];
        verdict.refusal = verdict.destroyed ? planned_text + ", not no change in one and a destroy in the other, so tfw "
                                                             "cannot tell which root keeps it"
                                            : planned_text + ", and a destroy in neither";
    }
    return verdict;
}

}  // namespace tfw::core::roots
