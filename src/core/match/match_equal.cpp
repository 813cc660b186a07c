// Stage 1: pairs whose known values are all equal, under the policy's ignore rules.
// Grouped so the cost is near-linear: by type and provider, then by the creation's set of
// unknown paths, then by a signature of the values compared.
#include <algorithm>
#include <unordered_map>

#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {
namespace {

// Up to this many distinct sets of unknown paths in a type, matching keeps one signature
// per set; past it, one coarse signature and a full comparison per candidate.
constexpr std::size_t exact_signature_sets = 16;

// The comparable content of one side as a string: equal strings mean no difference.
// `skip` holds the creation's unknown paths, which are not compared.
std::string signature(const Attributes& attributes, const std::vector<std::string_view>& skip,
                      const std::vector<const IgnoreRule*>& rules) {
    std::string out;
    for (const auto& leaf : attributes) {
        if (leaf.unknown || covered_by_any(skip, leaf.path)) continue;
        std::optional<std::string> value = rules.empty() ? std::optional<std::string>(leaf.value)
                                                         : normalize_for_comparison(rules, leaf.path, leaf.value);
        if (!value) continue;
        out += leaf.path;
        out += '\0';
        out += *value;
        out += '\0';
    }
    return out;
}

// The attributes among `paths` under which the deletion holds a value.
std::vector<std::string> valued_attributes_under(const Attributes& attributes, const std::vector<std::string_view>& paths) {
    std::vector<std::string> out;
    if (paths.empty()) return out;
    for (const auto& leaf : attributes) {
        if (leaf.value == "null" || !covered_by_any(paths, leaf.path)) continue;
        std::string attribute = leaf.path.substr(0, leaf.path.find_first_of(".["));
        if (std::find(out.begin(), out.end(), attribute) == out.end()) out.push_back(std::move(attribute));
    }
    return out;
}

class EqualPairs {
public:
    explicit EqualPairs(MatchState& state) : state_(state) {}

    void run() {
        std::map<std::pair<std::string, std::string>, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> groups;
        for (std::size_t d = 0; d < state_.deletions.size(); ++d)
            groups[{state_.deletions[d].type(), state_.deletions[d].change->provider_name}].first.push_back(d);
        for (std::size_t c = 0; c < state_.creations.size(); ++c)
            groups[{state_.creations[c].type(), state_.creations[c].change->provider_name}].second.push_back(c);

        for (const auto& [key, members] : groups) {
            const auto& [ds, cs] = members;
            if (ds.empty() || cs.empty()) continue;
            std::vector<const IgnoreRule*> rules = ignore_rules_for(state_.policy, key.first);
            std::map<UnknownSets, std::vector<std::size_t>> by_unknowns;
            for (std::size_t c : cs) {
                auto skip = unknown_paths(state_.creations[c].attributes());
                auto configured = configured_unknowns(c, skip);
                by_unknowns[{std::move(skip), std::move(configured)}].push_back(c);
            }
            if (by_unknowns.size() > exact_signature_sets) {
                match_by_coarse_signature(ds, by_unknowns, rules);
                continue;
            }
            for (const auto& [unknown_sets, same_unknowns] : by_unknowns) {
                const auto& [skip, configured] = unknown_sets;
                std::unordered_map<std::string, std::vector<std::size_t>> by_signature;
                for (std::size_t d : ds) by_signature[signature(state_.deletions[d].attributes(), skip, rules)].push_back(d);
                for (std::size_t c : same_unknowns) {
                    auto it = by_signature.find(signature(state_.creations[c].attributes(), {}, rules));
                    if (it == by_signature.end()) continue;
                    for (std::size_t d : it->second) add(d, c, configured);
                }
            }
        }
    }

private:
    // The creation's unknown paths, and those of them its configuration sets.
    using UnknownSets = std::pair<std::vector<std::string_view>, std::vector<std::string_view>>;

    // A pair equal on its known values; if the creation's configuration sets a value still
    // unknown where the deletion has one, the pair is unverified: only a plan with the move
    // in can tell whether the two end equal.
    void add(std::size_t d, std::size_t c, const std::vector<std::string_view>& configured_unknown) {
        state_.add_candidate(d, c);
        auto attributes = valued_attributes_under(state_.deletions[d].attributes(), configured_unknown);
        if (!attributes.empty()) state_.unverified[{d, c}] = std::move(attributes);
    }

    // Many creations with different unknown paths: one signature per set would make the
    // pass grow with deletions times sets. Instead both sides drop every path unknown in
    // any creation of the group, and each pair in a bucket is then compared in full.
    void match_by_coarse_signature(const std::vector<std::size_t>& ds,
                                   const std::map<UnknownSets, std::vector<std::size_t>>& by_unknowns,
                                   const std::vector<const IgnoreRule*>& rules) {
        std::vector<std::string_view> any_unknown;
        for (const auto& [unknown_sets, same_unknowns] : by_unknowns)
            any_unknown.insert(any_unknown.end(), unknown_sets.first.begin(), unknown_sets.first.end());
        std::sort(any_unknown.begin(), any_unknown.end());
        any_unknown.erase(std::unique(any_unknown.begin(), any_unknown.end()), any_unknown.end());
        std::unordered_map<std::string, std::vector<std::size_t>> by_signature;
        for (std::size_t d : ds) by_signature[signature(state_.deletions[d].attributes(), any_unknown, rules)].push_back(d);
        for (const auto& [unknown_sets, same_unknowns] : by_unknowns) {
            for (std::size_t c : same_unknowns) {
                auto it = by_signature.find(signature(state_.creations[c].attributes(), any_unknown, rules));
                if (it == by_signature.end()) continue;
                for (std::size_t d : it->second)
                    if (differing_paths(state_.deletions[d].attributes(), state_.creations[c].attributes(), rules).empty())
                        add(d, c, unknown_sets.second);
            }
        }
    }

    // Unknown paths of a creation that its configuration sets: their value is decided by
    // something not yet known. Unknown computed attributes (ids, ARNs) are another matter:
    // they are skipped.
    std::vector<std::string_view> configured_unknowns(std::size_t c, const std::vector<std::string_view>& unknown) {
        std::vector<std::string_view> out;
        if (unknown.empty()) return out;
        const auto& resources = state_.config_resources();
        auto resource = resources.find(config_resource_address(state_.creations[c].address()));
        if (resource == resources.end()) return out;
        for (auto path : unknown)
            if (resource->second->sets(path)) out.push_back(path);
        return out;
    }

    MatchState& state_;
};

}  // namespace

void find_equal_pairs(MatchState& state) { EqualPairs(state).run(); }

}  // namespace tfw::core::match
