#include "tfw/core/parse/plan_json.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "tfw/core/parse/json_cursor.hpp"

namespace tfw::core::inline parse {
namespace {

using Json = rapidjson::Value;

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

// The paths at which a mark (`after_unknown`'s shape) is `true`.
void marked_paths(const Json* mark, const std::string& path, std::vector<std::string>& out) {
    if (!mark) return;
    if (is_true(mark)) {
        out.push_back(path);
    } else if (mark->IsObject()) {
        for (auto it = mark->MemberBegin(); it != mark->MemberEnd(); ++it)
            marked_paths(&it->value, child_path(path, std::string_view(it->name.GetString(), it->name.GetStringLength())), out);
    } else if (mark->IsArray()) {
        for (rapidjson::SizeType i = 0; i < mark->Size(); ++i) marked_paths(&(*mark)[i], index_path(path, i), out);
    }
}

Action parse_actions(JsonCursor& cursor) {
    std::vector<std::string_view> names;
    cursor.elements([&] {
        if (cursor.peek() == '"') names.push_back(cursor.string());
    });
    if (names.size() == 2) return names[0] == "delete" ? Action::delete_then_create : Action::create_then_delete;
    if (names.size() != 1) return Action::no_op;
    std::string_view n = names[0];
    if (n == "create") return Action::create;
    if (n == "delete") return Action::remove;
    if (n == "update") return Action::update;
    if (n == "read") return Action::read;
    if (n == "forget") return Action::forget;
    return Action::no_op;
}

Address parse_printed_address(std::string_view text) {
    auto parsed = parse_address(std::string(text));
    // Quoted and escaped: the text is decoded JSON and may hold a line break.
    if (!parsed.address) throw PlanJsonError("unreadable address " + quote_hcl_string(text) + ": " + parsed.error);
    return std::move(*parsed.address);
}

// The values of one resource change that matching compares, held as DOMs while its
// element is read. One pool serves every element: its first 64 KiB never leave it.
class ChangeValues {
public:
    ChangeValues()
        : buffer_(64 * 1024),
          pool_(buffer_.data(), buffer_.size()),
          before_(&pool_),
          after_(&pool_),
          after_unknown_(&pool_),
          before_sensitive_(&pool_),
          after_sensitive_(&pool_) {}

    // The document a member of `change` is read into, or null when it is not needed.
    rapidjson::Document* slot(std::string_view key) {
        if (key == "before") return &before_;
        if (key == "after") return &after_;
        if (key == "after_unknown") return &after_unknown_;
        if (key == "before_sensitive") return &before_sensitive_;
        if (key == "after_sensitive") return &after_sensitive_;
        return nullptr;
    }

    Attributes before() const { return flatten_root(&before_, nullptr, &before_sensitive_); }
    Attributes after() const { return flatten_root(&after_, &after_unknown_, &after_sensitive_); }
    // The prior values at the paths `after_unknown` marks, for an object that stays: read
    // from `before` and `after_unknown` alone.
    Attributes held_until_apply() const {
        std::vector<std::string> unknown;
        marked_paths(&after_unknown_, "", unknown);
        Attributes out;
        if (unknown.empty()) return out;
        for (auto& leaf : flatten_root(&before_, nullptr, nullptr))
            if (std::any_of(unknown.begin(), unknown.end(), [&](const std::string& path) { return path_covers(path, leaf.path); }))
                out.push_back(std::move(leaf));
        return out;
    }

    // The top-level attributes an update changes, as the rendering marks them (`~ input`):
    // another value, one newly sensitive (or no longer), or a value computed at apply
    // (`~ output (known after apply)`).
    std::vector<std::string> changed_attributes() const {
        auto differs = [](const Json* a, const Json* b, const Json& name) {
            const Json* x = child_mark(a, name);
            const Json* y = child_mark(b, name);
            return !x != !y || (x && !(*x == *y));
        };
        std::map<std::string, bool> names;  // -> known after apply
        for (const Json* side : {&before_, &after_}) {
            if (!side->IsObject()) continue;
            for (auto it = side->MemberBegin(); it != side->MemberEnd(); ++it) {
                std::vector<std::string> unknown;
                marked_paths(child_mark(&after_unknown_, it->name), "", unknown);
                if (differs(&before_, &after_, it->name) || !unknown.empty() ||
                    differs(&before_sensitive_, &after_sensitive_, it->name))
                    names[std::string(it->name.GetString(), it->name.GetStringLength())] = !unknown.empty();
            }
        }
        std::vector<std::string> out;
        for (const auto& [name, computed] : names) out.push_back("~ " + name + (computed ? " (known after apply)" : ""));
        return out;
    }

