#include "tfw/core/roots/cross_root_plan.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>

namespace tfw::core::inline roots {
namespace {

const std::string call_prefix = "tfw_root_";

std::string call_name(std::size_t root) { return call_prefix + std::to_string(root); }

std::string in_merged_text(std::size_t root, const std::string& config_address) {
    return "module." + call_name(root) + "." + config_address;
}

std::optional<std::size_t> root_of(const Address& merged) {
    const auto root = from_merged_plan(merged);
    return root ? std::optional<std::size_t>(root->root) : std::nullopt;
}

std::string type_of(const Address& address) { return address.resource ? address.resource->type : ""; }

// Why a side lost the pair the matcher gave it.
std::string dropped_because(const Address& side, const Address& other, const std::set<Address>& sides, bool in_dropped_tie) {
    if (in_dropped_tie)
        return "tied, through candidates that tie with each other, with one no transfer between root modules can "
               "take (in its own root module, or of another type): no trial could refute it, so nothing moves";
    if (!sides.count(other)) return "paired only with " + to_string(other) + ", which its own root module's run moves";
    if (root_of(side) == root_of(other))
        return "paired only with " + to_string(other) + ", in its own root module, whose run left the pair";
    return "type mismatch: " + to_string(other) + " has equal values but is a " + type_of(other) + ", not a " +
           type_of(side);
}

}  // namespace

Address in_merged_plan(std::size_t root, const Address& address) {
    Address out;
    out.module.push_back({call_name(root), InstanceKey::none()});
    out.module.insert(out.module.end(), address.module.begin(), address.module.end());
    out.resource = address.resource;
    return out;
}

std::optional<RootObject> from_merged_plan(const Address& merged) {
    if (merged.module.empty() || !merged.module.front().key.empty()) return std::nullopt;
    const std::string& name = merged.module.front().name;
    if (!name.starts_with(call_prefix)) return std::nullopt;
    std::size_t root = 0;
    const char* first = name.data() + call_prefix.size();
    const char* last = name.data() + name.size();
    const auto [end, error] = std::from_chars(first, last, root);
    if (error != std::errc() || end != last || first == last) return std::nullopt;
    return RootObject{root, Address{ModulePath(merged.module.begin() + 1, merged.module.end()), merged.resource}};
}

Plan merge_root_plans(const std::vector<const Plan*>& plans) {
    Plan merged;
    for (std::size_t root = 0; root < plans.size(); ++root) {
        const Plan& plan = *plans[root];
        if (merged.terraform_version.empty()) merged.terraform_version = plan.terraform_version;
        merged.errored = merged.errored || plan.errored;
        for (const auto& change : plan.changes) {
            ResourceChange copy = change;
            copy.address = in_merged_plan(root, change.address);
            copy.address_text = to_string(copy.address);
            if (change.previous_address) copy.previous_address = in_merged_plan(root, *change.previous_address);
            merged.changes.push_back(std::move(copy));
        }
        for (const auto& [address, dependencies] : plan.prior_dependencies) {
            std::vector<std::string> prefixed;
            for (const auto& dependency : dependencies) prefixed.push_back(in_merged_text(root, dependency));
            merged.prior_dependencies[in_merged_text(root, address)] = std::move(prefixed);
        }
        // What a root's own refresh found is the merged plan's: the engine between roots
        // refreshes its final plan again only where there is some (converge_engine).
        for (const auto& address : plan.drifted) merged.drifted.push_back(in_merged_text(root, address));
        merged.configuration.calls.push_back({call_name(root), "", false, false, {}, plan.configuration});
    }
    return merged;
}

void keep_moves_between_roots(MatchResult& matched, const std::set<Address>& sides) {
    auto carried_by_transfer = [&](const Address& from, const Address& to) {
        return sides.count(from) && sides.count(to) && root_of(from) != root_of(to) && type_of(from) == type_of(to);
    };
    // Ties as connected groups of candidates. A candidate no transfer can take is never
    // tried, so never refuted: every pair of its group could be one of two that fit, a
    // true tie nobody saw, and the whole group leaves the trials.
    std::map<Address, Address> group_of;
    auto group = [&](Address side) {
        while (group_of.count(side) && group_of.at(side) != side) side = group_of.at(side);
        return side;
    };
    for (const auto& tie : matched.ties) {
        for (const Address* side : {&tie.move.from, &tie.move.to}) group_of.emplace(*side, *side);
        const Address a = group(tie.move.from), b = group(tie.move.to);
        if (a != b) group_of[a] = b;
    }
    std::set<Address> spoiled;  // groups, by their representative
    for (const auto& tie : matched.ties)
        if (!carried_by_transfer(tie.move.from, tie.move.to)) spoiled.insert(group(tie.move.from));
    auto in_spoiled_tie = [&](const Address& side) { return group_of.count(side) && spoiled.count(group(side)); };
    std::erase_if(matched.ties, [&](const TiedPair& tie) { return in_spoiled_tie(tie.move.from); });

    std::set<Address> unmatched;
    for (const auto& entry : matched.unmatched) unmatched.insert(entry.address);
    std::vector<Move> kept;
    for (auto& move : matched.moves) {
        const bool spoiled_tie = in_spoiled_tie(move.from) || in_spoiled_tie(move.to);
        if (!spoiled_tie && carried_by_transfer(move.from, move.to)) {
            kept.push_back(std::move(move));
            continue;
        }
        for (const auto& [side, other, deletion] :
             {std::tuple{move.from, move.to, true}, std::tuple{move.to, move.from, false}}) {
            if (!sides.count(side) || !unmatched.insert(side).second) continue;
            matched.unmatched.push_back({side, deletion, dropped_because(side, other, sides, spoiled_tie), {}});
        }
    }
    matched.moves = std::move(kept);
}

std::vector<StateTransfer> transfers_of(const std::vector<MovePair>& moves) {
    std::vector<StateTransfer> out;
    for (const auto& [from, to] : moves) {
        const auto left = from_merged_plan(from), arrived = from_merged_plan(to);
        if (!left || !arrived) continue;
        out.push_back({left->root, to_string(left->address), arrived->root, to_string(arrived->address)});
    }
    return out;
}

void mark_transfers(Plan& merged, const std::vector<MovePair>& moves) {
    std::map<Address, const ResourceChange*> still_at;
    for (const auto& change : merged.changes)
        if (!change.deposed) still_at[change.address] = &change;
    std::map<Address, Address> arrived_from;
    for (const auto& [from, to] : moves)
        if (!still_at.count(from)) arrived_from[to] = from;
    for (auto& change : merged.changes) {
        if (change.deposed || change.previous_address) continue;
        if (const auto it = arrived_from.find(change.address); it != arrived_from.end()) change.previous_address = it->second;
    }
}

std::string with_root_names(std::string text, const std::vector<std::string>& names) {
    const std::string marker = "module." + call_prefix;
    for (std::size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at)) {
        std::size_t end = at + marker.size();
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        std::size_t root = 0;
        const auto [stop, error] = std::from_chars(text.data() + at + marker.size(), text.data() + end, root);
        if (error != std::errc() || end == at + marker.size() || end >= text.size() || text[end] != '.' ||
            root >= names.size()) {
            at = end;
            continue;
        }
        (void)stop;
        const std::string name = names[root] + ": ";
        text.replace(at, end + 1 - at, name);
        at += name.size();
    }
    return text;
}

}  // namespace tfw::core::roots
