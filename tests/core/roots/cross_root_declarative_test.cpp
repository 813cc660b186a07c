#include "tfw/core/roots/cross_root_declarative.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

const std::string builtin = "terraform.io/builtin/terraform";

ConfigResource config_resource(const std::string& name, bool has_for_each) {
    ConfigResource resource;
    resource.address = "terraform_data." + name;
    resource.type = "terraform_data";
    resource.name = name;
    resource.has_for_each = has_for_each;
    return resource;
}

ResourceChange change(const std::string& address, Action action, const std::string& reason = "") {
    ResourceChange out;
    out.address = must_parse_address(address);
    out.address_text = address;
    out.provider_name = builtin;
    out.action = action;
    out.action_reason = reason;
    return out;
}

ResourceChange imported(const std::string& address, const std::string& id) {
    ResourceChange out = change(address, Action::update);
    out.importing_id = id;
    return out;
}

Plan plan_of(std::vector<ResourceChange> changes, ConfigModule configuration = {}, std::string version = "1.11.4") {
    Plan plan;
    plan.terraform_version = std::move(version);
    plan.changes = std::move(changes);
    plan.configuration = std::move(configuration);
    return plan;
}

ConfigModule calling(const std::string& name, ConfigModule inside = {}) {
    ConfigModule out;
    ModuleCall call;
    call.name = name;
    call.source = "./" + name;
    call.module = std::move(inside);
    out.calls.push_back(std::move(call));
    return out;
}

Attributes with_id(const std::string& id) { return {{"id", "\"" + id + "\"", false, false}, {"input", "\"x\"", false, false}}; }

// Root 0 loses, root 1 gains: one candidate pair per address, deletion then creation.
struct Split {
    std::vector<RootCandidate> candidates;
    CrossRootResult paired;

    void move(const std::string& from, const std::string& to, Attributes values, const std::string& type = "terraform_data") {
        candidates.push_back({0, from, type, builtin, true, values});
        candidates.push_back({1, to, type, builtin, false, {}});
        paired.moves.push_back({candidates.size() - 2, candidates.size() - 1, values.size(), "e"});
    }
};

