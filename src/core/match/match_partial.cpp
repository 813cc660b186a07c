// Stage 3: what equality could not pair. Within a type and provider, the pair that is
// each other's strictly closest match (the only pair left, once the equal ones are in,
// is the simplest case) becomes a tentative partial move. Terraform then judges it: no
// change means the differences were ones it does not act on (legacy `""` against null,
// `ignore_changes`); an update is a real difference that only a `partial` policy rule
// accepts; a replace is never a move. Candidates that differ only in empty values
// against null, several to a side, are a tie: guesses pair them where they can
// (match_guesses.cpp), Terraform's trials where they cannot.
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

// The value at `path`, "null" when the side has none.
std::string_view value_at(const Attributes& side, const std::string& path) {
    auto leaf = std::lower_bound(side.begin(), side.end(), path,
                                 [](const AttributeLeaf& l, const std::string& p) { return l.path < p; });
    return leaf == side.end() || leaf->path != path ? std::string_view("null") : std::string_view(leaf->value);
}

// Candidates that differ only in zero values against null (a legacy provider's `""`
// where a fresh plan has null), several to one side: a tie within one pool of a type.
struct ZeroValueTie {
    std::vector<std::size_t> ds, cs;            // the pool's sides
    std::vector<std::vector<double>> score;     // similarity_for_trial, 1.0 for such pairs
    bool tied(std::size_t i, std::size_t j) const { return score[i][j] == 1.0; }
};

// The tie's groups: deletions and creations (pool positions) linked by tied pairs where
// a side has several.
std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> groups_of(const ZeroValueTie& tie) {
    std::vector<std::size_t> per_row(tie.ds.size(), 0), per_column(tie.cs.size(), 0);
    for (std::size_t i = 0; i < tie.ds.size(); ++i)
        for (std::size_t j = 0; j < tie.cs.size(); ++j)
            if (tie.tied(i, j)) ++per_row[i], ++per_column[j];
    std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> groups;
    std::vector<bool> seen_row(tie.ds.size(), false), seen_column(tie.cs.size(), false);
    for (std::size_t start = 0; start < tie.ds.size(); ++start) {
        if (seen_row[start] || per_row[start] == 0) continue;
        bool contested = per_row[start] >= 2;
        std::vector<std::size_t> rows, columns, queue = {start};
        seen_row[start] = true;
        while (!queue.empty()) {
            const std::size_t i = queue.back();
            queue.pop_back();
            rows.push_back(i);
            for (std::size_t j = 0; j < tie.cs.size(); ++j) {
                if (!tie.tied(i, j) || seen_column[j]) continue;
                seen_column[j] = true;
                columns.push_back(j);
                contested = contested || per_column[j] >= 2;
                for (std::size_t k = 0; k < tie.ds.size(); ++k)
                    if (tie.tied(k, j) && !seen_row[k]) {
                        seen_row[k] = true;
                        contested = contested || per_row[k] >= 2;
                        queue.push_back(k);
                    }
            }
        }
        if (contested) groups.push_back({std::move(rows), std::move(columns)});
    }
    return groups;
}

// Each group a guess pairs (guess_ties) becomes tentative partial moves; the rest are tie
// pairs for Terraform's trials (core/converge/tie_trials), never a pair chosen here.
void settle_zero_value_ties(MatchState& state, const std::vector<ZeroValueTie>& ties) {
    std::vector<TieGroup> groups;
    std::vector<std::pair<const ZeroValueTie*, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>>> positions;
    for (const auto& tie : ties)
        for (auto& [rows, columns] : groups_of(tie)) {
            TieGroup group;
            for (std::size_t i : rows) group.deletions.push_back(tie.ds[i]);
            for (std::size_t j : columns) group.creations.push_back(tie.cs[j]);
            group.tied = [&tie](std::size_t d, std::size_t c) {
                const auto i = static_cast<std::size_t>(std::find(tie.ds.begin(), tie.ds.end(), d) - tie.ds.begin());
                const auto j = static_cast<std::size_t>(std::find(tie.cs.begin(), tie.cs.end(), c) - tie.cs.begin());
                return i < tie.ds.size() && j < tie.cs.size() && tie.tied(i, j);
            };
            groups.push_back(std::move(group));
            positions.push_back({&tie, {std::move(rows), std::move(columns)}});
        }
    guess_ties(state, groups, [&](std::size_t d, std::size_t c, const std::string& why) {
        return partial_move(state.deletions[d].attributes(), state.creations[c].attributes(), why);
    });
    for (const auto& [tie, sides] : positions)
        for (std::size_t i : sides.first)
            for (std::size_t j : sides.second) {
                if (!tie->tied(i, j) || state.matched_deletion[tie->ds[i]] || state.matched_creation[tie->cs[j]]) continue;
                const Attributes& before = state.deletions[tie->ds[i]].attributes();
                const Attributes& after = state.creations[tie->cs[j]].attributes();
                TiedPair pair;
                pair.move = partial_move(before, after, "one of several candidates that differ only in empty values against null");
                pair.move.from = state.deletions[tie->ds[i]].address();
                pair.move.to = state.creations[tie->cs[j]].address();
                pair.known_equal = compared_values(before, after);
                state.result.ties.push_back(std::move(pair));
            }
}

}  // namespace

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
    std::vector<ZeroValueTie> zero_value_ties;
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
        for (std::size_t i = 0; i < ds.size(); ++i) {
            std::size_t best = strict_best(score[i]);
            // The only pair of its type left is always worth one replan.
            bool only_pair = ds.size() == 1 && cs.size() == 1;
            if (best == cs.size() || (!only_pair && score[i][best] < floor)) continue;
            if (!shares_identity(state.deletions[ds[i]].attributes(), state.creations[cs[best]].attributes(), {})) continue;
            std::vector<double> column;
            for (std::size_t k = 0; k < ds.size(); ++k) column.push_back(score[k][best]);
            if (strict_best(column) != i) continue;
            state.accept(ds[i], cs[best],
                         partial_move(state.deletions[ds[i]].attributes(), state.creations[cs[best]].attributes(),
                                      only_pair ? "the only pair of its type left" : "each the other's closest"));
        }
        zero_value_ties.push_back({ds, cs, std::move(score)});
    }
    // Once every pool's closest pairs are in: the trail follows them too (subnets pair
    // after their route table associations, by type name).
    settle_zero_value_ties(state, zero_value_ties);
}

}  // namespace tfw::core::match
