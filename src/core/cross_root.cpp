#include "tfw/core/cross_root.hpp"

#include <algorithm>

#include "tfw/core/match.hpp"

namespace tfw::core {
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

bool equal_values(const RootCandidate& deletion, const RootCandidate& creation) {
    return differing_paths(deletion.values, creation.values).empty();
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

std::string listed(const std::vector<std::size_t>& others, const std::vector<RootCandidate>& candidates,
                   const std::vector<std::string>& root_names) {
    std::string out;
    for (std::size_t i = 0; i < others.size(); ++i) out += (i ? ", " : "") + named(candidates[others[i]], root_names);
    return out;
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

CrossRootResult pair_across_roots(const std::vector<RootCandidate>& candidates) {
    const std::size_t n = candidates.size();
    // For every deletion, the creations in other roots that could be the same object.
    std::vector<std::vector<std::size_t>> matches(n);
    std::vector<std::vector<std::size_t>> matched_by(n);  // a creation's deletions
    std::vector<CrossRootRefusal> refusals;
    for (std::size_t d = 0; d < n; ++d) {
        const RootCandidate& deletion = candidates[d];
        if (!deletion.is_deletion) continue;
        std::vector<std::size_t> other_type, other_provider;
        bool any_evidence = false;
        bool any_creation_elsewhere = false;
        for (std::size_t c = 0; c < n; ++c) {
            const RootCandidate& creation = candidates[c];
            if (creation.is_deletion || creation.root == deletion.root) continue;
            any_creation_elsewhere = true;
            if (known_in_common(deletion.values, creation.values) == 0) continue;
            any_evidence = true;
            if (creation.type != deletion.type) {
                if (equal_where_both_have_values(deletion.values, creation.values)) other_type.push_back(c);
                continue;
            }
            if (!equal_values(deletion, creation)) continue;
            if (creation.provider != deletion.provider) other_provider.push_back(c);
            else {
                matches[d].push_back(c);
                matched_by[c].push_back(d);
            }
        }
        if (!matches[d].empty()) continue;
        if (!other_type.empty()) refusals.push_back({d, CrossRootRefusal::Kind::type_mismatch, other_type});
        else if (!other_provider.empty()) refusals.push_back({d, CrossRootRefusal::Kind::provider_mismatch, other_provider});
        else if (any_creation_elsewhere && !any_evidence) refusals.push_back({d, CrossRootRefusal::Kind::no_known_values, {}});
        else refusals.push_back({d, CrossRootRefusal::Kind::no_counterpart, {}});
    }

    CrossRootResult result;
    for (std::size_t d = 0; d < n; ++d) {
        if (matches[d].empty()) continue;
        if (matches[d].size() > 1) {
            refusals.push_back({d, CrossRootRefusal::Kind::tie, matches[d]});
            continue;
        }
        std::size_t c = matches[d][0];
        if (matched_by[c].size() > 1) {
            // Its one counterpart is as like other deletions: the creation and its rivals.
            std::vector<std::size_t> others = {c};
            for (std::size_t rival : matched_by[c])
                if (rival != d) others.push_back(rival);
            std::sort(others.begin(), others.end());
            refusals.push_back({d, CrossRootRefusal::Kind::tie, others});
            continue;
        }
        result.moves.push_back({d, c, known_in_common(candidates[d].values, candidates[c].values)});
    }
    // A creation that several deletions claim: the tie, told once from its side too.
    for (std::size_t c = 0; c < n; ++c)
        if (matched_by[c].size() > 1) refusals.push_back({c, CrossRootRefusal::Kind::tie, matched_by[c]});
    std::stable_sort(refusals.begin(), refusals.end(),
                     [](const auto& a, const auto& b) { return a.candidate < b.candidate; });
    result.refusals = std::move(refusals);
    return result;
}

std::string refusal_reason(const CrossRootRefusal& refusal, const std::vector<RootCandidate>& candidates,
                           const std::vector<std::string>& root_names) {
    const RootCandidate& self = candidates[refusal.candidate];
    const std::string others = listed(refusal.others, candidates, root_names);
    switch (refusal.kind) {
        case CrossRootRefusal::Kind::no_counterpart:
            return "no creation in another root module has its values";
        case CrossRootRefusal::Kind::no_known_values:
            return "no known value to compare with any creation in another root module";
        case CrossRootRefusal::Kind::type_mismatch: {
            const RootCandidate& other = candidates[refusal.others.front()];
            return "type mismatch: " + others + " has equal values but is a " + other.type + ", not a " + self.type;
        }
        case CrossRootRefusal::Kind::provider_mismatch: {
            const RootCandidate& other = candidates[refusal.others.front()];
            return "provider mismatch: " + others + " has equal values but provider " + other.provider + ", not " +
                   self.provider;
        }
        case CrossRootRefusal::Kind::tie:
            return "tie with " + others + ": equal values, no unique pair; nothing moves";
    }
    return "";
}

}  // namespace tfw::core
