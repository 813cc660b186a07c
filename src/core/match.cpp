#include "tfw/core/match.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "tfw/core/dependency_evidence.hpp"

namespace tfw::core {
namespace {

constexpr std::size_t explained_candidates = 5;
constexpr std::size_t explained_paths = 3;
// Partial matching compares every pair within a type; past this many on either side
// it is skipped for that type rather than guessed from a sample.
constexpr std::size_t partial_candidate_cap = 64;
// Up to this many distinct sets of unknown paths in a type, exact matching keeps one
// signature per set; past it, one coarse signature and a full comparison per candidate.
constexpr std::size_t exact_signature_sets = 16;

struct Side {
    const ResourceChange* change;
    const Attributes& attributes() const { return change->action == Action::remove ? change->before : change->after; }
    const std::string& type() const { return change->address.resource->type; }
};

// `prefixes` is sorted (attribute paths come sorted), so instead of scanning it, look up
// each prefix of `path` that ends at a step boundary: the path itself and what comes
// before each `.` or `[`.
bool covered_by_any(const std::vector<std::string_view>& prefixes, std::string_view path) {
    if (prefixes.empty()) return false;
    for (std::size_t end = 1; end <= path.size(); ++end) {
        if (end < path.size() && path[end] != '.' && path[end] != '[') continue;
        if (std::binary_search(prefixes.begin(), prefixes.end(), path.substr(0, end))) return true;
    }
    return false;
}

std::vector<std::string_view> unknown_paths(const Attributes& after) {
    std::vector<std::string_view> out;
    for (const auto& leaf : after)
        if (leaf.unknown) out.push_back(leaf.path);
    return out;
}

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

std::string join(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += separator;
        out += item;
    }
    return out;
}

// The candidate relation between deletions and creations: who could be whom.
struct Relation {
    std::vector<std::set<std::size_t>> creations_of;  // per deletion index
    std::vector<std::set<std::size_t>> deletions_of;  // per creation index
    void add(std::size_t d, std::size_t c) {
        creations_of[d].insert(c);
        deletions_of[c].insert(d);
    }
};

class Matcher {
public:
    Matcher(const Plan& plan, const Policy& policy) : plan_(plan), policy_(policy) {
        for (const auto& change : plan.changes) {
            if (change.is_deletion_candidate()) deletions_.push_back({&change});
            if (change.is_creation_candidate()) creations_.push_back({&change});
        }
        relation_.creations_of.resize(deletions_.size());
        relation_.deletions_of.resize(creations_.size());
        matched_deletion_.assign(deletions_.size(), false);
        matched_creation_.assign(creations_.size(), false);
    }

    MatchResult run() {
        find_equal_pairs();
        resolve_by_uniqueness_and_dependencies();
        find_partial_pairs();
        find_cross_type_pairs();
        explain_unmatched();
        std::sort(result_.moves.begin(), result_.moves.end(),
                  [](const Move& a, const Move& b) { return a.from < b.from; });
        return std::move(result_);
    }

private:
    // Exact and ignore-rule equality, grouped so the cost is near-linear: by type and
    // provider, then by the creation's set of unknown paths, then by signature.
    void find_equal_pairs() {
        std::map<std::pair<std::string, std::string>, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> groups;
        for (std::size_t d = 0; d < deletions_.size(); ++d)
            groups[{deletions_[d].type(), deletions_[d].change->provider_name}].first.push_back(d);
        for (std::size_t c = 0; c < creations_.size(); ++c)
            groups[{creations_[c].type(), creations_[c].change->provider_name}].second.push_back(c);

        for (const auto& [key, members] : groups) {
            const auto& [ds, cs] = members;
            if (ds.empty() || cs.empty()) continue;
            std::vector<const IgnoreRule*> rules = ignore_rules_for(policy_, key.first);
            using UnknownSets = std::pair<std::vector<std::string_view>, std::vector<std::string_view>>;
            std::map<UnknownSets, std::vector<std::size_t>> by_unknowns;
            for (std::size_t c : cs) {
                auto skip = unknown_paths(creations_[c].attributes());
                auto unverifiable = configured_unknowns(c, skip);
                by_unknowns[{std::move(skip), std::move(unverifiable)}].push_back(c);
            }
            if (by_unknowns.size() > exact_signature_sets) {
                match_by_coarse_signature(ds, by_unknowns, rules);
                continue;
            }
            for (const auto& [unknown_sets, same_unknowns] : by_unknowns) {
                const auto& [skip, unverifiable] = unknown_sets;
                std::unordered_map<std::string, std::vector<std::size_t>> by_signature;
                for (std::size_t d : ds) {
                    if (has_value_under(deletions_[d].attributes(), unverifiable)) continue;
                    by_signature[signature(deletions_[d].attributes(), skip, rules)].push_back(d);
                }
                for (std::size_t c : same_unknowns) {
                    auto it = by_signature.find(signature(creations_[c].attributes(), {}, rules));
                    if (it == by_signature.end()) continue;
                    for (std::size_t d : it->second) relation_.add(d, c);
                }
            }
        }
    }

