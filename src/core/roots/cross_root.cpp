#include "tfw/core/roots/cross_root.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "tfw/core/roots/cross_root_plan.hpp"
#include "tfw/core/match/match.hpp"

namespace tfw::core::inline roots {
namespace {

// Known planned values whose path the prior values also have: the evidence compared.
std::size_t known_in_common(const Attributes& before, const Attributes& after) {
    std::size_t count = 0;
    std::size_t i = 0;
    for (const auto& leaf : after) {
        if (leaf.unknown) continue;
        while (i < before.size() && before[i].path < leaf.path) ++i;
        if (i < before.size() && before[i].path == leaf.path) ++count;
    }
    return count;
}

// Another resource type has another schema (aws_s3_object has an override_provider that
// aws_s3_bucket_object lacks), so for the reason of a refusal, and never for a move, its
// values are compared only where both objects have one.
bool equal_where_both_have_values(const Attributes& before, const Attributes& after) {
    std::size_t i = 0;
    for (const auto& leaf : after) {
        if (leaf.unknown) continue;
        while (i < before.size() && before[i].path < leaf.path) ++i;
        if (i < before.size() && before[i].path == leaf.path && !before[i].unknown && before[i].value != leaf.value)
            return false;
    }
    return true;
}

std::string named(const RootCandidate& candidate, const std::vector<std::string>& root_names) {
    const std::string root = candidate.root < root_names.size() ? root_names[candidate.root]
                                                                : "root " + std::to_string(candidate.root);
    return root + ": " + candidate.address;
}


// Another resource type or provider source with the deletion's values, in another root:
// the reason no transfer between states (which keeps both) takes it, or "".
std::string other_type_or_provider(std::size_t d, const std::vector<RootCandidate>& candidates,
                                   const std::vector<std::string>& root_names) {
    const RootCandidate& deletion = candidates[d];
    for (const auto& creation : candidates) {
        if (creation.is_deletion || creation.root == deletion.root) continue;
        if (known_in_common(deletion.values, creation.values) == 0) continue;
        if (creation.type != deletion.type) {
            if (equal_where_both_have_values(deletion.values, creation.values))
                return "type mismatch: " + named(creation, root_names) + " has equal values but is a " + creation.type +
                       ", not a " + deletion.type;
        } else if (creation.provider != deletion.provider && differing_paths(deletion.values, creation.values).empty()) {
            return "provider mismatch: " + named(creation, root_names) + " has equal values but provider " +
                   creation.provider + ", not " + deletion.provider;
        }
    }
    return "";
}

}  // namespace

std::vector<RootCandidate> cross_root_candidates(const Plan& plan, std::size_t root) {
    std::vector<RootCandidate> out;
    for (const auto& change : plan.changes) {
        bool deletion = change.is_deletion_candidate();
        if (!deletion && !change.is_creation_candidate()) continue;
        RootCandidate candidate;
        candidate.root = root;
        candidate.address = change.address_text;
        candidate.type = change.address.resource->type;
        candidate.provider = change.provider_name;
        candidate.is_deletion = deletion;
        candidate.values = deletion ? change.before : change.after;
        out.push_back(std::move(candidate));
    }
    return out;
}

CrossRootResult cross_root_result(const std::vector<RootCandidate>& candidates, const ConvergeOutcome& outcome,
                                  const std::vector<std::string>& root_names) {
    std::map<std::pair<Address, bool>, std::size_t> index_of;  // (merged address, deletion)
    for (std::size_t i = 0; i < candidates.size(); ++i)
        index_of[{in_merged_plan(candidates[i].root, must_parse_address(candidates[i].address)), candidates[i].is_deletion}] = i;
    auto index = [&](const Address& merged, bool deletion) -> std::optional<std::size_t> {
        const auto it = index_of.find({merged, deletion});
        return it == index_of.end() ? std::nullopt : std::optional<std::size_t>(it->second);
    };
    auto pair_of = [&](const Move& move, const Decision& decision) -> std::optional<CrossRootMove> {
        const auto d = index(move.from, true), c = index(move.to, false);
        if (!d || !c) return std::nullopt;
        return CrossRootMove{*d, *c, known_in_common(candidates[*d].values, candidates[*c].values),
                             with_root_names(move.evidence + "; " + decision.rule, root_names)};
    };

    CrossRootResult result;
    std::set<std::size_t> paired;
    for (std::size_t i = 0; i < outcome.moves.size() && i < outcome.move_decisions.size(); ++i)
        if (auto move = pair_of(outcome.moves[i], outcome.move_decisions[i])) {
            paired.insert(move->deletion);
            result.moves.push_back(std::move(*move));
        }
    for (const auto& proposal : outcome.proposals)
        if (auto move = pair_of(proposal.move, proposal.decision)) {
            paired.insert(move->deletion);
            result.proposals.push_back(std::move(*move));
        }
    auto by_deletion = [](const CrossRootMove& a, const CrossRootMove& b) { return a.deletion < b.deletion; };
    std::sort(result.moves.begin(), result.moves.end(), by_deletion);
    std::sort(result.proposals.begin(), result.proposals.end(), by_deletion);

    std::map<Address, const Unmatched*> unmatched;
    for (const auto& entry : outcome.unmatched)
        if (entry.is_deletion) unmatched[entry.address] = &entry;
    for (std::size_t d = 0; d < candidates.size(); ++d) {
        if (!candidates[d].is_deletion || paired.count(d)) continue;
        const auto it = unmatched.find(in_merged_plan(candidates[d].root, must_parse_address(candidates[d].address)));
        std::string reason = other_type_or_provider(d, candidates, root_names);
        if (!reason.empty()) {
        } else if (it == unmatched.end()) {
            reason = "no creation in another root module pairs with it";
        } else if (it->second->reason.starts_with("tie: ") && !it->second->candidates.empty()) {
            std::string others;
            for (const auto& note : it->second->candidates) others += (others.empty() ? "" : ", ") + to_string(note.other);
            reason = with_root_names("tie with " + others + ": " + it->second->reason.substr(5) + "; nothing moves", root_names);
        } else {
            reason = with_root_names(it->second->reason, root_names);
        }
        result.refusals.push_back({d, std::move(reason)});
    }
    return result;
}

}  // namespace tfw::core::roots
