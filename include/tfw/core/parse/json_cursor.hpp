// Walking a JSON text in place, for documents far larger than the part tfw reads.
// Objects and arrays are walked member by member. A value the caller takes is parsed by
// RapidJSON in situ; a value it leaves is skipped by a raw scan, without being parsed.
// A skipped value is checked for closed strings and matching brackets, not for the
// whole grammar (as simdjson's On-Demand front end does): a plan's unread parts cost
// what it costs to find their end.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/error/error.h>
#include <rapidjson/reader.h>

namespace tfw::core::inline parse {

struct JsonSyntaxError : std::runtime_error {
    JsonSyntaxError(std::size_t offset, const std::string& message);
    std::size_t offset;
};

class JsonCursor {
public:
    // Parsing clobbers `text` (strings are decoded where they stand); it must outlive
    // the cursor and every string the cursor returns.
    explicit JsonCursor(std::string& text);

    // The first character of the next value, after whitespace; '\0' at the end.
    char peek();

    // Calls on_member(key) for each member of the object that starts here; a value the
    // callback does not take is skipped. Keys are raw text: escapes are not decoded, so a
    // key with one never equals a plain name. A value that is not an object is skipped.
    template <typename OnMember>
    void members(OnMember&& on_member);
    // Calls on_element() for each element of the array that starts here, likewise.
    template <typename OnElement>
    void elements(OnElement&& on_element);

    void skip();
    // The next value as a DOM whose strings point into the text.
    void parse(rapidjson::Document& into);
    // The next value as SAX events.
    template <typename Handler>
    void parse(Handler& handler);
    // The next value if it is a string, decoded, else "" (the value is consumed either way).
    std::string_view string();
    // The next value if it is `true`, else false (consumed either way).
    bool is_true();

    [[noreturn]] void fail(rapidjson::ParseErrorCode code) const;

private:
    void skip_whitespace();
    void skip_string();  // from the opening quote, past the closing one
    std::string_view raw_key();
    // What members() and elements() share: `open`, then items separated by commas up to
    // `close`; `item` reads one (a member's key and colon too).
    template <typename Item>
    void items(char open, char close, rapidjson::ParseErrorCode missing_separator, Item&& item);

    rapidjson::InsituStringStream stream_;  // its src_ is the position
    const char* end_;                       // where the NUL std::string keeps after the text is
    rapidjson::Reader reader_;
};

template <typename Item>
void JsonCursor::items(char open, char close, rapidjson::ParseErrorCode missing_separator, Item&& item) {
    if (peek() != open) return skip();
    ++stream_.src_;
    if (peek() == close) {
        ++stream_.src_;
        return;
    }
    for (;;) {
        item();
        char next = peek();
        if (next != ',' && next != close) fail(missing_separator);
        ++stream_.src_;
        if (next == close) return;
    }
}

template <typename OnMember>
void JsonCursor::members(OnMember&& on_member) {
    items('{', '}', rapidjson::kParseErrorObjectMissCommaOrCurlyBracket, [&] {
        if (peek() != '"') fail(rapidjson::kParseErrorObjectMissName);
        std::string_view key = raw_key();
        if (peek() != ':') fail(rapidjson::kParseErrorObjectMissColon);
        ++stream_.src_;
        skip_whitespace();
        const char* value = stream_.src_;
        on_member(key);
        if (stream_.src_ == value) skip();
    });
}

template <typename OnElement>
void JsonCursor::elements(OnElement&& on_element) {
    items('[', ']', rapidjson::kParseErrorArrayMissCommaOrSquareBracket, [&] {
        skip_whitespace();
        const char* value = stream_.src_;
        on_element();
        if (stream_.src_ == value) skip();
    });
}

template <typename Handler>
void JsonCursor::parse(Handler& handler) {
    rapidjson::ParseResult result =
        reader_.Parse<rapidjson::kParseInsituFlag | rapidjson::kParseStopWhenDoneFlag>(stream_, handler);
    if (!result) throw JsonSyntaxError(result.Offset(), rapidjson::GetParseError_En(result.Code()));
}

}  // namespace tfw::core::parse
