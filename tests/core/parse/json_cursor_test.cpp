#include "tfw/core/parse/json_cursor.hpp"

#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <vector>

using namespace tfw::core;

namespace {

// Walks a whole value and writes what it saw: `{key=...}`, `[...]`, strings decoded
// and quoted, scalars as `#`. A member whose key is in `left` is not taken, so the
// cursor skips it after the callback, and it shows as `key=_`.
void walk(JsonCursor& cursor, const std::set<std::string>& left, std::string& out) {
    switch (cursor.peek()) {
        case '{':
            out += '{';
            cursor.members([&](std::string_view key) {
                out += std::string(key) + "=";
                if (left.count(std::string(key))) out += "_";
                else walk(cursor, left, out);
                out += ';';
            });
            out += '}';
            break;
        case '[':
            out += '[';
            cursor.elements([&] {
                walk(cursor, left, out);
                out += ',';
            });
            out += ']';
            break;
        case '"': out += "'" + std::string(cursor.string()) + "'"; break;
        default:
            cursor.skip();
            out += '#';
    }
}

std::string walked(std::string text, const std::set<std::string>& left) {
    JsonCursor cursor(text);
    std::string out;
    try {
        walk(cursor, left, out);
    } catch (const JsonSyntaxError& e) {
        return out + " ! " + e.what();
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(walking_and_skipping) {
    struct Case {
        std::string name;
        std::string text;
        std::set<std::string> left;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"members and elements", R"({"a":"x","b":[1,true,null,"y"],"c":{}})", {}, "{a='x';b=[#,#,#,'y',];c={};}"},
        {"whitespace anywhere", " {\n\t\"a\" : [ 1 , \"y\" ] ,\r\n \"b\" : { } } ", {}, "{a=[#,'y',];b={};}"},
        {"strings decoded", R"({"a":"line\nbreak \"q\" \u00e9"})", {}, "{a='line\nbreak \"q\" \xc3\xa9';}"},
        {"keys stay raw", R"({"a\"b":1})", {}, R"({a\"b=#;})"},
        {"a skipped object with brackets and quotes in its strings",
         R"({"s":{"x":"}]\"{[","y":[[{"z":"\\"}]],"n":-1.5e+3},"t":"after"})", {"s"}, "{s=_;t='after';}"},
        {"a skipped array, a skipped string, a skipped scalar",
         R"({"a":[{"b":[]},"]"],"b":"\\\"","c":false,"d":"kept"})", {"a", "b", "c"}, "{a=_;b=_;c=_;d='kept';}"},
        {"long text is scanned in blocks", R"({"s":")" + std::string(100, 'x') + R"(\")" + "]" + std::string(40, '{') + R"(","t":1})",
         {"s"}, "{s=_;t=#;}"},
        {"a quote that ends a block", R"({"s":")" + std::string(15, 'x') + R"(","t":")" + std::string(20, 'y') + R"("})",
         {"s"}, "{s=_;t='" + std::string(20, 'y') + "';}"},
        {"an escape that ends a 64-byte block", R"({"s":[")" + std::string(61, 'x') + R"(\"yy"],"t":1})", {"s"},
         "{s=_;t=#;}"},
        {"an escape inside a block", R"({"s":["\"]"],"t":1})", {"s"}, "{s=_;t=#;}"},
        {"a backslash outside a string", R"({"s":[1,\],"t":1})", {"s"}, "{s=_; ! at offset 8: Invalid value."},
        {"a bracket that ends a block", R"({"s":[)" + std::string(15, '1') + R"(],"t":[)" + std::string(20, ' ') + R"(]})",
         {"s"}, "{s=_;t=[];}"},
        {"an empty text", "", {}, " ! at offset 0: Invalid value."},
        {"an unclosed string", R"({"a":"abc)", {"a"}, "{a=_; ! at offset 9: Missing a closing quotation mark in string."},
        {"an escape at the very end", R"({"a":"abc\)", {"a"}, "{a=_; ! at offset 10: Missing a closing quotation mark in string."},
        {"an unclosed skipped object", R"({"a":{"b":[1)", {"a"}, "{a=_; ! at offset 12: Missing a comma or ']' after an array element."},
        {"mismatched brackets", R"({"a":{"b":[1}]})", {"a"}, "{a=_; ! at offset 12: Missing a comma or ']' after an array element."},
        {"text after the value is not read", R"({"a":{"b":1}}])", {"a"}, "{a=_;}"},
        {"a missing colon", R"({"a" 1})", {}, "{ ! at offset 5: Missing a colon after a name of object member."},
        {"a missing comma", R"({"a":1 "b":2})", {}, "{a=#; ! at offset 7: Missing a comma or '}' after an object member."},
        {"a trailing comma", R"({"a":1,})", {}, "{a=#; ! at offset 7: Missing a name for object member."},
        {"a missing element separator", R"([1 2])", {}, "[#, ! at offset 3: Missing a comma or ']' after an array element."},
        {"no value", R"({"a":})", {"a"}, "{a=_; ! at offset 5: Invalid value."},
        {"a bad value in a taken string", R"({"a":"\x"})", {}, "{a= ! at offset 6: Invalid escape character in string."},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(walked(c.text, c.left) == c.expected); }
    }
}

