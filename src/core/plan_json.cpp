#include "tfw/core/plan_json.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/reader.h>
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
            if (const Json* e = member(r, "expressions")) {
                collect_references(*e, references);
                if (e->IsObject())
                    for (auto it = e->MemberBegin(); it != e->MemberEnd(); ++it) resource.configured.emplace_back(it->name.GetString());
            }
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

// ---------------------------------------------------------------------------------------
// Streaming: one in-situ SAX pass over the whole text. Only the parts tfw reads become
// DOM values, and only one part at a time: each element of resource_changes on its own,
// prior_state without its attribute values, configuration without its constant values.
// planned_values and the rest are skipped. Strings stay in the (clobbered) input text.

struct Event {
    enum Kind : unsigned char { null, boolean, int32, uint32, int64, uint64, real, string, key, start_object,
                                end_object, start_array, end_array };
    Kind kind;
    rapidjson::SizeType length = 0;  // of a string, or a container's count at its end
    union {
        const char* text;
        std::int64_t i;
        std::uint64_t u;
        double d;
        bool b;
    };
};

// Replays recorded events into a Document (its Populate interface), which sizes every
// object and array exactly.
struct Replay {
    const std::vector<Event>& events;
    template <typename Handler>
    bool operator()(Handler& h) const {
        for (const Event& e : events) {
            bool ok = true;
            switch (e.kind) {
                case Event::null: ok = h.Null(); break;
                case Event::boolean: ok = h.Bool(e.b); break;
                case Event::int32: ok = h.Int(static_cast<int>(e.i)); break;
                case Event::uint32: ok = h.Uint(static_cast<unsigned>(e.u)); break;
                case Event::int64: ok = h.Int64(e.i); break;
                case Event::uint64: ok = h.Uint64(e.u); break;
                case Event::real: ok = h.Double(e.d); break;
                case Event::string: ok = h.String(e.text, e.length, false); break;
                case Event::key: ok = h.Key(e.text, e.length, false); break;
                case Event::start_object: ok = h.StartObject(); break;
                case Event::end_object: ok = h.EndObject(e.length); break;
                case Event::start_array: ok = h.StartArray(); break;
                case Event::end_array: ok = h.EndArray(e.length); break;
            }
            if (!ok) return false;
        }
        return true;
    }
};

class PlanHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, PlanHandler> {
public:
    explicit PlanHandler(Plan& plan) : plan_(plan) {}

    bool Null() { return scalar(Event{Event::null, 0, {nullptr}}); }
    bool Bool(bool b) {
        if (depth_ == 1 && top_key_ == "errored") plan_.errored = b;
        Event e{Event::boolean, 0, {nullptr}};
        e.b = b;
        return scalar(e);
    }
    bool Int(int i) { return integer(Event::int32, i); }
    bool Int64(std::int64_t i) { return integer(Event::int64, i); }
    bool Uint(unsigned u) { return unsigned_integer(Event::uint32, u); }
    bool Uint64(std::uint64_t u) { return unsigned_integer(Event::uint64, u); }
    bool Double(double d) {
        Event e{Event::real, 0, {nullptr}};
        e.d = d;
        return scalar(e);
    }
    bool String(const char* text, rapidjson::SizeType length, bool) {
        if (depth_ == 1 && top_key_ == "terraform_version") plan_.terraform_version.assign(text, length);
        if (section_ == Section::changes && depth_ == 5 && change_key_ == "actions") actions_.emplace_back(text, length);
        return scalar(Event{Event::string, length, {text}});
    }
    bool Key(const char* text, rapidjson::SizeType length, bool) {
        std::string_view key(text, length);
        if (depth_ == 1) {
            top_key_ = key;
            section_ = key == "resource_changes" ? Section::changes
                       : key == "prior_state"    ? Section::prior_state
                       : key == "configuration"  ? Section::configuration
                                                 : Section::none;
            return true;
        }
        if (skip_depth_ > 0 || !recording()) return true;
        if (section_ == Section::changes && depth_ == 3) element_key_ = key;
        if (section_ == Section::changes && depth_ == 4 && element_key_ == "change") change_key_ = key;
        if (drop_member(key)) {
            dropping_ = true;
            return true;
        }
        ++frames_.back().count;
        events_.push_back(Event{Event::key, length, {text}});
        return true;
    }
    bool StartObject() { return start(false); }
    bool StartArray() { return start(true); }
    bool EndObject(rapidjson::SizeType) { return end(Event::end_object); }
    bool EndArray(rapidjson::SizeType) { return end(Event::end_array); }

private:
    enum class Section { none, changes, prior_state, configuration };

    // Whether a value at the current depth (containers open around it, the one it opens
    // included) goes into a DOM: elements of resource_changes, prior_state and
    // configuration whole.
    bool recording() const {
        if (section_ == Section::none) return false;
        if (section_ == Section::changes) return depth_ >= 3;  // inside an element
        return depth_ >= 2;
    }

