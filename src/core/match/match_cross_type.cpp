// Stage 4: across resource types, only where a cross_type rule allows the pair. The
// attributes both types share must all be equal, and the pairing must be mutual and
// unique. Pairs are compared within each allowed pair of types, and like partial
// matching, only where both pools are small.
#include "tfw/core/match/match_state.hpp"

#include <algorithm>

namespace tfw::core::inline match {
namespace {

constexpr std::size_t cross_type_candidate_cap = 64;

bool shared_attributes_equal(const MatchSide& deletion, const MatchSide& creation) {
    const auto& before = deletion.attributes();
    const auto& after = creation.attributes();
    std::size_t shared = 0;
    for (const auto& leaf : after) {
        if (leaf.unknown) continue;
        auto it = std::lower_bound(before.begin(), before.end(), leaf.path,
                                   [](const AttributeLeaf& a, const std::string& p) { return a.path < p; });
        if (it == before.end() || it->path != leaf.path) continue;
        if (it->value != leaf.value) return false;
        ++shared;
    }
    const auto& from = deletion.address();
    const auto& to = creation.address();
    bool same_name = from.module == to.module && from.resource->name == to.resource->name;
    return shared > 0 || same_name;
}

}  // namespace

void find_cross_type_pairs(MatchState& state) {
    if (state.policy.cross_type.empty()) return;
    std::map<std::string, std::vector<std::size_t>> deletions_by_type, creations_by_type;
    for (std::size_t d = 0; d < state.deletions.size(); ++d)
        if (!state.matched_deletion[d] && !state.tied_deletions.count(d))
            deletions_by_type[state.deletions[d].type()].push_back(d);
    for (std::size_t c = 0; c < state.creations.size(); ++c)
        if (!state.matched_creation[c] && !state.tied_creations.count(c))
            creations_by_type[state.creations[c].type()].push_back(c);
    std::vector<std::vector<std::size_t>> options(state.deletions.size());
    std::vector<std::vector<std::size_t>> options_of_creation(state.creations.size());
    // A side some of whose allowed types went uncompared cannot be shown unique.
    std::vector<bool> deletion_unexamined(state.deletions.size(), false);
    std::vector<bool> creation_unexamined(state.creations.size(), false);
    for (const auto& [from_type, ds] : deletions_by_type) {
        for (const auto& [to_type, cs] : creations_by_type) {
            if (!cross_type_allowed(state.policy, from_type, to_type)) continue;
            if (ds.size() > cross_type_candidate_cap || cs.size() > cross_type_candidate_cap) {
                state.skipped_cross_deletion_types.insert(from_type);
                state.skipped_cross_creation_types.insert(to_type);
                for (std::size_t d : ds) deletion_unexamined[d] = true;
                for (std::size_t c : cs) creation_unexamined[c] = true;
                continue;
            }
            for (std::size_t d : ds)
                for (std::size_t c : cs)
                    if (shared_attributes_equal(state.deletions[d], state.creations[c])) {
                        options[d].push_back(c);
                        options_of_creation[c].push_back(d);
                    }
        }
    }
    for (std::size_t d = 0; d < state.deletions.size(); ++d) {
        if (options[d].size() != 1 || options_of_creation[options[d][0]].size() != 1) continue;
        std::size_t c = options[d][0];
        if (deletion_unexamined[d] || creation_unexamined[c]) continue;
        Move move;
        move.kind = MatchKind::cross_type;
        move.evidence = state.deletions[d].type() + " \xE2\x86\x92 " + state.creations[c].type() +
                        " allowed by policy; shared attributes equal";
        state.accept(d, c, std::move(move));
    }
}

}  // namespace tfw::core::match
