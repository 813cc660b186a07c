#include "tfw/core/roots/migration_plan.hpp"

#include "tfw/core/model/address.hpp"

#include <boost/test/unit_test.hpp>

#include "state_tables.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace tfw::core;
using namespace tfw::core::test;

namespace {

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : " ") + part;
    return out;
}

// "serial 4: a b" for a step, "-" when the root has none.
std::string shown(const std::optional<std::string>& step) {
    if (!step) return "-";
    const auto at = step->find("\"serial\": ");
    const std::string serial = step->substr(at + 10, step->find(',', at) - at - 10);
    return "serial " + serial + ": " + joined(state_addresses(*step));
}

bool contains_lineage(const std::string& state_text, const std::string& lineage) {
    return state_text.find("\"lineage\": \"" + lineage + "\"") != std::string::npos;
}

struct Case {
    std::string name;
    std::vector<std::string> originals;
    std::vector<StateTransfer> transfers;
    std::vector<std::string> expected;  // per root: "gained | final"
};

}  // namespace

BOOST_AUTO_TEST_CASE(moves_objects_in_two_steps_per_root) {
    const std::string a_net = resource("", "network", "", instance("", "n1"));
    const std::string a_subnets =
        resource("", "subnet", "map", instance("\"a\"", "s1") + "," + instance("\"b\"", "s2"));
    const std::string a_app = resource("module.app", "server", "", instance("", "v1"));
    const std::string b_other = resource("", "other", "", instance("", "o1"));
    const std::vector<Case> cases = {
        {"a resource leaves A for B",
         {state("A", 3, a_net + "," + b_other.substr(0, 0) + a_subnets), state("B", 7, b_other)},
         {{0, "terraform_data.network", 1, "terraform_data.network"}},
         {"- | serial 4: terraform_data.subnet[\"a\"] terraform_data.subnet[\"b\"]",
          "serial 8: terraform_data.network terraform_data.other | -"}},
        {"one for_each instance goes, under a new name and key",
         {state("A", 3, a_subnets), state("B", 1, "")},
         {{0, "terraform_data.subnet[\"b\"]", 1, "terraform_data.net[1]"}},
         {"- | serial 4: terraform_data.subnet[\"a\"]", "serial 2: terraform_data.net[1] | -"}},
        {"a module's resource goes into the root of B, and another into a module",
         {state("A", 1, a_app + "," + a_net), state("B", 1, b_other)},
         {{0, "module.app.terraform_data.server", 1, "terraform_data.server"},
          {0, "terraform_data.network", 1, "module.net[\"x\"].terraform_data.network"}},
         {"- | serial 2: ", "serial 2: module.net[\"x\"].terraform_data.network terraform_data.other "
                            "terraform_data.server | -"}},
        {"a swap: each root gains first and loses second",
         {state("A", 5, a_net), state("B", 9, b_other)},
         {{0, "terraform_data.network", 1, "terraform_data.network"},
          {1, "terraform_data.other", 0, "terraform_data.other"}},
         {"serial 6: terraform_data.network terraform_data.other | serial 7: terraform_data.other",
          "serial 10: terraform_data.network terraform_data.other | serial 11: terraform_data.network"}},
        {"three roots: C gains from A and B",
         {state("A", 1, a_net), state("B", 1, b_other), state("C", 1, "")},
         {{0, "terraform_data.network", 2, "terraform_data.network"},
          {1, "terraform_data.other", 2, "terraform_data.other"}},
         {"- | serial 2: ", "- | serial 2: ", "serial 2: terraform_data.network terraform_data.other | -"}},
        {"nothing to move changes nothing",
         {state("A", 1, a_net), state("B", 1, b_other)},
         {},
         {"- | -", "- | -"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const auto states = plan_migration(c.originals, c.transfers);
            BOOST_TEST_REQUIRE(states.size() == c.expected.size());
            for (std::size_t i = 0; i < states.size(); ++i) {
                BOOST_TEST(shown(states[i].gained) + " | " + shown(states[i].final_state) == c.expected[i],
                           "root " << i);
                BOOST_TEST(states[i].original == c.originals[i]);
                // Every step keeps the root's lineage.
                for (const auto& step : {states[i].gained, states[i].final_state})
                    if (step) BOOST_TEST(step->find("\"lineage\": \"" + std::string(1, char('A' + i)) + "\"") != std::string::npos);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_moved_object_keeps_its_values_and_gets_its_new_key) {
    const auto states = plan_migration(
        {state("A", 1, resource("", "subnet", "map", instance("\"a\"", "s1", R"("terraform_data.network","terraform_data.gone")")) +
                           "," + resource("", "network", "", instance("", "n1"))),
         state("B", 1, "")},
        {{0, "terraform_data.subnet[\"a\"]", 1, "module.net.terraform_data.subnet[\"z\"]"},
         {0, "terraform_data.network", 1, "module.net.terraform_data.network"}});
    const std::string& b = *states[1].gained;
    BOOST_TEST(b.find("\"module\": \"module.net\"") != std::string::npos, b);
    BOOST_TEST(b.find("\"each\": \"map\"") != std::string::npos, b);
    BOOST_TEST(b.find("\"index_key\": \"z\"") != std::string::npos, b);
    BOOST_TEST(b.find("\"id\": \"s1\"") != std::string::npos, b);
    BOOST_TEST(b.find(R"("provider": "provider[\"terraform.io/builtin/terraform\"]")") != std::string::npos, b);
    // A dependency that moved along is renamed; one that stayed behind is dropped.
    BOOST_TEST(b.find("\"dependencies\": [\n            \"module.net.terraform_data.network\"\n          ]") !=
                   std::string::npos,
               b);
    BOOST_TEST(b.find("terraform_data.gone") == std::string::npos, b);
}

BOOST_AUTO_TEST_CASE(refuses_what_state_mv_would_refuse) {
    const std::string a = state("A", 1, resource("", "network", "", instance("", "n1")));
    const std::string b = state("B", 1, resource("", "network", "", instance("", "n2")));
    const std::string b_keyed = state("B", 1, resource("", "subnet", "map", instance("\"a\"", "s")));
    struct Refusal {
        std::string name;
        std::vector<std::string> originals;
        std::vector<StateTransfer> transfers;
        std::string message;
    };
    const std::vector<Refusal> refusals = {
        {"no object to move", {a, b}, {{0, "terraform_data.nope", 1, "terraform_data.x"}},
         "the state of root 0 has no object at terraform_data.nope to move"},
        {"the same object twice", {a, state("B", 1, "")},
         {{0, "terraform_data.network", 1, "terraform_data.x"}, {0, "terraform_data.network", 1, "terraform_data.y"}},
         "the state of root 0 has no object at terraform_data.network to move"},
        {"the new address is taken", {a, b}, {{0, "terraform_data.network", 1, "terraform_data.network"}},
         "the state of root 1 already has an object at terraform_data.network"},
        {"another kind of key", {a, b_keyed}, {{0, "terraform_data.network", 1, "terraform_data.subnet[0]"}},
         "the state of root 1 holds terraform_data.subnet with other instance keys than terraform_data.subnet[0]"},
        {"another resource type", {a, b}, {{0, "terraform_data.network", 1, "aws_vpc.network"}},
         "the state of root 1 cannot take aws_vpc.network from terraform_data.network: another resource type"},
        {"one state twice", {a, state("A", 2, "")}, {{0, "terraform_data.network", 1, "terraform_data.network"}},
         "the state of root 1 has the lineage of root 0: both are the same state, and a move inside one state is a "
         "moved block"},
        {"not a state", {"{", b}, {}, "the state of root 0 is not JSON"},
        {"an old state", {R"({"version":3,"serial":1,"lineage":"x"})", b}, {}, "the state of root 0 is not a version 4 state"},
        {"a module address", {a, b}, {{0, "module.app", 1, "module.app"}},
         "the state of root 0 cannot take module.app: not a managed resource instance address"},
    };
    for (const auto& r : refusals) {
        BOOST_TEST_CONTEXT(r.name) {
            std::string message;
            try {
                plan_migration(r.originals, r.transfers);
            } catch (const StateMigrationError& error) {
                message = error.what();
            }
            BOOST_TEST(message == r.message);
        }
    }
}

BOOST_AUTO_TEST_CASE(tells_each_step_of_a_state_from_a_change_by_someone_else) {
    const std::string a = state("A", 3, resource("", "network", "", instance("", "n1")));
    const std::string b = state("B", 5, resource("", "other", "", instance("", "o1")));
    const auto states = plan_migration({a, b}, {{0, "terraform_data.network", 1, "terraform_data.network"},
                                                {1, "terraform_data.other", 0, "terraform_data.other"}});
    const RootStates& root_a = states[0];
    struct Step {
        std::string name;
        std::string state;
        StateStep expected;
    };
    // Terraform writes a pushed state back in its own layout: the step is judged from
    // lineage, serial and addresses, not bytes.
    const std::vector<Step> steps = {
        {"as pulled", a, StateStep::original},
        {"the same, laid out otherwise", state("A", 3, resource("", "network", "", instance("", "n1"))) + "\n",
         StateStep::original},
        {"gained", *root_a.gained, StateStep::gained},
        {"final", *root_a.final_state, StateStep::final_state},
        {"changed by an apply since", state("A", 4, resource("", "network", "", instance("", "n1"))), StateStep::unknown},
        {"the original serial, other values", state("A", 3, resource("", "network", "", instance("", "n2"))),
         StateStep::unknown},
        {"gained, with the serial Terraform raised once more", with_serial(*root_a.gained, 5), StateStep::gained},
        {"final, with a serial raised", with_serial(*root_a.final_state, 9), StateStep::final_state},
        {"a higher serial, other objects", state("A", 4, resource("", "x", "", instance("", "n1"))), StateStep::unknown},
        {"an older serial", with_serial(*root_a.gained, 2), StateStep::unknown},
        {"another lineage", state("Z", 3, resource("", "network", "", instance("", "n1"))), StateStep::unknown},
        {"not a state", "<html>", StateStep::unknown},
    };
    for (const auto& s : steps) BOOST_TEST((step_of(s.state, root_a) == s.expected), s.name);
    BOOST_TEST(serial_of(a) == 3u);
    BOOST_TEST(serial_of(with_serial(a, 42)) == 42u);
    // A root that only loses has no gained step: its first push is the final one.
    const auto one_way = plan_migration({a, b}, {{0, "terraform_data.network", 1, "terraform_data.renamed"}});
    BOOST_TEST(!one_way[0].gained);
    BOOST_TEST((step_of(*one_way[0].final_state, one_way[0]) == StateStep::final_state));
    BOOST_TEST((step_of(*one_way[1].gained, one_way[1]) == StateStep::gained));
    BOOST_TEST(one_way[1].last() == *one_way[1].gained);
    BOOST_TEST(one_way[0].last() == *one_way[0].final_state);
}

BOOST_AUTO_TEST_CASE(pushes_what_is_left_gains_before_losses) {
    const std::string a = state("A", 3, resource("", "network", "", instance("", "n1")));
    const std::string b = state("B", 5, resource("", "other", "", instance("", "o1")));
    const std::string c = state("C", 1, "");
    // A gives to C; B and A swap: A and B both gain and lose, C only gains.
    const auto states = plan_migration({a, b, c}, {{0, "terraform_data.network", 2, "terraform_data.network"},
                                                   {1, "terraform_data.other", 0, "terraform_data.other"}});
    using S = StateStep;
    auto show = [](const std::vector<StatePush>& pushes) {
        std::string out;
        for (const auto& push : pushes)
            out += (out.empty() ? "" : " ") + std::to_string(push.root) + (push.step == S::gained ? "g" : "f");
        return out;
    };
    struct Case {
        std::string name;
        std::vector<StateStep> now;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"from the start", {S::original, S::original, S::original}, "0g 2g 0f 1f"},
        {"cut short after A gained", {S::gained, S::original, S::original}, "2g 0f 1f"},
        {"cut short after the gains", {S::gained, S::original, S::gained}, "0f 1f"},
        {"cut short after B lost", {S::gained, S::final_state, S::gained}, "0f"},
        {"complete", {S::final_state, S::final_state, S::gained}, ""},
    };
    for (const auto& c : cases) BOOST_TEST(show(pushes_left(states, c.now)) == c.expected, c.name);
    std::string message;
    try {
        pushes_left(states, {S::gained, S::unknown, S::original});
    } catch (const StateMigrationError& error) {
        message = error.what();
    }
    BOOST_TEST(message == "the state of root 1 has changed since the migration began: it is at none of its steps");
}

BOOST_AUTO_TEST_CASE(terraform_confirms_a_transfer_only_with_no_change_where_it_arrives) {
    auto change = [](const std::string& address, Action action, std::optional<std::string> previous = std::nullopt) {
        ResourceChange c;
        c.address = must_parse_address(address);
        c.address_text = address;
        if (previous) c.previous_address = must_parse_address(*previous);
        c.action = action;
        return c;
    };
    const StateTransfer transfer{0, "terraform_data.a", 1, "terraform_data.b"};
    struct Case {
        std::string name;
        std::vector<ResourceChange> from;
        std::vector<ResourceChange> to;
        std::string refutation;
    };
    const std::vector<Case> cases = {
        {"no change, and gone where it left", {change("terraform_data.kept", Action::no_op)},
         {change("terraform_data.b", Action::no_op)}, ""},
        {"an update where it arrives", {}, {change("terraform_data.b", Action::update)},
         "Terraform plans an update for terraform_data.b where it arrives, not no change"},
        {"a replace where it arrives", {}, {change("terraform_data.b", Action::delete_then_create)},
         "Terraform plans a replace for terraform_data.b where it arrives, not no change"},
        {"not in the new root's configuration", {}, {change("terraform_data.c", Action::create)},
         "Terraform plans nothing for terraform_data.b where it arrives: it is not in that configuration"},
        {"moved there from elsewhere", {}, {change("terraform_data.b", Action::no_op, "terraform_data.z")},
         "Terraform moves terraform_data.b from terraform_data.z where it arrives, so the object there is another one"},
        {"still planned where it left", {change("terraform_data.a", Action::remove)},
         {change("terraform_data.b", Action::no_op)},
         "Terraform still plans a destroy for terraform_data.a where it left"},
    };
    for (const auto& c : cases) {
        Plan from, to;
        from.changes = c.from;
        to.changes = c.to;
        BOOST_TEST(transfer_refutation(transfer, from, to) == c.refutation, c.name);
    }
}

BOOST_AUTO_TEST_CASE(a_root_without_a_state_gets_one_of_its_own) {
    BOOST_TEST(is_no_state(""));
    BOOST_TEST(is_no_state(" \n"));
    BOOST_TEST(!is_no_state("{}"));
    const std::string a = state("A", 3, resource("", "network", "", instance("", "n1")));
    const std::string fresh = empty_state("NEW", terraform_version_of(a));
    BOOST_TEST(terraform_version_of(fresh) == "1.11.4");
    BOOST_TEST(serial_of(fresh) == 0u);
    BOOST_TEST(serial_of("") == 0u);
    BOOST_TEST(state_addresses(fresh).empty());
    const auto states = plan_migration({a, fresh}, {{0, "terraform_data.network", 1, "terraform_data.network"}});
    BOOST_TEST(shown(states[1].gained) == "serial 1: terraform_data.network");
    BOOST_TEST(contains_lineage(*states[1].gained, "NEW"));
    // Before its first push the root still has no state: that is its original step.
    BOOST_TEST((step_of("", states[1]) == StateStep::original));
    BOOST_TEST((step_of(*states[1].gained, states[1]) == StateStep::gained));
    // No state where one was pulled is a change by someone else.
    BOOST_TEST((step_of("", states[0]) == StateStep::unknown));
}

BOOST_AUTO_TEST_CASE(object_ids_are_current_managed_instances_with_an_id) {
    const std::string text =
        state("L", 3,
              resource("", "a", "", instance("", "id-a")) + "," +
                  resource(R"(module.m[\"k\"])", "b", "EachMap", instance("\"x\"", "id-bx") + "," + instance("\"y\"", "")) +
                  R"(,{"mode":"data","type":"terraform_data","name":"d",)" + provider + R"(,"instances":[)" +
                  instance("", "id-d") + "]}" + "," + resource("", "c", "", R"({"deposed":"00000001","attributes":{"id":"old"}})"));
    const std::string builtin = "terraform.io/builtin/terraform";
    const std::vector<StateObjectId> expected = {
        {"terraform_data.a", "terraform_data", "id-a", builtin, R"({"id":"id-a"})"},
        {"module.m[\"k\"].terraform_data.b[\"x\"]", "terraform_data", "id-bx", builtin, R"({"id":"id-bx"})"}};
    BOOST_TEST((object_ids(text) == expected));
    BOOST_TEST(object_ids("").empty());
}

BOOST_AUTO_TEST_CASE(a_provider_configuration_names_its_source) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"(provider["registry.terraform.io/hashicorp/aws"])", "registry.terraform.io/hashicorp/aws"},
        {R"(provider["registry.terraform.io/hashicorp/aws"].east)", "registry.terraform.io/hashicorp/aws"},
        {R"(module.net.provider["example.com/acme/cloud"])", "example.com/acme/cloud"},
        {"registry.terraform.io/hashicorp/aws", "registry.terraform.io/hashicorp/aws"},
    };
    for (const auto& [config, source] : cases) BOOST_TEST(provider_source(config) == source, config);
}

BOOST_AUTO_TEST_CASE(differing_values_are_named_whatever_the_member_order) {
    struct Case {
        std::string name, a, b;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"equal", R"({"id":"x","tags":{"a":"1","b":"2"}})", R"({"tags":{"b":"2","a":"1"},"id":"x"})", {}},
        {"one value", R"({"id":"x","arn":"arn:1"})", R"({"id":"x","arn":"arn:2"})", {"arn"}},
        {"a nested value", R"({"id":"x","tags":{"a":"1"}})", R"({"id":"x","tags":{"a":"2"}})", {"tags"}},
        {"one side only", R"({"id":"x","a":null})", R"({"id":"x","b":null})", {"a", "b"}},
        {"a list in another order", R"({"l":[1,2]})", R"({"l":[2,1]})", {"l"}},
        {"unreadable", "{", "{", {}},
        {"unreadable and different", "{", "[", {"(unreadable values)"}},
    };
    for (const auto& c : cases) BOOST_TEST(differing_values(c.a, c.b) == c.expected, c.name);
}

BOOST_AUTO_TEST_CASE(without_instances_takes_them_out_at_a_new_serial) {
    const std::string text = state("L", 3,
                                   resource("", "a", "", instance("", "id-a")) + "," +
                                       resource("", "b", "EachList", instance("0", "id-b0") + "," + instance("1", "id-b1")));
    const std::string left = without_instances(text, {"terraform_data.a", "terraform_data.b[1]"}, 9);
    BOOST_TEST(shown(left) == "serial 9: terraform_data.b[0]");
    BOOST_TEST(contains_lineage(left, "L"));
    BOOST_CHECK_THROW(without_instances(text, {"terraform_data.z"}, 4), StateMigrationError);
}

BOOST_AUTO_TEST_CASE(plans_made_before_the_locks_judge_only_the_same_transfers_on_the_same_states) {
    const StateTransfer a_to_b{0, "terraform_data.a", 1, "terraform_data.a"};
    const StateTransfer c_to_b{0, "terraform_data.c", 1, "terraform_data.c"};
    const StateTransfer a_to_d{0, "terraform_data.a", 2, "terraform_data.a"};
    JudgedTransfers judged;
    judged.states = {"state of A, serial 3", "state of B, serial 7", "state of C, serial 1"};
    judged.transfers = {a_to_b, c_to_b};
    judged.plans.emplace(0, Plan{});
    judged.plans.emplace(1, Plan{});
    const std::map<std::size_t, std::string> as_then = {{0, judged.states[0]}, {1, judged.states[1]}};
    struct Case {
        std::string name;
        std::vector<StateTransfer> transfers;
        std::map<std::size_t, std::string> pulled_now;
        bool judges;
    };
    const std::vector<Case> cases = {
        {"the same transfers on the same states", {a_to_b, c_to_b}, as_then, true},
        {"the same transfers in another order", {c_to_b, a_to_b}, as_then, true},
        {"a root the transfers do not involve changed", {a_to_b, c_to_b},
         {{0, judged.states[0]}, {1, judged.states[1]}, {2, "state of C, serial 2"}}, true},
        {"fewer transfers than were planned", {a_to_b}, as_then, false},
        {"more transfers than were planned", {a_to_b, c_to_b, a_to_d}, as_then, false},
        {"another destination", {a_to_d, c_to_b}, {{0, judged.states[0]}, {2, judged.states[2]}}, false},
        {"the losing root's state changed", {a_to_b, c_to_b}, {{0, "state of A, serial 4"}, {1, judged.states[1]}}, false},
        {"the gaining root's state changed", {a_to_b, c_to_b}, {{0, judged.states[0]}, {1, "state of B, serial 8"}}, false},
        {"a root not pulled now", {a_to_b, c_to_b}, {{0, judged.states[0]}}, false},
        {"no transfer at all", {}, as_then, false},
    };
    for (const auto& c : cases)
        BOOST_TEST(plans_still_judge(judged, c.transfers, c.pulled_now) == c.judges, c.name);

    JudgedTransfers without_a_plan = judged;
    without_a_plan.plans.erase(1);
    BOOST_TEST(!plans_still_judge(without_a_plan, {a_to_b, c_to_b}, as_then), "a root involved with no plan");
    JudgedTransfers without_states = judged;
    without_states.states.clear();
    BOOST_TEST(!plans_still_judge(without_states, {a_to_b, c_to_b}, as_then), "no states recorded");
}
