#include "tfw/core/parse/backend_config.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tfw/core/parse/hcl_lexer.hpp"

using namespace tfw::core;

namespace {

// "type@line: settings" (sorted), "type@line: " without settings, or "none"; "in FILE"
// is added when the block names another file than `file`.
std::string block_line(const std::optional<BackendBlock>& block, const std::string& file) {
    if (!block) return "none";
    std::vector<std::string> settings = block->settings;
    std::sort(settings.begin(), settings.end());
    std::string out = block->type + "@" + std::to_string(block->line) + ":";
    for (const auto& setting : settings) out += " " + setting;
    if (settings.empty()) out += " ";
    return block->file == file ? out : out + " in " + block->file;
}

}  // namespace

BOOST_AUTO_TEST_CASE(reads_the_backend_block_of_a_file) {
    struct Case {
        std::string name, text;
        std::string expected;  // "type@line: settings" or "none"
    };
    const std::vector<Case> cases = {
        {"empty block", "terraform {\n  backend \"pg\" {}\n}\n", "pg@2: "},
        {"settings", "terraform {\n  required_version = \">= 1.5\"\n  backend \"pg\" {\n    conn_str    = \"postgres://x\"\n"
                     "    schema_name = \"prod\"\n  }\n}\n", "pg@3: conn_str schema_name"},
        {"nested values are not settings", "terraform {\n  backend \"s3\" {\n    bucket = \"b\"\n    assume_role = {\n"
                                           "      role_arn = \"r\"\n    }\n  }\n}\n", "s3@2: assume_role bucket"},
        {"no backend", "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\" }\n  }\n}\n", "none"},
        {"a resource named backend is not one", "resource \"x\" \"y\" {\n  backend \"pg\" {}\n}\n", "none"},
        {"not at the top level", "module \"m\" {\n  terraform {\n    backend \"pg\" {}\n  }\n}\n", "none"},
        {"after other blocks", "resource \"terraform_data\" \"a\" {}\n\nterraform {\n  backend \"local\" {\n    path = \"x\"\n  }\n}\n",
         "local@4: path"},
    };
    for (const auto& c : cases) {
        BOOST_TEST(block_line(read_backend_block(c.text, "main.tf"), "main.tf") == c.expected, c.name);
    }
    BOOST_CHECK_THROW(read_backend_block("terraform {\n", "main.tf"), HclError);
}

BOOST_AUTO_TEST_CASE(settings_not_in_the_block_came_from_backend_config) {
    const std::string record = R"({"version":3,"terraform_version":"1.11.4","backend":{"type":"pg","config":)"
                               R"({"conn_str":null,"schema_name":"prod","skip_schema_creation":null},"hash":1}})";
    auto recorded = parse_backend_record(record);
    BOOST_TEST_REQUIRE(recorded.has_value());
    BOOST_TEST(recorded->type == "pg");
    BOOST_TEST(recorded->settings == std::vector<std::string>{"schema_name"});
    struct Case {
        std::string name;
        BackendBlock block;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"schema from a file", {"pg", {}, "main.tf", 2}, {"schema_name"}},
        {"all in the block", {"pg", {"schema_name"}, "main.tf", 2}, {}},
        {"the record is another backend's (init not run since)", {"local", {}, "main.tf", 2}, {}},
    };
    for (const auto& c : cases) BOOST_TEST(settings_from_backend_config(c.block, *recorded) == c.expected, c.name);
    BOOST_TEST(!parse_backend_record("{").has_value());
    BOOST_TEST(!parse_backend_record(R"({"version":3})").has_value());
}

BOOST_AUTO_TEST_CASE(reads_the_backend_of_a_json_file) {
    struct Case {
        std::string name, json;
        std::string expected;  // "type@line: settings" or "none"
    };
    const std::vector<Case> cases = {
        {"object form", "{\n  \"terraform\": {\n    \"backend\": {\n      \"pg\": {\"conn_str\": \"x\", \"schema_name\": \"p\"}\n    }\n  }\n}\n",
         "pg@3: conn_str schema_name"},
        {"empty settings", "{\"terraform\": {\"backend\": {\"s3\": {}}}}", "s3@1: "},
        {"arrays of blocks", "{\"terraform\": [{\"required_version\": \">= 1.5\"}, {\"backend\": [{\"pg\": [{\"conn_str\": \"x\"}]}]}]}",
         "pg@1: conn_str"},
        {"no terraform block", "{\"resource\": {\"terraform_data\": {\"backend\": {}}}}", "none"},
        {"no backend", "{\"terraform\": {\"required_version\": \">= 1.5\"}}", "none"},
        {"not an object", "[]", "none"},
    };
    for (const auto& c : cases) {
        BOOST_TEST(block_line(read_backend_block_json(c.json, "main.tf.json"), "main.tf.json") == c.expected, c.name);
    }
    try {
        read_backend_block_json("{\n  \"terraform\": {\n    \"backend\": \n  }\n}\n", "broken.tf.json");
        BOOST_FAIL("invalid JSON was read");
    } catch (const HclError& error) {
        BOOST_TEST(std::string(error.what()).starts_with("broken.tf.json:4:"));
    }
}

BOOST_AUTO_TEST_CASE(the_effective_backend_is_the_last_override_else_the_ordinary_one) {
    const std::string pg_full = "terraform {\n  backend \"pg\" {\n    conn_str = \"x\"\n    schema_name = \"a\"\n  }\n}\n";
    const std::string pg_partial = "terraform {\n  backend \"pg\" {}\n}\n";
    const std::string local = "terraform {\n  backend \"local\" {\n    path = \"s\"\n  }\n}\n";
    const std::string json_pg = "{\"terraform\": {\"backend\": {\"pg\": {\"conn_str\": \"x\"}}}}";
    const std::string no_backend = "resource \"terraform_data\" \"a\" {}\n";
    struct Case {
        std::string name;
        std::vector<std::pair<std::string, std::string>> files;
        std::string expected;  // "type in file: settings" or "none"
    };
    const std::vector<Case> cases = {
        {"one ordinary file", {{"main.tf", no_backend}, {"backend.tf", pg_partial}}, "pg in backend.tf:"},
        {"a JSON file", {{"main.tf", no_backend}, {"backend.tf.json", json_pg}}, "pg in backend.tf.json: conn_str"},
        {"an override replaces it whole", {{"backend.tf", pg_full}, {"z_override.tf", pg_partial}}, "pg in z_override.tf:"},
        {"override.tf is an override", {{"override.tf", local}, {"backend.tf", pg_full}}, "local in override.tf: path"},
        {"the last override wins", {{"b_override.tf", local}, {"a_override.tf.json", json_pg}, {"main.tf", pg_partial}},
         "local in b_override.tf: path"},
        {"an override without a backend changes nothing", {{"main.tf", pg_full}, {"x_override.tf", no_backend}},
         "pg in main.tf: conn_str schema_name"},
        {"other files are not read", {{"backend.tf.bak", pg_full}, {"notes.txt", "{"}}, "none"},
        {"nothing", {}, "none"},
    };
    for (const auto& c : cases) {
        const auto block = effective_backend_block(c.files);
        std::string got = "none";
        if (block) {
            got = block->type + " in " + block->file + ":";
            std::vector<std::string> settings = block->settings;
            std::sort(settings.begin(), settings.end());
            for (const auto& s : settings) got += " " + s;
        }
        BOOST_TEST(got == c.expected, c.name);
    }
}
