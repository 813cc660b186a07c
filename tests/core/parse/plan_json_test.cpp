#include "tfw/core/parse/plan_json.hpp"

#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <vector>

using namespace tfw::core;

// The documents below are modelled on `terraform show -json` of saved plans made by
// Terraform 1.11.4 with terraform_data: field order, nesting and the shape of
// after_unknown / *_sensitive are copied from real output, ids shortened.

namespace {

Plan load(std::string text) { return load_plan_json(text); }

// A plan document holding one resource change.
std::string one_change(const std::string& change) {
    return R"json({"format_version":"1.2","terraform_version":"1.11.4","resource_changes":[)json" + change +
           R"json(],"applyable":true,"complete":true,"errored":false})json";
}

std::string show(const Attributes& attributes) {
    std::string out;
    for (const auto& leaf : attributes) {
        out += leaf.path + " = " + (leaf.unknown ? "(unknown)" : leaf.value);
        if (leaf.sensitive) out += " (sensitive)";
        out += "\n";
    }
    return out;
}

const char* action_name(Action action) {
    switch (action) {
        case Action::no_op: return "no_op";
        case Action::create: return "create";
        case Action::remove: return "remove";
        case Action::update: return "update";
        case Action::delete_then_create: return "delete_then_create";
        case Action::create_then_delete: return "create_then_delete";
        case Action::read: return "read";
        case Action::forget: return "forget";
    }
    return "?";
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

// `[resources]`, then ` var [variables]` and ` outputs [call outputs]` where there are any.
std::string render(const ExpressionReferences& references) {
    return "[" + join(references.resources) + "]" +
           (references.variables.empty() ? "" : " var [" + join(references.variables) + "]") +
           (references.module_outputs.empty() ? "" : " outputs [" + join(references.module_outputs) + "]");
}

void render(const ConfigModule& module, const std::string& indent, std::string& out) {
    for (const auto& r : module.resources) {
        out += indent + r.address + " (" + (r.mode == ResourceMode::data ? "data " : "managed ") + r.type + " " + r.name +
               (r.has_count ? ", count" : "") + (r.has_for_each ? ", for_each" : "") + ") -> " +
               render({r.references, r.variables, r.module_outputs}) + "\n";
    }
    for (const auto& [name, value] : module.outputs) out += indent + "output " + name + " -> " + render(value) + "\n";
    for (const auto& call : module.calls) {
        out += indent + "module " + call.name + " (" + call.source + (call.has_count ? ", count" : "") +
               (call.has_for_each ? ", for_each" : "") + ")\n";
        for (const auto& [name, value] : call.arguments) out += indent + "  var " + name + " = " + render(value) + "\n";
        render(call.module, indent + "  ", out);
    }
}

std::string render(const ConfigModule& module) {
    std::string out;
    render(module, "", out);
    return out;
}

std::string render(const std::map<std::string, std::vector<std::string>>& dependencies) {
    std::string out;
    for (const auto& [resource, deps] : dependencies) out += resource + " -> [" + join(deps) + "]\n";
    return out;
}

std::string load_error(std::string text) {
    try {
        load_plan_json(text);
    } catch (const PlanJsonError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(actions_mapping) {
    struct Case {
        std::string name;
        std::string change;
        Action action;
        bool deletion_candidate;
        bool creation_candidate;
        bool deposed;
        std::string previous;  // printed previous_address, "" when none
    };
    const std::vector<Case> cases = {
        {"create",
         R"json({"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":"hello","triggers_replace":null},"after_unknown":{"id":true,"output":true},"before_sensitive":false,"after_sensitive":{}}})json",
         Action::create, false, true, false, ""},
        {"delete",
         R"json({"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"d5e4","input":"hello","output":"hello","triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false},"action_reason":"delete_because_no_resource_config"})json",
         Action::remove, true, false, false, ""},
        {"update",
         R"json({"address":"terraform_data.dep","mode":"managed","type":"terraform_data","name":"dep","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":{"id":"e8f5","input":"6e6a","output":"6e6a","triggers_replace":null},"after":{"id":"e8f5","triggers_replace":null},"after_unknown":{"input":true,"output":true},"before_sensitive":{},"after_sensitive":{}}})json",
         Action::update, false, false, false, ""},
        {"move with update",
         R"json({"address":"terraform_data.b","previous_address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":{"id":"d5e4","input":"hello","output":"hello","triggers_replace":null},"after":{"id":"d5e4","input":"changed","triggers_replace":null},"after_unknown":{"output":true},"before_sensitive":{},"after_sensitive":{}}})json",
         Action::update, false, false, false, "terraform_data.a"},
        {"replace, delete first",
         R"json({"address":"terraform_data.r","mode":"managed","type":"terraform_data","name":"r","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete","create"],"before":{"id":"536b","input":null,"output":null,"triggers_replace":"one"},"after":{"input":null,"output":null,"triggers_replace":"two"},"after_unknown":{"id":true},"before_sensitive":{},"after_sensitive":{},"replace_paths":[["triggers_replace"]]},"action_reason":"replace_because_cannot_update"})json",
         Action::delete_then_create, false, false, false, ""},
        {"replace, create first",
         R"json({"address":"terraform_data.r","mode":"managed","type":"terraform_data","name":"r","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create","delete"],"before":{"id":"536b","input":null,"output":null,"triggers_replace":"one"},"after":{"input":null,"output":null,"triggers_replace":"two"},"after_unknown":{"id":true},"before_sensitive":{},"after_sensitive":{},"replace_paths":[["triggers_replace"]]},"action_reason":"replace_because_cannot_update"})json",
         Action::create_then_delete, false, false, false, ""},
        {"pure move",
         R"json({"address":"terraform_data.b","previous_address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["no-op"],"before":{"id":"d5e4","input":"hello","output":"hello","triggers_replace":null},"after":{"id":"d5e4","input":"hello","output":"hello","triggers_replace":null},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})json",
         Action::no_op, false, false, false, "terraform_data.a"},
        {"move into a module instance with a string key",
         R"json({"address":"module.n[\"q\\\"z\"].terraform_data.t","module_address":"module.n[\"q\\\"z\"]","previous_address":"module.m[\"q\\\"z\"].terraform_data.t","mode":"managed","type":"terraform_data","name":"t","provider_name":"terraform.io/builtin/terraform","change":{"actions":["no-op"],"before":{"id":"1597","input":"in module","output":"in module","triggers_replace":null},"after":{"id":"1597","input":"in module","output":"in module","triggers_replace":null},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})json",
         Action::no_op, false, false, false, R"(module.m["q\"z"].terraform_data.t)"},
        {"no-op",
         R"json({"address":"terraform_data.m","mode":"managed","type":"terraform_data","name":"m","provider_name":"terraform.io/builtin/terraform","change":{"actions":["no-op"],"before":{"id":"6dbb","input":"stay","output":"stay","triggers_replace":null},"after":{"id":"6dbb","input":"stay","output":"stay","triggers_replace":null},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})json",
         Action::no_op, false, false, false, ""},
        {"read during apply",
         R"json({"address":"data.terraform_remote_state.x","mode":"data","type":"terraform_remote_state","name":"x","provider_name":"terraform.io/builtin/terraform","change":{"actions":["read"],"before":null,"after":{"backend":"local","config":{},"defaults":null,"workspace":null},"after_unknown":{"config":{"path":true},"outputs":true},"before_sensitive":false,"after_sensitive":{"config":{}}},"action_reason":"read_because_config_unknown"})json",
         Action::read, false, false, false, ""},
        {"forget",
         R"json({"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_name":"terraform.io/builtin/terraform","change":{"actions":["forget"],"before":{"id":"d5e4","input":"hello","output":"hello","triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false},"action_reason":"delete_because_no_resource_config"})json",
         Action::forget, false, false, false, ""},
        {"deposed delete",
         R"json({"address":"terraform_data.m","mode":"managed","type":"terraform_data","name":"m","provider_name":"terraform.io/builtin/terraform","deposed":"c0ffee01","change":{"actions":["delete"],"before":{"id":"deposed-id","input":"stay","output":"stay","triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false}})json",
         Action::remove, false, false, true, ""},
        {"data source create is not a candidate",
         R"json({"address":"data.x.y","mode":"data","type":"x","name":"y","provider_name":"p","change":{"actions":["create"],"before":null,"after":{"a":1},"after_unknown":{},"before_sensitive":false,"after_sensitive":{}}})json",
         Action::create, false, false, false, ""},
        {"data source delete is not a candidate",
         R"json({"address":"data.x.y","mode":"data","type":"x","name":"y","provider_name":"p","change":{"actions":["delete"],"before":{"a":1},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false}})json",
         Action::remove, false, false, false, ""},
        {"an element that is not a name is not an action",
         R"json({"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create",null],"before":null,"after":{"input":"hello"},"after_unknown":{"id":true},"before_sensitive":false,"after_sensitive":{}}})json",
         Action::create, false, true, false, ""},
        {"actions after the values",
         R"json({"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_name":"terraform.io/builtin/terraform","change":{"before":{"id":"d5e4","input":"hello"},"after":null,"actions":["delete"],"after_unknown":{},"before_sensitive":{},"after_sensitive":false}})json",
         Action::remove, true, false, false, ""},
        {"no change body", R"json({"address":"terraform_data.z","mode":"managed","type":"terraform_data","name":"z"})json",
         Action::no_op, false, false, false, ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan = load(one_change(c.change));
            BOOST_TEST(plan.changes.size() == 1u);
            if (plan.changes.size() != 1u) continue;
            const ResourceChange& change = plan.changes[0];
            BOOST_TEST(action_name(change.action) == action_name(c.action));
            BOOST_TEST(change.is_deletion_candidate() == c.deletion_candidate);
            BOOST_TEST(change.is_creation_candidate() == c.creation_candidate);
            BOOST_TEST(change.deposed == c.deposed);
            BOOST_TEST((change.previous_address ? to_string(*change.previous_address) : std::string()) == c.previous);
            // Attributes are kept only for the side a candidate is compared on, and an
            // update's new values, where a tie's holder points (core/converge/tie_trials).
            BOOST_TEST(change.before.empty() == !c.deletion_candidate);
            BOOST_TEST(change.after.empty() == !(c.creation_candidate || c.action == Action::update));
        }
    }
}