// "removed FROM | import TO = ID" per written move, "refused ADDRESS: reason" per refusal.
std::string show(const DeclarativePlan& plan, const Split& split) {
    std::string out;
    for (const auto& move : plan.moves)
        out += "removed " + to_string(move.removed_from) + " | import " + to_string(move.import_to) + " = " +
               move.import_id + "\n";
    for (const auto& refusal : plan.refusals)
        out += "refused " + split.candidates[split.paired.moves[refusal.move].deletion].address + ": " + refusal.reason + "\n";
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(which_moves_can_be_written_as_removed_and_import_blocks) {
    const std::string gone = "delete_because_no_resource_config";
    struct Case {
        std::string name;
        Split split;
        Plan source;
        std::vector<ImportIdRule> destination_rules;
        std::string expected;
        std::string destination_version = "1.11.4";
    };
    std::vector<Case> cases;
    {
        Case c{"a resource, a for_each resource and a whole module call", {}, {}, {}, ""};
        c.split.move("terraform_data.network", "terraform_data.network", with_id("n1"));
        c.split.move("terraform_data.subnet[\"a\"]", "terraform_data.subnet[\"a\"]", with_id("sa"));
        c.split.move("terraform_data.subnet[\"b\"]", "terraform_data.subnet[\"b\"]", with_id("sb"));
        c.split.move("module.app.terraform_data.disk", "module.app.terraform_data.disk", with_id("d"));
        c.split.move("module.app.terraform_data.server", "module.app.terraform_data.server", with_id("s"));
        c.source = plan_of({change("terraform_data.network", Action::remove, gone),
                            change("terraform_data.subnet[\"a\"]", Action::remove, gone),
                            change("terraform_data.subnet[\"b\"]", Action::remove, gone),
                            change("module.app.terraform_data.disk", Action::remove, gone),
                            change("module.app.terraform_data.server", Action::remove, gone),
                            change("terraform_data.stays", Action::no_op)});
        c.expected =
            "removed terraform_data.network | import terraform_data.network = n1\n"
            "removed terraform_data.subnet | import terraform_data.subnet[\"a\"] = sa\n"
            "removed terraform_data.subnet | import terraform_data.subnet[\"b\"] = sb\n"
            "removed module.app | import module.app.terraform_data.disk = d\n"
            "removed module.app | import module.app.terraform_data.server = s\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"only some instances of a resource leave: refused", {}, {}, {}, ""};
        c.split.move("terraform_data.subnet[\"b\"]", "terraform_data.subnet[\"b\"]", with_id("sb"));
        ConfigModule declared;
        declared.resources.push_back(config_resource("subnet", true));
        c.source = plan_of({change("terraform_data.subnet[\"a\"]", Action::no_op),
                            change("terraform_data.subnet[\"b\"]", Action::remove, "delete_because_each_key")},
                           declared);
        c.expected =
            "refused terraform_data.subnet[\"b\"]: its resource is still declared (Terraform deletes it because "
            "delete_because_each_key), and a removed block may only name what the configuration no longer declares\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"a resource gone whose other instance is deleted, not moved", {}, {}, {}, ""};
        c.split.move("terraform_data.subnet[\"b\"]", "terraform_data.subnet[\"b\"]", with_id("sb"));
        c.source = plan_of({change("terraform_data.subnet[\"a\"]", Action::remove, gone),
                            change("terraform_data.subnet[\"b\"]", Action::remove, gone)});
        c.expected =
            "refused terraform_data.subnet[\"b\"]: only part of terraform_data.subnet leaves the root "
            "(terraform_data.subnet[\"a\"] does not move with it), and a removed block names a whole resource or "
            "module call\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"a resource inside a module call that stays", {}, {}, {}, ""};
        c.split.move("module.app[0].terraform_data.disk", "terraform_data.disk", with_id("d"));
        ConfigModule app;
        app.resources.push_back(config_resource("server", false));
        c.source = plan_of({change("module.app[0].terraform_data.disk", Action::remove, gone),
                            change("module.app[0].terraform_data.server", Action::no_op)},
                           calling("app", app));
        c.expected = "removed module.app.terraform_data.disk | import terraform_data.disk = d\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"a nested call gone from a call that stays", {}, {}, {}, ""};
        c.split.move("module.a.module.b[\"k\"].terraform_data.x", "terraform_data.x", with_id("x"));
        c.source = plan_of({change("module.a.module.b[\"k\"].terraform_data.x", Action::remove, gone),
                            change("module.a.terraform_data.y", Action::no_op)},
                           calling("a"));
        c.expected = "removed module.a.module.b | import terraform_data.x = x\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"a module call part of which is not moved", {}, {}, {}, ""};
        c.split.move("module.app.terraform_data.disk", "module.app.terraform_data.disk", with_id("d"));
        c.source = plan_of({change("module.app.terraform_data.disk", Action::remove, gone),
                            change("module.app.terraform_data.server", Action::remove, gone)});
        c.expected =
            "refused module.app.terraform_data.disk: only part of module.app leaves the root "
            "(module.app.terraform_data.server does not move with it), and a removed block names a whole resource "
            "or module call\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"an import ID attribute missing refuses the move and its removed block's others", {}, {}, {}, ""};
        const std::string type = "aws_iam_role_policy_attachment";
        c.split.move("aws_iam_role_policy_attachment.a[\"x\"]", "aws_iam_role_policy_attachment.a[\"x\"]",
                     {{"policy_arn", "\"arn:p\"", false, false}, {"role", "\"r\"", false, false}}, type);
        c.split.move("aws_iam_role_policy_attachment.a[\"y\"]", "aws_iam_role_policy_attachment.a[\"y\"]",
                     {{"policy_arn", "\"arn:q\"", false, false}}, type);
        c.source = plan_of({change("aws_iam_role_policy_attachment.a[\"x\"]", Action::remove, gone),
                            change("aws_iam_role_policy_attachment.a[\"y\"]", Action::remove, gone)});
        c.expected =
            "refused aws_iam_role_policy_attachment.a[\"x\"]: withdrawn with aws_iam_role_policy_attachment.a[\"y\"]: "
            "the same removed block (from = aws_iam_role_policy_attachment.a) would forget it, and it is not written\n"
            "refused aws_iam_role_policy_attachment.a[\"y\"]: no import ID: its attribute role is missing (template "
            "\"{role}/{policy_arn}\")\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"the destination's policy decides the import ID", {}, {}, {{"terraform_data", "{input}:{id}", {}}}, ""};
        c.split.move("terraform_data.network", "terraform_data.net", with_id("n1"));
        c.source = plan_of({change("terraform_data.network", Action::remove, gone)});
        c.expected = "removed terraform_data.network | import terraform_data.net = x:n1\n";
        cases.push_back(std::move(c));
    }
    {
        Case c{"Terraform before 1.7", {}, {}, {}, "", "1.6.6"};
        c.split.move("terraform_data.network", "terraform_data.network", with_id("n1"));
        c.source = plan_of({change("terraform_data.network", Action::remove, gone)});
        c.expected = "refused terraform_data.network: Terraform 1.6.6 has no removed blocks (1.7 or later has them)\n";
        cases.push_back(std::move(c));
    }
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan destination = plan_of({}, {}, c.destination_version);
            DeclarativePlan planned =
                plan_declarative(c.split.paired, c.split.candidates, {&c.source, &destination}, {{}, c.destination_rules});
            BOOST_TEST(show(planned, c.split) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(versions_with_removed_blocks) {
    for (const std::string version : {"1.7.0", "1.7.0-beta1", "1.11.4", "2.0.0"})
        BOOST_TEST_CONTEXT(version) { BOOST_TEST(supports_removed_blocks(version)); }
    for (const std::string version : {"1.6.6", "1.5.0", "0.15.5", "", "x", "1"})
        BOOST_TEST_CONTEXT(version) { BOOST_TEST(!supports_removed_blocks(version)); }
}

BOOST_AUTO_TEST_CASE(terraform_confirms_or_withdraws) {
    Split split;
    split.move("terraform_data.network", "terraform_data.network", with_id("n1"));
    split.move("terraform_data.subnet[\"a\"]", "terraform_data.subnet[\"a\"]", with_id("sa"));
    split.move("terraform_data.subnet[\"b\"]", "terraform_data.subnet[\"b\"]", with_id("sb"));
    const std::string gone = "delete_because_no_resource_config";
    Plan source = plan_of({change("terraform_data.network", Action::remove, gone),
                           change("terraform_data.subnet[\"a\"]", Action::remove, gone),
                           change("terraform_data.subnet[\"b\"]", Action::remove, gone)});
    Plan destination = plan_of({});
    const DeclarativePlan planned = plan_declarative(split.paired, split.candidates, {&source, &destination}, {{}, {}});
    BOOST_TEST_REQUIRE(planned.moves.size() == 3u);

    const Plan forgets = plan_of({change("terraform_data.network", Action::forget, gone),
                                  change("terraform_data.subnet[\"a\"]", Action::forget, gone),
                                  change("terraform_data.subnet[\"b\"]", Action::forget, gone)});
    const Plan imports = plan_of({imported("terraform_data.network", "n1"), imported("terraform_data.subnet[\"a\"]", "sa"),
                                  imported("terraform_data.subnet[\"b\"]", "sb")});
    struct Case {
        std::string name;
        Plan source;
        Plan destination;
        std::string source_failure;
        std::string expected;
    };
    std::vector<Case> cases = {
        {"all confirmed", forgets, imports, "",
         "removed terraform_data.network | import terraform_data.network = n1\n"
         "removed terraform_data.subnet | import terraform_data.subnet[\"a\"] = sa\n"
         "removed terraform_data.subnet | import terraform_data.subnet[\"b\"] = sb\n"},
        {"a delete in the source withdraws its block",
         plan_of({change("terraform_data.network", Action::forget, gone),
                  change("terraform_data.subnet[\"a\"]", Action::remove, gone),
                  change("terraform_data.subnet[\"b\"]", Action::forget, gone)}),
         imports, "",
         "removed terraform_data.network | import terraform_data.network = n1\n"
         "refused terraform_data.subnet[\"a\"]: with the removed block the source root plans a destroy for it, not "
         "\"no longer managed\"\n"
         "refused terraform_data.subnet[\"b\"]: withdrawn with terraform_data.subnet[\"a\"]: the same removed block "
         "(from = terraform_data.subnet) would forget it, and it is not written\n"},
        {"a create in the destination, another ID, a replace", forgets,
         plan_of({change("terraform_data.network", Action::create), imported("terraform_data.subnet[\"a\"]", "other"),
                  [] {
                      ResourceChange replaced = imported("terraform_data.subnet[\"b\"]", "sb");
                      replaced.action = Action::delete_then_create;
                      return replaced;
                  }()}),
         "",
         "refused terraform_data.network: with the import block the destination root plans no import of it\n"
         "refused terraform_data.subnet[\"a\"]: the destination root imports it with the ID \"other\", not \"sa\"\n"
         "refused terraform_data.subnet[\"b\"]: with the import block the destination root plans a replace for it "
         "after the import\n"},
        {"the source failed to plan", {}, imports, "Error: Removed resource still exists",
         "refused terraform_data.network: the source root failed to plan with the blocks: Error: Removed resource "
         "still exists\n"
         "refused terraform_data.subnet[\"a\"]: the source root failed to plan with the blocks: Error: Removed "
         "resource still exists\n"
         "refused terraform_data.subnet[\"b\"]: the source root failed to plan with the blocks: Error: Removed "
         "resource still exists\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::vector<RootVerification> verifications = {{c.source_failure.empty() ? &c.source : nullptr, c.source_failure},
                                                           {&c.destination, ""}};
            BOOST_TEST(show(judge_declarative(planned, split.paired, split.candidates, verifications), split) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(blocks_in_terraform_fmt_layout) {
    BOOST_TEST(render_removed_block(must_parse_address("module.app")) ==
               "removed {\n  from = module.app\n\n  lifecycle {\n    destroy = false\n  }\n}\n");
    BOOST_TEST(render_removed_block(must_parse_address("module.a.terraform_data.x")) ==
               "removed {\n  from = module.a.terraform_data.x\n\n  lifecycle {\n    destroy = false\n  }\n}\n");
    // Keys and IDs as HCL strings: quotes, backslashes and templates escaped.
    BOOST_TEST(render_import_block(must_parse_address("terraform_data.s[\"q\\\"$${k}\"]"), "a\"\\${b}%{c}\n") ==
               "import {\n  to = terraform_data.s[\"q\\\"$${k}\"]\n  id = \"a\\\"\\\\$${b}%%{c}\\n\"\n}\n");
    BOOST_CHECK_THROW(render_removed_block(Address{}), std::invalid_argument);
    BOOST_CHECK_THROW(render_import_block(must_parse_address("module.a"), "x"), std::invalid_argument);

    Split split;
    split.move("terraform_data.subnet[\"a\"]", "terraform_data.subnet[\"a\"]", with_id("sa"));
    split.move("terraform_data.subnet[\"b\"]", "terraform_data.subnet[\"b\"]", with_id("sb"));
    const std::string gone = "delete_because_no_resource_config";
    Plan source = plan_of({change("terraform_data.subnet[\"a\"]", Action::remove, gone),
                           change("terraform_data.subnet[\"b\"]", Action::remove, gone)});
    Plan destination = plan_of({});
    const DeclarativePlan planned = plan_declarative(split.paired, split.candidates, {&source, &destination}, {{}, {}});
    const std::vector<std::string> removed = declarative_blocks_for(0, planned, split.paired, split.candidates);
    BOOST_TEST_REQUIRE(removed.size() == 1u);  // one block for both instances
    BOOST_TEST(removed[0] == render_removed_block(must_parse_address("terraform_data.subnet")));
    const std::vector<std::string> imports = declarative_blocks_for(1, planned, split.paired, split.candidates);
    BOOST_TEST_REQUIRE(imports.size() == 2u);
    BOOST_TEST(imports[1] == "import {\n  to = terraform_data.subnet[\"b\"]\n  id = \"sb\"\n}\n");
}
