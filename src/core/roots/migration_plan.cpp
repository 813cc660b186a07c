#include "tfw/core/roots/migration_plan.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "tfw/core/model/address.hpp"

namespace tfw::core::inline roots {
namespace {

namespace rj = rapidjson;

struct StateDoc {
    rj::Document doc;
    std::size_t root = 0;
};

[[noreturn]] void fail(std::size_t root, const std::string& what) {
    throw StateMigrationError("the state of root " + std::to_string(root) + " " + what);
}

void parse_state(StateDoc& state, std::string_view text) {
    state.doc.Parse(text.data(), text.size());
    if (state.doc.HasParseError() || !state.doc.IsObject()) fail(state.root, "is not JSON");
    const rj::Value& top = state.doc;  // const lookups: clang finds == on mutable iterators ambiguous in C++20
    const auto version = top.FindMember("version");
    if (version == top.MemberEnd() || !version->value.IsInt() || version->value.GetInt() != 4)
        fail(state.root, "is not a version 4 state");
    const auto serial = top.FindMember("serial");
    if (serial == top.MemberEnd() || !serial->value.IsUint64()) fail(state.root, "has no serial");
    const auto lineage = top.FindMember("lineage");
    if (lineage == top.MemberEnd() || !lineage->value.IsString()) fail(state.root, "has no lineage");
    const auto resources = top.FindMember("resources");
    if (resources == top.MemberEnd()) {
        state.doc.AddMember("resources", rj::Value(rj::kArrayType), state.doc.GetAllocator());
    } else if (!resources->value.IsArray()) {
        fail(state.root, "has no resources list");
    }
}

std::string text_of(const rj::Value& object, const char* name) {
    const auto member = object.FindMember(name);
    return member != object.MemberEnd() && member->value.IsString() ? member->value.GetString() : "";
}

InstanceKey key_of(const rj::Value& instance) {
    const auto key = instance.FindMember("index_key");
    if (key == instance.MemberEnd()) return InstanceKey::none();
    if (key->value.IsString()) return InstanceKey::of_name(key->value.GetString());
    if (key->value.IsInt64()) return InstanceKey::of_index(key->value.GetInt64());
    return InstanceKey::of_name("?");  // no address Terraform prints has another key
}

// module, type and name: what a state resource is found by (the mode is always managed).
struct ResourceName {
    std::string module;
    std::string type;
    std::string name;
    std::strong_ordering operator<=>(const ResourceName&) const = default;  // not auto: see InstanceKey in address.hpp
};

ResourceName resource_name(const Address& address) {
    return {to_string(address.module), address.resource->type, address.resource->name};
}

std::string resource_text(const ResourceName& name) {
    return (name.module.empty() ? "" : name.module + ".") + name.type + "." + name.name;
}

rj::Value* find_resource(rj::Document& doc, const ResourceName& name) {
    for (auto& resource : doc["resources"].GetArray())
        if (text_of(resource, "mode") == "managed" && text_of(resource, "module") == name.module &&
            text_of(resource, "type") == name.type && text_of(resource, "name") == name.name)
            return &resource;
    return nullptr;
}

rj::Value* find_instance(rj::Value& resource, const InstanceKey& key) {
    if (!resource.HasMember("instances") || !resource["instances"].IsArray()) return nullptr;
    for (auto& instance : resource["instances"].GetArray())
        if (key_of(instance) == key) return &instance;
    return nullptr;
}

Address instance_address(std::size_t root, const std::string& text) {
    AddressParseResult parsed = parse_address(text);
    if (!parsed.address || parsed.address->is_module() || parsed.address->resource->mode != ResourceMode::managed)
        fail(root, "cannot take " + text + ": not a managed resource instance address");
    return *parsed.address;
}

void set_key(rj::Value& instance, const InstanceKey& key, rj::Document::AllocatorType& allocator) {
    instance.RemoveMember("index_key");
    if (key.kind == InstanceKey::Kind::index) instance.AddMember("index_key", rj::Value(key.index), allocator);
    if (key.kind == InstanceKey::Kind::name)
        instance.AddMember("index_key", rj::Value(key.name.c_str(), allocator), allocator);
}

const char* each_of(const InstanceKey& key) {
    return key.kind == InstanceKey::Kind::index ? "list" : key.kind == InstanceKey::Kind::name ? "map" : nullptr;
}

// The dependencies of a moved instance name resources of the root it leaves: those that
// move to the same root go under their new names, and the others are dropped, since
// they are not in the new root (Terraform records them again at the next apply).
void carry_dependencies(rj::Value& instance, const std::map<ResourceName, ResourceName>& renamed,
                        rj::Document::AllocatorType& allocator) {
    if (!instance.HasMember("dependencies") || !instance["dependencies"].IsArray()) return;
    std::set<std::string> kept;
    for (const auto& dependency : instance["dependencies"].GetArray()) {
        if (!dependency.IsString()) continue;
        for (const auto& [from, to] : renamed)
            if (resource_text(from) == dependency.GetString()) kept.insert(resource_text(to));
    }
    rj::Value list(rj::kArrayType);
    for (const auto& name : kept) list.PushBack(rj::Value(name.c_str(), allocator), allocator);
    instance["dependencies"] = list;
}

// Takes the instance at `address` out of its state, and its resource once empty; false
// when the state holds no such instance.
bool erase_instance(rj::Document& doc, const Address& address) {
    rj::Value* resource = find_resource(doc, resource_name(address));
    if (!resource) return false;
    auto& instances = (*resource)["instances"];
    bool erased = false;
    for (auto it = instances.Begin(); it != instances.End(); ++it)
        if (key_of(*it) == address.resource->key) {
            instances.Erase(it);
            erased = true;
            break;
        }
    if (instances.Empty()) {
        auto& resources = doc["resources"];
        for (auto it = resources.Begin(); it != resources.End(); ++it)
            if (&*it == resource) {
                resources.Erase(it);
                break;
            }
    }
    return erased;
}

void bump_serial(rj::Document& doc, std::uint64_t serial) { doc["serial"].SetUint64(serial); }

std::string render(const rj::Document& doc) {
    rj::StringBuffer buffer;
    rj::PrettyWriter<rj::StringBuffer> writer(buffer);
    writer.SetIndent(' ', 2);
    doc.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

void copy_into(rj::Document& to, const rj::Document& from) { to.CopyFrom(from, to.GetAllocator()); }

}  // namespace

std::vector<RootStates> plan_migration(const std::vector<std::string>& originals,
                                       const std::vector<StateTransfer>& transfers) {
    const std::size_t n = originals.size();
    std::vector<StateDoc> gained(n), final_state(n);
    std::vector<bool> gains(n, false), loses(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        gained[i].root = final_state[i].root = i;
        parse_state(gained[i], originals[i]);
    }
    for (const auto& transfer : transfers) {
        if (transfer.from_root >= n || transfer.to_root >= n || transfer.from_root == transfer.to_root)
            throw StateMigrationError("a transfer names a root that is not in the migration");
        if (std::string(gained[transfer.from_root].doc["lineage"].GetString()) ==
            gained[transfer.to_root].doc["lineage"].GetString())
            fail(transfer.to_root, "has the lineage of root " + std::to_string(transfer.from_root) +
                                       ": both are the same state, and a move inside one state is a moved block");
        gains[transfer.to_root] = true;
        loses[transfer.from_root] = true;
    }
    std::map<std::pair<std::size_t, std::size_t>, std::map<ResourceName, ResourceName>> renamed;
    for (const auto& transfer : transfers) {
        const Address from = instance_address(transfer.from_root, transfer.from);
        const Address to = instance_address(transfer.to_root, transfer.to);
        if (from.resource->type != to.resource->type)
            fail(transfer.to_root, "cannot take " + transfer.to + " from " + transfer.from + ": another resource type");
        renamed[{transfer.from_root, transfer.to_root}][resource_name(from)] = resource_name(to);
    }

    // Phase one: each gaining root gets its objects; the losing roots still hold them.
    std::set<std::pair<std::size_t, std::string>> taken;
    for (const auto& transfer : transfers) {
        const Address from = instance_address(transfer.from_root, transfer.from);
        const Address to = instance_address(transfer.to_root, transfer.to);
        rj::Document& source = gained[transfer.from_root].doc;
        rj::Value* from_resource = find_resource(source, resource_name(from));
        rj::Value* from_instance = from_resource ? find_instance(*from_resource, from.resource->key) : nullptr;
        if (!from_instance || !taken.emplace(transfer.from_root, transfer.from).second)
            fail(transfer.from_root, "has no object at " + transfer.from + " to move");
        rj::Document& target = gained[transfer.to_root].doc;
        auto& allocator = target.GetAllocator();
        rj::Value* to_resource = find_resource(target, resource_name(to));
        if (!to_resource) {
            rj::Value resource(rj::kObjectType);
            const ResourceName name = resource_name(to);
            if (!name.module.empty()) resource.AddMember("module", rj::Value(name.module.c_str(), allocator), allocator);
            resource.AddMember("mode", "managed", allocator);
            resource.AddMember("type", rj::Value(name.type.c_str(), allocator), allocator);
            resource.AddMember("name", rj::Value(name.name.c_str(), allocator), allocator);
            if (const char* each = each_of(to.resource->key)) resource.AddMember("each", rj::StringRef(each), allocator);
            resource.AddMember("provider", rj::Value(text_of(*from_resource, "provider").c_str(), allocator), allocator);
            resource.AddMember("instances", rj::Value(rj::kArrayType), allocator);
            target["resources"].PushBack(resource, allocator);
            to_resource = &target["resources"][target["resources"].Size() - 1];
        } else {
            const char* each = each_of(to.resource->key);
            if (text_of(*to_resource, "each") != (each ? each : ""))
                fail(transfer.to_root, "holds " + resource_text(resource_name(to)) +
                                           " with other instance keys than " + transfer.to);
            if (find_instance(*to_resource, to.resource->key))
                fail(transfer.to_root, "already has an object at " + transfer.to);
        }
        rj::Value instance(*from_instance, allocator);
        set_key(instance, to.resource->key, allocator);
        carry_dependencies(instance, renamed[{transfer.from_root, transfer.to_root}], allocator);
        (*to_resource)["instances"].PushBack(instance, allocator);
    }

    // Phase two: each losing root lets its objects go, from its gained state if it has one.
    for (std::size_t i = 0; i < n; ++i) {
        if (!loses[i]) continue;
        if (gains[i]) {
            copy_into(final_state[i].doc, gained[i].doc);
        } else {
            parse_state(final_state[i], originals[i]);
        }
    }
    for (const auto& transfer : transfers)
        erase_instance(final_state[transfer.from_root].doc, instance_address(transfer.from_root, transfer.from));

    std::vector<RootStates> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        out[i].original = originals[i];
        std::uint64_t serial = gained[i].doc["serial"].GetUint64();
        if (gains[i]) {
            bump_serial(gained[i].doc, ++serial);
            out[i].gained = render(gained[i].doc);
        }
        if (loses[i]) {
            bump_serial(final_state[i].doc, ++serial);
            out[i].final_state = render(final_state[i].doc);
        }
    }
    return out;
}

namespace {

// Calls `visit(resource, address, instance)` for each instance of a managed resource.
template <typename Visit>
void for_each_managed_instance(const rj::Document& doc, Visit visit) {
    for (const auto& resource : doc["resources"].GetArray()) {
        if (text_of(resource, "mode") != "managed") continue;
        const std::string module = text_of(resource, "module");
        const std::string base = (module.empty() ? "" : module + ".") + text_of(resource, "type") + "." + text_of(resource, "name");
        const auto instances = resource.FindMember("instances");
        if (instances == resource.MemberEnd() || !instances->value.IsArray()) continue;
        for (const auto& instance : instances->value.GetArray()) visit(resource, base + to_string(key_of(instance)), instance);
    }
}

// A parsed state, and its managed instances' attributes by address.
struct StateView {
    StateDoc state;
    std::map<std::string, const rj::Value*> attributes;