// An update keeps its new values: what a tie's holder holds now names the creation it
// refers to (core/converge/tie_trials record_pointers). Known ones are read, unknown ones
// marked; a replace that moved nothing keeps none.
BOOST_AUTO_TEST_CASE(an_update_keeps_its_new_values) {
    const Plan plan = load(one_change(
        R"json({"address":"terraform_data.holder","mode":"managed","type":"terraform_data","name":"holder","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":{"id":"h1","input":{"d":"old-id"}},"after":{"id":"h1","input":{"d":"new-id"}},"after_unknown":{"output":true},"before_sensitive":{},"after_sensitive":{}}})json"));
    BOOST_TEST_REQUIRE(plan.changes.size() == 1u);
    std::vector<std::string> after;
    for (const auto& leaf : plan.changes[0].after) after.push_back(leaf.path + "=" + (leaf.unknown ? "?" : leaf.value));
    BOOST_TEST(after == (std::vector<std::string>{"id=\"h1\"", "input.d=\"new-id\"", "output=?"}), boost::test_tools::per_element());
}

// A moved object that Terraform replaces keeps both sides' values: read as the deletion of
// its old address and the creation of its new one once the move is withdrawn
// (core/converge/replaced_moves). A replace that moved nothing keeps only its held values.
BOOST_AUTO_TEST_CASE(a_moved_object_replaced_keeps_both_sides) {
    auto replace = [](const std::string& previous) {
        return R"json({"address":"terraform_data.b",)json" + previous +
               R"json("mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete","create"],"before":{"id":"536b","input":"old","triggers_replace":"one"},"after":{"input":"new","triggers_replace":"two"},"after_unknown":{"id":true,"output":true},"before_sensitive":{},"after_sensitive":{}},"action_reason":"replace_because_cannot_update"})json";
    };
    Plan moved = load(one_change(replace(R"json("previous_address":"terraform_data.a",)json")));
    BOOST_TEST_REQUIRE(moved.changes.size() == 1u);
    BOOST_TEST(moved.changes[0].is_replaced_move());
    BOOST_TEST(show(moved.changes[0].before) == "id = \"536b\"\ninput = \"old\"\ntriggers_replace = \"one\"\n");
    BOOST_TEST(show(moved.changes[0].after) == "id = (unknown)\ninput = \"new\"\noutput = (unknown)\ntriggers_replace = \"two\"\n");

    Plan staying = load(one_change(replace("")));
    BOOST_TEST_REQUIRE(staying.changes.size() == 1u);
    BOOST_TEST(!staying.changes[0].is_replaced_move());
    BOOST_TEST(staying.changes[0].before.empty());
    BOOST_TEST(staying.changes[0].after.empty());
}

