#include "tfw/core/parse/json_config.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

std::string described(const std::vector<MovedBlock>& blocks) {
    std::string out;
    for (const auto& block : blocks)
        out += to_string(block.from) + " -> " + to_string(block.to) + " @" + std::to_string(block.line) + "\n";
    return out;
}

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

template <typename Read>
std::string error_of(Read read) {
    try {
        read();
    } catch (const HclError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

// Issue 48: a .tf.json file's moved blocks are declared as an HCL file's are, so that
// --write does not write them again.
BOOST_AUTO_TEST_CASE(moved_blocks_of_a_json_file) {
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"one block", R"({"moved": {"from": "terraform_data.a", "to": "terraform_data.b"}})", "terraform_data.a -> terraform_data.b @1\n"},
        {"an array of blocks",
         "{\n  \"moved\": [\n    {\"from\": \"module.a\", \"to\": \"module.b\"},\n"
         "    {\"from\": \"x.y[0]\", \"to\": \"x.y[\\\"k\\\"]\"}\n  ]\n}\n",
         "module.a -> module.b @2\nx.y[0] -> x.y[\"k\"] @2\n"},
        {"the top level as an array", R"([{"moved": {"from": "a.b", "to": "a.c"}}, {"resource": {}}])", "a.b -> a.c @1\n"},
        {"no moved blocks", R"({"resource": {"terraform_data": {"a": {}}}})", ""},
        {"not an object", R"("text")", ""},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(described(read_moved_blocks_json(c.text, "moves.tf.json")) == c.expected); }
}

BOOST_AUTO_TEST_CASE(a_json_file_tfw_cannot_read_is_an_error_naming_it) {
    BOOST_TEST(error_of([] { read_moved_blocks_json("{\n  \"moved\": \n", "moves.tf.json"); }).starts_with("moves.tf.json:3:"));
    BOOST_TEST(error_of([] { read_moved_blocks_json("{\n\"moved\": {\"from\": \"a.b\"}}", "m.tf.json"); }).starts_with("m.tf.json:2:"));
    BOOST_TEST(error_of([] { read_moved_blocks_json(R"({"moved": {"from": "a.b", "to": "a.b["}})", "m.tf.json"); })
                   .starts_with("m.tf.json:1:"));
}

BOOST_AUTO_TEST_CASE(ignore_changes_of_a_json_file) {
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"a list", R"({"resource": {"aws_ecs_service": {"api": {"lifecycle": {"ignore_changes": ["desired_count", "tags[\"Team\"]"]}}}}})",
         "aws_ecs_service.api: desired_count tags.Team\n"},
        {"all", R"({"resource": {"terraform_data": {"a": {"lifecycle": {"ignore_changes": "all"}}}}})", "terraform_data.a: all\n"},
        {"arrays at every level",
         R"({"resource": [{"terraform_data": [{"a": [{"lifecycle": [{"ignore_changes": ["input"]}]}]}]}]})",
         "terraform_data.a: input\n"},
        {"without ignore_changes", R"({"resource": {"terraform_data": {"a": {"lifecycle": {"prevent_destroy": true}}}}})", ""},
        {"several resources",
         R"({"resource": {"terraform_data": {"a": {"lifecycle": {"ignore_changes": ["input"]}}, "b": {"input": 1}}, "x_y": {"c": {"lifecycle": {"ignore_changes": ["output.x"]}}}}})",
         "terraform_data.a: input\nx_y.c: output.x\n"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(described(read_ignored_changes_json(c.text, "main.tf.json")) == c.expected); }
}