    // Many creations with different unknown paths: one signature per set would make the
    // pass grow with deletions times sets. Instead both sides drop every path unknown in
    // any creation of the group, and each pair in a bucket is then compared in full.
    template <typename Groups>
    void match_by_coarse_signature(const std::vector<std::size_t>& ds, const Groups& by_unknowns,
                                   const std::vector<const IgnoreRule*>& rules) {
        std::vector<std::string_view> any_unknown;
        for (const auto& [unknown_sets, same_unknowns] : by_unknowns)
            any_unknown.insert(any_unknown.end(), unknown_sets.first.begin(), unknown_sets.first.end());
        std::sort(any_unknown.begin(), any_unknown.end());
        any_unknown.erase(std::unique(any_unknown.begin(), any_unknown.end()), any_unknown.end());
        std::unordered_map<std::string, std::vector<std::size_t>> by_signature;
        for (std::size_t d : ds) by_signature[signature(deletions_[d].attributes(), any_unknown, rules)].push_back(d);
        for (const auto& [unknown_sets, same_unknowns] : by_unknowns) {
            for (std::size_t c : same_unknowns) {
                auto it = by_signature.find(signature(creations_[c].attributes(), any_unknown, rules));
                if (it == by_signature.end()) continue;
                for (std::size_t d : it->second) {
                    if (has_value_under(deletions_[d].attributes(), unknown_sets.second)) continue;
                    if (differing_paths(deletions_[d].attributes(), creations_[c].attributes(), rules).empty())
                        relation_.add(d, c);
                }
            }
        }
    }

    // Unknown paths of a creation that its configuration sets: their value is decided by
    // something not yet known, so a deletion that has a value there cannot be shown equal.
    // Unknown computed attributes (ids, ARNs) are another matter: they are skipped.
    std::vector<std::string_view> configured_unknowns(std::size_t c, const std::vector<std::string_view>& unknown) {
        std::vector<std::string_view> out;
        if (unknown.empty()) return out;
        if (!config_resources_) config_resources_ = config_resources_by_address(plan_.configuration);
        auto resource = config_resources_->find(config_resource_address(creations_[c].change->address));
        if (resource == config_resources_->end()) return out;
        const std::vector<std::string>& configured = resource->second->configured;
        for (auto path : unknown) {
            std::string_view attribute = path.substr(0, path.find_first_of(".["));
            if (std::find(configured.begin(), configured.end(), attribute) != configured.end()) out.push_back(path);
        }
        return out;
    }

    static bool has_value_under(const Attributes& attributes, const std::vector<std::string_view>& paths) {
        if (paths.empty()) return false;
        for (const auto& leaf : attributes)
            if (leaf.value != "null" && covered_by_any(paths, leaf.path)) return true;
        return false;
    }

    MatchKind equal_kind(std::size_t d, std::size_t c) const {
        return differing_paths(deletions_[d].attributes(), creations_[c].attributes()).empty() ? MatchKind::exact
                                                                                               : MatchKind::ignore_rules;
    }

