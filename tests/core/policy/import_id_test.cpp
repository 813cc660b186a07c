#include "tfw/core/policy/import_id.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

AttributeLeaf known(std::string path, std::string json) { return {std::move(path), std::move(json), false, false}; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_template_of_a_type) {
    const std::vector<ImportIdRule> policy = {
        {"aws_lambda_permission", "{function_name}/{statement_id}", {}},
        {"aws_iam_role_policy_attachment", "{role}:{policy_arn}", {}},
        {"aws_lambda_permission", "{statement_id}", {}},  // the last rule for a type wins
    };
    struct Case {
        std::string type;
        std::vector<ImportIdRule> rules;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"terraform_data", {}, "{id}"},
        {"aws_instance", policy, "{id}"},
        {"aws_iam_role_policy_attachment", {}, "{role}/{policy_arn}"},
        {"aws_iam_user_policy_attachment", {}, "{user}/{policy_arn}"},
        {"aws_iam_group_policy_attachment", {}, "{group}/{policy_arn}"},
        {"aws_route_table_association", {}, "{subnet_id}/{route_table_id}"},
        {"aws_vpc_endpoint_route_table_association", {}, "{vpc_endpoint_id}/{route_table_id}"},
        {"aws_iam_role_policy_attachment", policy, "{role}:{policy_arn}"},
        {"aws_lambda_permission", policy, "{statement_id}"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.type) { BOOST_TEST(import_id_template(c.type, c.rules) == c.expected); }
    for (const auto& rule : builtin_import_ids())
        BOOST_TEST_CONTEXT(rule.type) { BOOST_TEST(import_id_template_error(rule.id_template) == ""); }
}

BOOST_AUTO_TEST_CASE(a_template_filled_with_the_objects_values) {
    const Attributes values = {
        known("count", "3"),
        known("empty", "\"\""),
        known("enabled", "true"),
        known("id", "\"4f1c-9a\""),
        known("list", "[]"),
        known("nothing", "null"),
        known("policy_arn", "\"arn:aws:iam::aws:policy/ReadOnlyAccess\""),
        known("quoted", "\"a \\\"b\\\" \\\\ c\""),
        known("role", "\"app-role\""),
        {"secret", "\"s\"", false, true},
        known("tags.Name", "\"web\""),
        {"unknown", "", true, false},
    };
    struct Case {
        std::string id_template;
        std::string id;       // "" when refused
        std::string refusal;  // the start of it
    };
    const std::vector<Case> cases = {
        {"{id}", "4f1c-9a", ""},
        {"{role}/{policy_arn}", "app-role/arn:aws:iam::aws:policy/ReadOnlyAccess", ""},
        {"{quoted}", "a \"b\" \\ c", ""},
        {"{count}:{enabled}", "3:true", ""},
        {"{{{tags.Name}}}", "{web}", ""},
        {"pre-{id}-post", "pre-4f1c-9a-post", ""},
        {"{role}/{absent}", "", "no import ID: its attribute absent is missing (template \"{role}/{absent}\")"},
        {"{nothing}", "", "no import ID: its attribute nothing is null"},
        {"{unknown}", "", "no import ID: its attribute unknown is unknown"},
        {"{secret}", "", "no import ID: its attribute secret is sensitive"},
        {"{list}", "", "no import ID: its attribute list is not a string, number or bool"},
        {"{empty}", "", "no import ID: its attribute empty is empty"},
        {"{tags}", "", "no import ID: its attribute tags is missing"},
        {"{id", "", "the import ID template \"{id\" '{' at offset 0 is not closed"},
        {"id", "", "the import ID template \"id\" names no attribute, as {id} does"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.id_template) {
            ImportId filled = fill_import_id(c.id_template, values);
            BOOST_TEST(filled.id.value_or("") == c.id);
            BOOST_TEST(filled.refusal.starts_with(c.refusal));
            BOOST_TEST(filled.id.has_value() == c.refusal.empty());
        }
    }
}