// An object that stays keeps the prior values its plan leaves unknown: where a value that
// refers to a replaced object (its id) sits until apply.
BOOST_AUTO_TEST_CASE(values_held_until_apply) {
    auto change_of = [](const std::string& actions, const std::string& before, const std::string& after,
                        const std::string& after_unknown) {
        return R"json({"address":"terraform_data.dep","mode":"managed","type":"terraform_data","name":"dep","provider_name":"terraform.io/builtin/terraform","change":{"actions":)json" +
               actions + R"json(,"before":)json" + before + R"json(,"after":)json" + after + R"json(,"after_unknown":)json" +
               after_unknown + R"json(,"before_sensitive":{},"after_sensitive":{}}})json";
    };
    struct Case {
        std::string name;
        std::string change;
        std::string held;
    };
    const std::vector<Case> cases = {
        {"an update whose input refers to a replaced object",
         change_of(R"(["update"])", R"({"id":"e8f5","input":"6e6a","output":"6e6a"})", R"({"id":"e8f5"})",
                   R"({"input":true,"output":true})"),
         "input = \"6e6a\"\noutput = \"6e6a\"\n"},
        {"one element of a list unknown",
         change_of(R"(["update"])", R"({"id":"e8f5","input":{"ids":["a1","b2"]}})", R"({"id":"e8f5","input":{"ids":["a1",null]}})",
                   R"({"input":{"ids":[false,true]}})"),
         "input.ids[1] = \"b2\"\n"},
        {"a replace keeps its id until apply",
         change_of(R"(["delete","create"])", R"({"id":"536b","triggers_replace":"one"})", R"({"triggers_replace":"two"})",
                   R"({"id":true})"),
         "id = \"536b\"\n"},
        {"an update with everything known holds nothing",
         change_of(R"(["update"])", R"({"id":"e8f5","input":"old"})", R"({"id":"e8f5","input":"new"})", R"({})"), ""},
        {"a no-op holds nothing",
         change_of(R"(["no-op"])", R"({"id":"e8f5","input":"same"})", R"({"id":"e8f5","input":"same"})", R"({})"), ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan = load(one_change(c.change));
            BOOST_TEST_REQUIRE(plan.changes.size() == 1u);
            BOOST_TEST(show(plan.changes[0].held_until_apply) == c.held);
        }
    }
}

// A moved object's update says which top-level attributes change, as the rendering marks
// them: another value, a value unknown until apply, a value newly sensitive.
BOOST_AUTO_TEST_CASE(a_moved_update_names_what_it_changes) {
    auto moved_update = [](const std::string& before, const std::string& after, const std::string& after_unknown,
                           const std::string& after_sensitive) {
        return R"json({"address":"terraform_data.b","previous_address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":)json" +
               before + R"json(,"after":)json" + after + R"json(,"after_unknown":)json" + after_unknown +
               R"json(,"before_sensitive":{},"after_sensitive":)json" + after_sensitive + "}}";
    };
    struct Case {
        std::string name;
        std::string change;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"another value", moved_update(R"({"id":"1","input":"a","output":"a"})", R"({"id":"1","input":"b","output":"a"})", "{}", "{}"),
         {"~ input"}},
        {"a nested value names its top-level attribute",
         moved_update(R"({"id":"1","tags":{"a":"1","b":"2"}})", R"({"id":"1","tags":{"a":"1","b":"3"}})", "{}", "{}"), {"~ tags"}},
        {"unknown until apply", moved_update(R"({"id":"1","output":"a"})", R"({"id":"1"})", R"({"output":true})", "{}"),
         {"~ output (known after apply)"}},
        {"an empty unknown mark is no change",
         moved_update(R"({"id":"1","tags":{}})", R"({"id":"1","tags":{}})", R"({"tags":{}})", "{}"), {}},
        {"newly sensitive", moved_update(R"({"id":"1","input":"a"})", R"({"id":"1","input":"a"})", "{}", R"({"input":true})"),
         {"~ input"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan = load(one_change(c.change));
            BOOST_TEST_REQUIRE(plan.changes.size() == 1u);
            BOOST_TEST(plan.changes[0].changed_attributes == c.expected, boost::test_tools::per_element());
        }
    }
    // An update of an object that stays is not a trial's verdict: nothing is read for it.
    Plan staying = load(one_change(
        R"json({"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":{"id":"1","input":"a"},"after":{"id":"1","input":"b"},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})json"));
    BOOST_TEST_REQUIRE(staying.changes.size() == 1u);
    BOOST_TEST(staying.changes[0].changed_attributes.empty());
}

BOOST_AUTO_TEST_CASE(change_metadata) {
    Plan plan = load(one_change(
        R"json({"address":"module.m[\"x y\"].module.c[0].terraform_data.t[\"$${k}\"]","module_address":"module.m[\"x y\"].module.c[0]","mode":"managed","type":"terraform_data","name":"t","index":"${k}","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"2451"},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false},"action_reason":"delete_because_no_module"})json"));
    BOOST_TEST(plan.terraform_version == "1.11.4");
    BOOST_TEST(!plan.errored);
    BOOST_TEST_REQUIRE(plan.changes.size() == 1u);
    const ResourceChange& change = plan.changes[0];
    BOOST_TEST(change.address_text == R"(module.m["x y"].module.c[0].terraform_data.t["$${k}"])");
    BOOST_TEST(to_string(change.address) == change.address_text);
    BOOST_TEST_REQUIRE(change.address.resource.has_value());
    BOOST_TEST(change.address.resource->key.name == "${k}");
    BOOST_TEST(change.address.module.size() == 2u);
    BOOST_TEST(change.address.module[0].key.name == "x y");
    BOOST_TEST(change.provider_name == "terraform.io/builtin/terraform");
    BOOST_TEST(change.action_reason == "delete_because_no_module");
    BOOST_TEST(!change.previous_address.has_value());
    BOOST_TEST(!change.importing_id.has_value());
}

// An `import` block's object: an update (terraform_data holds only its id once imported)
// with `importing`, whose id is what the import block gave; a removed block's: forget.
BOOST_AUTO_TEST_CASE(imports_and_forgets) {
    Plan imported = load(one_change(
        R"json({"address":"terraform_data.n","mode":"managed","type":"terraform_data","name":"n","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":{"id":"1b\"2"},"after":{"id":"1b\"2"},"after_unknown":{},"before_sensitive":{},"after_sensitive":{},"importing":{"id":"1b\"2"}}})json"));
    BOOST_TEST_REQUIRE(imported.changes.size() == 1u);
    BOOST_TEST((imported.changes[0].action == Action::update));
    BOOST_TEST(imported.changes[0].importing_id.value_or("none") == "1b\"2");
    Plan forgotten = load(one_change(
        R"json({"address":"terraform_data.n","mode":"managed","type":"terraform_data","name":"n","provider_name":"terraform.io/builtin/terraform","change":{"actions":["forget"],"before":{"id":"1"},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false},"action_reason":"delete_because_no_resource_config"})json"));
    BOOST_TEST_REQUIRE(forgotten.changes.size() == 1u);
    BOOST_TEST((forgotten.changes[0].action == Action::forget));
    BOOST_TEST(!forgotten.changes[0].importing_id.has_value());
}