    void accept(std::size_t d, std::size_t c, MatchKind kind, std::string evidence, bool by_dependency,
                std::vector<std::string> remaining = {}, std::vector<std::string> witnesses = {}) {
        matched_deletion_[d] = true;
        matched_creation_[c] = true;
        result_.moves.push_back({deletions_[d].change->address, creations_[c].change->address, kind,
                                 std::move(evidence), std::move(remaining), by_dependency, false, std::move(witnesses)});
    }

    std::string equal_evidence(std::size_t d, std::size_t c, MatchKind kind) const {
        std::size_t compared = 0;
        auto skip = unknown_paths(creations_[c].attributes());
        for (const auto& leaf : deletions_[d].attributes())
            if (!covered_by_any(skip, leaf.path)) ++compared;
        std::string text = std::to_string(compared) + " known attribute value" + (compared == 1 ? "" : "s") +
                           (kind == MatchKind::exact ? " equal" : " equal after ignore rules");
        return text;
    }

    bool in_tie(const std::vector<std::size_t>& candidates) const {
        if (candidates.size() > 1) return true;
        for (std::size_t c : candidates)
            if (relation_.deletions_of[c].size() > 1) return true;
        return false;
    }

    // A pair is a move when each side is the other's only candidate. Ties go to the
    // dependency evidence, and what stays tied stays unmatched.
    void resolve_by_uniqueness_and_dependencies() {
        std::vector<std::vector<std::size_t>> candidates(deletions_.size());
        for (std::size_t d = 0; d < deletions_.size(); ++d)
            candidates[d].assign(relation_.creations_of[d].begin(), relation_.creations_of[d].end());

        bool needs_evidence = false;
        for (std::size_t d = 0; d < deletions_.size(); ++d) needs_evidence = needs_evidence || in_tie(candidates[d]);

        if (needs_evidence) {
            std::vector<std::pair<Address, Address>> known;
            std::vector<Address> tied_olds, tied_news;
            for (std::size_t d = 0; d < deletions_.size(); ++d) {
                if (candidates[d].size() == 1 && relation_.deletions_of[candidates[d][0]].size() == 1)
                    known.push_back({deletions_[d].change->address, creations_[candidates[d][0]].change->address});
                if (!in_tie(candidates[d])) continue;
                tied_olds.push_back(deletions_[d].change->address);
                for (std::size_t c : candidates[d]) tied_news.push_back(creations_[c].change->address);
            }
            evidence_.emplace(plan_, known, tied_olds, tied_news);
            const DependencyEvidence& evidence = *evidence_;
            for (std::size_t d = 0; d < deletions_.size(); ++d) {
                if (!in_tie(candidates[d])) continue;
                std::vector<std::size_t> kept;
                for (std::size_t c : candidates[d])
                    if (evidence.consistent(deletions_[d].change->address, creations_[c].change->address)) kept.push_back(c);
                if (kept.size() != candidates[d].size()) by_dependency_.insert(d);
                candidates[d] = std::move(kept);
            }
        }

        // Constraint propagation: a side with a single remaining candidate claims it.
        std::vector<std::set<std::size_t>> deletions_of(creations_.size());
        for (std::size_t d = 0; d < deletions_.size(); ++d)
            for (std::size_t c : candidates[d]) deletions_of[c].insert(d);
        std::vector<std::set<std::size_t>> creations_of(deletions_.size());
        for (std::size_t d = 0; d < deletions_.size(); ++d) creations_of[d].insert(candidates[d].begin(), candidates[d].end());

        bool progress = true;
        while (progress) {
            progress = false;
            // A side whose only candidate is X claims X: X is no longer a candidate for
            // anyone else, unless another side is pinned to X too (then it is a tie).
            auto claim = [&progress](std::vector<std::set<std::size_t>>& options_of_side,
                                     std::vector<std::set<std::size_t>>& sides_of_option, std::set<std::size_t>& taken) {
                for (std::size_t side = 0; side < options_of_side.size(); ++side) {
                    if (options_of_side[side].size() != 1) continue;
                    std::size_t option = *options_of_side[side].begin();
                    if (sides_of_option[option].size() == 1) continue;
                    bool contested = false;
                    for (std::size_t other : sides_of_option[option])
                        if (other != side && options_of_side[other].size() == 1) contested = true;
                    if (contested) continue;
                    for (std::size_t other : std::set<std::size_t>(sides_of_option[option])) {
                        if (other == side) continue;
                        options_of_side[other].erase(option);
                        sides_of_option[option].erase(other);
                        taken.insert(other);
                        progress = true;
                    }
                    taken.insert(side);
                }
            };
            claim(creations_of, deletions_of, propagated_deletions_);
            claim(deletions_of, creations_of, propagated_creations_);
            for (std::size_t d = 0; d < deletions_.size(); ++d) {
                if (matched_deletion_[d] || creations_of[d].size() != 1) continue;
                std::size_t c = *creations_of[d].begin();
                if (deletions_of[c].size() != 1) continue;
                MatchKind kind = equal_kind(d, c);
                bool propagated = propagated_deletions_.count(d) > 0 || propagated_creations_.count(c) > 0;
                bool dependency = by_dependency_.count(d) > 0 ||
                                  (!propagated && (relation_.creations_of[d].size() > 1 || relation_.deletions_of[c].size() > 1));
                std::string evidence = equal_evidence(d, c, kind);
                if (dependency) evidence += "; dependencies tell it from its identical twins";
                if (propagated) evidence += "; its other candidates are each another object's only match";
                std::vector<std::string> witnesses;
                if (dependency && evidence_) witnesses = evidence_->witnesses(deletions_[d].change->address);
                accept(d, c, kind, evidence, dependency, {}, std::move(witnesses));
                result_.moves.back().from_tie = dependency || propagated;
                progress = true;
                for (std::size_t other : relation_.deletions_of[c]) creations_of[other].erase(c);
                for (std::size_t other : relation_.creations_of[d]) deletions_of[other].erase(d);
                creations_of[d].clear();
                deletions_of[c].clear();
            }
        }

        for (std::size_t d = 0; d < deletions_.size(); ++d) {
            if (matched_deletion_[d] || relation_.creations_of[d].empty()) continue;
            std::vector<std::size_t> tied(relation_.creations_of[d].begin(), relation_.creations_of[d].end());
            tied_deletions_[d] = tied;
        }
        for (std::size_t c = 0; c < creations_.size(); ++c) {
            if (matched_creation_[c] || relation_.deletions_of[c].empty()) continue;
            tied_creations_[c].assign(relation_.deletions_of[c].begin(), relation_.deletions_of[c].end());
        }
    }

