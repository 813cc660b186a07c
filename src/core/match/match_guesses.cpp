// Ties guessed once every pair is known. The tie stage (match_ties.cpp) runs before the
// partial stage, whose pairs it cannot see: AWS objects differ from a fresh plan by a
// legacy `""` against null, so a renamed bucket pairs there, and the bucket policies that
// hold its name, tied on equal values across module instances, waited for a second
// analysis. With every pair of both stages known, a guess pairs a tie one to one: by the
// keys its referents' moves took, else by the module instance the rest of theirs went to,
// else by what each depends on where it moved. Each is a guess that stands on no change
// alone (Move::guessed). A guess by keys or dependencies is made only where the deletions
// differ where the creations are unknown, so that at most one pairing plans every object
// with no change; one by module instance also where nothing else tells the objects
// apart: identical helpers go where the instance they sit in went, whichever pairing
// Terraform would also accept.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "tfw/core/match/dependency_evidence.hpp"
#include "tfw/core/match/key_trail.hpp"
#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {
namespace {

// Where each module instance's paired objects went, for the instances whose objects all
// went to one instance that took objects from no other.
std::map<ModulePath, ModulePath> instances_moved(const std::vector<std::pair<Address, Address>>& moves) {
    std::map<ModulePath, std::set<ModulePath>> went_to, came_from;
    for (const auto& [from, to] : moves) {
        went_to[from.module].insert(to.module);
        came_from[to.module].insert(from.module);
    }
    std::map<ModulePath, ModulePath> out;
    for (const auto& [from, to] : went_to)
        if (to.size() == 1 && came_from[*to.begin()].size() == 1) out.emplace(from, *to.begin());
    return out;
}

// Where the moves that stand took a module instance's objects, for an instance none of
// whose own objects moved: its deepest ancestor whose objects all went to one instance
// that took objects from no other (between paths of one depth, as trial_order's trail
// reads them), with the rest of the path kept (module.a["x"].module.b to
// module.a[0].module.b). Nothing where no ancestor tells.
std::optional<ModulePath> where_ancestors_went(const std::vector<std::pair<Address, Address>>& moves, const ModulePath& path) {
    std::map<ModulePath, std::set<ModulePath>> went_to, came_from;
    for (const auto& [from, to] : moves) {
        if (from.module.size() != to.module.size()) continue;
        for (std::size_t depth = 1; depth <= from.module.size(); ++depth) {
            const ModulePath a(from.module.begin(), from.module.begin() + static_cast<std::ptrdiff_t>(depth));
            const ModulePath b(to.module.begin(), to.module.begin() + static_cast<std::ptrdiff_t>(depth));
            went_to[a].insert(b);
            came_from[b].insert(a);
        }
    }
    for (std::size_t depth = path.size(); depth > 0; --depth) {
        const ModulePath ancestor(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(depth));
        const auto went = went_to.find(ancestor);
        if (went == went_to.end()) continue;
        if (went->second.size() != 1 || came_from[*went->second.begin()].size() != 1) return std::nullopt;
        ModulePath out = *went->second.begin();
        out.insert(out.end(), path.begin() + static_cast<std::ptrdiff_t>(depth), path.end());
        return out;
    }
    return std::nullopt;
}

// Each deletion of the group with the one candidate `keep` leaves it, one to one, and,
// where `values_must_tell`, the deletions told apart where the creations are unknown;
// else nothing. Where `keep` leaves several and `prefer` exactly one of them (identical
// helpers of a module instance that moved whole keep their place within it: `volume[1]`
// stays `volume[1]`), that one. Without `values_must_tell`, `keep` or `prefer` must tell
// each deletion's: `keep` leaves out a candidate of it, or `prefer` picks the one left;
// otherwise the pairing would be elimination, not evidence.
std::map<std::size_t, std::size_t> one_each(MatchState& state, const TieGroup& group,
                                            const std::function<bool(std::size_t, std::size_t)>& keep,
                                            const std::function<bool(std::size_t, std::size_t)>& prefer = {},
                                            bool values_must_tell = true) {
    std::map<std::size_t, std::size_t> chosen;
    std::set<std::size_t> taken;
    if (group.deletions.size() != group.creations.size()) return {};
    for (std::size_t d : group.deletions) {
        std::vector<std::size_t> left;
        for (std::size_t c : group.creations)
            if (group.tied(d, c) && keep(d, c)) left.push_back(c);
        const std::size_t tied = static_cast<std::size_t>(
            std::count_if(group.creations.begin(), group.creations.end(), [&](std::size_t c) { return group.tied(d, c); }));
        const bool narrowed = left.size() < tied;
        if (left.size() > 1 && prefer) std::erase_if(left, [&](std::size_t c) { return !prefer(d, c); });
        if (!values_must_tell && !narrowed && (!prefer || left.size() != 1 || !prefer(d, left.front()))) return {};
        if (left.size() != 1 || !taken.insert(left.front()).second) return {};
        chosen[d] = left.front();
    }
    if (values_must_tell && !told_apart_where_unknown(state, chosen)) return {};
    return chosen;
}

// The key trail within each module instance that moved: a tie spanning several instances
// of one module (route table associations of four network calls renamed) splits into one
// group per instance and where it went, each paired by the trail; all of them, or none.
std::map<std::size_t, std::size_t> by_key_trail_per_instance(MatchState& state, const KeyTrail& trail,
                                                             const ReferenceEdges& references,
                                                             const std::map<ModulePath, ModulePath>& moved_instances,
                                                             const TieGroup& group) {
    std::map<ModulePath, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> per_instance;
    for (std::size_t d : group.deletions) {
        const auto to = moved_instances.find(state.deletions[d].address().module);
        if (to == moved_instances.end()) return {};
        per_instance[to->first].first.push_back(d);
    }
    if (per_instance.size() < 2) return {};
    for (std::size_t c : group.creations) {
        bool placed = false;
        for (auto& [from, sides] : per_instance)
            if (moved_instances.at(from) == state.creations[c].address().module) {
                sides.second.push_back(c);
                placed = true;
            }
        if (!placed) return {};
    }
    std::map<std::size_t, std::size_t> chosen;
    for (const auto& [from, sides] : per_instance) {
        const ModulePath& to = moved_instances.at(from);
        const auto paired = pair_by_key_trail(state, trail, references, sides.first, sides.second, [&](std::size_t d, std::size_t c) {
            return group.tied(d, c) && state.creations[c].address().module == to;
        });
        if (paired.empty()) return {};
        chosen.insert(paired.begin(), paired.end());
    }
    return chosen;
}

// The tie groups the tie stage left: candidates on equal values, sides still unpaired.
std::vector<TieGroup> equal_tie_groups(const MatchState& state) {
    std::vector<TieGroup> groups;
    std::set<std::size_t> seen_deletions;
    for (const auto& [start, unused] : state.tied_deletions) {
        if (seen_deletions.count(start) || state.matched_deletion[start]) continue;
        TieGroup group;
        std::set<std::size_t> creations;
        std::vector<std::size_t> queue = {start};
        seen_deletions.insert(start);
        while (!queue.empty()) {
            const std::size_t d = queue.back();
            queue.pop_back();
            group.deletions.push_back(d);
            for (std::size_t c : state.creations_of[d]) {
                if (state.matched_creation[c] || !creations.insert(c).second) continue;
                for (std::size_t other : state.deletions_of[c])
                    if (!state.matched_deletion[other] && seen_deletions.insert(other).second) queue.push_back(other);
            }
        }
        std::sort(group.deletions.begin(), group.deletions.end());
        group.creations.assign(creations.begin(), creations.end());
        group.tied = [&state](std::size_t d, std::size_t c) { return state.creations_of[d].count(c) > 0; };
        groups.push_back(std::move(group));
    }
    return groups;
}

// An equal pair's move, as the tie stage words it.
Move equal_move(MatchState& state, std::size_t d, std::size_t c, const std::string& why) {
    const Attributes& before = state.deletions[d].attributes();
    const Attributes& after = state.creations[c].attributes();
    Move move;
    move.kind = differing_paths(before, after).empty() ? MatchKind::exact : MatchKind::ignore_rules;
    move.evidence = known_values_equal(before, after, move.kind);
    if (auto unknown = state.unverified.find({d, c}); unknown != state.unverified.end()) {
        const std::string attributes = join(unknown->second, ", ");
        move.evidence += "; " + attributes + " unknown until apply";
        move.tentative_because = attributes + (unknown->second.size() == 1 ? " is" : " are") + " unknown until apply";
    }
    move.evidence += "; " + why;
    return move;
}

}  // namespace