BOOST_AUTO_TEST_CASE(errored_plan) {
    Plan plan = load(R"json({"format_version":"1.2","terraform_version":"1.11.4","applyable":false,"complete":false,"errored":true})json");
    BOOST_TEST(plan.errored);
    BOOST_TEST(plan.changes.empty());
    BOOST_TEST(plan.prior_dependencies.empty());
    BOOST_TEST(plan.configuration.resources.empty());
}

// Leaves of a candidate's compared side: one per scalar, null or empty container,
// sorted by path, canonical JSON values, unknown and sensitive marks.
BOOST_AUTO_TEST_CASE(attributes_flattening) {
    struct Case {
        std::string name;
        std::string change;
        bool creation;  // which side to show
        std::string leaves;
    };
    const std::vector<Case> cases = {
        {"plain create: unknown attributes absent from after",
         R"json({"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":"hello","triggers_replace":null},"after_unknown":{"id":true,"output":true},"before_sensitive":false,"after_sensitive":{}}})json",
         true,
         "id = (unknown)\n"
         "input = \"hello\"\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"plain delete",
         R"json({"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"d5e4","input":"hello","output":"hello","triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false}})json",
         false,
         "id = \"d5e4\"\n"
         "input = \"hello\"\n"
         "output = \"hello\"\n"
         "triggers_replace = null\n"},
        {"nested lists, maps and empty containers",
         R"json({"address":"terraform_data.new","mode":"managed","type":"terraform_data","name":"new","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":{"empty":[],"list":[1,2],"name":"a","tags":{"a b":"x","k":"v"},"none":{}},"triggers_replace":null},"after_unknown":{"id":true,"input":{"empty":[],"list":[false,false],"tags":{},"none":{}},"output":true},"before_sensitive":false,"after_sensitive":{"input":{"empty":[],"list":[false,false],"tags":{}},"output":{}}}})json",
         true,
         "id = (unknown)\n"
         "input.empty = []\n"
         "input.list[0] = 1\n"
         "input.list[1] = 2\n"
         "input.name = \"a\"\n"
         "input.none = {}\n"
         "input.tags.k = \"v\"\n"
         "input.tags[\"a b\"] = \"x\"\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"nested delete with keys that need quoting",
         R"json({"address":"terraform_data.old","mode":"managed","type":"terraform_data","name":"old","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"6e6a","input":{"q\"k":true,"${x}":1.5,"list":[[1],[]],"n":null},"output":null},"after":null,"after_unknown":{},"before_sensitive":{"input":{"list":[[false],[]]}},"after_sensitive":false}})json",
         false,
         "id = \"6e6a\"\n"
         "input.list[0][0] = 1\n"
         "input.list[1] = []\n"
         "input.n = null\n"
         "input[\"$${x}\"] = 1.5\n"
         "input[\"q\\\"k\"] = true\n"
         "output = null\n"},
        {"string values are canonical JSON",
         R"json({"address":"terraform_data.s","mode":"managed","type":"terraform_data","name":"s","provider_name":"p","change":{"actions":["create"],"before":null,"after":{"input":"tab\t \"q\" \u00e9 \\ /"},"after_unknown":{},"before_sensitive":false,"after_sensitive":{}}})json",
         true, "input = \"tab\\t \\\"q\\\" \xC3\xA9 \\\\ /\"\n"},
        {"unknown list elements are null in after",
         R"json({"address":"terraform_data.n[0]","mode":"managed","type":"terraform_data","name":"n","index":0,"provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":[null,{"deep":{}}],"triggers_replace":null},"after_unknown":{"id":true,"input":[true,{"deep":{}}],"output":true},"before_sensitive":false,"after_sensitive":{"input":[false,{"deep":{}}],"output":[]}}})json",
         true,
         "id = (unknown)\n"
         "input[0] = (unknown)\n"
         "input[1].deep = {}\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"unknown map keys absent from a non-empty object",
         R"json({"address":"terraform_data.mixed","mode":"managed","type":"terraform_data","name":"mixed","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":{"a":"known","e":{},"l":[null,"k"]},"triggers_replace":null},"after_unknown":{"id":true,"input":{"b":true,"e":{},"l":[true,false]},"output":true},"before_sensitive":false,"after_sensitive":{"input":{"e":{},"l":[false,false]}}}})json",
         true,
         "id = (unknown)\n"
         "input.a = \"known\"\n"
         "input.b = (unknown)\n"
         "input.e = {}\n"
         "input.l[0] = (unknown)\n"
         "input.l[1] = \"k\"\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        // `input = { b = terraform_data.x.id }` with x being created: Terraform 1.11 prints
        // the object as {} in after and its only key in after_unknown.
        {"unknown map keys absent from an object that looks empty",
         R"json({"address":"terraform_data.obj","mode":"managed","type":"terraform_data","name":"obj","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":{},"triggers_replace":null},"after_unknown":{"id":true,"input":{"b":true},"output":true},"before_sensitive":false,"after_sensitive":{}}})json",
         true,
         "id = (unknown)\n"
         "input.b = (unknown)\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"whole attribute unknown",
         R"json({"address":"terraform_data.whole","mode":"managed","type":"terraform_data","name":"whole","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"triggers_replace":null},"after_unknown":{"id":true,"input":true,"output":true},"before_sensitive":false,"after_sensitive":{}}})json",
         true,
         "id = (unknown)\n"
         "input = (unknown)\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"sensitive leaf in an object",
         R"json({"address":"terraform_data.s2","mode":"managed","type":"terraform_data","name":"s2","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":{"a":"secret","b":"plain"},"triggers_replace":null},"after_unknown":{"id":true,"input":{},"output":true},"before_sensitive":false,"after_sensitive":{"input":{"a":true},"output":{}}}})json",
         true,
         "id = (unknown)\n"
         "input.a = \"secret\" (sensitive)\n"
         "input.b = \"plain\"\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"sensitive before of a delete",
         R"json({"address":"terraform_data.s","mode":"managed","type":"terraform_data","name":"s","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"d8f4","input":{"a":"secret","b":"plain"},"output":{"a":"secret","b":"plain"},"triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{"input":{"a":true},"output":{}},"after_sensitive":false}})json",
         false,
         "id = \"d8f4\"\n"
         "input.a = \"secret\" (sensitive)\n"
         "input.b = \"plain\"\n"
         "output.a = \"secret\"\n"
         "output.b = \"plain\"\n"
         "triggers_replace = null\n"},
        {"sensitive container marks every leaf below",
         R"json({"address":"terraform_data.w","mode":"managed","type":"terraform_data","name":"w","provider_name":"p","change":{"actions":["delete"],"before":{"id":"d59b","input":{"a":[1,{"b":"c"}],"e":[]}},"after":null,"after_unknown":{},"before_sensitive":{"input":true},"after_sensitive":false}})json",
         false,
         "id = \"d59b\"\n"
         "input.a[0] = 1 (sensitive)\n"
         "input.a[1].b = \"c\" (sensitive)\n"
         "input.e = [] (sensitive)\n"},
        {"sensitive scalar",
         R"json({"address":"terraform_data.whole2","mode":"managed","type":"terraform_data","name":"whole2","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":"all","triggers_replace":null},"after_unknown":{"id":true,"output":true},"before_sensitive":false,"after_sensitive":{"input":true}}})json",
         true,
         "id = (unknown)\n"
         "input = \"all\" (sensitive)\n"
         "output = (unknown)\n"
         "triggers_replace = null\n"},
        {"unknown and sensitive",
         R"json({"address":"terraform_data.us","mode":"managed","type":"terraform_data","name":"us","provider_name":"p","change":{"actions":["create"],"before":null,"after":{},"after_unknown":{"input":true},"before_sensitive":false,"after_sensitive":{"input":true}}})json",
         true, "input = (unknown) (sensitive)\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan = load(one_change(c.change));
            BOOST_TEST(plan.changes.size() == 1u);
            if (plan.changes.size() != 1u) continue;
            const auto& change = plan.changes[0];
            BOOST_TEST(show(c.creation ? change.after : change.before) == c.leaves);
        }
    }
}