    // Similar but not equal: accepted only as the mutual, strictly best pair above the
    // policy's threshold, within one type, and only where the type's pool is small.
    void find_partial_pairs() {
        if (policy_.partial_threshold <= 0.0) return;
        std::map<std::pair<std::string, std::string>, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> pools;
        for (std::size_t d = 0; d < deletions_.size(); ++d)
            if (!matched_deletion_[d] && !tied_deletions_.count(d))
                pools[{deletions_[d].type(), deletions_[d].change->provider_name}].first.push_back(d);
        for (std::size_t c = 0; c < creations_.size(); ++c)
            if (!matched_creation_[c] && !tied_creations_.count(c))
                pools[{creations_[c].type(), creations_[c].change->provider_name}].second.push_back(c);
        for (const auto& [group, pool] : pools) {
            const std::string& type = group.first;
            const auto& [ds, cs] = pool;
            if (ds.empty() || cs.empty()) continue;
            if (ds.size() > partial_candidate_cap || cs.size() > partial_candidate_cap) {
                skipped_partial_types_.insert(type);
                continue;
            }
            std::vector<std::vector<double>> score(ds.size(), std::vector<double>(cs.size(), 0.0));
            for (std::size_t i = 0; i < ds.size(); ++i)
                for (std::size_t j = 0; j < cs.size(); ++j) score[i][j] = similarity(ds[i], cs[j]);
            for (std::size_t i = 0; i < ds.size(); ++i) {
                std::size_t best = strict_best(score[i]);
                if (best == cs.size() || score[i][best] < policy_.partial_threshold) continue;
                std::vector<double> column;
                for (std::size_t k = 0; k < ds.size(); ++k) column.push_back(score[k][best]);
                if (strict_best(column) != i) continue;
                auto remaining = differing_paths(deletions_[ds[i]].attributes(), creations_[cs[best]].attributes());
                int percent = static_cast<int>(score[i][best] * 100.0);
                accept(ds[i], cs[best], MatchKind::partial,
                       std::to_string(percent) + "% of known attribute values equal; differs in " + join(remaining, ", "),
                       false, remaining);
            }
        }
    }

