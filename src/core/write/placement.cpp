#include "tfw/core/write/placement.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace tfw::core::inline write {

std::string static_key(const ModulePath& path) {
    std::string out;
    for (const auto& step : path) out += (out.empty() ? "" : ".") + step.name;
    return out;
}

namespace {

std::string normalize_dir(std::string dir) {
    while (dir.size() > 2 && dir.substr(0, 2) == "./") dir = dir.substr(2);
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    return dir.empty() ? "." : dir;
}

ModulePath parent_of(const ModulePath& path) {
    return path.empty() ? path : ModulePath(path.begin(), path.end() - 1);
}

// The innermost module that can hold a block for `block`.
ModulePath common_module(const MoveBlock& block) {
    if (block.from.is_module()) return common_ancestor(parent_of(block.from.module), parent_of(block.to.module));
    return common_ancestor(block.from.module, block.to.module);
}

// Where `object` is once the module block `block` has moved it; nullopt when the block
// does not move it.
std::optional<Address> moved_module(const MoveBlock& block, const Address& object) {
    const ModulePath& from = block.from.module;
    if (object.module.size() < from.size()) return std::nullopt;
    for (std::size_t i = 0; i < from.size(); ++i) {
        if (from[i].name != object.module[i].name) return std::nullopt;
        // A keyless last step is the whole call (every key) when the other side is keyless
        // too, and the no-key instance when it is not.
        const bool whole_call = i + 1 == from.size() && from[i].key.empty() && block.to.module.back().key.empty();
        if (!whole_call && from[i].key != object.module[i].key) return std::nullopt;
    }
    Address moved = object;
    ModulePath to = block.to.module;
    if (block.to.module.back().key.empty() && from.back().key.empty()) to.back().key = object.module[from.size() - 1].key;
    moved.module = to;
    moved.module.insert(moved.module.end(), object.module.begin() + static_cast<std::ptrdiff_t>(from.size()), object.module.end());
    return moved;
}

// Whether a block from `from` may touch the object at `address`: any instance of the
// resource or module call it names, whatever the keys, since a block naming a resource
// also switches Terraform's implied moves off for it (`x` to `x[0]`).
bool touches(const Address& from, const Address& address) {
    if (from.is_module()) {
        if (address.module.size() < from.module.size()) return false;
        for (std::size_t i = 0; i < from.module.size(); ++i)
            if (from.module[i].name != address.module[i].name ||
                (i + 1 < from.module.size() && from.module[i].key != address.module[i].key))
                return false;
        return true;
    }
    return address.resource && address.module == from.module && address.resource->mode == from.resource->mode &&
           address.resource->type == from.resource->type && address.resource->name == from.resource->name;
}

// Whether two addresses of moved blocks may name an object in common (resource keys
// aside, module keys compared): Terraform refuses two blocks to one destination
// ("Ambiguous move statements") and blocks that lead back to where they start, whether or
// not an object is there.
bool overlap(const Address& a, const Address& b) {
    const std::size_t common = std::min(a.module.size(), b.module.size());
    for (std::size_t i = 0; i < common; ++i) {
        if (a.module[i].name != b.module[i].name) return false;
        // A module block's keyless last step names the whole call.
        const bool a_call = a.is_module() && i + 1 == a.module.size() && a.module[i].key.empty();
        const bool b_call = b.is_module() && i + 1 == b.module.size() && b.module[i].key.empty();
        if (!a_call && !b_call && a.module[i].key != b.module[i].key) return false;
    }
    if (a.is_module() || b.is_module())
        return (a.is_module() && a.module.size() <= b.module.size()) || (b.is_module() && b.module.size() <= a.module.size());
    return a.module.size() == b.module.size() && a.resource->mode == b.resource->mode &&
           a.resource->type == b.resource->type && a.resource->name == b.resource->name;
}

class Placer {
public:
    Placer(const std::vector<MoveBlock>& blocks, const ModuleDirs& dirs, const std::vector<ModulePath>& instances,
           const std::vector<Address>& objects, const std::vector<Address>& declared)
        : blocks_(blocks.begin(), blocks.end()), dirs_(dirs), declared_(declared.begin(), declared.end()) {
        std::set<ModulePath> unique(instances.begin(), instances.end());
        configured_ = unique;
        for (const auto& object : objects) unique.insert(object.module);
        for (const auto& instance : unique)
            if (auto it = dirs_.find(static_key(instance)); it != dirs_.end())
                instances_by_dir_[normalize_dir(it->second.dir)].push_back(instance);
        // Where each object is once the module blocks have moved it, outer ones first:
        // what a block written inside a module then finds.
        std::vector<const MoveBlock*> module_blocks;
        for (const auto& block : blocks_)
            if (block.from.is_module()) module_blocks.push_back(&block);
        std::stable_sort(module_blocks.begin(), module_blocks.end(), [](const MoveBlock* a, const MoveBlock* b) {
            return a->from.module.size() < b->from.module.size();
        });
        for (Address object : objects) {
            for (const MoveBlock* block : module_blocks)
                if (auto moved = moved_module(*block, object)) object = *moved;
            world_.push_back(std::move(object));
        }
    }

