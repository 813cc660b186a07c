// Stage 3: what equality could not pair. Within a type and provider, the pair that is
// each other's strictly closest match (the only pair left, once the equal ones are in,
// is the simplest case) becomes a tentative partial move. Terraform then judges it: no
// change means the differences were ones it does not act on (legacy `""` against null,
// `ignore_changes`); an update is a real difference that only a `partial` policy rule
// accepts; a replace is never a move.
#include <algorithm>

#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {
namespace {

// Pairs are compared only where a type has at most this many unpaired objects on each
// side; past it the type is skipped rather than guessed from a sample.
constexpr std::size_t partial_candidate_cap = 64;
// Below this share of equal values a pair is not worth a replan, unless the policy's
// partial threshold asks for less.
constexpr double trial_similarity_floor = 0.5;

// The index of the strictly greatest value, or values.size() when it is shared.
std::size_t strict_best(const std::vector<double>& values) {
    std::size_t best = values.size();
    bool shared = false;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (best == values.size() || values[i] > values[best]) {
            best = i;
            shared = false;
        } else if (values[i] == values[best]) {
            shared = true;
        }
    }
    return shared ? values.size() : best;
}

bool is_zero_value(std::string_view value) {
    return value == "null" || value == "\"\"" || value == "false" || value == "0" || value == "[]" || value == "{}";
}

// The value at `path`, "null" when the side has none.
std::string_view value_at(const Attributes& side, const std::string& path) {
    auto leaf = std::lower_bound(side.begin(), side.end(), path,
                                 [](const AttributeLeaf& l, const std::string& p) { return l.path < p; });
    return leaf == side.end() || leaf->path != path ? std::string_view("null") : std::string_view(leaf->value);
}

// Whether some known value other than a zero value is equal on both sides: evidence that
// the two are one object. Without it a pair is not worth a trial, since a no-op proves
// nothing where every difference is one Terraform does not act on (an attribute under
// `ignore_changes`): a deletion beside an unrelated creation would plan no change too.
bool shares_identity(const Attributes& before, const Attributes& after) {
    for (const auto& leaf : before) {
        if (leaf.unknown || is_zero_value(leaf.value)) continue;
        auto other = std::lower_bound(after.begin(), after.end(), leaf.path,
                                      [](const AttributeLeaf& l, const std::string& p) { return l.path < p; });
        if (other != after.end() && other->path == leaf.path && !other->unknown && other->value == leaf.value) return true;
    }
    return false;
}

// A tentative partial move, its evidence naming a few of the differing paths.
Move partial_move(const Attributes& before, const Attributes& after, const std::string& why_this_pair) {
    Move move;
    move.kind = MatchKind::partial;
    for (const auto& path : differing_paths(before, after)) {
        std::string shown = displayed_path(before, after, path);
        if (std::find(move.remaining_differences.begin(), move.remaining_differences.end(), shown) ==
            move.remaining_differences.end())
            move.remaining_differences.push_back(std::move(shown));
    }
    move.similarity = similarity(before, after);
    int percent = static_cast<int>(move.similarity * 100.0);
    // Name a few: a legacy provider's empty values can differ on dozens of paths.
    constexpr std::size_t named = 5;
    std::vector<std::string> shown(move.remaining_differences.begin(),
                                   move.remaining_differences.begin() +
                                       static_cast<std::ptrdiff_t>(std::min(named, move.remaining_differences.size())));
    std::string differences = join(shown, ", ");
    if (move.remaining_differences.size() > named)
        differences += " and " + std::to_string(move.remaining_differences.size() - named) + " more";
    move.evidence = std::to_string(percent) + "% of known attribute values equal; differs in " + differences;
    move.evidence += "; " + why_this_pair;
    move.tentative_because = "differs in " + differences;
    return move;
}