    void clear() {
        for (rapidjson::Document* d : {&before_, &after_, &after_unknown_, &before_sensitive_, &after_sensitive_}) d->SetNull();
        pool_.Clear();
    }

private:
    std::vector<char> buffer_;
    rapidjson::MemoryPoolAllocator<> pool_;
    rapidjson::Document before_, after_, after_unknown_, before_sensitive_, after_sensitive_;
};

// Every value is read for a plain create or delete, a possible half of a move, and for a
// moved object that is replaced, the two halves of a move Terraform refuted
// (core/converge/replaced_moves); `before`, `after` and `after_unknown` for another update
// or replace, whose held values, and whose new values for an update, a tie's trials read.
// Terraform writes `actions` first in `change`; until it is seen, every value is read.
void load_resource_change(JsonCursor& cursor, ChangeValues& values, ResourceChange& change) {
    std::string_view previous;
    bool every_value = true, held_values = false;
    values.clear();
    cursor.members([&](std::string_view key) {
        if (key == "address") change.address_text = cursor.string();
        else if (key == "previous_address") previous = cursor.string();
        else if (key == "provider_name") change.provider_name = cursor.string();
        else if (key == "action_reason") change.action_reason = cursor.string();
        else if (key == "deposed") change.deposed = true;
        else if (key == "change")
            cursor.members([&](std::string_view field) {
                if (field == "actions") {
                    change.action = parse_actions(cursor);
                    // A moved object's update is a trial's verdict: which attributes it
                    // changes decides whether the policy's ignore rules cover it.
                    held_values = change.action == Action::update || change.action == Action::delete_then_create ||
                                  change.action == Action::create_then_delete;
                    // Terraform's own move as `count` came or went (`x` to `x[0]`, and back):
                    // its values may pair it otherwise (core/converge/implied_moves).
                    const bool implied = !previous.empty() && (change.address_text == std::string(previous) + "[0]" ||
                                                               std::string(previous) == change.address_text + "[0]");
                    every_value = change.action == Action::create || change.action == Action::remove ||
                                  (held_values && !previous.empty()) || implied;
                } else if (field == "importing") {
                    cursor.members([&](std::string_view member) {
                        if (member == "id") change.importing_id = std::string(cursor.string());
                    });
                } else if (rapidjson::Document* slot = values.slot(field);
                           slot && (every_value || (held_values && (field == "before" || field == "after_unknown")) ||
                                    (change.action == Action::update && (field == "after" || field == "after_sensitive")))) {
                    cursor.parse(*slot);
                }
            });
    });
    change.address = parse_printed_address(change.address_text);
    if (!previous.empty()) change.previous_address = parse_printed_address(previous);
    // Matching and placement take a change's resource for granted.
    std::string at = "resource change at " + quote_hcl_string(change.address_text);
    if (!change.address.resource) throw PlanJsonError(at + ", which is not a resource");
    if (change.previous_address && !change.previous_address->resource)
        throw PlanJsonError(at + " moved from " + quote_hcl_string(previous) + ", which is not a resource");
    if (change.is_deletion_candidate() || change.is_replaced_move() || change.is_kept_implied_move())
        change.before = values.before();
    if (change.is_creation_candidate() || change.is_replaced_move() || change.is_kept_implied_move() ||
        change.action == Action::update)
        change.after = values.after();
    if (change.may_refer_to_replaced()) change.held_until_apply = values.held_until_apply();
    if (change.action == Action::update && change.previous_address) change.changed_attributes = values.changed_attributes();
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

// `terraform_data.c["a"].output` -> `terraform_data.c["a"]`: the resource instance a
// reference names with its key, or "" when it names no resource or no key.
std::string referenced_instance(std::string_view reference) {
    const std::string resource = referenced_resource(reference);
    if (resource.empty()) return {};
    const std::size_t open = resource.size();
    if (reference.size() <= open || reference.substr(0, open) != resource || reference[open] != '[') return {};
    std::size_t at = open + 1;
    if (at < reference.size() && reference[at] == '"') {
        for (++at; at < reference.size() && reference[at] != '"'; ++at)
            if (reference[at] == '\\') ++at;
        ++at;
    }
    at = reference.find(']', at);
    return at == std::string_view::npos ? std::string() : std::string(reference.substr(0, at + 1));
}

// What the `references` lists anywhere inside an expression (or a block of them) name;
// constant values hold none and are skipped.
struct NamedReferences {
    std::set<std::string> resources;  // keys dropped
    std::set<std::string> instances;  // with their keys, where written
    std::set<std::string> variables;  // `var.NAME`: NAME
    // `module.CALL.OUTPUT`, keys dropped: CALL.OUTPUT; `module.CALL` alone: CALL (every
    // output of it, unless an output of that call is named too, as Terraform lists the
    // call beside each of its outputs an expression reads).
    std::set<std::string> module_outputs;

    ExpressionReferences across_modules() const {
        ExpressionReferences out;
        out.resources.assign(resources.begin(), resources.end());
        out.variables.assign(variables.begin(), variables.end());
        for (const auto& entry : module_outputs) {
            const auto next = module_outputs.lower_bound(entry + ".");
            const bool an_output_named = entry.find('.') == std::string::npos && next != module_outputs.end() &&
                                         next->starts_with(entry + ".");
            if (!an_output_named) out.module_outputs.push_back(entry);
        }
        return out;
    }
};

// `var.a.b` -> `a`; `module.m["k"].out.x` -> `m.out`; `module.m` -> `m`: what a reference
// names beyond its module's resources, into `out`.
void note_across_modules(std::string_view reference, NamedReferences& out) {
    auto name_after = [](std::string_view text, std::size_t from) {
        const std::size_t end = text.find_first_of(".[", from);
        return text.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from);
    };
    if (reference.starts_with("var.")) {
        if (auto name = name_after(reference, 4); !name.empty()) out.variables.emplace(name);
        return;
    }
    if (!reference.starts_with("module.")) return;
    const std::string_view call = name_after(reference, 7);
    if (call.empty()) return;
    std::size_t at = 7 + call.size();
    while (at < reference.size() && reference[at] == '[') {  // the call's instance key
        bool in_string = false;
        for (++at; at < reference.size() && (in_string || reference[at] != ']'); ++at) {
            if (reference[at] == '\\') ++at;
            else if (reference[at] == '"') in_string = !in_string;
        }
        ++at;
    }
    if (at >= reference.size() || reference[at] != '.') {
        out.module_outputs.emplace(call);
        return;
    }
    if (auto output = name_after(reference, at + 1); !output.empty())
        out.module_outputs.insert(std::string(call) + "." + std::string(output));
}

void collect_references(JsonCursor& cursor, NamedReferences& out) {
    char first = cursor.peek();
    if (first == '{') {
        cursor.members([&](std::string_view key) {
            if (key == "references")
                cursor.elements([&] {
                    const std::string_view reference = cursor.string();
                    if (auto resource = referenced_resource(reference); !resource.empty()) out.resources.insert(resource);
                    if (auto instance = referenced_instance(reference); !instance.empty()) out.instances.insert(instance);
                    note_across_modules(reference, out);
                });
            else if (key != "constant_value")
                collect_references(cursor, out);
        });
    } else if (first == '[') {
        cursor.elements([&] { collect_references(cursor, out); });
    }
}

ConfigResource load_config_resource(JsonCursor& cursor) {
    ConfigResource resource;
    NamedReferences references;
    cursor.members([&](std::string_view key) {
        if (key == "address") resource.address = cursor.string();
        else if (key == "mode") resource.mode = cursor.string() == "data" ? ResourceMode::data : ResourceMode::managed;
        else if (key == "type") resource.type = cursor.string();
        else if (key == "name") resource.name = cursor.string();
        else if (key == "count_expression") {
            resource.has_count = true;
            collect_references(cursor, references);
        } else if (key == "for_each_expression") {
            resource.has_for_each = true;
            collect_references(cursor, references);
        } else if (key == "expressions") {
            cursor.members([&](std::string_view attribute) {
                resource.configured.emplace_back(attribute);
                collect_references(cursor, references);
            });
        } else if (key == "depends_on") {
            cursor.elements([&] {
                if (auto target = referenced_resource(cursor.string()); !target.empty()) references.resources.insert(target);
            });
        }
    });
    references.resources.erase(resource.address);
    ExpressionReferences named = references.across_modules();
    resource.references = std::move(named.resources);
    resource.variables = std::move(named.variables);
    resource.module_outputs = std::move(named.module_outputs);
    resource.instance_references.assign(references.instances.begin(), references.instances.end());
    return resource;
}

ConfigModule load_config_module(JsonCursor& cursor);

ModuleCall load_module_call(JsonCursor& cursor, std::string_view name) {
    ModuleCall call;
    call.name = name;
    cursor.members([&](std::string_view key) {
        if (key == "source") call.source = cursor.string();
        else if (key == "count_expression") call.has_count = true;
        else if (key == "for_each_expression") call.has_for_each = true;
        else if (key == "expressions")
            cursor.members([&](std::string_view variable) {
                NamedReferences value;
                collect_references(cursor, value);
                call.arguments[std::string(variable)] = value.across_modules();
            });
        else if (key == "module") call.module = load_config_module(cursor);
    });
    return call;
}

ConfigModule load_config_module(JsonCursor& cursor) {
    ConfigModule module;
    cursor.members([&](std::string_view key) {
        if (key == "resources") cursor.elements([&] { module.resources.push_back(load_config_resource(cursor)); });
        else if (key == "module_calls")
            cursor.members([&](std::string_view name) { module.calls.push_back(load_module_call(cursor, name)); });
        else if (key == "outputs")
            cursor.members([&](std::string_view name) {
                NamedReferences value;
                cursor.members([&](std::string_view field) {
                    if (field == "expression") collect_references(cursor, value);
                });
                module.outputs[std::string(name)] = value.across_modules();
            });
    });
    return module;
}

// A prior-state module: each resource's `depends_on`, by config address; its attribute
// values are skipped.
void load_prior_dependencies(JsonCursor& cursor, std::map<std::string, std::vector<std::string>>& out) {
    cursor.members([&](std::string_view key) {
        if (key == "resources") {
            cursor.elements([&] {
                std::string_view address;
                std::vector<std::string_view> depends_on;
                cursor.members([&](std::string_view field) {
                    if (field == "address") address = cursor.string();
                    else if (field == "depends_on")
                        cursor.elements([&] {
                            if (cursor.peek() == '"') depends_on.push_back(cursor.string());
                        });
                });
                if (depends_on.empty()) return;
                auto& deps = out[config_resource_address(parse_printed_address(address))];
                for (std::string_view d : depends_on)
                    if (std::find(deps.begin(), deps.end(), d) == deps.end()) deps.emplace_back(d);
            });
        } else if (key == "child_modules") {
            cursor.elements([&] { load_prior_dependencies(cursor, out); });
        }
    });
}

// Reads the members tfw needs and skips the rest (planned_values, the prior state's
// attribute values, the values of changes that cannot be half of a move) unparsed.
Plan load(JsonCursor& cursor) {
    char first = cursor.peek();
    if (first == '\0') cursor.fail(rapidjson::kParseErrorDocumentEmpty);
    if (first != '{') {
        rapidjson::BaseReaderHandler<> any;
        cursor.parse(any);  // a syntax error, if there is one, is the better message
        throw PlanJsonError("invalid plan JSON: not an object");
    }
    Plan plan;
    ChangeValues values;
    cursor.members([&](std::string_view key) {
        if (key == "terraform_version") plan.terraform_version = cursor.string();
        else if (key == "errored") plan.errored = cursor.is_true();
        else if (key == "resource_changes")
            // Built where it is kept: a change is large, and a plan holds tens of thousands.
            cursor.elements([&] { load_resource_change(cursor, values, plan.changes.emplace_back()); });
        else if (key == "resource_drift")
            cursor.elements([&] {
                std::string address;
                Action action = Action::no_op;
                cursor.members([&](std::string_view drift_key) {
                    if (drift_key == "address") address = cursor.string();
                    else if (drift_key == "change")
                        cursor.members([&](std::string_view field) {
                            if (field == "actions") action = parse_actions(cursor);
                        });
                });
                if (action != Action::no_op) plan.drifted.push_back(std::move(address));
            });
        else if (key == "prior_state")
            cursor.members([&](std::string_view state_key) {
                if (state_key == "values")
                    cursor.members([&](std::string_view values_key) {
                        if (values_key == "root_module") load_prior_dependencies(cursor, plan.prior_dependencies);
                    });
            });
        else if (key == "checks")
            cursor.elements([&] {
                cursor.members([&](std::string_view check_key) {
                    if (check_key != "address") return;
                    std::string kind, mode, display;
                    cursor.members([&](std::string_view field) {
                        if (field == "kind") kind = cursor.string();
                        else if (field == "mode") mode = cursor.string();
                        else if (field == "to_display") display = cursor.string();
                    });
                    if (kind == "resource" && mode == "managed") plan.checked_resources.insert(std::move(display));
                });
            });
        else if (key == "configuration")
            cursor.members([&](std::string_view config_key) {
                if (config_key == "root_module") plan.configuration = load_config_module(cursor);
            });
    });
    return plan;
}

}  // namespace

Plan load_plan_json(std::string& json_text) {
    JsonCursor cursor(json_text);
    try {
        return load(cursor);
    } catch (const JsonSyntaxError& e) {
        throw PlanJsonError(std::string("invalid plan JSON ") + e.what());
    }
}

}  // namespace tfw::core::parse
