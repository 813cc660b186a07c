#include "tfw/core/parse/hcl_lifecycle.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

// `terraform_data.a: input, tags.Name` or `terraform_data.a: all`, one line a resource.
std::string described(const std::map<std::string, IgnoredChanges>& read) {
    std::string out;
    for (const auto& [resource, ignored] : read) {
        out += resource + ":";
        if (ignored.all) out += " all";
        for (const auto& path : ignored.paths) out += " " + path;
        out += "\n";
    }
    return out;
}

std::string read_error(std::string_view text) {
    try {
        read_ignored_changes(text, "main.tf");
    } catch (const HclError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(ignore_changes_of_each_resource) {
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"none", "resource \"terraform_data\" \"a\" {\n  input = 1\n}\n", ""},
        {"one attribute",
         "resource \"terraform_data\" \"a\" {\n  input = 1\n  lifecycle {\n    ignore_changes = [input]\n  }\n}\n",
         "terraform_data.a: input\n"},
        {"all", "resource \"aws_vpc\" \"main\" {\n  lifecycle {\n    ignore_changes = all\n  }\n}\n", "aws_vpc.main: all\n"},
        {"nested paths, keys and a list over lines",
         "resource \"aws_instance\" \"web\" {\n  lifecycle {\n    create_before_destroy = true\n"
         "    ignore_changes = [\n      tags[\"Name\"],\n      root_block_device[0].size, # why\n      ami\n    ]\n  }\n}\n",
         "aws_instance.web: tags.Name root_block_device[0].size ami\n"},
        {"keys that are not identifiers", "resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [tags[\"kubernetes.io/role\"]]\n  }\n}\n",
         "a.b: tags[\"kubernetes.io/role\"]\n"},
        {"the old quoted forms", "resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [\"input\"]\n  }\n}\n"
                                 "resource \"a\" \"c\" {\n  lifecycle {\n    ignore_changes = [\"*\"]\n  }\n}\n",
         "a.b: input\na.c: all\n"},
        {"all inside a list is all", "resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [input, all]\n  }\n}\n",
         "a.b: all input\n"},
        {"other resources and blocks around it",
         "data \"x\" \"y\" {\n  lifecycle {\n    ignore_changes = [input]\n  }\n}\n"
         "module \"m\" {\n  source = \"./m\"\n}\n"
         "resource \"terraform_data\" \"plain\" {\n  input = { lifecycle = 1 }\n}\n"
         "resource \"terraform_data\" \"kept\" {\n  triggers_replace = [1]\n  lifecycle { ignore_changes = [triggers_replace] }\n}\n",
         "terraform_data.kept: triggers_replace\n"},
        {"a lifecycle inside a nested block is not the resource's",
         "resource \"a\" \"b\" {\n  dynamic \"lifecycle\" {\n    content {}\n  }\n  inner {\n    lifecycle {\n      ignore_changes = [x]\n    }\n  }\n}\n",
         ""},
        {"ignore_changes in a string or comment", "resource \"a\" \"b\" {\n  input = \"ignore_changes = [x]\"\n  # lifecycle { ignore_changes = [y] }\n}\n", ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(described(read_ignored_changes(c.text, "main.tf")) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(an_ignore_changes_tfw_cannot_read_names_its_line) {
    BOOST_TEST(read_error("resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = var.x\n  }\n}\n") ==
               "main.tf:3:22: ignore_changes is neither all nor a list of attributes");
    BOOST_TEST(read_error("resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [x + 1]\n  }\n}\n") ==
               "main.tf:3:25: ignore_changes lists +, which is not an attribute");
    BOOST_TEST(read_error("resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [x[99999999999999999999]]\n  }\n}\n") ==
               "main.tf:3:25: ignore_changes lists index 99999999999999999999, which is not a list index");
    BOOST_TEST(read_error("resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [x[1.5]]\n  }\n}\n") ==
               "main.tf:3:25: ignore_changes lists index 1.5, which is not a list index");
}

BOOST_AUTO_TEST_CASE(a_change_is_ignored_at_a_listed_attribute_or_below_it) {
    const IgnoredChanges ignored{false, {"input", "tags.Name", "rules[0]"}};
    BOOST_TEST(ignored.covers("input"));
    BOOST_TEST(ignored.covers("input.n"));
    BOOST_TEST(ignored.covers("tags.Name"));
    BOOST_TEST(!ignored.covers("tags"));
    BOOST_TEST(!ignored.covers("tags.Owner"));
    BOOST_TEST(!ignored.covers("inputs"));
    BOOST_TEST(!ignored.covers("output"));
    BOOST_TEST(ignored.covers("rules[0].port"));
    BOOST_TEST(!ignored.covers("rules[1].port"));
    const IgnoredChanges everything{true, {}}, nothing{};
    BOOST_TEST(everything.covers("anything.at.all"));
    BOOST_TEST(!nothing.covers("input"));
}
