#include "tfw/core/model/plan.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace tfw::core;

namespace {

ConfigResource resource(const std::string& relative_address, std::vector<std::string> references = {}) {
    ConfigResource r;
    r.address = relative_address;
    bool data = relative_address.rfind("data.", 0) == 0;
    std::string rest = data ? relative_address.substr(5) : relative_address;
    r.mode = data ? ResourceMode::data : ResourceMode::managed;
    r.type = rest.substr(0, rest.find('.'));
    r.name = rest.substr(rest.find('.') + 1);
    r.references = std::move(references);
    return r;
}

// root: terraform_data.top -> data.x.y; data.x.y
//   module.a: terraform_data.t -> terraform_data.u
//     module.a.module.b: (empty)
ConfigModule sample_configuration() {
    ConfigModule b;
    ConfigModule a;
    a.resources = {resource("terraform_data.t", {"terraform_data.u"}), resource("terraform_data.u")};
    a.calls.push_back({"b", "./b", false, false, {}, b});
    ConfigModule root;
    root.resources = {resource("terraform_data.top", {"data.x.y"}), resource("data.x.y")};
    root.calls.push_back({"a", "./a", true, false, {}, a});
    return root;
}

}  // namespace

BOOST_AUTO_TEST_CASE(config_addresses_drop_instance_keys) {
    struct Case {
        std::string instance;
        std::string module_path;
        std::string resource;
    };
    const std::vector<Case> cases = {
        {"terraform_data.a", "", "terraform_data.a"},
        {"terraform_data.a[3]", "", "terraform_data.a"},
        {R"(module.a["k"].module.b[0].data.x.y[2])", "module.a.module.b", "module.a.module.b.data.x.y"},
        {R"(module.a["k"])", "module.a", "module.a"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.instance) {
            Address address = must_parse_address(c.instance);
            BOOST_TEST(config_module_path(address.module) == c.module_path);
            BOOST_TEST(config_resource_address(address) == c.resource);
        }
    }
}

BOOST_AUTO_TEST_CASE(configuration_lookups) {
    ConfigModule root = sample_configuration();
    struct Case {
        std::string address;
        bool declared;
    };
    const std::vector<Case> cases = {
        {"terraform_data.top", true},     {"terraform_data.top[3]", true},  {"data.x.y", true},
        {"x.y", false},                   {"terraform_data.gone", false},   {"module.a", true},
        {"module.a[0]", true},            {"module.a.terraform_data.t", true},
        {R"(module.a["k"].terraform_data.t[1])", true},
        {"module.a.module.b", true},      {"module.a.module.c", false},     {"module.z", false},
        {"module.z.terraform_data.t", false}, {"module.a.terraform_data.top", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.address) { BOOST_TEST(config_declares(root, must_parse_address(c.address)) == c.declared); }
    }
    BOOST_TEST(find_config_module(root, {"a", "b"}) != nullptr);
    BOOST_TEST(find_config_module(root, {}) == &root);
    BOOST_TEST(find_config_module(root, {"b"}) == nullptr);
}

BOOST_AUTO_TEST_CASE(resources_by_absolute_address) {
    ConfigModule root = sample_configuration();
    auto index = config_resources_by_address(root);
    std::vector<std::string> keys;
    for (const auto& [key, r] : index) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    BOOST_TEST(keys == (std::vector<std::string>{"data.x.y", "module.a.terraform_data.t", "module.a.terraform_data.u",
                                                 "terraform_data.top"}),
               boost::test_tools::per_element());
    BOOST_TEST(index.at("module.a.terraform_data.t") == &root.calls[0].module.resources[0]);
}

BOOST_AUTO_TEST_CASE(references_made_absolute) {
    ConfigModule root = sample_configuration();
    std::vector<std::pair<std::string, std::string>> visited;
    for_each_reference(root, [&](const std::string& referrer, const std::string& target) { visited.push_back({referrer, target}); });
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"terraform_data.top", "data.x.y"}, {"module.a.terraform_data.t", "module.a.terraform_data.u"}};
    BOOST_TEST_REQUIRE(visited.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        BOOST_TEST(visited[i].first == expected[i].first);
        BOOST_TEST(visited[i].second == expected[i].second);
    }
}

