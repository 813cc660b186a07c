#include "tfw/core/match/match.hpp"

#include <algorithm>

#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {

MatchResult match_moves(const Plan& plan, const Policy& policy) {
    MatchState state(plan, policy);
    find_equal_pairs(state);
    resolve_ties(state);
    find_pairs_beside_ignored_changes(state);
    find_partial_pairs(state);
    guess_equal_ties(state);
    find_cross_type_pairs(state);
    explain_unmatched(state);
    std::sort(state.result.moves.begin(), state.result.moves.end(),
              [](const Move& a, const Move& b) { return a.from < b.from; });
    std::sort(state.result.ties.begin(), state.result.ties.end(), [](const TiedPair& a, const TiedPair& b) {
        return a.move.from != b.move.from ? a.move.from < b.move.from : a.move.to < b.move.to;
    });
    return std::move(state.result);
}

std::vector<std::string> differing_paths(const Attributes& before, const Attributes& after,
                                         const std::vector<const IgnoreRule*>& rules) {
    std::vector<std::string> out;
    auto skip = unknown_paths(after);
    auto comparable = [&](const AttributeLeaf& leaf) -> std::optional<std::string> {
        if (rules.empty()) return leaf.value;
        return normalize_for_comparison(rules, leaf.path, leaf.value);
    };
    std::size_t i = 0, j = 0;
    while (i < before.size() || j < after.size()) {
        bool take_before = j == after.size() || (i < before.size() && before[i].path < after[j].path);
        bool take_after = i == before.size() || (j < after.size() && after[j].path < before[i].path);
        if (take_before) {
            const auto& leaf = before[i++];
            if (!covered_by_any(skip, leaf.path) && comparable(leaf)) out.push_back(leaf.path);
        } else if (take_after) {
            const auto& leaf = after[j++];
            if (!leaf.unknown && comparable(leaf)) out.push_back(leaf.path);
        } else {
            const auto& b = before[i++];
            const auto& a = after[j++];
            if (a.unknown) continue;
            auto left = comparable(b);
            auto right = comparable(a);
            if (left && right && *left != *right) out.push_back(b.path);
        }
    }
    return out;
}

}  // namespace tfw::core::match
