#include "tfw/core/model/text.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <rapidjson/document.h>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(join_puts_the_separator_between_items_only) {
    struct Case {
        std::vector<std::string> items;
        std::string separator;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {{}, ", ", ""},
        {{"a"}, ", ", "a"},
        {{"a", "b", "c"}, ", ", "a, b, c"},
        {{"a", "", "c"}, "; ", "a; ; c"},  // an empty item keeps its place
        {{"x", "y"}, "", "xy"},
    };
    for (const auto& c : cases) BOOST_TEST(join(c.items, c.separator) == c.expected);
    BOOST_TEST(join({"a", "b"}) == "a, b");
}

BOOST_AUTO_TEST_CASE(shell_quote_table) {
    struct Case {
        std::string raw;
        std::string quoted;
    };
    std::vector<Case> cases = {
        {"", "''"},
        {"terraform_data.a", "'terraform_data.a'"},
        {"terraform_data.a[\"k\"]", "'terraform_data.a[\"k\"]'"},
        {"it's", "'it'\\''s'"},
        {"''", "''\\'''\\'''"},
        {"$HOME `id` $(id) \\n", "'$HOME `id` $(id) \\n'"},
        {"a[\"$${x}\"]", "'a[\"$${x}\"]'"},
        {"h\xc3\xa9 \xe2\x9c\x93", "'h\xc3\xa9 \xe2\x9c\x93'"},
        {"line\nbreak", "'line\nbreak'"},
    };
    for (const auto& c : cases) BOOST_TEST(shell_quote(c.raw) == c.quoted, "raw: " << c.raw);
}

BOOST_AUTO_TEST_CASE(json_quote_table) {
    struct Case {
        std::string raw;
        std::string quoted;
    };
    std::vector<Case> cases = {
        {"", "\"\""},
        {"a[\"k\"]", "\"a[\\\"k\\\"]\""},
        {"back\\slash", "\"back\\\\slash\""},
        {"tab\tnew\nret\r", "\"tab\\tnew\\nret\\r\""},
        {std::string("nul\0x", 5), "\"nul\\u0000x\""},
        {"\x1f\x7f", "\"\\u001f\x7f\""},
        {"h\xc3\xa9", "\"h\xc3\xa9\""},
    };
    for (const auto& c : cases) {
        BOOST_TEST(json_quote(c.raw) == c.quoted);
        rapidjson::Document parsed;
        std::string text = json_quote(c.raw);
        parsed.Parse(text.c_str(), text.size());
        BOOST_TEST_REQUIRE(parsed.IsString());
        BOOST_TEST(std::string(parsed.GetString(), parsed.GetStringLength()) == c.raw);
    }
}