// Pairs that differ only in zero values against null (a legacy provider's `""` where a
// fresh plan has null), where one side has several such candidates: a tie that
// Terraform's trials decide (core/converge/tie_trials), never a pair chosen here.
void record_zero_value_ties(MatchState& state, const std::vector<std::size_t>& ds, const std::vector<std::size_t>& cs,
                            const std::vector<std::vector<double>>& score) {
    std::vector<std::size_t> per_row(ds.size(), 0), per_column(cs.size(), 0);
    for (std::size_t i = 0; i < ds.size(); ++i)
        for (std::size_t j = 0; j < cs.size(); ++j)
            if (score[i][j] == 1.0) ++per_row[i], ++per_column[j];
    for (std::size_t i = 0; i < ds.size(); ++i)
        for (std::size_t j = 0; j < cs.size(); ++j) {
            if (score[i][j] != 1.0 || (per_row[i] < 2 && per_column[j] < 2)) continue;
            const Attributes& before = state.deletions[ds[i]].attributes();
            const Attributes& after = state.creations[cs[j]].attributes();
            TiedPair tie;
            tie.move = partial_move(before, after, "one of several candidates that differ only in empty values against null");
            tie.move.from = state.deletions[ds[i]].address();
            tie.move.to = state.creations[cs[j]].address();
            tie.known_equal = compared_values(before, after);
            state.result.ties.push_back(std::move(tie));
        }
}

}  // namespace

double similarity(const Attributes& before, const Attributes& after) {
    std::size_t compared = compared_values(before, after);
    if (compared == 0) return 0.0;
    std::size_t differing = differing_paths(before, after).size();
    return static_cast<double>(compared - differing) / static_cast<double>(compared);
}

// As similarity, but a zero value (`""`, `false`, `0`, `[]`, `{}`) against null counts
// as equal: legacy providers store the one where a fresh plan has the other, and
// Terraform does not act on it. Used only to choose which pair to try.
double similarity_for_trial(const Attributes& before, const Attributes& after) {
    std::size_t compared = compared_values(before, after);
    if (compared == 0) return 0.0;
    std::size_t differing = 0;
    for (const auto& path : differing_paths(before, after))
        if (!is_zero_value(value_at(before, path)) || !is_zero_value(value_at(after, path))) ++differing;
    return static_cast<double>(compared - differing) / static_cast<double>(compared);
}

void find_partial_pairs(MatchState& state) {
    double floor = trial_similarity_floor;
    if (state.policy.partial_threshold > 0.0) floor = std::min(floor, state.policy.partial_threshold);
    std::map<std::pair<std::string, std::string>, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> pools;
    for (std::size_t d = 0; d < state.deletions.size(); ++d)
        if (!state.matched_deletion[d] && !state.tied_deletions.count(d))
            pools[{state.deletions[d].type(), state.deletions[d].change->provider_name}].first.push_back(d);
    for (std::size_t c = 0; c < state.creations.size(); ++c)
        if (!state.matched_creation[c] && !state.tied_creations.count(c))
            pools[{state.creations[c].type(), state.creations[c].change->provider_name}].second.push_back(c);
    for (const auto& [group, pool] : pools) {
        const auto& [ds, cs] = pool;
        if (ds.empty() || cs.empty()) continue;
        if (ds.size() > partial_candidate_cap || cs.size() > partial_candidate_cap) {
            state.skipped_partial_types.insert(group.first);
            continue;
        }
        std::vector<std::vector<double>> score(ds.size(), std::vector<double>(cs.size(), 0.0));
        for (std::size_t i = 0; i < ds.size(); ++i)
            for (std::size_t j = 0; j < cs.size(); ++j)
                score[i][j] = similarity_for_trial(state.deletions[ds[i]].attributes(), state.creations[cs[j]].attributes());
        record_zero_value_ties(state, ds, cs, score);
        for (std::size_t i = 0; i < ds.size(); ++i) {
            std::size_t best = strict_best(score[i]);
            // The only pair of its type left is always worth one replan.
            bool only_pair = ds.size() == 1 && cs.size() == 1;
            if (best == cs.size() || (!only_pair && score[i][best] < floor)) continue;
            if (!shares_identity(state.deletions[ds[i]].attributes(), state.creations[cs[best]].attributes())) continue;
            std::vector<double> column;
            for (std::size_t k = 0; k < ds.size(); ++k) column.push_back(score[k][best]);
            if (strict_best(column) != i) continue;
            state.accept(ds[i], cs[best],
                         partial_move(state.deletions[ds[i]].attributes(), state.creations[cs[best]].attributes(),
                                      only_pair ? "the only pair of its type left" : "each the other's closest"));
        }
    }
}

}  // namespace tfw::core::match
