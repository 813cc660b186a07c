#include "tfw/core/tidy/tidy.hpp"
#include "tfw/core/model/text.hpp"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <set>

namespace tfw::core::inline tidy {
namespace {

std::string normal_dir(const std::string& dir) {
    std::string out = std::filesystem::path(dir).lexically_normal().generic_string();
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out.empty() ? "." : out;
}

bool step_matches(const ModuleStep& outer, const ModuleStep& inner, bool any_key) {
    return outer.name == inner.name && (any_key || outer.key == inner.key);
}

bool overlaps(const Address& a, const Address& b) { return contains(a, b) || contains(b, a); }

std::string location(const MovedBlock& block) { return block.file + ":" + std::to_string(block.line); }

// Union-find over block indices.
std::size_t root_of(std::vector<std::size_t>& parent, std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

// Terraform unifies a block's two sides: when one has an instance key and the other has
// none, the keyless one is the no-key instance, not every instance. So
// `moved { from = x  to = x["main"] }` moves `x` alone, and `x["main"]` never needs it.
bool keyless_means_no_key(const Address& side, const Address& other) {
    if (side.is_module() != other.is_module()) return false;
    if (side.is_module())
        return !side.module.empty() && !other.module.empty() && side.module.back().key.empty() &&
               !other.module.back().key.empty();
    return side.resource->key.empty() && !other.resource->key.empty();
}

bool same_resource(const Address& side, const Address& object) {
    if (side.is_module() || object.is_module() || side.module != object.module) return false;
    const ResourcePart& a = *side.resource;
    const ResourcePart& b = *object.resource;
    return a.mode == b.mode && a.type == b.type && a.name == b.name;
}

}  // namespace

bool side_holds(const Address& side, const Address& other, const Address& object) {
    if (!contains(side, object)) return false;
    if (!keyless_means_no_key(side, other)) return true;
    if (side.is_module()) return object.module[side.module.size() - 1].key.empty();
    return object.resource->key.empty();
}

bool contains(const Address& outer, const Address& inner) {
    const auto& steps = outer.module;
    if (outer.is_module()) {
        if (steps.empty() || inner.module.size() < steps.size()) return false;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            bool last = i + 1 == steps.size();
            if (!step_matches(steps[i], inner.module[i], last && steps[i].key.empty())) return false;
        }
        return true;
    }
    if (inner.is_module() || inner.module.size() != steps.size()) return false;
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (!step_matches(steps[i], inner.module[i], false)) return false;
    const ResourcePart& a = *outer.resource;
    const ResourcePart& b = *inner.resource;
    return a.mode == b.mode && a.type == b.type && a.name == b.name && (a.key.empty() || a.key == b.key);
}

std::vector<Address> objects_seen_from(const std::vector<Address>& objects, const ModuleDirs& dirs,
                                       const std::string& dir) {
    std::string wanted = normal_dir(dir);
    std::vector<Address> out;
    for (const auto& object : objects) {
        for (std::size_t depth = 0; depth <= object.module.size(); ++depth) {
            ModulePath base(object.module.begin(), object.module.begin() + static_cast<std::ptrdiff_t>(depth));
            auto found = dirs.find(static_key(base));
            if (found != dirs.end() && normal_dir(found->second.dir) == wanted) out.push_back(relative_to(object, base));
        }
    }
    return out;
}

std::vector<std::vector<std::size_t>> chains_of(const std::vector<TidyBlock>& blocks) {
    std::vector<std::size_t> parent(blocks.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        for (std::size_t j = i + 1; j < blocks.size(); ++j) {
            if (normal_dir(blocks[i].dir) != normal_dir(blocks[j].dir)) continue;
            const MovedBlock& a = blocks[i].block;
            const MovedBlock& b = blocks[j].block;
            if (overlaps(a.to, b.from) || overlaps(b.to, a.from) || overlaps(a.from, b.from))
                parent[root_of(parent, i)] = root_of(parent, j);
        }
    }
    std::vector<std::vector<std::size_t>> out;
    std::vector<std::size_t> group_of(blocks.size(), blocks.size());
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        std::size_t root = root_of(parent, i);
        if (group_of[root] == blocks.size()) {
            group_of[root] = out.size();
            out.emplace_back();
        }
        out[group_of[root]].push_back(i);
    }
    return out;
}

