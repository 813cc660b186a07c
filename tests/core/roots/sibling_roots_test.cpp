#include "tfw/core/roots/sibling_roots.hpp"

#include <boost/test/unit_test.hpp>

#include "state_tables.hpp"

#include <string>
#include <vector>

using namespace tfw::core;
using namespace tfw::core::test;

namespace {

ResourceChange change(const std::string& address, Action action, const std::string& id_json,
                      const std::string& provider = "terraform.io/builtin/terraform") {
    ResourceChange out;
    out.address = must_parse_address(address);
    out.address_text = address;
    out.action = action;
    out.provider_name = provider;
    Attributes values = {{"id", id_json, id_json.empty(), false}, {"input", "\"x\"", false, false}};
    if (action == Action::remove) out.before = values;
    else out.held_until_apply = values;
    return out;
}

std::string listed(const std::vector<DestroyedObject>& objects) {
    std::string out;
    for (const auto& o : objects) out += o.address + " " + o.type + " " + o.provider + " " + o.id + "\n";
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_plan_destroys_what_it_removes_or_replaces) {
    Plan plan;
    plan.changes = {change("terraform_data.gone", Action::remove, "\"id-gone\""),
                    change("terraform_data.replaced", Action::delete_then_create, "\"id-old\""),
                    change("terraform_data.cbd", Action::create_then_delete, "\"id-cbd\""),
                    change("terraform_data.updated", Action::update, "\"id-u\""),
                    change("terraform_data.unknown_id", Action::remove, ""),
                    change("data.terraform_data.read", Action::remove, "\"id-d\""),
                    change("aws_s3_bucket.b", Action::remove, "\"logs\"", "registry.terraform.io/hashicorp/aws")};
    ResourceChange deposed = change("terraform_data.old", Action::remove, "\"id-deposed\"");
    deposed.deposed = true;
    plan.changes.push_back(deposed);
    BOOST_TEST(listed(destroyed_objects(plan)) ==
               "terraform_data.gone terraform_data terraform.io/builtin/terraform id-gone\n"
               "terraform_data.replaced terraform_data terraform.io/builtin/terraform id-old\n"
               "terraform_data.cbd terraform_data terraform.io/builtin/terraform id-cbd\n"
               "aws_s3_bucket.b aws_s3_bucket registry.terraform.io/hashicorp/aws logs\n");
}

BOOST_AUTO_TEST_CASE(a_sibling_that_holds_the_same_object_is_found) {
    const std::string network = state("LN", 4, resource("", "net", "", instance("", "id-net")) + "," +
                                                   resource("module.m", "other", "", instance("", "id-other")));
    const std::string platform = state("LP", 2, resource("", "copy", "", instance("", "id-net")));
    struct Case {
        std::string name;
        std::vector<DestroyedObject> destroyed;
        std::vector<std::string> states;
        std::vector<std::string> expected;  // "address id sibling:address"
    };
    const std::string builtin = "terraform.io/builtin/terraform";
    const std::vector<Case> cases = {
        {"held by one sibling", {{"terraform_data.old", "terraform_data", builtin, "id-net"}}, {network, ""},
         {"terraform_data.old id-net 0:terraform_data.net"}},
        {"held by two", {{"terraform_data.old", "terraform_data", builtin, "id-net"}}, {network, platform},
         {"terraform_data.old id-net 0:terraform_data.net", "terraform_data.old id-net 1:terraform_data.copy"}},
        {"in a module of the sibling", {{"terraform_data.x", "terraform_data", builtin, "id-other"}}, {network},
         {"terraform_data.x id-other 0:module.m.terraform_data.other"}},
        {"held by none", {{"terraform_data.old", "terraform_data", builtin, "id-mine"}}, {network, platform}, {}},
        {"another type with that id", {{"aws_x.old", "aws_x", builtin, "id-net"}}, {network}, {}},
        {"another provider with that id",
         {{"terraform_data.old", "terraform_data", "example.com/fork/terraform", "id-net"}}, {network}, {}},
        {"no sibling has a state yet", {{"terraform_data.old", "terraform_data", builtin, "id-net"}}, {"", ""}, {}},
    };
    for (const auto& c : cases) {
        std::vector<std::string> found;
        for (const auto& held : held_by_siblings(c.destroyed, c.states))
            found.push_back(held.object.address + " " + held.object.id + " " + std::to_string(held.sibling) + ":" +
                            held.sibling_address);
        BOOST_TEST(found == c.expected, c.name);
    }
}