    bool drop_member(std::string_view key) const {
        if (section_ == Section::configuration) return key == "constant_value";
        // Values matter only for a plain create or delete, a possible half of a move.
        // Terraform writes `actions` first in `change`; until it is seen, nothing drops.
        if (section_ == Section::changes)
            return depth_ == 4 && element_key_ == "change" && actions_known_ && !possible_move_ && key != "actions";
        if (section_ == Section::prior_state)  // a resource's attribute values, not its dependencies
            return (key == "values" || key == "sensitive_values") && frames_.size() >= 2 &&
                   frames_[frames_.size() - 2].is_array;
        return false;
    }

    bool integer(Event::Kind kind, std::int64_t i) {
        Event e{kind, 0, {nullptr}};
        e.i = i;
        return scalar(e);
    }
    bool unsigned_integer(Event::Kind kind, std::uint64_t u) {
        Event e{kind, 0, {nullptr}};
        e.u = u;
        return scalar(e);
    }

    bool scalar(const Event& e) {
        if (depth_ == 0) throw PlanJsonError("invalid plan JSON: not an object");
        if (skip_depth_ > 0) return true;
        if (dropping_) {
            dropping_ = false;
            return true;
        }
        if (!recording()) return true;
        if (frames_.back().is_array) ++frames_.back().count;
        events_.push_back(e);
        return true;
    }

    bool start(bool is_array) {
        ++depth_;
        if (skip_depth_ > 0) {
            ++skip_depth_;
            return true;
        }
        if (dropping_) {
            dropping_ = false;
            skip_depth_ = 1;
            return true;
        }
        if (depth_ == 1 && is_array) throw PlanJsonError("invalid plan JSON: not an object");
        if (!recording()) return true;
        if (section_ == Section::changes && depth_ == 3) {  // a new element
            actions_known_ = false;
            actions_.clear();
            element_key_ = change_key_ = {};
        }
        if (!frames_.empty() && frames_.back().is_array) ++frames_.back().count;
        frames_.push_back({is_array, 0});
        events_.push_back(Event{is_array ? Event::start_array : Event::start_object, 0, {nullptr}});
        return true;
    }

    bool end(Event::Kind kind) {
        --depth_;
        if (skip_depth_ > 0) {
            --skip_depth_;
            return true;
        }
        ++depth_;  // decide at the depth the container was opened at
        bool was_recorded = recording();
        --depth_;
        if (!was_recorded) return true;
        events_.push_back(Event{kind, frames_.back().count, {nullptr}});
        frames_.pop_back();
        if (section_ == Section::changes && depth_ == 4 && element_key_ == "change" && change_key_ == "actions") {
            actions_known_ = true;
            possible_move_ = actions_.size() == 1 && (actions_[0] == "create" || actions_[0] == "delete");
        }
        if (!frames_.empty()) return true;
        // A whole value is recorded: turn it into a DOM, load what tfw needs, let it go.
        rapidjson::Document document;
        Replay replay{events_};
        document.Populate(replay);
        if (section_ == Section::changes) {
            plan_.changes.push_back(load_resource_change(document));
        } else if (section_ == Section::prior_state) {
            if (const Json* values = member(document, "values"))
                if (const Json* root = member(*values, "root_module")) load_prior_dependencies(*root, plan_.prior_dependencies);
        } else if (section_ == Section::configuration) {
            if (const Json* root = member(document, "root_module")) plan_.configuration = load_config_module(*root);
        }
        events_.clear();
        return true;
    }

    struct Frame {
        bool is_array;
        rapidjson::SizeType count;  // members or elements recorded
    };

    Plan& plan_;
    int depth_ = 0;
    std::string_view top_key_;
    Section section_ = Section::none;
    int skip_depth_ = 0;     // > 0 inside a skipped subtree
    bool dropping_ = false;  // the next value belongs to a dropped member
    std::vector<Frame> frames_;
    std::vector<Event> events_;
    // Within one resource_changes element: the current member of `change`, its actions.
    std::string_view element_key_, change_key_;
    std::vector<std::string_view> actions_;
    bool actions_known_ = false;
    bool possible_move_ = true;
};

}  // namespace

Plan load_plan_json(std::string& json_text) {
    Plan plan;
    PlanHandler handler(plan);
    rapidjson::Reader reader;
    rapidjson::InsituStringStream stream(json_text.data());
    rapidjson::ParseResult ok =
        reader.Parse<rapidjson::kParseInsituFlag | rapidjson::kParseStopWhenDoneFlag>(stream, handler);
    if (!ok)
        throw PlanJsonError(std::string("invalid plan JSON at offset ") + std::to_string(ok.Offset()) + ": " +
                            rapidjson::GetParseError_En(ok.Code()));
    return plan;
}

}  // namespace tfw::core