    Placement place(const MoveBlock& block) const {
        ModulePath innermost = common_module(block);
        std::string note;
        for (ModulePath candidate = innermost;; candidate = parent_of(candidate)) {
            std::string reason = why_not(candidate, block);
            if (reason.empty() || candidate.empty()) {
                Placement placement{block, candidate, candidate.empty() ? "." : dir_of(candidate),
                                    relative_to(block.from, candidate), relative_to(block.to, candidate), note};
                return placement;
            }
            if (note.empty()) note = reason;
        }
    }

private:
    std::string dir_of(const ModulePath& module) const {
        auto it = dirs_.find(static_key(module));
        return it == dirs_.end() ? std::string() : normalize_dir(it->second.dir);
    }

    // Empty when `module` may hold the block; otherwise why not.
    std::string why_not(const ModulePath& module, const MoveBlock& block) const {
        if (module.empty()) return {};
        auto entry = dirs_.find(static_key(module));
        if (entry == dirs_.end() || entry->second.dir.empty())
            return to_string(module) + " has no recorded source directory (run terraform init)";
        std::string dir = normalize_dir(entry->second.dir);
        if (!entry->second.local) return to_string(module) + " comes from a downloaded (non-local) source, " + dir;
        if (!is_user_directory(dir)) return to_string(module) + " has its source outside the root module's tree, " + dir;
        Address from = relative_to(block.from, module);
        Address to = relative_to(block.to, module);
        // Every module instance reading this directory gets the block, those of the old
        // configuration too (an instance that goes): each must make the same move, or
        // hold nothing the block would move.
        if (auto sharing = instances_by_dir_.find(dir); sharing != instances_by_dir_.end()) {
            for (const auto& instance : sharing->second) {
                MoveBlock same{absolute_from(from, instance), absolute_from(to, instance)};
                if (blocks_.count(same)) continue;
                if (const MoveBlock* other = configured_.count(instance) ? clashes(same) : nullptr)
                    return "the directory " + dir + " is shared with " + (instance.empty() ? "the root" : to_string(instance)) +
                           ", where the block would meet " + to_string(other->from) + " -> " + to_string(other->to);
                if (declares(same.from))
                    return "the directory " + dir + " is shared with " + (instance.empty() ? "the root" : to_string(instance)) +
                           ", which still declares " + to_string(same.from);
                if (!holds(same.from)) continue;
                return "the directory " + dir + " is shared with " + (instance.empty() ? "the root" : to_string(instance)) +
                       ", which does not make the same move";
            }
        }
        return {};
    }

    // Another block naming what `block` names, or nullptr: Terraform judges the blocks of
    // every instance of the new configuration before it looks at any object.
    const MoveBlock* clashes(const MoveBlock& block) const {
        for (const auto& other : blocks_)
            if (overlap(other.to, block.to) || overlap(other.from, block.from) || overlap(other.to, block.from) ||
                overlap(other.from, block.to))
                return &other;
        return nullptr;
    }

    // Whether the new configuration declares what a block from `from` names: the resource
    // instance, or any instance of a whole resource.
    bool declares(const Address& from) const {
        if (from.is_module()) return false;  // a module call's instances: the instances check above
        if (declared_.count(from)) return true;
        if (!from.resource->key.empty()) return false;
        return std::any_of(declared_.begin(), declared_.end(), [&](const Address& object) {
            return object.module == from.module && object.resource && object.resource->mode == from.resource->mode &&
                   object.resource->type == from.resource->type && object.resource->name == from.resource->name;
        });
    }

    // Whether some object is where a block from `from` may touch it.
    bool holds(const Address& from) const {
        return std::any_of(world_.begin(), world_.end(), [&](const Address& object) { return touches(from, object); });
    }

    std::set<MoveBlock> blocks_;
    const ModuleDirs& dirs_;
    std::set<Address> declared_;  // the resource instances of the new configuration
    std::vector<Address> world_;  // the prior objects, where the module blocks put them
    std::set<ModulePath> configured_;  // the module instances of the new configuration
    // Module instances by the directory their source is in, in address order.
    std::map<std::string, std::vector<ModulePath>> instances_by_dir_;
};

}  // namespace

