// JsonCursor on arbitrary text, walking every container and, by turns, parsing a value
// with RapidJSON (as a DOM, as a string, as a boolean) or skipping it with the raw
// scan. Property: the cursor is lenient, never strict: text that RapidJSON accepts as
// a whole document, the cursor walks without an error.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/parse/json_cursor.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

namespace {

// Deeper values are skipped, which the raw scan does without recursion.
constexpr int max_walk_depth = 64;

void walk(JsonCursor& cursor, int depth, unsigned& turn) {
    ++turn;
    char first = cursor.peek();
    if (depth >= max_walk_depth) return cursor.skip();
    if (first == '{') {
        return cursor.members([&](std::string_view key) {
            // A member left alone is skipped by the cursor itself.
            if ((key.size() + turn) % 4 != 3) walk(cursor, depth + 1, turn);
        });
    }
    if (first == '[') return cursor.elements([&] { walk(cursor, depth + 1, turn); });
    switch (turn % 4) {
        case 0: (void)cursor.string(); break;
        case 1: (void)cursor.is_true(); break;
        case 2: {
            rapidjson::Document value;
            cursor.parse(value);
            break;
        }
        default: cursor.skip();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string original(reinterpret_cast<const char*>(data), size);
    rapidjson::Document strict;
    // As a NUL-terminated string: the length-taking overload reads through an encoded
    // stream that skips stray byte-order-mark bytes, which no plan holds.
    strict.Parse<rapidjson::kParseIterativeFlag>(original.c_str());

    std::string text = original;
    JsonCursor cursor(text);
    unsigned turn = 0;
    try {
        walk(cursor, 0, turn);
    } catch (const JsonSyntaxError& error) {
        require(error.offset <= size, "a syntax error's offset is inside the text");
        require(strict.HasParseError(), "the cursor walks every document RapidJSON accepts");
    }
    return 0;
}