    explicit StateView(std::string_view text) {
        parse_state(state, text);
        for_each_managed_instance(state.doc, [&](const rj::Value&, const std::string& address, const rj::Value& instance) {
            const auto found = instance.FindMember("attributes");
            attributes[address] = found == instance.MemberEnd() ? nullptr : &found->value;
        });
    }
    std::string lineage() const { return state.doc["lineage"].GetString(); }
    std::uint64_t serial() const { return state.doc["serial"].GetUint64(); }
    bool same_objects(const StateView& other) const {
        if (attributes.size() != other.attributes.size()) return false;
        for (const auto& [address, values] : attributes) {
            const auto it = other.attributes.find(address);
            if (it == other.attributes.end() || !values != !it->second) return false;
            if (values && !(*values == *it->second)) return false;
        }
        return true;
    }
};

}  // namespace

bool is_no_state(std::string_view pulled) { return pulled.find_first_not_of(" \t\r\n") == std::string_view::npos; }

std::string empty_state(std::string_view lineage, std::string_view terraform_version) {
    StateDoc state;
    auto& allocator = state.doc.GetAllocator();
    state.doc.SetObject();
    state.doc.AddMember("version", 4, allocator);
    state.doc.AddMember("terraform_version", rj::Value(std::string(terraform_version).c_str(), allocator), allocator);
    state.doc.AddMember("serial", rj::Value(std::uint64_t{0}), allocator);
    state.doc.AddMember("lineage", rj::Value(std::string(lineage).c_str(), allocator), allocator);
    state.doc.AddMember("outputs", rj::Value(rj::kObjectType), allocator);
    state.doc.AddMember("resources", rj::Value(rj::kArrayType), allocator);
    state.doc.AddMember("check_results", rj::Value(), allocator);
    return render(state.doc);
}

std::string terraform_version_of(std::string_view text) {
    StateDoc state;
    parse_state(state, text);
    return text_of(state.doc, "terraform_version");
}

StateStep step_of(std::string_view text, const RootStates& steps) {
    if (is_no_state(text)) {
        const StateView original(steps.original);
        return original.serial() == 0 && original.attributes.empty() ? StateStep::original : StateStep::unknown;
    }
    std::optional<StateView> now;
    try {
        now.emplace(text);
    } catch (const StateMigrationError&) {
        return StateStep::unknown;
    }
    const StateView original(steps.original);
    if (now->lineage() != original.lineage()) return StateStep::unknown;
    if (now->serial() == original.serial()) return now->same_objects(original) ? StateStep::original : StateStep::unknown;
    // A pushed step: Terraform may raise the serial once more as it writes it.
    if (now->serial() < original.serial()) return StateStep::unknown;
    if (steps.final_state && now->same_objects(StateView(*steps.final_state))) return StateStep::final_state;
    if (steps.gained && now->same_objects(StateView(*steps.gained))) return StateStep::gained;
    return StateStep::unknown;
}

std::vector<std::string> state_addresses(std::string_view text) {
    const StateView state(text);
    std::vector<std::string> out;
    for (const auto& [address, values] : state.attributes) out.push_back(address);
    return out;  // a map's keys: sorted
}

std::uint64_t serial_of(std::string_view state) { return is_no_state(state) ? 0 : StateView(state).serial(); }

std::string with_serial(std::string_view state, std::uint64_t serial) {
    StateDoc parsed;
    parse_state(parsed, state);
    bump_serial(parsed.doc, serial);
    return render(parsed.doc);
}

std::vector<StatePush> pushes_left(const std::vector<RootStates>& states, const std::vector<StateStep>& now) {
    for (std::size_t i = 0; i < states.size(); ++i)
        if (i >= now.size() || now[i] == StateStep::unknown)
            throw StateMigrationError("the state of root " + std::to_string(i) +
                                      " has changed since the migration began: it is at none of its steps");
    std::vector<StatePush> out;
    for (std::size_t i = 0; i < states.size(); ++i)
        if (states[i].gained && now[i] == StateStep::original) out.push_back({i, StateStep::gained});
    for (std::size_t i = 0; i < states.size(); ++i)
        if (states[i].final_state && now[i] != StateStep::final_state) out.push_back({i, StateStep::final_state});
    return out;
}

std::string transfer_refutation(const StateTransfer& transfer, const Plan& from_plan, const Plan& to_plan) {
    const ResourceChange* arrived = find_change(to_plan, transfer.to);
    if (!arrived) return "Terraform plans nothing for " + transfer.to + " where it arrives: it is not in that configuration";
    if (arrived->previous_address)
        return "Terraform moves " + transfer.to + " from " + to_string(*arrived->previous_address) +
               " where it arrives, so the object there is another one";
    if (arrived->action != Action::no_op)
        return "Terraform plans " + std::string(action_words(arrived->action)) + " for " + transfer.to +
               " where it arrives, not no change";
    if (const ResourceChange* left = find_change(from_plan, transfer.from))
        return "Terraform still plans " + std::string(action_words(left->action)) + " for " + transfer.from +
               " where it left";
    return "";
}

bool plans_still_judge(const JudgedTransfers& judged, const std::vector<StateTransfer>& transfers,
                       const std::map<std::size_t, std::string>& pulled_now) {
    std::vector<StateTransfer> judged_ones = judged.transfers, asked = transfers;
    std::sort(judged_ones.begin(), judged_ones.end());
    std::sort(asked.begin(), asked.end());
    if (asked.empty() || judged_ones != asked) return false;
    for (const auto& t : asked)
        for (std::size_t root : {t.from_root, t.to_root}) {
            const auto now = pulled_now.find(root);
            if (now == pulled_now.end() || root >= judged.states.size() || judged.states[root] != now->second ||
                !judged.plans.count(root))
                return false;
        }
    return true;
}

std::vector<StateObjectId> object_ids(std::string_view state) {
    std::vector<StateObjectId> out;
    if (is_no_state(state)) return out;
    StateDoc parsed;
    parse_state(parsed, state);
    for_each_managed_instance(parsed.doc, [&](const rj::Value& resource, const std::string& address, const rj::Value& instance) {
        if (instance.HasMember("deposed")) return;
        const auto attributes = instance.FindMember("attributes");
        if (attributes == instance.MemberEnd() || !attributes->value.IsObject()) return;
        const std::string id = text_of(attributes->value, "id");
        if (id.empty()) return;
        rj::StringBuffer values;
        rj::Writer<rj::StringBuffer> writer(values);
        attributes->value.Accept(writer);
        out.push_back({address, text_of(resource, "type"), id, provider_source(text_of(resource, "provider")),
                       std::string(values.GetString(), values.GetSize())});
    });
    return out;
}

std::string provider_source(std::string_view provider_config) {
    constexpr std::string_view open = "provider[\"";
    const std::size_t start = provider_config.find(open);
    if (start == std::string_view::npos) return std::string(provider_config);
    const std::size_t from = start + open.size();
    const std::size_t end = provider_config.find('"', from);
    return std::string(provider_config.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from));
}