BOOST_AUTO_TEST_CASE(prior_state_dependencies) {
    struct Case {
        std::string name;
        std::string prior_state;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"root resources; keys stripped and instances merged",
         R"json({"format_version":"1.0","terraform_version":"1.11.4","values":{"root_module":{"resources":[
            {"address":"terraform_data.dep","mode":"managed","type":"terraform_data","name":"dep","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"e8f5"},"sensitive_values":{},"depends_on":["terraform_data.new","terraform_data.old"]},
            {"address":"terraform_data.n[0]","mode":"managed","type":"terraform_data","name":"n","index":0,"provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"1"},"sensitive_values":{},"depends_on":["terraform_data.l"]},
            {"address":"terraform_data.n[1]","mode":"managed","type":"terraform_data","name":"n","index":1,"provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"2"},"sensitive_values":{},"depends_on":["terraform_data.l","data.terraform_remote_state.s"]},
            {"address":"terraform_data.k[\"q\\\"uote\"]","mode":"managed","type":"terraform_data","name":"k","index":"q\"uote","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"3"},"sensitive_values":{},"depends_on":["terraform_data.n"]},
            {"address":"terraform_data.none","mode":"managed","type":"terraform_data","name":"none","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"4"},"sensitive_values":{}},
            {"address":"terraform_data.empty","mode":"managed","type":"terraform_data","name":"empty","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"5"},"sensitive_values":{},"depends_on":[]}
          ]}}})json",
         "terraform_data.dep -> [terraform_data.new, terraform_data.old]\n"
         "terraform_data.k -> [terraform_data.n]\n"
         "terraform_data.n -> [terraform_data.l, data.terraform_remote_state.s]\n"},
        {"child modules, nested, with instance keys",
         R"json({"format_version":"1.0","terraform_version":"1.11.4","values":{"root_module":{"resources":[
            {"address":"terraform_data.top","mode":"managed","type":"terraform_data","name":"top","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"a371"},"sensitive_values":{"input":{},"output":{}},"depends_on":["module.c.terraform_data.t"]}],
          "child_modules":[
            {"resources":[{"address":"module.c[0].terraform_data.t","mode":"managed","type":"terraform_data","name":"t","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"9fcb"},"sensitive_values":{},"depends_on":["module.c.terraform_data.u"]}],"address":"module.c[0]"},
            {"resources":[{"address":"module.m[\"q\\\"z\"].terraform_data.t","mode":"managed","type":"terraform_data","name":"t","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"1597"},"sensitive_values":{}}],"address":"module.m[\"q\\\"z\"]",
             "child_modules":[{"resources":[{"address":"module.m[\"q\\\"z\"].module.i[2].terraform_data.deep","mode":"managed","type":"terraform_data","name":"deep","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"x"},"sensitive_values":{},"depends_on":["module.m.module.i.terraform_data.other"]}],"address":"module.m[\"q\\\"z\"].module.i[2]"}]}
          ]}}})json",
         "module.c.terraform_data.t -> [module.c.terraform_data.u]\n"
         "module.m.module.i.terraform_data.deep -> [module.m.module.i.terraform_data.other]\n"
         "terraform_data.top -> [module.c.terraform_data.t]\n"},
        {"no values", R"json({"format_version":"1.0","terraform_version":"1.11.4"})json", ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan = load(R"json({"format_version":"1.2","terraform_version":"1.11.4","resource_changes":[],"prior_state":)json" +
                             c.prior_state + R"json(,"errored":false})json");
            BOOST_TEST(render(plan.prior_dependencies) == c.expected);
        }
    }
}

// Which instance a reference names, where it names one with a key: a holder that refers to
// `twin["a"]` speaks of that instance only.
BOOST_AUTO_TEST_CASE(instance_references_keep_their_keys) {
    const std::string json = R"json({"format_version":"1.2","configuration":{"root_module":{"resources":[
        {"address":"terraform_data.l","mode":"managed","type":"terraform_data","name":"l","provider_config_key":"terraform","expressions":{"input":{"references":["terraform_data.c[\"a\"].output","terraform_data.c[\"a\"]","terraform_data.c","aws_vpc.main[0].id","aws_vpc.main[0]","aws_vpc.main","terraform_data.k[\"a.b]c\"].output","terraform_data.k[\"a.b]c\"]","terraform_data.k","data.x.y[2].z","data.x.y[2]","data.x.y","terraform_data.whole","var.v[0]"]}},"schema_version":0}
      ]}}})json";
    std::string text = json;
    const Plan plan = load_plan_json(text);
    BOOST_TEST_REQUIRE(plan.configuration.resources.size() == 1u);
    const std::vector<std::string> expected = {"aws_vpc.main[0]", "data.x.y[2]", "terraform_data.c[\"a\"]", "terraform_data.k[\"a.b]c\"]"};
    BOOST_TEST(plan.configuration.resources[0].instance_references == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(configuration_tree) {
    struct Case {
        std::string name;
        std::string root_module;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"resource references from nested expressions, keys stripped",
         R"json({"resources":[
            {"address":"terraform_data.c","mode":"managed","type":"terraform_data","name":"c","provider_config_key":"terraform","expressions":{"input":{"references":["each.value"]}},"schema_version":0,"for_each_expression":{"constant_value":{"a":1}}},
            {"address":"terraform_data.l","mode":"managed","type":"terraform_data","name":"l","provider_config_key":"terraform","expressions":{"input":{"references":["terraform_data.c[\"a\"].output","terraform_data.c[\"a\"]","terraform_data.c"]}},"schema_version":0,"for_each_expression":{"references":["local.l"]},"depends_on":["terraform_data.v"]},
            {"address":"terraform_data.n","mode":"managed","type":"terraform_data","name":"n","provider_config_key":"terraform","expressions":{"input":{"references":["terraform_data.l[\"x\"].id","terraform_data.l[\"x\"]","terraform_data.l","data.terraform_remote_state.s.outputs","data.terraform_remote_state.s"]}},"schema_version":0,"count_expression":{"constant_value":2}},
            {"address":"terraform_data.v","mode":"managed","type":"terraform_data","name":"v","provider_config_key":"terraform","expressions":{"input":{"references":["each.key"]}},"schema_version":0,"for_each_expression":{"references":["var.keys"]}},
            {"address":"data.terraform_remote_state.s","mode":"data","type":"terraform_remote_state","name":"s","provider_config_key":"terraform","expressions":{"backend":{"constant_value":"local"},"config":{"references":["path.module"]},"defaults":{"constant_value":{}}},"schema_version":0}
          ]})json",
         "terraform_data.c (managed terraform_data c, for_each) -> []\n"
         "terraform_data.l (managed terraform_data l, for_each) -> [terraform_data.c, terraform_data.v]\n"
         "terraform_data.n (managed terraform_data n, count) -> [data.terraform_remote_state.s, terraform_data.l]\n"
         "terraform_data.v (managed terraform_data v, for_each) -> [] var [keys]\n"
         "data.terraform_remote_state.s (data terraform_remote_state s) -> []\n"},
        {"nested blocks, count and for_each expressions, self references and non-resources",
         R"json({"resources":[
            {"address":"aws_security_group.web","mode":"managed","type":"aws_security_group","name":"web","provider_config_key":"aws","expressions":{
               "name":{"references":["var.name","local.prefix","module.net.vpc_id","module.net"]},
               "ingress":[{"from_port":{"constant_value":80},"cidr_blocks":{"references":["aws_vpc.main[0].cidr_block","aws_vpc.main[0]","aws_vpc.main"]}},
                          {"description":{"references":["count.index","each.key","path.root","terraform.workspace","self.id"]}}],
               "tags":{"references":["aws_security_group.web.id","aws_security_group.web"]}},
             "schema_version":1,"count_expression":{"references":["data.aws_subnets.all.ids","data.aws_subnets.all"]}},
            {"address":"aws_instance.x","mode":"managed","type":"aws_instance","name":"x","provider_config_key":"aws","expressions":{"ami":{"references":["terraform_data.k[\"a.b]c\"].output","terraform_data.k[\"a.b]c\"]","terraform_data.k"]}},"schema_version":1,"for_each_expression":{"references":["aws_subnet.s"]}}
          ]})json",
         "aws_security_group.web (managed aws_security_group web, count) -> [aws_vpc.main, data.aws_subnets.all] var [name] "
         "outputs [net.vpc_id]\n"
         "aws_instance.x (managed aws_instance x, for_each) -> [aws_subnet.s, terraform_data.k]\n"},
        // Terraform 1.10+ ephemeral resources are not in state and cannot move.
        {"ephemeral references name no resource",
         R"json({"resources":[{"address":"terraform_data.e","mode":"managed","type":"terraform_data","name":"e","provider_config_key":"terraform","expressions":{"input":{"references":["ephemeral.random_password.p.result","ephemeral.random_password.p"]}},"schema_version":0}]})json",
         "terraform_data.e (managed terraform_data e) -> []\n"},
        {"module calls with count and for_each, nested",
         R"json({"resources":[{"address":"terraform_data.top","mode":"managed","type":"terraform_data","name":"top","provider_config_key":"terraform","expressions":{"input":{"references":["module.c[0]","module.c"]}},"schema_version":0}],
          "module_calls":{
            "c":{"source":"./child","count_expression":{"constant_value":1},"module":{"resources":[{"address":"terraform_data.t","mode":"managed","type":"terraform_data","name":"t","provider_config_key":"terraform","expressions":{"input":{"constant_value":"in module"}},"schema_version":0}]}},
            "n":{"source":"./child","module":{"resources":[{"address":"terraform_data.t","mode":"managed","type":"terraform_data","name":"t","provider_config_key":"terraform","expressions":{"input":{"references":["terraform_data.u.id","terraform_data.u"]}},"schema_version":0}]}},
            "r":{"source":"git::file:///tmp/repo?ref=v1","expressions":{"x":{"references":["terraform_data.top.id","terraform_data.top"]}},"for_each_expression":{"references":["var.keys"]},"module":{
               "module_calls":{"inner":{"source":"./inner","for_each_expression":{"constant_value":{"a":1}},"module":{"resources":[{"address":"data.x.y","mode":"data","type":"x","name":"y","provider_config_key":"x","schema_version":0}]}}}}}
          }})json",
         "terraform_data.top (managed terraform_data top) -> [] outputs [c]\n"
         "module c (./child, count)\n"
         "  terraform_data.t (managed terraform_data t) -> []\n"
         "module n (./child)\n"
         "  terraform_data.t (managed terraform_data t) -> [terraform_data.u]\n"
         "module r (git::file:///tmp/repo?ref=v1, for_each)\n"
         "  var x = [terraform_data.top]\n"
         "  module inner (./inner, for_each)\n"
         "    data.x.y (data x y) -> []\n"},
        // What a child's resources read through its input variables, and a parent through
        // a call's outputs: tfw follows them across the module's boundary.
        {"input variables, call arguments and outputs",
         R"json({"resources":[{"address":"terraform_data.top","mode":"managed","type":"terraform_data","name":"top","provider_config_key":"terraform","expressions":{"input":{"references":["module.net[\"a\"].vpc_id","module.net[\"a\"]","module.net","module.all","var.region"]}},"schema_version":0}],
          "outputs":{"top_id":{"expression":{"references":["terraform_data.top.id","terraform_data.top"]},"sensitive":true,"depends_on":["terraform_data.top"]}},
          "module_calls":{
            "all":{"source":"./all","module":{}},
            "net":{"source":"./net","for_each_expression":{"constant_value":{"a":1}},"expressions":{"cidr":{"constant_value":"10.0.0.0/16"},"zone":{"references":["terraform_data.top.id","terraform_data.top","var.region","module.all.name","module.all"]}},"module":{
               "outputs":{"vpc_id":{"expression":{"references":["terraform_data.vpc.id","terraform_data.vpc"]}},"fixed":{"expression":{"constant_value":1}}},
               "resources":[{"address":"terraform_data.vpc","mode":"managed","type":"terraform_data","name":"vpc","provider_config_key":"terraform","expressions":{"input":{"references":["var.zone","each.key"]}},"schema_version":0}]}}
          }})json",
         "terraform_data.top (managed terraform_data top) -> [] var [region] outputs [all, net.vpc_id]\n"
         "output top_id -> [terraform_data.top]\n"
         "module all (./all)\n"
         "module net (./net, for_each)\n"
         "  var cidr = []\n"
         "  var zone = [terraform_data.top] var [region] outputs [all.name]\n"
         "  terraform_data.vpc (managed terraform_data vpc) -> [] var [zone]\n"
         "  output fixed -> []\n"
         "  output vpc_id -> [terraform_data.vpc]\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan = load(R"json({"format_version":"1.2","terraform_version":"1.11.4","configuration":{"provider_config":{"terraform":{"name":"terraform","full_name":"terraform.io/builtin/terraform"}},"root_module":)json" +
                             c.root_module + R"json(},"errored":false})json");
            BOOST_TEST(render(plan.configuration) == c.expected);
        }
    }
}