    // The index of the strictly greatest value, or values.size() when it is shared.
    static std::size_t strict_best(const std::vector<double>& values) {
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

    double similarity(std::size_t d, std::size_t c) const {
        const auto& before = deletions_[d].attributes();
        const auto& after = creations_[c].attributes();
        auto skip = unknown_paths(after);
        std::size_t compared = 0;
        for (const auto& leaf : before)
            if (!covered_by_any(skip, leaf.path)) ++compared;
        for (const auto& leaf : after)
            if (!leaf.unknown && !std::binary_search(before.begin(), before.end(), leaf,
                                                     [](const AttributeLeaf& a, const AttributeLeaf& b) { return a.path < b.path; }))
                ++compared;
        if (compared == 0) return 0.0;
        std::size_t differing = differing_paths(before, after).size();
        return static_cast<double>(compared - differing) / static_cast<double>(compared);
    }

    // Across types, only where a cross_type rule allows the pair: the attributes both
    // types share must all be equal, and the pairing must be mutual and unique. Pairs are
    // compared within each allowed pair of types, and like partial matching, only where
    // both pools are small.
    void find_cross_type_pairs() {
        if (policy_.cross_type.empty()) return;
        std::map<std::string, std::vector<std::size_t>> deletions_by_type, creations_by_type;
        for (std::size_t d = 0; d < deletions_.size(); ++d)
            if (!matched_deletion_[d] && !tied_deletions_.count(d)) deletions_by_type[deletions_[d].type()].push_back(d);
        for (std::size_t c = 0; c < creations_.size(); ++c)
            if (!matched_creation_[c] && !tied_creations_.count(c)) creations_by_type[creations_[c].type()].push_back(c);
        std::vector<std::vector<std::size_t>> options(deletions_.size());
        std::vector<std::vector<std::size_t>> options_of_creation(creations_.size());
        // A side some of whose allowed types went uncompared cannot be shown unique.
        std::vector<bool> deletion_unexamined(deletions_.size(), false), creation_unexamined(creations_.size(), false);
        for (const auto& [from_type, ds] : deletions_by_type) {
            for (const auto& [to_type, cs] : creations_by_type) {
                if (!cross_type_allowed(policy_, from_type, to_type)) continue;
                if (ds.size() > partial_candidate_cap || cs.size() > partial_candidate_cap) {
                    skipped_cross_deletion_types_.insert(from_type);
                    skipped_cross_creation_types_.insert(to_type);
                    for (std::size_t d : ds) deletion_unexamined[d] = true;
                    for (std::size_t c : cs) creation_unexamined[c] = true;
                    continue;
                }
                for (std::size_t d : ds)
                    for (std::size_t c : cs)
                        if (shared_attributes_equal(d, c)) {
                            options[d].push_back(c);
                            options_of_creation[c].push_back(d);
                        }
            }
        }
        for (std::size_t d = 0; d < deletions_.size(); ++d) {
            if (options[d].size() != 1 || options_of_creation[options[d][0]].size() != 1) continue;
            std::size_t c = options[d][0];
            if (deletion_unexamined[d] || creation_unexamined[c]) continue;
            accept(d, c, MatchKind::cross_type,
                   deletions_[d].type() + " → " + creations_[c].type() + " allowed by policy; shared attributes equal",
                   false);
        }
    }

    bool shared_attributes_equal(std::size_t d, std::size_t c) const {
        const auto& before = deletions_[d].attributes();
        const auto& after = creations_[c].attributes();
        std::size_t shared = 0;
        for (const auto& leaf : after) {
            if (leaf.unknown) continue;
            auto it = std::lower_bound(before.begin(), before.end(), leaf.path,
                                       [](const AttributeLeaf& a, const std::string& p) { return a.path < p; });
            if (it == before.end() || it->path != leaf.path) continue;
            if (it->value != leaf.value) return false;
            ++shared;
        }
        const auto& from = deletions_[d].change->address;
        const auto& to = creations_[c].change->address;
        bool same_name = from.module == to.module && from.resource->name == to.resource->name;
        return shared > 0 || same_name;
    }

    using ByType = std::unordered_map<std::string_view, std::vector<std::size_t>>;
    static const std::vector<std::size_t>& of_type(const ByType& index, std::string_view type) {
        static const std::vector<std::size_t> none;
        auto it = index.find(type);
        return it == index.end() ? none : it->second;
    }

    // Each unmatched side names a few candidates of its type: indexed once by type, so the
    // cost is per unmatched object, not per pair of them.
    void explain_unmatched() {
        ByType creations_by_type, deletions_by_type;
        for (std::size_t c = 0; c < creations_.size(); ++c) creations_by_type[creations_[c].type()].push_back(c);
        for (std::size_t d = 0; d < deletions_.size(); ++d) deletions_by_type[deletions_[d].type()].push_back(d);
        for (std::size_t d = 0; d < deletions_.size(); ++d) {
            if (matched_deletion_[d]) continue;
            Unmatched entry{deletions_[d].change->address, true, {}, {}};
            if (auto it = tied_deletions_.find(d); it != tied_deletions_.end()) {
                entry.reason = "tie: " + std::to_string(it->second.size()) +
                               " creations match equally and dependencies do not tell them apart";
                for (std::size_t c : it->second) entry.candidates.push_back({creations_[c].change->address, {}});
            } else {
                const std::vector<std::size_t>& others = of_type(creations_by_type, deletions_[d].type());
                entry.reason = others.empty() ? "no creation of type " + deletions_[d].type()
                                              : "no creation of type " + deletions_[d].type() + " has equal attributes";
                if (skipped_partial_types_.count(deletions_[d].type()))
                    entry.reason += " (too many candidates to score partial matches)";
                if (skipped_cross_deletion_types_.count(deletions_[d].type()))
                    entry.reason += " (too many candidates to compare across types)";
                for (std::size_t c : others) {
                    if (entry.candidates.size() == explained_candidates) break;
                    entry.candidates.push_back({creations_[c].change->address, first_differences(d, c)});
                }
            }
            result_.unmatched.push_back(std::move(entry));
        }
        for (std::size_t c = 0; c < creations_.size(); ++c) {
            if (matched_creation_[c]) continue;
            Unmatched entry{creations_[c].change->address, false, {}, {}};
            if (auto it = tied_creations_.find(c); it != tied_creations_.end()) {
                entry.reason = "tie: " + std::to_string(it->second.size()) +
                               " deletions match equally and dependencies do not tell them apart";
                for (std::size_t d : it->second) entry.candidates.push_back({deletions_[d].change->address, {}});
            } else {
                const std::vector<std::size_t>& others = of_type(deletions_by_type, creations_[c].type());
                entry.reason = others.empty() ? "no deletion of type " + creations_[c].type()
                                              : "no deletion of type " + creations_[c].type() + " has equal attributes";
                if (skipped_cross_creation_types_.count(creations_[c].type()))
                    entry.reason += " (too many candidates to compare across types)";
                for (std::size_t d : others) {
                    if (entry.candidates.size() == explained_candidates) break;
                    entry.candidates.push_back({deletions_[d].change->address, first_differences(d, c)});
                }
            }
            result_.unmatched.push_back(std::move(entry));
        }
    }

    std::vector<std::string> first_differences(std::size_t d, std::size_t c) const {
        const Attributes& before = deletions_[d].attributes();
        const Attributes& after = creations_[c].attributes();
        std::vector<std::string> paths;
        for (const auto& path : differing_paths(before, after, ignore_rules_for(policy_, deletions_[d].type()))) {
            std::string shown = displayed_path(before, after, path);
            if (std::find(paths.begin(), paths.end(), shown) == paths.end()) paths.push_back(std::move(shown));
            if (paths.size() == explained_paths) break;
        }
        return paths;
    }

    // A path into a sensitive value is cut at the outermost attribute that is sensitive
    // throughout on the side that holds it, and marked: the keys of a sensitive map are
    // part of its value.
    static std::string displayed_path(const Attributes& before, const Attributes& after, const std::string& path) {
        std::size_t cut = path.size() + 1;
        for (const Attributes* side : {&before, &after}) {
            auto leaf = std::lower_bound(side->begin(), side->end(), path,
                                         [](const AttributeLeaf& l, const std::string& p) { return l.path < p; });
            if (leaf == side->end() || leaf->path != path || !leaf->sensitive) continue;
            auto sensitive_throughout = [side](std::string_view prefix) {
                for (const auto& other : *side)
                    if (path_covers(prefix, other.path) && !other.sensitive) return false;
                return true;
            };
            bool quoted = false;
            std::size_t here = path.size();
            for (std::size_t i = 1; i < path.size(); ++i) {
                if (path[i] == '"' && path[i - 1] != '\\') quoted = !quoted;
                if (quoted || (path[i] != '.' && path[i] != '[')) continue;
                if (sensitive_throughout(std::string_view(path).substr(0, i))) {
                    here = i;
                    break;
                }
            }
            cut = std::min(cut, here);
        }
        if (cut > path.size()) return path;
        return path.substr(0, cut) + " (sensitive)";
    }

    const Plan& plan_;
    const Policy& policy_;
    std::vector<Side> deletions_;
    std::vector<Side> creations_;
    Relation relation_;
    std::vector<bool> matched_deletion_;
    std::vector<bool> matched_creation_;
    std::set<std::size_t> by_dependency_;
    std::set<std::size_t> propagated_deletions_;  // paired by propagation, either way
    std::set<std::size_t> propagated_creations_;
    std::optional<DependencyEvidence> evidence_;
    std::optional<std::unordered_map<std::string, const ConfigResource*>> config_resources_;  // built on first use
    std::map<std::size_t, std::vector<std::size_t>> tied_deletions_;
    std::map<std::size_t, std::vector<std::size_t>> tied_creations_;
    std::set<std::string> skipped_partial_types_;
    std::set<std::string> skipped_cross_deletion_types_;  // types of unmatched sides left uncompared
    std::set<std::string> skipped_cross_creation_types_;
    MatchResult result_;
};

}  // namespace

std::vector<std::string> differing_paths(const Attributes& before, const Attributes& after,
                                         const std::vector<const IgnoreRule*>& rules) {
    std::vector<std::string> out;
    auto skip = unknown_paths(after);
    auto comparable = [&](const AttributeLeaf& leaf) -> std::optional<std::string> {
        if (rules.empty()) return leaf.value;
        return normalize_for_comparison(rules, leaf.path, leaf.value);
    };
    std::size_t i = 0, j = 0;
    while (i < before.size() || j < after.size()) {
        bool take_before = j == after.size() || (i < before.size() && before[i].path < after[j].path);
        bool take_after = i == before.size() || (j < after.size() && after[j].path < before[i].path);
        if (take_before) {
            const auto& leaf = before[i++];
            if (!covered_by_any(skip, leaf.path) && comparable(leaf)) out.push_back(leaf.path);
        } else if (take_after) {
            const auto& leaf = after[j++];
            if (!leaf.unknown && comparable(leaf)) out.push_back(leaf.path);
        } else {
            const auto& b = before[i++];
            const auto& a = after[j++];
            if (a.unknown) continue;
            auto left = comparable(b);
            auto right = comparable(a);
            if (left && right && *left != *right) out.push_back(b.path);
        }
    }
    return out;
}

MatchResult match_moves(const Plan& plan, const Policy& policy) { return Matcher(plan, policy).run(); }

}  // namespace tfw::core
