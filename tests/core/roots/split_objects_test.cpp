#include "tfw/core/roots/split_objects.hpp"

#include <boost/test/unit_test.hpp>

#include "state_tables.hpp"

#include <string>
#include <vector>

using namespace tfw::core;
using namespace tfw::core::test;

namespace {

Plan plan_of(const std::vector<std::pair<std::string, Action>>& changes) {
    Plan plan;
    for (const auto& [address, action] : changes) {
        ResourceChange change;
        change.address = must_parse_address(address);
        change.address_text = address;
        change.action = action;
        plan.changes.push_back(change);
    }
    return plan;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_id_in_two_states_is_a_split_object) {
    struct Case {
        std::string name;
        std::vector<std::string> states;
        std::vector<std::string> expected;  // "root:address = root:address"
    };
    const std::string a = state("LA", 5, resource("", "net", "", instance("", "id-net")) + "," +
                                             resource("", "stays", "", instance("", "id-stays")));
    const std::string b_gained = state("LB", 8, resource("", "existing", "", instance("", "id-ex")) + "," +
                                                    resource("", "network", "", instance("", "id-net")));
    const std::string b_before = state("LB", 7, resource("", "existing", "", instance("", "id-ex")));
    const std::vector<Case> cases = {
        {"cut short after the gaining push, under another address", {a, b_gained},
         {"0:terraform_data.net = 1:terraform_data.network"}},
        {"before any push", {a, b_before}, {}},
        {"a root without a state", {a, ""}, {}},
        {"three roots, one id in two", {b_before, a, b_gained}, {"0:terraform_data.existing = 2:terraform_data.existing",
                                                                 "1:terraform_data.net = 2:terraform_data.network"}},
        {"one id in one state twice is not split across roots",
         {state("L", 1, resource("", "x", "", instance("", "same")) + "," + resource("", "y", "", instance("", "same")))}, {}},
        // A name repeats across accounts: one id, two objects, told apart by their values.
        {"two objects with one id and other values",
         {state("LA", 1, resource("", "role", "", R"({"attributes":{"id":"deployer","arn":"arn:aws:iam::111:role/deployer"}})")),
          state("LB", 1, resource("", "role", "", R"({"attributes":{"arn":"arn:aws:iam::222:role/deployer","id":"deployer"}})"))},
         {"0:terraform_data.role = 1:terraform_data.role: other values (arn)"}},
        {"one object copied, its values in another order",
         {state("LA", 1, resource("", "role", "", R"({"attributes":{"id":"deployer","arn":"arn:1"}})")),
          state("LB", 1, resource("", "role", "", R"({"attributes":{"arn":"arn:1","id":"deployer"}})"))},
         {"0:terraform_data.role = 1:terraform_data.role"}},
        {"another provider",
         {state("LA", 1, resource("", "x", "", instance("", "same"))),
          state("LB", 1,
                R"({"mode":"managed","type":"terraform_data","name":"x","provider":"provider[\"example.com/fork/terraform\"]",)"
                R"("instances":[)" + instance("", "same") + "]}")},
         {"0:terraform_data.x = 1:terraform_data.x: another provider (terraform.io/builtin/terraform in one state, "
          "example.com/fork/terraform in the other)"}},
    };
    for (const auto& c : cases) {
        std::vector<std::string> found;
        for (const auto& object : objects_in_two_states(c.states))
            found.push_back(std::to_string(object.first_root) + ":" + object.first.address + " = " +
                            std::to_string(object.second_root) + ":" + object.second.address +
                            (object.mismatch.empty() ? "" : ": " + object.mismatch));
        BOOST_TEST(found == c.expected, c.name);
    }
}

BOOST_AUTO_TEST_CASE(the_root_that_plans_no_change_keeps_it_and_the_one_that_destroys_it_loses_it) {
    const SplitObject object{0, {"terraform_data.net", "terraform_data", "id", "", ""}, 1,
                             {"terraform_data.network", "terraform_data", "id", "", ""}, ""};
    const std::vector<std::string> names = {"a", "b"};
    struct Case {
        std::string name;
        Plan first, second;
        std::string expected;  // "keeper:address loser:address" or the refusal
        bool destroyed = false;  // when not decided: a plan destroys a copy
    };
    const std::vector<Case> cases = {
        {"the second keeps it", plan_of({{"terraform_data.net", Action::remove}}),
         plan_of({{"terraform_data.network", Action::no_op}}), "1:terraform_data.network 0:terraform_data.net"},
        {"the first keeps it", plan_of({{"terraform_data.net", Action::no_op}}),
         plan_of({{"terraform_data.network", Action::remove}}), "0:terraform_data.net 1:terraform_data.network"},
        {"both declare it", plan_of({{"terraform_data.net", Action::no_op}}), plan_of({{"terraform_data.network", Action::no_op}}),
         "Terraform plans no change for it in a and no change in b, and a destroy in neither"},
        {"the keeper would update it", plan_of({{"terraform_data.net", Action::remove}}),
         plan_of({{"terraform_data.network", Action::update}}),
         "Terraform plans a destroy for it in a and an update in b, not no change in one and a destroy in the other, so "
         "tfw cannot tell which root keeps it",
         true},
        {"the other would replace it", plan_of({{"terraform_data.net", Action::no_op}}),
         plan_of({{"terraform_data.network", Action::delete_then_create}}),
         "Terraform plans no change for it in a and a replace in b, not no change in one and a destroy in the other, so "
         "tfw cannot tell which root keeps it",
         true},
        {"one updates it, the other keeps it", plan_of({{"terraform_data.net", Action::update}}),
         plan_of({{"terraform_data.network", Action::no_op}}),
         "Terraform plans an update for it in a and no change in b, and a destroy in neither"},
        {"neither declares it", plan_of({{"terraform_data.net", Action::remove}}),
         plan_of({{"terraform_data.network", Action::remove}}),
         "Terraform plans a destroy for it in a and a destroy in b, not no change in one and a destroy in the other, so "
         "tfw cannot tell which root keeps it",
         true},
        {"a plan without it", plan_of({}), plan_of({{"terraform_data.network", Action::no_op}}),
         "Terraform plans nothing for it in a and no change in b, and a destroy in neither"},
    };
    for (const auto& c : cases) {
        const SplitVerdict verdict = judge_split_object(object, c.first, c.second, names);
        const std::string got = verdict.decided ? std::to_string(verdict.keeping_root) + ":" + verdict.keeping_address + " " +
                                                      std::to_string(verdict.losing_root) + ":" + verdict.losing_address
                                                : verdict.refusal;
        BOOST_TEST(got == c.expected, c.name);
        BOOST_TEST(verdict.decided == verdict.refusal.empty(), c.name);
        BOOST_TEST(verdict.destroyed == c.destroyed, c.name);
    }
}