// A whole document as `terraform show -json` prints it for a rename and a replace.
BOOST_AUTO_TEST_CASE(whole_document) {
    Plan plan = load(R"json({"format_version":"1.2","terraform_version":"1.11.4","planned_values":{"outputs":{"o":{"sensitive":false,"type":"string","value":"v1"}},"root_module":{"resources":[{"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"input":"hello","triggers_replace":null},"sensitive_values":{}}]}},
"resource_changes":[
{"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"d5e42005","input":"hello","output":"hello","triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false},"action_reason":"delete_because_no_resource_config"},
{"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":"hello","triggers_replace":null},"after_unknown":{"id":true,"output":true},"before_sensitive":false,"after_sensitive":{}}},
{"address":"terraform_data.k[\"q\\\"uote\"]","mode":"managed","type":"terraform_data","name":"k","index":"q\"uote","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"id":"992f","input":"q\"uote","output":"q\"uote","triggers_replace":null},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false},"action_reason":"delete_because_no_resource_config"},
{"address":"terraform_data.k2[\"q\\\"uote\"]","mode":"managed","type":"terraform_data","name":"k2","index":"q\"uote","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{"input":"q\"uote","triggers_replace":null},"after_unknown":{"id":true,"output":true},"before_sensitive":false,"after_sensitive":{}}},
{"address":"terraform_data.r","mode":"managed","type":"terraform_data","name":"r","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete","create"],"before":{"id":"536b","input":null,"output":null,"triggers_replace":"one"},"after":{"input":null,"output":null,"triggers_replace":"two"},"after_unknown":{"id":true},"before_sensitive":{},"after_sensitive":{},"replace_paths":[["triggers_replace"]]},"action_reason":"replace_because_cannot_update"}
],
"output_changes":{"o":{"actions":["no-op"],"before":"v1","after":"v1","after_unknown":false,"before_sensitive":false,"after_sensitive":false}},
"prior_state":{"format_version":"1.0","terraform_version":"1.11.4","values":{"outputs":{"o":{"sensitive":false,"value":"v1","type":"string"}},"root_module":{"resources":[{"address":"terraform_data.a","mode":"managed","type":"terraform_data","name":"a","provider_name":"terraform.io/builtin/terraform","schema_version":0,"values":{"id":"d5e42005","input":"hello","output":"hello","triggers_replace":null},"sensitive_values":{}}]}}},
"configuration":{"provider_config":{"terraform":{"name":"terraform","full_name":"terraform.io/builtin/terraform"}},"root_module":{"outputs":{"o":{"expression":{"constant_value":"v1"}}},"resources":[{"address":"terraform_data.b","mode":"managed","type":"terraform_data","name":"b","provider_config_key":"terraform","expressions":{"input":{"constant_value":"hello"}},"schema_version":0},{"address":"terraform_data.k2","mode":"managed","type":"terraform_data","name":"k2","provider_config_key":"terraform","expressions":{"input":{"references":["each.key"]}},"schema_version":0}]}},
"relevant_attributes":[],"timestamp":"2026-11-21T20:23:28Z","applyable":true,"complete":true,"errored":false}
)json");
    BOOST_TEST(plan.terraform_version == "1.11.4");
    BOOST_TEST(!plan.errored);
    std::vector<std::string> summary;
    for (const auto& change : plan.changes)
        summary.push_back(change.address_text + " " + action_name(change.action) + (change.is_deletion_candidate() ? " D" : "") +
                          (change.is_creation_candidate() ? " C" : ""));
    const std::vector<std::string> expected = {
        "terraform_data.a remove D",
        "terraform_data.b create C",
        "terraform_data.k[\"q\\\"uote\"] remove D",
        "terraform_data.k2[\"q\\\"uote\"] create C",
        "terraform_data.r delete_then_create",
    };
    BOOST_TEST(summary == expected, boost::test_tools::per_element());
    BOOST_TEST(plan.changes[2].address.resource->key.name == "q\"uote");
    BOOST_TEST(plan.prior_dependencies.empty());
    BOOST_TEST(render(plan.configuration) ==
               "terraform_data.b (managed terraform_data b) -> []\nterraform_data.k2 (managed terraform_data k2) -> []\n"
               "output o -> []\n");
}

