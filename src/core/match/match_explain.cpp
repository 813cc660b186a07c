// Stage 5: why each remaining deletion and creation stays a destroy or a create, with a
// few candidates of its type and what kept each apart. Indexed once by type, so the cost
// is per unmatched object, not per pair of them.
#include <algorithm>
#include <unordered_map>

#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {
namespace {

constexpr std::size_t explained_candidates = 5;
constexpr std::size_t explained_paths = 3;

using ByType = std::unordered_map<std::string_view, std::vector<std::size_t>>;

const std::vector<std::size_t>& of_type(const ByType& index, std::string_view type) {
    static const std::vector<std::size_t> none;
    auto it = index.find(type);
    return it == index.end() ? none : it->second;
}

class Explanations {
public:
    explicit Explanations(MatchState& state) : state_(state) {
        for (std::size_t c = 0; c < state_.creations.size(); ++c) creations_by_type_[state_.creations[c].type()].push_back(c);
        for (std::size_t d = 0; d < state_.deletions.size(); ++d) deletions_by_type_[state_.deletions[d].type()].push_back(d);
    }

    void run() {
        for (std::size_t d = 0; d < state_.deletions.size(); ++d)
            if (!state_.matched_deletion[d]) state_.result.unmatched.push_back(explain(d, true));
        for (std::size_t c = 0; c < state_.creations.size(); ++c)
            if (!state_.matched_creation[c]) state_.result.unmatched.push_back(explain(c, false));
    }

private:
    Unmatched explain(std::size_t index, bool is_deletion) {
        const MatchSide& side = is_deletion ? state_.deletions[index] : state_.creations[index];
        const auto& ties = is_deletion ? state_.tied_deletions : state_.tied_creations;
        const std::string other_side = is_deletion ? "creation" : "deletion";
        Unmatched entry{side.address(), is_deletion, {}, {}};
        if (auto it = ties.find(index); it != ties.end()) {
            entry.reason = "tie: " + std::to_string(it->second.size()) + " " + other_side +
                           "s match equally and neither dependencies nor reference structure tell them apart";
            for (std::size_t other : it->second) {
                std::size_t d = is_deletion ? index : other, c = is_deletion ? other : index;
                CandidateNote note{is_deletion ? state_.creations[other].address() : state_.deletions[other].address(), {}, {}};
                if (auto unverified = state_.unverified.find({d, c}); unverified != state_.unverified.end())
                    note.note = join(unverified->second, ", ") + " unknown until apply";
                entry.candidates.push_back(std::move(note));
            }
            return entry;
        }
        const std::vector<std::size_t>& others =
            of_type(is_deletion ? creations_by_type_ : deletions_by_type_, side.type());
        entry.reason = "no " + other_side + " of type " + side.type();
        if (!others.empty()) entry.reason += " has equal attributes, and none is its unique closest match";
        if (state_.skipped_partial_types.count(side.type()))
            entry.reason += " (too many candidates to score partial matches)";
        const auto& skipped_cross = is_deletion ? state_.skipped_cross_deletion_types : state_.skipped_cross_creation_types;
        if (skipped_cross.count(side.type())) entry.reason += " (too many candidates to compare across types)";
        for (std::size_t other : others) {
            if (entry.candidates.size() == explained_candidates) break;
            std::size_t d = is_deletion ? index : other, c = is_deletion ? other : index;
            entry.candidates.push_back(candidate_note(d, c, is_deletion));
        }
        return entry;
    }

    // What kept a same-type pair apart: its differing paths, and anything else that did.
    CandidateNote candidate_note(std::size_t d, std::size_t c, bool for_deletion) const {
        const MatchSide& deletion = state_.deletions[d];
        const MatchSide& creation = state_.creations[c];
        CandidateNote note{for_deletion ? creation.address() : deletion.address(), {}, {}};
        if (deletion.change->provider_name != creation.change->provider_name) {
            const std::string& other_provider = (for_deletion ? creation : deletion).change->provider_name;
            note.note = "another provider (" + other_provider + ")";
            return note;
        }
        const Attributes& before = deletion.attributes();
        const Attributes& after = creation.attributes();
        for (const auto& path : differing_paths(before, after, ignore_rules_for(state_.policy, deletion.type()))) {
            std::string shown = displayed_path(before, after, path);
            if (std::find(note.differing_paths.begin(), note.differing_paths.end(), shown) == note.differing_paths.end())
                note.differing_paths.push_back(std::move(shown));
            if (note.differing_paths.size() == explained_paths) break;
        }
        // Equal once the policy's rules apply, yet not paired: it tied with others or was
        // matched elsewhere; say so rather than list no difference.
        if (note.differing_paths.empty())
            note.note = state_.matched_deletion[d] || state_.matched_creation[c] ? "equal, but paired with another object"
                                                                                  : "equal on known values";
        return note;
    }

    MatchState& state_;
    ByType creations_by_type_;
    ByType deletions_by_type_;
};

}  // namespace

void explain_unmatched(MatchState& state) { Explanations(state).run(); }

}  // namespace tfw::core::match