std::vector<TidyVerdict> decide_tidy(const std::vector<TidyBlock>& blocks, const std::vector<WorkspaceState>& states,
                                     const ModuleDirs& dirs, bool include_shared) {
    std::vector<TidyVerdict> verdicts(blocks.size());
    std::vector<std::string> checked;
    for (const auto& state : states) checked.push_back(state.workspace);
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const TidyBlock& block = blocks[i];
        std::string example;
        for (const auto& state : states) {
            for (const auto& object : objects_seen_from(state.objects, dirs, block.dir)) {
                if (!side_holds(block.block.from, block.block.to, object)) continue;
                verdicts[i].needed_by.push_back(state.workspace);
                if (example.empty()) example = to_string(object);
                break;
            }
        }
        if (!verdicts[i].needed_by.empty()) {
            verdicts[i].reason = "still needed: workspace " + join(verdicts[i].needed_by) +
                                 " has not applied it (an object is still at " + example + ")";
        } else if (!block.shared.empty() && !include_shared) {
            verdicts[i].reason = "kept: the module is shared (" + block.shared +
                                 "); removing the block breaks its consumers who have not applied it (--include-shared removes it)";
        } else {
            verdicts[i].remove = true;
            verdicts[i].reason = checked.empty() ? "no workspace has a state that needs it"
                                                 : "every state has applied it (workspaces " + join(checked) + ")";
        }
    }
    for (const auto& chain : chains_of(blocks)) {
        auto needing = std::find_if(chain.begin(), chain.end(), [&](std::size_t i) { return !verdicts[i].needed_by.empty(); });
        if (needing == chain.end()) continue;
        for (std::size_t i : chain) {
            if (!verdicts[i].remove) continue;
            verdicts[i].remove = false;
            verdicts[i].needed_by = verdicts[*needing].needed_by;
            verdicts[i].reason = "part of a chain that is not complete: the block at " + location(blocks[*needing].block) +
                                 " is still needed by workspace " + join(verdicts[*needing].needed_by);
        }
    }
    return verdicts;
}

std::vector<std::size_t> blocks_touched(const std::vector<TidyBlock>& blocks, const std::vector<TidyVerdict>& verdicts,
                                        const std::vector<std::string>& addresses, const ModuleDirs& dirs,
                                        TouchLevel level) {
    std::vector<Address> parsed;
    bool all = false;
    for (const auto& text : addresses) {
        AddressParseResult result = parse_address(text);
        if (result.address) parsed.push_back(std::move(*result.address));
        else all = true;
    }
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (!verdicts[i].remove) continue;
        bool touched = all;
        const MovedBlock& block = blocks[i].block;
        for (const auto& seen : objects_seen_from(parsed, dirs, blocks[i].dir)) {
            touched = touched || side_holds(block.from, block.to, seen) || side_holds(block.to, block.from, seen);
            if (level == TouchLevel::resource)
                touched = touched || same_resource(block.from, seen) || same_resource(block.to, seen);
        }
        if (touched) out.push_back(i);
    }
    return out;
}

void keep_for_replan(std::vector<TidyVerdict>& verdicts, const std::vector<TidyBlock>& blocks,
                     const std::vector<std::size_t>& indices, const std::string& workspace,
                     const std::string& difference) {
    std::set<std::size_t> chosen(indices.begin(), indices.end());
    for (const auto& chain : chains_of(blocks)) {
        bool hit = std::any_of(chain.begin(), chain.end(), [&](std::size_t i) { return chosen.count(i) > 0; });
        if (!hit) continue;
        for (std::size_t i : chain) {
            if (!verdicts[i].remove) continue;
            verdicts[i].remove = false;
            verdicts[i].needed_by = {workspace};
            verdicts[i].reason = "still needed: replanning workspace " + workspace +
                                 " without it plans different changes than with it (" + difference + ")";
        }
    }
}

}  // namespace tfw::core::tidy
