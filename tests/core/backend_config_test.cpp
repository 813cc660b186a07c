#include "tfw/core/backend_config.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tfw/core/hcl_lexer.hpp"

using namespace tfw::core;

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
        auto block = read_backend_block(c.text, "main.tf");
        std::string got = "none";
        if (block) {
            std::vector<std::string> settings = block->settings;
            std::sort(settings.begin(), settings.end());
            got = block->type + "@" + std::to_string(block->line) + ":";
            for (const auto& s : settings) got += " " + s;
            if (settings.empty()) got += " ";
            BOOST_TEST(block->file == "main.tf");
        }
        BOOST_TEST(got == c.expected, c.name);
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