void guess_ties(MatchState& state, const std::vector<TieGroup>& groups,
                const std::function<Move(std::size_t d, std::size_t c, const std::string& why)>& make_move) {
    if (groups.empty()) return;
    std::vector<std::pair<Address, Address>> known;
    for (const auto& move : state.result.moves) known.push_back({move.from, move.to});
    const KeyTrail trail = key_trail_of(state.plan, known);
    const std::map<ModulePath, ModulePath> moved_instances = instances_moved(known);
    // Where a deletion's module instance went: where its own objects' moves took them, and,
    // where none of them moved or they went into or out of a module (a different depth),
    // where the instance itself went by the moves between paths of one depth.
    std::map<ModulePath, std::vector<ModulePath>> went_cache;
    auto instance_went = [&](const ModulePath& from) -> const std::vector<ModulePath>& {
        auto [found, fresh] = went_cache.try_emplace(from);
        if (fresh) {
            const auto exact = moved_instances.find(from);
            if (exact != moved_instances.end()) found->second.push_back(exact->second);
            const bool own_moved = std::any_of(known.begin(), known.end(), [&](const auto& m) { return m.first.module == from; });
            if (exact == moved_instances.end() ? !own_moved : exact->second.size() != from.size())
                if (auto trail_went = where_ancestors_went(known, from); trail_went && trail_went != std::optional<ModulePath>(from))
                    found->second.push_back(*trail_went);
        }
        return found->second;
    };
    const ReferenceEdges& references = state.references();
    std::vector<Address> tied_olds, tied_news;
    for (const auto& group : groups) {
        for (std::size_t d : group.deletions) tied_olds.push_back(state.deletions[d].address());
        for (std::size_t c : group.creations) tied_news.push_back(state.creations[c].address());
    }
    const DependencyEvidence evidence(state.plan, known, tied_olds, tied_news);
    for (const auto& group : groups) {
        std::string why, resolved_by;
        std::map<std::size_t, std::size_t> chosen =
            pair_by_key_trail(state, trail, references, group.deletions, group.creations, group.tied);
        if (chosen.empty()) chosen = by_key_trail_per_instance(state, trail, references, moved_instances, group);
        if (!chosen.empty()) {
            why = "takes the key its referent took, " +
                  trail_referents(trail, references, config_resource_address(state.creations[chosen.begin()->second].address()));
            resolved_by = "its referent's keys";
        } else {
            chosen = one_each(
                state, group,
                [&](std::size_t d, std::size_t c) {
                    const auto& went = instance_went(state.deletions[d].address().module);
                    return std::find(went.begin(), went.end(), state.creations[c].address().module) != went.end();
                },
                // In an instance that moved, its place within it: `volume[1]` stays `volume[1]`.
                [&](std::size_t d, std::size_t c) {
                    const ModulePath& from = state.deletions[d].address().module;
                    const auto& went = instance_went(from);
                    return std::any_of(went.begin(), went.end(), [&](const ModulePath& to) { return to != from; }) &&
                           state.deletions[d].address().resource == state.creations[c].address().resource;
                },
                // The module instance tells them apart, whatever their values: identical
                // helpers go where the instance they sit in went, which its own members'
                // moves show (issue 47). Any pairing of theirs may plan no change.
                false);
            resolved_by = "its module instance";
        }
        if (chosen.empty()) {
            chosen = one_each(state, group, [&](std::size_t d, std::size_t c) {
                return evidence.consistent(state.deletions[d].address(), state.creations[c].address());
            });
            why = "dependencies tell it from its identical twins";
            resolved_by = "dependencies";
        }
        for (const auto& [d, c] : chosen) {
            const std::string because = !why.empty() ? why
                                                     : "moves with the rest of its module instance, " +
                                                           to_string(state.deletions[d].address().module) + " to " +
                                                           to_string(state.creations[c].address().module);
            Move move = make_move(d, c, because);
            move.tentative_because += (move.tentative_because.empty() ? "" : "; ") + std::string("resolved out of a tie by ") + resolved_by;
            move.guessed = true;
            move.from_tie = true;
            for (std::size_t other : group.creations)
                if (other != c && group.tied(d, other)) move.tied_with.push_back(state.creations[other].address());
            for (std::size_t other : group.deletions)
                if (other != d && group.tied(other, c)) move.tied_with.push_back(state.deletions[other].address());
            state.accept(d, c, std::move(move));
        }
    }
}

void guess_equal_ties(MatchState& state) {
    guess_ties(state, equal_tie_groups(state),
               [&](std::size_t d, std::size_t c, const std::string& why) { return equal_move(state, d, c, why); });
}

}  // namespace tfw::core::match
