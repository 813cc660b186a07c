// Stage 3a: pairs that differ only where the new configuration ignores changes. A
// service renamed whose `lifecycle { ignore_changes = [desired_count] }` hides a count the
// autoscaler owns (the state holds 7, the configuration 2), a bucket whose tags are
// managed elsewhere: Terraform plans the move with no change, and every other known value
// is equal. A difference the new configuration ignores is no evidence against identity;
// it is no evidence for it either, so the pair stands only where the other values tell it
// apart as an exact pair's would: not all zero values (`shares_identity`), and no other
// unpaired object of the type matches either side so. Such a pair goes on trial marked
// `identity_beside_ignored`, and Terraform's no change confirms it. Where the ignored
// attributes are all the evidence there is (`ignore_changes = all`, or nothing else
// known), the pair is left to the partial stage, whose no change under ignore_changes is
// the update it hides (converge/move_trial's with_ignored_differences): proposed.
#include <algorithm>
#include <map>

#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {
namespace {

// Whether the pair differs, and only where `ignored` covers, with an equal value that is
// not a zero value elsewhere.
bool differs_only_where_ignored(const Attributes& before, const Attributes& after, const IgnoredChanges& ignored) {
    const std::vector<std::string> differing = differing_paths(before, after);
    if (differing.empty()) return false;
    if (!std::all_of(differing.begin(), differing.end(), [&](const std::string& path) { return ignored.covers(path); }))
        return false;
    return shares_identity(before, after, ignored);
}

}  // namespace

void find_pairs_beside_ignored_changes(MatchState& state) {
    const auto& resources = state.config_resources();
    // Per pair of unpaired, untied sides of one type and provider.
    std::map<std::size_t, std::vector<std::size_t>> creations_of, deletions_of;
    for (std::size_t c = 0; c < state.creations.size(); ++c) {
        if (state.matched_creation[c] || state.tied_creations.count(c)) continue;
        const auto config = resources.find(config_resource_address(state.creations[c].address()));
        if (config == resources.end() || !config->second->ignored_changes.any() || config->second->ignored_changes.all) continue;
        const IgnoredChanges& ignored = config->second->ignored_changes;
        for (std::size_t d = 0; d < state.deletions.size(); ++d) {
            if (state.matched_deletion[d] || state.tied_deletions.count(d)) continue;
            if (state.deletions[d].type() != state.creations[c].type() ||
                state.deletions[d].change->provider_name != state.creations[c].change->provider_name)
                continue;
            if (!differs_only_where_ignored(state.deletions[d].attributes(), state.creations[c].attributes(), ignored)) continue;
            creations_of[d].push_back(c);
            deletions_of[c].push_back(d);
        }
    }
    for (const auto& [d, creations] : creations_of) {
        if (creations.size() != 1 || deletions_of[creations.front()].size() != 1) continue;
        // The other sides of the type must not match either one exactly: the equal stage
        // left those as ties, which the pools above skip, or paired them.
        const std::size_t c = creations.front();
        Move move = partial_move(state.deletions[d].attributes(), state.creations[c].attributes(),
                                 "every other known value is equal and no other object matches them; its new "
                                 "configuration ignores changes there");
        move.identity_beside_ignored = true;
        state.accept(d, c, std::move(move));
    }
}

}  // namespace tfw::core::match
