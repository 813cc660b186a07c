#include "tfw/core/roots/sibling_roots.hpp"

#include <map>
#include <tuple>

#include <rapidjson/document.h>

#include "tfw/core/roots/migration_plan.hpp"

namespace tfw::core::inline roots {
namespace {

// The object's `id` among `values`, a string leaf at the top level, or "".
std::string id_among(const Attributes& values) {
    for (const auto& leaf : values) {
        if (leaf.path != "id" || leaf.unknown) continue;
        rapidjson::Document parsed;
        parsed.Parse(leaf.value.data(), leaf.value.size());
        return !parsed.HasParseError() && parsed.IsString() ? std::string(parsed.GetString(), parsed.GetStringLength()) : "";
    }
    return "";
}

}  // namespace

std::vector<DestroyedObject> destroyed_objects(const Plan& plan) {
    std::vector<DestroyedObject> out;
    for (const auto& change : plan.changes) {
        if (!change.is_managed() || change.deposed) continue;
        std::string id;
        if (change.action == Action::remove) id = id_among(change.before);
        else if (change.action == Action::delete_then_create || change.action == Action::create_then_delete)
            id = id_among(change.held_until_apply);
        if (id.empty()) continue;
        out.push_back({change.address_text, change.address.resource->type, provider_source(change.provider_name), id});
    }
    return out;
}

std::vector<HeldBySibling> held_by_siblings(const std::vector<DestroyedObject>& destroyed,
                                            const std::vector<std::string>& sibling_states) {
    // (provider, type, id) -> where each sibling holds it
    std::multimap<std::tuple<std::string, std::string, std::string>, std::pair<std::size_t, std::string>> held;
    for (std::size_t sibling = 0; sibling < sibling_states.size(); ++sibling)
        for (const auto& object : object_ids(sibling_states[sibling]))
            held.insert({{object.provider, object.type, object.id}, {sibling, object.address}});
    std::vector<HeldBySibling> out;
    for (const auto& object : destroyed) {
        auto [first, last] = held.equal_range({object.provider, object.type, object.id});
        for (auto it = first; it != last; ++it) out.push_back({object, it->second.first, it->second.second});
    }
    return out;
}

}  // namespace tfw::core::roots