// root: terraform_data.top reads module.net's output vpc_id; terraform_data.zone
//   module.net (zone = terraform_data.zone.id, region left to its default):
//     terraform_data.vpc reads var.zone and var.region; output vpc_id = terraform_data.vpc.id
//     module.net.module.sub (x = var.zone, y = module.net's own output name):
//       terraform_data.leaf reads var.x and var.y
//     output name = module.sub's output id; module.sub: output id = terraform_data.leaf.id
BOOST_AUTO_TEST_CASE(references_followed_across_module_boundaries) {
    ConfigResource leaf = resource("terraform_data.leaf");
    leaf.variables = {"x", "y"};
    ConfigModule sub;
    sub.resources = {leaf};
    sub.outputs["id"] = {{"terraform_data.leaf"}, {}, {}};
    ConfigResource vpc = resource("terraform_data.vpc");
    vpc.variables = {"zone", "region"};
    ConfigModule net;
    net.resources = {vpc};
    net.outputs["vpc_id"] = {{"terraform_data.vpc"}, {}, {}};
    net.outputs["name"] = {{}, {}, {"sub.id"}};
    ModuleCall sub_call{"sub", "./sub", false, false, {}, sub};
    sub_call.arguments["x"] = {{}, {"zone"}, {}};
    sub_call.arguments["y"] = {{}, {}, {}};
    net.calls.push_back(sub_call);
    ConfigResource top = resource("terraform_data.top");
    top.module_outputs = {"net.vpc_id", "net.name"};
    ConfigModule root;
    root.resources = {top, resource("terraform_data.zone")};
    ModuleCall net_call{"net", "./net", false, true, {}, net};
    net_call.arguments["zone"] = {{"terraform_data.zone"}, {}, {}};
    root.calls.push_back(net_call);

    std::vector<std::pair<std::string, std::string>> visited;
    for_each_reference(root, [&](const std::string& referrer, const std::string& target) { visited.push_back({referrer, target}); });
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"terraform_data.top", "module.net.module.sub.terraform_data.leaf"},
        {"terraform_data.top", "module.net.terraform_data.vpc"},
        {"module.net.terraform_data.vpc", "terraform_data.zone"},
        {"module.net.module.sub.terraform_data.leaf", "terraform_data.zone"}};
    BOOST_TEST_REQUIRE(visited.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        BOOST_TEST(visited[i].first == expected[i].first);
        BOOST_TEST(visited[i].second == expected[i].second);
    }
}