bool is_user_directory(const std::string& dir) {
    std::string normalized = normalize_dir(dir);
    if (normalized == ".") return true;
    if (normalized[0] == '/') return false;
    int depth = 0;
    std::size_t start = 0;
    while (start <= normalized.size()) {
        std::size_t slash = normalized.find('/', start);
        std::string part = normalized.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (part == "..") {
            if (--depth < 0) return false;
        } else if (part == ".terraform") {
            return false;
        } else if (!part.empty() && part != ".") {
            ++depth;
        }
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return true;
}

std::vector<ModulePath> known_module_instances(const Plan& plan) {
    std::set<ModulePath> out;
    auto add = [&out](const ModulePath& path) {
        for (std::size_t n = 0; n <= path.size(); ++n) out.insert(ModulePath(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(n)));
    };
    for (const auto& change : plan.changes) {
        // Only instances of the new configuration read a directory's blocks.
        if (change.action != Action::remove) add(change.address.module);
    }
    return {out.begin(), out.end()};
}

std::vector<Address> declared_objects(const Plan& plan) {
    std::vector<Address> out;
    for (const auto& change : plan.changes)
        if (change.action != Action::remove && !change.deposed && change.address.resource &&
            change.address.resource->mode == ResourceMode::managed)
            out.push_back(change.address);
    return out;
}

std::vector<Address> prior_objects(const Plan& plan) {
    std::vector<Address> out;
    for (const auto& change : plan.changes) {
        if (!change.is_managed() || change.action == Action::create || change.deposed) continue;
        // Not previous_address: after a chain through the user's own moved blocks that is
        // the start of the chain, an address the inferred moves never name.
        out.push_back(change.address);
    }
    return out;
}

std::vector<Placement> place_moves(const std::vector<MoveBlock>& blocks, const ModuleDirs& dirs,
                                   const std::vector<ModulePath>& instances, const std::vector<Address>& objects,
                                   const std::vector<Address>& declared) {
    Placer placer(blocks, dirs, instances, objects, declared);
    std::vector<Placement> out;
    std::set<std::tuple<std::string, Address, Address>> seen;
    for (const auto& block : blocks) {
        Placement placement = placer.place(block);
        if (!seen.insert({placement.dir, placement.from, placement.to}).second) continue;
        out.push_back(std::move(placement));
    }
    return out;
}

ModuleDirs parse_modules_json(std::string& json_text) {
    rapidjson::Document document;
    document.ParseInsitu(json_text.data());
    if (document.HasParseError() || !document.IsObject()) throw std::runtime_error("modules.json is not valid JSON");
    // Read through a const reference: C++20 finds == between RapidJSON's non-const member
    // iterators ambiguous, which clang reports.
    const rapidjson::Value& fields = document;
    auto modules = fields.FindMember("Modules");
    if (modules == fields.MemberEnd() || !modules->value.IsArray()) throw std::runtime_error("modules.json has no Modules list");
    std::map<std::string, std::pair<std::string, std::string>> entries;  // key -> (source, dir)
    for (const auto& entry : modules->value.GetArray()) {
        if (!entry.IsObject()) continue;
        auto key = entry.FindMember("Key");
        auto dir = entry.FindMember("Dir");
        auto source = entry.FindMember("Source");
        if (key == entry.MemberEnd() || dir == entry.MemberEnd() || !key->value.IsString() || !dir->value.IsString())
            continue;
        std::string source_text =
            source != entry.MemberEnd() && source->value.IsString() ? source->value.GetString() : std::string();
        entries[key->value.GetString()] = {source_text, dir->value.GetString()};
    }
    // Keys sort parents first ("a" < "a.b"), so a parent's locality is known in time.
    ModuleDirs dirs;
    for (const auto& [key, entry] : entries) {
        const auto& [source, dir] = entry;
        bool local = key.empty() || source.starts_with("./") || source.starts_with("../");
        if (!key.empty()) {
            std::size_t dot = key.rfind('.');
            std::string parent = dot == std::string::npos ? std::string() : key.substr(0, dot);
            auto found = dirs.find(parent);
            // A parent missing from the manifest: nothing proves the chain is local.
            local = local && (parent.empty() || (found != dirs.end() && found->second.local));
        }
        dirs[key] = ModuleDir{dir, local};
    }
    return dirs;
}

std::string with_module_dirs(const std::string& json_text,
                             const std::function<std::string(const std::string& key, const std::string& dir)>& new_dir) {
    rapidjson::Document document;
    document.Parse(json_text.data(), json_text.size());
    if (document.HasParseError() || !document.IsObject()) throw std::runtime_error("modules.json is not valid JSON");
    // HasMember and operator[], not FindMember: clang finds == between RapidJSON's
    // non-const member iterators ambiguous under C++20.
    if (!document.HasMember("Modules") || !document["Modules"].IsArray())
        throw std::runtime_error("modules.json has no Modules list");
    for (auto& entry : document["Modules"].GetArray()) {
        if (!entry.IsObject() || !entry.HasMember("Key") || !entry.HasMember("Dir") || !entry["Key"].IsString() ||
            !entry["Dir"].IsString())
            continue;
        const std::string key_text = entry["Key"].GetString();
        if (key_text.empty()) continue;
        const std::string dir_text = new_dir(key_text, entry["Dir"].GetString());
        entry["Dir"].SetString(dir_text.data(), static_cast<rapidjson::SizeType>(dir_text.size()), document.GetAllocator());
    }
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    document.Accept(writer);
    return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace tfw::core::write
