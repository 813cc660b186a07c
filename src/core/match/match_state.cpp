#include "tfw/core/match/match_state.hpp"

#include <algorithm>

namespace tfw::core::inline match {

MatchState::MatchState(const Plan& plan_, const Policy& policy_) : plan(plan_), policy(policy_) {
    for (const auto& change : plan.changes) {
        if (change.is_deletion_candidate()) deletions.push_back({&change});
        if (change.is_creation_candidate()) creations.push_back({&change});
    }
    creations_of.resize(deletions.size());
    deletions_of.resize(creations.size());
    matched_deletion.assign(deletions.size(), false);
    matched_creation.assign(creations.size(), false);
}

void MatchState::add_candidate(std::size_t d, std::size_t c) {
    creations_of[d].insert(c);
    deletions_of[c].insert(d);
}

void MatchState::accept(std::size_t d, std::size_t c, Move move) {
    matched_deletion[d] = true;
    matched_creation[c] = true;
    move.from = deletions[d].address();
    move.to = creations[c].address();
    result.moves.push_back(std::move(move));
}

const std::unordered_map<std::string, const ConfigResource*>& MatchState::config_resources() {
    if (!config_resources_) config_resources_ = config_resources_by_address(plan.configuration);
    return *config_resources_;
}

const ReferenceEdges& MatchState::references() {
    if (!references_) {
        references_.emplace();
        for_each_reference(plan.configuration,
                           [this](const std::string& referrer, const std::string& target) { (*references_)[referrer].push_back(target); });
    }
    return *references_;
}

std::string known_values_equal(const Attributes& before, const Attributes& after, MatchKind kind) {
    std::size_t compared = 0;
    auto skip = unknown_paths(after);
    for (const auto& leaf : before)
        if (!covered_by_any(skip, leaf.path)) ++compared;
    return std::to_string(compared) + " known attribute value" + (compared == 1 ? "" : "s") +
           (kind == MatchKind::exact ? " equal" : " equal after ignore rules");
}

std::vector<std::string_view> unknown_paths(const Attributes& after) {
    std::vector<std::string_view> out;
    for (const auto& leaf : after)
        if (leaf.unknown) out.push_back(leaf.path);
    return out;
}

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

std::size_t compared_values(const Attributes& before, const Attributes& after) {
    auto skip = unknown_paths(after);
    std::size_t compared = 0;
    for (const auto& leaf : before)
        if (!covered_by_any(skip, leaf.path)) ++compared;
    for (const auto& leaf : after)
        if (!leaf.unknown && !std::binary_search(before.begin(), before.end(), leaf,
                                                 [](const AttributeLeaf& a, const AttributeLeaf& b) { return a.path < b.path; }))
            ++compared;
    return compared;
}

// A path into a sensitive value is cut at the outermost attribute that is sensitive
// throughout on the side that holds it, and marked: the keys of a sensitive map are
// part of its value.
std::string displayed_path(const Attributes& before, const Attributes& after, const std::string& path) {
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

bool holds_id(std::string_view holder, std::string_view id) {
    if (holder == id) return true;
    if (id.size() < id_contained_from + 2 || id.front() != '"' || id.back() != '"') return false;
    if (holder.size() <= id.size() || holder.front() != '"') return false;
    return holder.find(id.substr(1, id.size() - 2)) != std::string_view::npos;
}

bool is_zero_value(std::string_view value) {
    return value == "null" || value == "\"\"" || value == "false" || value == "0" || value == "[]" || value == "{}";
}

bool shares_identity(const Attributes& before, const Attributes& after, const IgnoredChanges& beside) {
    for (const auto& leaf : before) {
        if (leaf.unknown || is_zero_value(leaf.value) || beside.covers(leaf.path)) continue;
        auto other = std::lower_bound(after.begin(), after.end(), leaf.path,
                                      [](const AttributeLeaf& l, const std::string& p) { return l.path < p; });
        if (other != after.end() && other->path == leaf.path && !other->unknown && other->value == leaf.value) return true;
    }
    return false;
}

}  // namespace tfw::core::match