// A whole call (`module.net`, as `module.net` alone) is every output of it.
BOOST_AUTO_TEST_CASE(a_whole_module_call_is_every_output) {
    ConfigModule net;
    net.resources = {resource("terraform_data.a"), resource("terraform_data.b")};
    net.outputs["a"] = {{"terraform_data.a"}, {}, {}};
    net.outputs["b"] = {{"terraform_data.b"}, {}, {}};
    ConfigResource top = resource("terraform_data.top");
    top.module_outputs = {"net"};
    ConfigModule root;
    root.resources = {top};
    root.calls.push_back({"net", "./net", false, false, {}, net});
    std::vector<std::string> targets;
    for_each_reference(root, [&](const std::string&, const std::string& target) { targets.push_back(target); });
    BOOST_TEST(targets == (std::vector<std::string>{"module.net.terraform_data.a", "module.net.terraform_data.b"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(reachable_from_follows_edges_through) {
    const ReferenceEdges edges = {{"d", {"c"}}, {"c", {"b"}}, {"b", {"a"}}, {"x", {"y"}}, {"y", {"x"}}};
    struct Case {
        std::string name;
        std::vector<std::string> starts;
        std::set<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"a chain, through every link", {"d"}, {"c", "b", "a"}},
        {"the end of a chain leads nowhere", {"a"}, {}},
        {"several starts", {"c", "y"}, {"b", "a", "x", "y"}},
        {"a cycle leads back to its start", {"x"}, {"x", "y"}},
        {"an unknown address", {"nowhere"}, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(reachable_from(edges, c.starts) == c.expected, boost::test_tools::per_element()); }
    }
}

BOOST_AUTO_TEST_CASE(find_change_finds_an_instance_by_the_address_terraform_printed) {
    Plan plan;
    auto change = [](std::string address, Action action, bool deposed) {
        ResourceChange c;
        c.address_text = std::move(address);
        c.action = action;
        c.deposed = deposed;
        return c;
    };
    // The deposed object comes first, as Terraform lists it beside the current one.
    plan.changes = {change("terraform_data.a", Action::remove, true), change("terraform_data.a", Action::update, false),
                    change("terraform_data.b[\"k\"]", Action::create, false)};
    struct Case {
        std::string name;
        std::string address;
        std::optional<Action> expected;
    };
    const std::vector<Case> cases = {
        {"the current object, not the deposed one", "terraform_data.a", Action::update},
        {"a key as printed", "terraform_data.b[\"k\"]", Action::create},
        {"an address not in the plan", "terraform_data.c", std::nullopt},
        {"a resource is not its instance", "terraform_data.b", std::nullopt},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const ResourceChange* found = find_change(plan, c.address);
            BOOST_TEST((found != nullptr) == c.expected.has_value());
            if (found && c.expected) BOOST_TEST(static_cast<int>(found->action) == static_cast<int>(*c.expected));
        }
    }
}

BOOST_AUTO_TEST_CASE(action_words_say_each_action_as_a_reason_does) {
    const std::vector<std::pair<Action, std::string>> cases = {
        {Action::no_op, "no change"},
        {Action::create, "a create"},
        {Action::remove, "a destroy"},
        {Action::update, "an update"},
        {Action::delete_then_create, "a replace"},
        {Action::create_then_delete, "a replace"},
        {Action::read, "a read"},
        {Action::forget, "no longer managed"},
    };
    for (const auto& [action, words] : cases) BOOST_TEST(std::string(action_words(action)) == words);
}

// A move undone: a creation where it went, the deletion of what it held where it was,
// and that deletion's prior dependencies from the new address unless it has its own.
BOOST_AUTO_TEST_CASE(split_move_makes_a_deletion_and_a_creation) {
    struct Case {
        std::string name;
        std::map<std::string, std::vector<std::string>> dependencies;
        std::vector<std::string> expected_old_dependencies;
    };
    const std::vector<Case> cases = {
        {"the old address takes the new one's dependencies", {{"terraform_data.new", {"terraform_data.dep"}}}, {"terraform_data.dep"}},
        {"the old address keeps its own",
         {{"terraform_data.new", {"terraform_data.dep"}}, {"terraform_data.old", {"terraform_data.own"}}},
         {"terraform_data.own"}},
        {"none recorded", {}, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan;
            plan.prior_dependencies = c.dependencies;
            ResourceChange moved;
            moved.address = must_parse_address("terraform_data.new[0]");
            moved.previous_address = must_parse_address("terraform_data.old");
            moved.provider_name = "terraform.io/builtin/terraform";
            moved.action = Action::update;
            moved.action_reason = "some reason";
            moved.before = {{"input", "\"a\"", false}};
            moved.after = {{"input", "\"b\"", false}};
            moved.held_until_apply = {{"output", "", true}};
            const ResourceChange deletion = split_move(plan, moved);
            BOOST_TEST(deletion.address_text == "terraform_data.old");
            BOOST_TEST(deletion.provider_name == moved.provider_name);
            BOOST_TEST(static_cast<int>(deletion.action) == static_cast<int>(Action::remove));
            BOOST_TEST_REQUIRE(deletion.before.size() == 1u);
            BOOST_TEST(deletion.before[0].value == "\"a\"");
            BOOST_TEST(static_cast<int>(moved.action) == static_cast<int>(Action::create));
            BOOST_TEST(!moved.previous_address.has_value());
            BOOST_TEST(moved.action_reason.empty());
            BOOST_TEST(moved.before.empty());
            BOOST_TEST(moved.held_until_apply.empty());
            BOOST_TEST(moved.after.size() == 1u);
            const auto old = plan.prior_dependencies.find("terraform_data.old");
            BOOST_TEST((old == plan.prior_dependencies.end() ? std::vector<std::string>{} : old->second) ==
                           c.expected_old_dependencies,
                       boost::test_tools::per_element());
        }
    }
}
