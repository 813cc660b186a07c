// The working state that the matcher's stages share: the two sides, who could be whom,
// and what each stage has settled. The stages run in this order, each in its own file:
//
//   find_equal_pairs       match_equal.cpp       equal known values (and ignore rules)
//   resolve_ties           match_ties.cpp        uniqueness, dependencies, structure
//   find_pairs_beside_ignored_changes
//                          match_ignored.cpp     differences only where the new config ignores changes
//   find_partial_pairs     match_partial.cpp     the unique closest pair with differences
//   guess_equal_ties       match_guesses.cpp     ties guessed once every pair is known
//   find_cross_type_pairs  match_cross_type.cpp  migrations a policy allows
//   explain_unmatched      match_explain.cpp     why each remaining side stays
//
// match_moves (match.cpp) runs them. They are separate so that each has its own tests.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tfw/core/match/match.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/core/model/text.hpp"

namespace tfw::core::inline match {

struct MatchSide {
    const ResourceChange* change;
    const Attributes& attributes() const { return change->action == Action::remove ? change->before : change->after; }
    const std::string& type() const { return change->address.resource->type; }
    const Address& address() const { return change->address; }
};

struct MatchState {
    MatchState(const Plan& plan, const Policy& policy);
    // The state keeps references: a temporary plan or policy would dangle.
    MatchState(Plan&&, const Policy&) = delete;
    MatchState(const Plan&, Policy&&) = delete;

    const Plan& plan;
    const Policy& policy;
    std::vector<MatchSide> deletions;
    std::vector<MatchSide> creations;

    // Pairs equal on every known value: who could be whom.
    std::vector<std::set<std::size_t>> creations_of;  // per deletion
    std::vector<std::set<std::size_t>> deletions_of;  // per creation
    // Among those, the pairs whose creation leaves configured attributes unknown where
    // the deletion has a value (`name = var.x ? null : var.y` beside `name_prefix`): only
    // Terraform can say whether they end equal. Pair -> those attributes.
    std::map<std::pair<std::size_t, std::size_t>, std::vector<std::string>> unverified;

    std::vector<bool> matched_deletion;
    std::vector<bool> matched_creation;
    // Sides left with several equal candidates that nothing told apart.
    std::map<std::size_t, std::vector<std::size_t>> tied_deletions;
    std::map<std::size_t, std::vector<std::size_t>> tied_creations;
    // Types whose pools were too large for partial or cross-type comparison.
    std::set<std::string> skipped_partial_types;
    std::set<std::string> skipped_cross_deletion_types;
    std::set<std::string> skipped_cross_creation_types;

    MatchResult result;

    void add_candidate(std::size_t d, std::size_t c);
    // Records the move and marks both sides matched.
    void accept(std::size_t d, std::size_t c, Move move);
    // Every configured resource by absolute config address, built on first use.
    const std::unordered_map<std::string, const ConfigResource*>& config_resources();
    // for_each_reference's edges, referrer -> targets, built on first use.
    const ReferenceEdges& references();

private:
    std::optional<std::unordered_map<std::string, const ConfigResource*>> config_resources_;
    std::optional<ReferenceEdges> references_;
};

void find_equal_pairs(MatchState& state);
void resolve_ties(MatchState& state);
void find_pairs_beside_ignored_changes(MatchState& state);
void find_partial_pairs(MatchState& state);
void guess_equal_ties(MatchState& state);

// A tie the guesses may pair (match_guesses.cpp): deletions and creations of the state,
// and which of them are candidates of each other.
struct TieGroup {
    std::vector<std::size_t> deletions;
    std::vector<std::size_t> creations;
    std::function<bool(std::size_t, std::size_t)> tied;
};
// Pairs each group one to one where a guess can, with every pair the stages made so far
// known: by the keys its referents' moves took (key_trail.hpp), else by the module
// instance the rest of theirs went to, else by what each depends on where it moved, and
// only where the deletions differ where the creations are unknown. `make_move` gives the
// move of a pair with the words of its guess; each is accepted as a guess
// (Move::guessed) that stands on no change alone.
void guess_ties(MatchState& state, const std::vector<TieGroup>& groups,
                const std::function<Move(std::size_t d, std::size_t c, const std::string& why)>& make_move);
void find_cross_type_pairs(MatchState& state);
void explain_unmatched(MatchState& state);

// Shared by the stages.

// The paths unknown until apply in a creation's planned values, sorted.
std::vector<std::string_view> unknown_paths(const Attributes& after);
// True when `path` is one of the sorted `prefixes` or lies below one.
bool covered_by_any(const std::vector<std::string_view>& prefixes, std::string_view path);
// "N known attribute values equal" (after ignore rules, for that kind): an equal pair's
// evidence.
std::string known_values_equal(const Attributes& before, const Attributes& after, MatchKind kind);
// How many known values a comparison of the pair looks at.
std::size_t compared_values(const Attributes& before, const Attributes& after);
// A path as explanations may show it: a path into a sensitive value is cut at the
// outermost attribute sensitive throughout, and marked `(sensitive)`.
std::string displayed_path(const Attributes& before, const Attributes& after, const std::string& path);
// Whether the JSON value `holder` holds the id (or arn) `id`, also a JSON string: it is
// that string, or a string that contains it (an ARN, a policy document, a name built
// from it, by interpolation or through a `local`), where the id has at least
// `id_contained_from` characters: a short id ("1", "main") is inside many strings by chance.
inline constexpr std::size_t id_contained_from = 8;
bool holds_id(std::string_view holder, std::string_view id);
// Whether a value is a zero value: null, `""`, `false`, `0`, `[]` or `{}`.
bool is_zero_value(std::string_view value);
// Whether some known value other than a zero value, and outside what `beside` ignores, is
// equal on both sides: evidence that the two are one object. Without it a pair is not
// worth a trial, since a no-op proves nothing where every difference is one Terraform
// does not act on (an attribute under `ignore_changes`): a deletion beside an unrelated
// creation would plan no change too.
bool shares_identity(const Attributes& before, const Attributes& after, const IgnoredChanges& beside);
// A tentative partial move, its evidence naming a few of the differing paths, then
// `why_this_pair`.
Move partial_move(const Attributes& before, const Attributes& after, const std::string& why_this_pair);
// The share of compared known values that are equal, 0 when nothing is compared.
double similarity(const Attributes& before, const Attributes& after);
// As similarity, with a zero value (`""`, `false`, `0`, `[]`, `{}`) against null counted
// as equal: how partial matching chooses the pairs worth a replan.
double similarity_for_trial(const Attributes& before, const Attributes& after);

}  // namespace tfw::core::match
