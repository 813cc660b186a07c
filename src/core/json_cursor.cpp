#include "tfw/core/json_cursor.hpp"

#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tfw::core {

JsonSyntaxError::JsonSyntaxError(std::size_t offset, const std::string& message)
    : std::runtime_error("at offset " + std::to_string(offset) + ": " + message), offset(offset) {}

JsonCursor::JsonCursor(std::string& text) : stream_(text.data()), end_(text.data() + text.size()) {}

void JsonCursor::skip_whitespace() {
    char* p = stream_.src_;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') ++p;
    stream_.src_ = p;
}

char JsonCursor::peek() {
    skip_whitespace();
    return *stream_.src_;
}

void JsonCursor::fail(rapidjson::ParseErrorCode code) const {
    throw JsonSyntaxError(static_cast<std::size_t>(stream_.src_ - stream_.head_), rapidjson::GetParseError_En(code));
}

namespace {

// The first of `chars` at or after `p`, or `end`. Plans are mostly text to skip, so
// this compares 16 bytes at a time where SSE2 is there (every x86-64), and never reads
// past `end`.
template <char... chars>
const char* find_first_of(const char* p, const char* end) {
#if defined(__SSE2__)
    while (end - p >= 16) {
        __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i hits = _mm_setzero_si128();
        ((hits = _mm_or_si128(hits, _mm_cmpeq_epi8(block, _mm_set1_epi8(chars)))), ...);
        if (int mask = _mm_movemask_epi8(hits)) return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    while (p < end && ((*p != chars) && ...)) ++p;
    return p;
}

}  // namespace

void JsonCursor::skip_string() {
    const char* p = stream_.src_ + 1;
    for (;;) {
        p = find_first_of<'"', '\\'>(p, end_);
        if (p < end_ && *p == '"') break;
        if (end_ - p < 2) {
            stream_.src_ = const_cast<char*>(end_);
            fail(rapidjson::kParseErrorStringMissQuotationMark);
        }
        p += 2;  // an escape: `\"` does not end the string
    }
    stream_.src_ += p + 1 - stream_.src_;
}

std::string_view JsonCursor::raw_key() {
    const char* begin = stream_.src_ + 1;
    skip_string();
    return {begin, static_cast<std::size_t>(stream_.src_ - 1 - begin)};
}

void JsonCursor::skip() {
    char first = peek();
    if (first == '"') return skip_string();
    if (first != '{' && first != '[') {
        // true, false, null or a number: up to the next delimiter
        char* p = stream_.src_;
        while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || *p == '-' || *p == '+' || *p == '.' ||
               *p == 'E')
            ++p;
        if (p == stream_.src_) fail(rapidjson::kParseErrorValueInvalid);
        stream_.src_ = p;
        return;
    }
    std::vector<char> open;  // the closing bracket each open container expects
    for (;;) {
        const char* p = find_first_of<'"', '{', '}', '[', ']'>(stream_.src_, end_);
        stream_.src_ += p - stream_.src_;
        if (p == end_)
            fail(open.back() == '}' ? rapidjson::kParseErrorObjectMissCommaOrCurlyBracket
                                    : rapidjson::kParseErrorArrayMissCommaOrSquareBracket);
        switch (*p) {
            case '"': skip_string(); continue;
            case '{': open.push_back('}'); break;
            case '[': open.push_back(']'); break;
            default:  // a closing bracket
                if (open.empty() || open.back() != *p)
                    fail(open.empty() || open.back() == '}' ? rapidjson::kParseErrorObjectMissCommaOrCurlyBracket
                                                            : rapidjson::kParseErrorArrayMissCommaOrSquareBracket);
                open.pop_back();
        }
        ++stream_.src_;
        if (open.empty()) return;
    }
}

void JsonCursor::parse(rapidjson::Document& into) {
    into.ParseStream<rapidjson::kParseInsituFlag | rapidjson::kParseStopWhenDoneFlag>(stream_);
    if (into.HasParseError()) throw JsonSyntaxError(into.GetErrorOffset(), rapidjson::GetParseError_En(into.GetParseError()));
}

namespace {

struct StringValue : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, StringValue> {
    std::string_view text;
    bool String(const char* chars, rapidjson::SizeType length, bool) {
        text = {chars, length};
        return true;
    }
};

struct TrueValue : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TrueValue> {
    bool value = false;
    bool Bool(bool b) {
        value = b;
        return true;
    }
};

}  // namespace

std::string_view JsonCursor::string() {
    if (peek() != '"') {
        skip();
        return {};
    }
    StringValue handler;
    parse(handler);
    return handler.text;
}

bool JsonCursor::is_true() {
    if (peek() != 't') {
        skip();
        return false;
    }
    TrueValue handler;
    parse(handler);
    return handler.value;
}

}  // namespace tfw::core