BOOST_AUTO_TEST_CASE(malformed_documents) {
    struct Case {
        std::string name;
        std::string text;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"empty", "", "invalid plan JSON at offset 0: The document is empty."},
        {"whitespace", "  \n", "invalid plan JSON at offset 3: The document is empty."},
        {"not JSON", "Error: something", "invalid plan JSON at offset 0: Invalid value."},
        {"truncated", R"json({"format_version":"1.2","resource_changes":[)json",
         "invalid plan JSON at offset 44: Invalid value."},
        {"unclosed object", "{", "invalid plan JSON at offset 1: Missing a name for object member."},
        {"array", "[]", "invalid plan JSON: not an object"},
        {"string", "\"plan\"", "invalid plan JSON: not an object"},
        {"unreadable address",
         one_change(R"json({"address":"terraform_data.a[-1]","mode":"managed","type":"terraform_data","name":"a","change":{"actions":["delete"]}})json"),
         "unreadable address \"terraform_data.a[-1]\": expected a non-negative integer or a quoted string key at offset 17"},
        {"unreadable previous address",
         one_change(R"json({"address":"terraform_data.a","previous_address":"terraform_data.","mode":"managed","type":"terraform_data","name":"a","change":{"actions":["no-op"]}})json"),
         "unreadable address \"terraform_data.\": expected a resource name after the type at offset 15"},
        {"missing address", one_change(R"json({"mode":"managed","change":{"actions":["create"]}})json"),
         "unreadable address \"\": empty address at offset 0"},
        // Found by fuzzing: the message is one line whatever the address holds.
        // Found by fuzzing: a change must be at a resource, as everything downstream assumes.
        {"change at a module address",
         one_change(R"json({"address":"module.a","mode":"managed","change":{"actions":["delete"]}})json"),
         R"(resource change at "module.a", which is not a resource)"},
        {"change from a module address",
         one_change(R"json({"address":"terraform_data.a","previous_address":"module.a[0]","change":{"actions":["no-op"]}})json"),
         R"(resource change at "terraform_data.a" moved from "module.a[0]", which is not a resource)"},
        {"unreadable address with a line break",
         one_change(R"json({"address":"terraform_data.a[\"x\ny","mode":"managed","change":{"actions":["create"]}})json"),
         R"(unreadable address "terraform_data.a[\"x\ny": unterminated string key at offset 21)"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(load_error(c.text) == c.error); }
    }
}

