#include "tfw/core/plan_json.hpp"

#include <algorithm>
#include <set>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace tfw::core {
namespace {

using Json = rapidjson::Value;

const Json* member(const Json& object, const char* name) {
    if (!object.IsObject()) return nullptr;
    auto it = object.FindMember(name);
    return it == object.MemberEnd() ? nullptr : &it->value;
}

std::string string_member(const Json& object, const char* name) {
    const Json* value = member(object, name);
    return value && value->IsString() ? std::string(value->GetString(), value->GetStringLength()) : std::string();
}

std::string canonical_text(const Json& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

bool is_true(const Json* mark) { return mark && mark->IsBool() && mark->GetBool(); }

const Json* child_mark(const Json* mark, const Json& key) {
    if (!mark || !mark->IsObject()) return nullptr;
    auto it = mark->FindMember(key);
    return it == mark->MemberEnd() ? nullptr : &it->value;
}

const Json* element_mark(const Json* mark, rapidjson::SizeType index) {
    if (!mark || !mark->IsArray() || index >= mark->Size()) return nullptr;
    return &(*mark)[index];
}

// Flattens one value into leaves. `unknown` and `sensitive` mirror the value's shape
// with `true` where the value is unknown or sensitive, as in after_unknown/*_sensitive.
void flatten(const std::string& path, const Json* value, const Json* unknown, const Json* sensitive,
             bool inherited_sensitive, Attributes& out) {
    bool is_sensitive = inherited_sensitive || is_true(sensitive);
    if (is_true(unknown) || (!value && unknown)) {
        out.push_back({path, {}, true, is_sensitive});
        return;
    }
    if (!value) return;
    bool unknown_members = unknown && unknown->IsObject() && unknown->MemberCount() > 0;
    if (value->IsObject() && (value->MemberCount() > 0 || unknown_members)) {
        for (auto it = value->MemberBegin(); it != value->MemberEnd(); ++it) {
            flatten(child_path(path, std::string_view(it->name.GetString(), it->name.GetStringLength())),
                    &it->value, child_mark(unknown, it->name), child_mark(sensitive, it->name), is_sensitive, out);
        }
        // Unknown attributes are absent from `after`; they still name paths not to compare.
        if (unknown && unknown->IsObject()) {
            for (auto it = unknown->MemberBegin(); it != unknown->MemberEnd(); ++it) {
                if (value->HasMember(it->name)) continue;
                flatten(child_path(path, std::string_view(it->name.GetString(), it->name.GetStringLength())),
                        nullptr, &it->value, child_mark(sensitive, it->name), is_sensitive, out);
            }
        }
        return;
    }
    if (value->IsArray() && value->Size() > 0) {
        for (rapidjson::SizeType i = 0; i < value->Size(); ++i)
            flatten(index_path(path, i), &(*value)[i], element_mark(unknown, i), element_mark(sensitive, i),
                    is_sensitive, out);
        return;
    }
    out.push_back({path, canonical_text(*value), false, is_sensitive});
}

Attributes flatten_root(const Json* value, const Json* unknown, const Json* sensitive) {
    Attributes out;
    if (!value || !value->IsObject()) return out;
    flatten("", value, unknown, sensitive, false, out);
    // An object with no attributes at all is not a value of any path.
    if (out.size() == 1 && out.front().path.empty()) out.clear();
    std::sort(out.begin(), out.end(), [](const AttributeLeaf& a, const AttributeLeaf& b) { return a.path < b.path; });
    return out;
}

Action parse_actions(const Json* actions) {
    std::vector<std::string> names;
    if (actions && actions->IsArray())
        for (const auto& a : actions->GetArray())
            if (a.IsString()) names.emplace_back(a.GetString(), a.GetStringLength());
    if (names.size() == 2) return names[0] == "delete" ? Action::delete_then_create : Action::create_then_delete;
    if (names.size() != 1) return Action::no_op;
    const std::string& n = names[0];
    if (n == "create") return Action::create;
    if (n == "delete") return Action::remove;
    if (n == "update") return Action::update;
    if (n == "read") return Action::read;
    if (n == "forget") return Action::forget;
    return Action::no_op;
}

Address parse_printed_address(const std::string& text) {
    auto parsed = parse_address(text);
    if (!parsed.address) throw PlanJsonError("unreadable address \"" + text + "\": " + parsed.error);
    return std::move(*parsed.address);
}

ResourceChange load_resource_change(const Json& json) {
    ResourceChange change;
    change.address_text = string_member(json, "address");
    change.address = parse_printed_address(change.address_text);
    if (std::string previous = string_member(json, "previous_address"); !previous.empty())
        change.previous_address = parse_printed_address(previous);
    change.provider_name = string_member(json, "provider_name");
    change.action_reason = string_member(json, "action_reason");
    change.deposed = member(json, "deposed") != nullptr;
    const Json* body = member(json, "change");
    if (!body) return change;
    change.action = parse_actions(member(*body, "actions"));
    if (change.is_deletion_candidate())
        change.before = flatten_root(member(*body, "before"), nullptr, member(*body, "before_sensitive"));
    if (change.is_creation_candidate())
        change.after = flatten_root(member(*body, "after"), member(*body, "after_unknown"),
                                    member(*body, "after_sensitive"));
    return change;
}

// `terraform_data.a.id`, `data.x.y[0].z`, `module.m.out`: the resource a reference names,
// keys dropped, or "" when it names no resource.
std::string referenced_resource(std::string_view reference) {
    auto next_segment = [&reference]() {
        std::size_t end = reference.find_first_of(".[");
        std::string_view segment = reference.substr(0, end);
        reference.remove_prefix(end == std::string_view::npos ? reference.size() : end);
        while (!reference.empty() && reference[0] == '[') {
            std::size_t close = reference.find(']');
            reference.remove_prefix(close == std::string_view::npos ? reference.size() : close + 1);
        }
        if (!reference.empty() && reference[0] == '.') reference.remove_prefix(1);
        return segment;
    };
    static const std::set<std::string_view> not_resources = {"var", "local", "module", "each", "count",
                                                             "path", "self", "terraform", "output", "run",
                                                             "ephemeral"};
    std::string_view first = next_segment();
    if (not_resources.count(first)) return {};
    bool data = first == "data";
    std::string_view type = data ? next_segment() : first;
    std::string_view name = next_segment();
    if (type.empty() || name.empty()) return {};
    return (data ? "data." : "") + std::string(type) + "." + std::string(name);
}

void collect_references(const Json& value, std::set<std::string>& out) {
    if (value.IsObject()) {
        for (auto it = value.MemberBegin(); it != value.MemberEnd(); ++it) {
            if (it->name == "references" && it->value.IsArray()) {
                for (const auto& ref : it->value.GetArray())
                    if (ref.IsString())
                        if (auto resource = referenced_resource(ref.GetString()); !resource.empty()) out.insert(resource);
            } else {
                collect_references(it->value, out);
            }
        }
    } else if (value.IsArray()) {
        for (const auto& element : value.GetArray()) collect_references(element, out);
    }
}

ConfigModule load_config_module(const Json& json) {
    ConfigModule module;
    if (const Json* resources = member(json, "resources"); resources && resources->IsArray()) {
        for (const auto& r : resources->GetArray()) {
            ConfigResource resource;
            resource.address = string_member(r, "address");
            resource.mode = string_member(r, "mode") == "data" ? ResourceMode::data : ResourceMode::managed;
            resource.type = string_member(r, "type");
            resource.name = string_member(r, "name");
            resource.has_count = member(r, "count_expression") != nullptr;
            resource.has_for_each = member(r, "for_each_expression") != nullptr;
            std::set<std::string> references;
            if (const Json* e = member(r, "expressions")) collect_references(*e, references);
            if (const Json* e = member(r, "count_expression")) collect_references(*e, references);
            if (const Json* e = member(r, "for_each_expression")) collect_references(*e, references);
            if (const Json* d = member(r, "depends_on"); d && d->IsArray())
                for (const auto& dep : d->GetArray())
                    if (dep.IsString())
                        if (auto target = referenced_resource(dep.GetString()); !target.empty()) references.insert(target);
            references.erase(resource.address);
            resource.references.assign(references.begin(), references.end());
            module.resources.push_back(std::move(resource));
        }
    }
    if (const Json* calls = member(json, "module_calls"); calls && calls->IsObject()) {
        for (auto it = calls->MemberBegin(); it != calls->MemberEnd(); ++it) {
            ModuleCall call;
            call.name = it->name.GetString();
            call.source = string_member(it->value, "source");
            call.has_count = member(it->value, "count_expression") != nullptr;
            call.has_for_each = member(it->value, "for_each_expression") != nullptr;
            if (const Json* child = member(it->value, "module")) call.module = load_config_module(*child);
            module.calls.push_back(std::move(call));
        }
    }
    return module;
}

void load_prior_dependencies(const Json& module, std::map<std::string, std::vector<std::string>>& out) {
    if (const Json* resources = member(module, "resources"); resources && resources->IsArray()) {
        for (const auto& r : resources->GetArray()) {
            const Json* depends_on = member(r, "depends_on");
            if (!depends_on || !depends_on->IsArray() || depends_on->Empty()) continue;
            Address address = parse_printed_address(string_member(r, "address"));
            auto& deps = out[config_resource_address(address)];
            for (const auto& d : depends_on->GetArray())
                if (d.IsString() && std::find(deps.begin(), deps.end(), d.GetString()) == deps.end())
                    deps.emplace_back(d.GetString());
        }
    }
    if (const Json* children = member(module, "child_modules"); children && children->IsArray())
        for (const auto& child : children->GetArray()) load_prior_dependencies(child, out);
}

}  // namespace

Plan load_plan_json(std::string& json_text) {
    rapidjson::Document document;
    document.ParseInsitu<rapidjson::kParseStopWhenDoneFlag>(json_text.data());
    if (document.HasParseError())
        throw PlanJsonError(std::string("invalid plan JSON at offset ") + std::to_string(document.GetErrorOffset()) +
                            ": " + rapidjson::GetParseError_En(document.GetParseError()));
    if (!document.IsObject()) throw PlanJsonError("invalid plan JSON: not an object");

    Plan plan;
    plan.terraform_version = string_member(document, "terraform_version");
    if (const Json* errored = member(document, "errored"); errored && errored->IsBool()) plan.errored = errored->GetBool();
    if (const Json* changes = member(document, "resource_changes"); changes && changes->IsArray()) {
        plan.changes.reserve(changes->Size());
        for (const auto& change : changes->GetArray()) plan.changes.push_back(load_resource_change(change));
    }
    if (const Json* prior = member(document, "prior_state"))
        if (const Json* values = member(*prior, "values"))
            if (const Json* root = member(*values, "root_module")) load_prior_dependencies(*root, plan.prior_dependencies);
    if (const Json* configuration = member(document, "configuration"))
        if (const Json* root = member(*configuration, "root_module")) plan.configuration = load_config_module(*root);
    return plan;
}

}  // namespace tfw::core