std::vector<std::string> differing_values(std::string_view values, std::string_view other_values) {
    rj::Document a, b;
    a.Parse(values.data(), values.size());
    b.Parse(other_values.data(), other_values.size());
    if (a.HasParseError() || b.HasParseError() || !a.IsObject() || !b.IsObject())
        return values == other_values ? std::vector<std::string>{} : std::vector<std::string>{"(unreadable values)"};
    std::set<std::string> differing;
    const rj::Value& left = a;
    const rj::Value& right = b;
    for (const auto& member : left.GetObject()) {
        const auto other = right.FindMember(member.name);
        if (other == right.MemberEnd() || !(other->value == member.value)) differing.insert(member.name.GetString());
    }
    for (const auto& member : right.GetObject())
        if (!left.HasMember(member.name)) differing.insert(member.name.GetString());
    return {differing.begin(), differing.end()};
}

std::string without_instances(std::string_view state, const std::vector<std::string>& addresses, std::uint64_t serial) {
    StateDoc parsed;
    parse_state(parsed, state);
    for (const auto& address : addresses)
        if (!erase_instance(parsed.doc, instance_address(parsed.root, address)))
            fail(parsed.root, "has no object at " + address + " to remove");
    bump_serial(parsed.doc, serial);
    return render(parsed.doc);
}

}  // namespace tfw::core::roots
