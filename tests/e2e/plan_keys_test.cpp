// tfw plan on instance keys and module paths: for_each added, keys that need escaping,
// a resource moved into a local module.
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "tfw/core/model/address.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

// The raw (unescaped) for_each keys of the instances of `type.name` in the root module.
std::set<std::string> keys_of(const tfw::core::Plan& plan, const std::string& type, const std::string& name) {
    std::set<std::string> keys;
    for (const auto& change : plan.changes) {
        const auto& resource = change.address.resource;
        if (change.address.module.empty() && resource && resource->type == type && resource->name == name &&
            resource->key.kind == tfw::core::InstanceKey::Kind::name)
            keys.insert(resource->key.name);
    }
    return keys;
}

}  // namespace

BOOST_AUTO_TEST_CASE(resource_gaining_for_each_moves_to_its_key) {
    Workspace ws("for_each_gained");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 1);

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, R"(terraform_data.server["primary"])") == "terraform_data.server");
    // The new key is a new object.
    const auto* secondary = find_change(plan, R"(terraform_data.server["secondary"])");
    BOOST_TEST_REQUIRE(secondary != nullptr, describe(plan));
    BOOST_TEST(action_name(secondary->action) == "create");
    BOOST_TEST(!secondary->previous_address.has_value());
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 1u);
    BOOST_TEST(describe(plan) == describe(reference));
}

BOOST_AUTO_TEST_CASE(for_each_keys_with_quotes_backslashes_unicode_and_templates_move) {
    Workspace ws("for_each_special_keys");
    ws.apply_before();
    ws.switch_to("after");
    const auto reference = require_reference(ws, 6);
    const std::set<std::string> keys = keys_of(reference, "terraform_data", "new");
    // The fixture holds the keys this case is about, as raw text.
    for (const char* key : {"q\"uote", "back\\sl", "ünïcødé ☃ 🚀", "${x}", "%{y}", "plain"})
        BOOST_TEST_REQUIRE(keys.count(key) == 1u, "fixture check: no key " << key << " in\n" << describe(reference));

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(keys_of(plan, "terraform_data", "new") == keys, describe(plan));
    for (const auto& change : plan.changes) {
        BOOST_TEST_CONTEXT(change.address_text) {
            BOOST_TEST_REQUIRE(change.previous_address.has_value(), describe(plan));
            const auto& from = change.previous_address->resource;
            BOOST_TEST_REQUIRE(from.has_value());
            BOOST_TEST(from->name == "old");
            BOOST_TEST(tfw::core::to_string(from->key) == tfw::core::to_string(change.address.resource->key));
            BOOST_TEST(action_name(change.action) == "no-op");
        }
    }
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(describe(plan) == describe(reference));
}

BOOST_AUTO_TEST_CASE(resource_moved_into_a_local_module) {
    Workspace ws("into_module");
    ws.apply_before();
    ws.switch_to("after");  // runs init: the module is new
    const auto reference = require_reference(ws, 1);

    const TfwPlan run = ws.tfw_plan();
    const auto& plan = require_saved_plan(run, 0);
    BOOST_TEST(moved_from(plan, "module.app.terraform_data.web") == "terraform_data.web");
    BOOST_TEST(moved_from(plan, "terraform_data.db") == "");
    BOOST_TEST(count_destroying(plan) == 0u);
    BOOST_TEST(count_actions(plan, Action::create) == 0u);
    BOOST_TEST(describe(plan) == describe(reference));
}