// Terraform ends its output with a newline; anything after the document is ignored.
BOOST_AUTO_TEST_CASE(text_after_the_document) {
    Plan plan = load(R"json({"format_version":"1.2","terraform_version":"1.11.4","errored":true})json" "\n");
    BOOST_TEST(plan.errored);
}

// resource_drift: what a refreshing plan found changed or gone outside Terraform. An
// object that only moved is listed with no-op (Terraform records it there) and is no drift.
BOOST_AUTO_TEST_CASE(drift_found_by_the_refresh) {
    const std::string drift = R"json({"format_version":"1.2","terraform_version":"1.11.4","resource_drift":[)json"
        R"json({"address":"terraform_data.changed","mode":"managed","type":"terraform_data","name":"changed","provider_name":"terraform.io/builtin/terraform","change":{"actions":["update"],"before":{"input":"a"},"after":{"input":"b"},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}},)json"
        R"json({"address":"terraform_data.gone","mode":"managed","type":"terraform_data","name":"gone","provider_name":"terraform.io/builtin/terraform","change":{"actions":["delete"],"before":{"input":"a"},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false}},)json"
        R"json({"address":"terraform_data.moved","previous_address":"terraform_data.old","mode":"managed","type":"terraform_data","name":"moved","provider_name":"terraform.io/builtin/terraform","change":{"actions":["no-op"],"before":{"input":"a"},"after":{"input":"a"},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})json"
        R"json(],"resource_changes":[],"applyable":true,"complete":true,"errored":false})json";
    const Plan plan = load(drift);
    BOOST_TEST((plan.drifted == std::vector<std::string>{"terraform_data.changed", "terraform_data.gone"}));
    BOOST_TEST(plan.changes.empty());
    BOOST_TEST(load(one_change(R"json({"address":"terraform_data.n","mode":"managed","type":"terraform_data","name":"n","provider_name":"terraform.io/builtin/terraform","change":{"actions":["create"],"before":null,"after":{},"after_unknown":{},"before_sensitive":false,"after_sensitive":{}}})json")).drifted.empty());
    BOOST_TEST(load(R"json({"format_version":"1.2","resource_drift":null,"errored":false})json").drifted.empty());
}

// checks: the managed resources with conditions of their own, by config address, as
// terraform 1.11 wrote them for a module resource with a postcondition beside a check
// block and an output precondition, which are no resource's.
BOOST_AUTO_TEST_CASE(resources_with_conditions) {
    const std::string checks = R"json({"format_version":"1.2","terraform_version":"1.11.4","checks":[)json"
        R"json({"address":{"kind":"check","name":"c","to_display":"check.c"},"status":"unknown","instances":[{"address":{"to_display":"check.c"},"status":"unknown"}]},)json"
        R"json({"address":{"kind":"resource","mode":"managed","module":"module.a","name":"x","to_display":"module.a.terraform_data.x","type":"terraform_data"},"status":"unknown",)json"
        R"json("instances":[{"address":{"instance_key":0,"module":"module.a[\"k\"]","to_display":"module.a[\"k\"].terraform_data.x[0]"},"status":"unknown"}]},)json"
        R"json({"address":{"kind":"resource","mode":"data","name":"d","to_display":"data.terraform_data.d","type":"terraform_data"},"status":"pass"},)json"
        R"json({"address":{"kind":"output_value","name":"o","to_display":"output.o"},"status":"unknown","instances":[{"address":{"to_display":"output.o"},"status":"unknown"}]})json"
        R"json(],"resource_changes":[],"errored":false})json";
    BOOST_TEST((load(checks).checked_resources == std::set<std::string>{"module.a.terraform_data.x"}));
    BOOST_TEST(load(R"json({"format_version":"1.2","errored":false})json").checked_resources.empty());
}