// The SIMD scans (SSE2 or NEON, as the build chose) and the portable one agree wherever a
// quote, an escape or a bracket falls in a 16-byte load or a 64-byte block.
BOOST_AUTO_TEST_CASE(structural_characters_at_every_position_of_a_block) {
    for (std::size_t before = 0; before < 140; ++before) {
        const std::string filler(before, 'x');
        BOOST_TEST_CONTEXT(before << " bytes before") {
            BOOST_TEST(walked(R"({"s":[")" + filler + R"(\"]{["],"t":1})", {"s"}) == "{s=_;t=#;}");
            BOOST_TEST(walked(R"({"s":)" + std::string(before, '[') + std::string(before, ']') + R"(,"t":1})", {"s"}) ==
                       (before == 0 ? "{s=_; ! at offset 5: Invalid value." : "{s=_;t=#;}"));
            BOOST_TEST(walked(R"({"s":")" + filler + R"(\\","t":1})", {"s"}) == "{s=_;t=#;}");
            BOOST_TEST(walked(R"({"s":")" + filler + R"(\\","t":1})", {}) == "{s='" + filler + "\\';t=#;}");
        }
    }
}

// A taken value is a DOM whose strings are decoded in place; the walk goes on after it.
BOOST_AUTO_TEST_CASE(values_as_documents) {
    std::string text = R"({"v":{"k":["a\tb",2]},"w":"next"})";
    JsonCursor cursor(text);
    rapidjson::Document v;
    std::string w;
    cursor.members([&](std::string_view key) {
        if (key == "v") cursor.parse(v);
        if (key == "w") w = cursor.string();
    });
    BOOST_TEST_REQUIRE(v.IsObject());
    BOOST_TEST(std::string(v["k"][0].GetString()) == "a\tb");
    BOOST_TEST(v["k"][1].GetInt() == 2);
    BOOST_TEST(w == "next");
}

BOOST_AUTO_TEST_CASE(typed_reads_consume_any_value) {
    std::string text = R"({"s":5,"t":true,"f":"true","o":{"x":"y"}})";
    JsonCursor cursor(text);
    std::vector<std::string> seen;
    cursor.members([&](std::string_view key) {
        if (key == "s") seen.push_back("s:" + std::string(cursor.string()));
        if (key == "t") seen.push_back(cursor.is_true() ? "t:true" : "t:false");
        if (key == "f") seen.push_back(cursor.is_true() ? "f:true" : "f:false");
        if (key == "o") seen.push_back("o:" + std::string(cursor.string()));
    });
    BOOST_TEST(seen == (std::vector<std::string>{"s:", "t:true", "f:false", "o:"}), boost::test_tools::per_element());
    BOOST_TEST(cursor.peek() == '\0');
}
