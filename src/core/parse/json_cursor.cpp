#include "tfw/core/parse/json_cursor.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

// The SIMD kind is the build's choice (CMakeLists.txt's TFW_SIMD): SSE2 with an x86-64
// SSE4.2 build, NEON with an arm64 one, and the portable loops with none.
#if defined(TFW_SIMD_SSE2)
#include <emmintrin.h>
#elif defined(TFW_SIMD_NEON)
#include <arm_neon.h>
#endif

namespace tfw::core::inline parse {

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
// this compares 16 bytes at a time with SIMD, and never reads past `end`.
template <char... chars>
const char* find_first_of(const char* p, const char* end) {
#if defined(TFW_SIMD_SSE2)
    while (end - p >= 16) {
        __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i hits = _mm_setzero_si128();
        ((hits = _mm_or_si128(hits, _mm_cmpeq_epi8(block, _mm_set1_epi8(chars)))), ...);
        if (int mask = _mm_movemask_epi8(hits)) return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#elif defined(TFW_SIMD_NEON)
    while (end - p >= 16) {
        uint8x16_t block = vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
        uint8x16_t hits = vdupq_n_u8(0);
        ((hits = vorrq_u8(hits, vceqq_u8(block, vdupq_n_u8(static_cast<std::uint8_t>(chars))))), ...);
        // NEON has no movemask: narrowing each 16-bit pair by a 4-bit shift leaves a nibble
        // per byte, all ones where the byte matched.
        const std::uint64_t nibbles = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(hits), 4)), 0);
        if (nibbles) return p + __builtin_ctzll(nibbles) / 4;
        p += 16;
    }
#endif
    while (p < end && ((*p != chars) && ...)) ++p;
    return p;
}

// Bit i is set where block[i] (of 64) is a quote, a backslash or a bracket.
std::uint64_t structural_mask(const char* block) {
    std::uint64_t mask = 0;
#if defined(TFW_SIMD_SSE2)
    for (unsigned part = 0; part < 4; ++part) {
        __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * part));
        __m128i hits = _mm_setzero_si128();
        for (char c : {'"', '\\', '{', '}', '[', ']'}) hits = _mm_or_si128(hits, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(c)));
        mask |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(hits))} << (16 * part);
    }
#elif defined(TFW_SIMD_NEON)
    // A bit per byte: each matching byte keeps its bit of 1, 2, 4, ... 128, and the sum of
    // each 8-byte half is that half's mask.
    static constexpr std::uint8_t bit_of_byte[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t bits = vld1q_u8(bit_of_byte);
    for (unsigned part = 0; part < 4; ++part) {
        uint8x16_t bytes = vld1q_u8(reinterpret_cast<const std::uint8_t*>(block + 16 * part));
        uint8x16_t hits = vdupq_n_u8(0);
        for (char c : {'"', '\\', '{', '}', '[', ']'})
            hits = vorrq_u8(hits, vceqq_u8(bytes, vdupq_n_u8(static_cast<std::uint8_t>(c))));
        const uint8x16_t kept = vandq_u8(hits, bits);
        const std::uint64_t low = vaddv_u8(vget_low_u8(kept)), high = vaddv_u8(vget_high_u8(kept));
        mask |= (low | high << 8) << (16 * part);
    }
#else
    for (unsigned i = 0; i < 64; ++i)
        if (std::strchr("\"\\{}[]", block[i]) && block[i] != '\0') mask |= std::uint64_t{1} << i;
#endif
    return mask;
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
    // A container: 64 bytes at a time, a bit for each quote, backslash and bracket,
    // then only those bytes are looked at.
    std::vector<char> open;  // the closing bracket each open container expects
    bool in_string = false;
    bool escaped_first = false;  // the block starts with a byte escaped by the one before
    const char* start = stream_.src_;
    const auto size = static_cast<std::size_t>(end_ - start);
    for (std::size_t offset = 0; offset < size; offset += 64) {
        const char* block = start + offset;
        std::size_t length = std::min<std::size_t>(64, size - offset);
        std::uint64_t mask;
        if (length == 64) {
            mask = structural_mask(block);
        } else {
            char last[64];
            std::memset(last, ' ', sizeof last);
            std::memcpy(last, block, length);
            mask = structural_mask(last);
        }
        if (escaped_first) mask &= ~std::uint64_t{1};
        escaped_first = false;
        for (; mask != 0; mask &= mask - 1) {
            unsigned i = static_cast<unsigned>(__builtin_ctzll(mask));
            char c = block[i];
            if (in_string) {
                if (c == '"') in_string = false;
                else if (c == '\\' && i == 63) escaped_first = true;
                else if (c == '\\') mask &= ~(std::uint64_t{1} << (i + 1));
                continue;
            }
            if (c == '"') {
                in_string = true;
            } else if (c == '{' || c == '[') {
                open.push_back(c == '{' ? '}' : ']');
            } else {
                stream_.src_ += block + i - stream_.src_;
                if (c == '\\') fail(rapidjson::kParseErrorValueInvalid);
                if (open.back() != c)
                    fail(open.back() == '}' ? rapidjson::kParseErrorObjectMissCommaOrCurlyBracket
                                            : rapidjson::kParseErrorArrayMissCommaOrSquareBracket);
                open.pop_back();
                if (open.empty()) {
                    ++stream_.src_;
                    return;
                }
            }
        }
    }
    stream_.src_ += end_ - stream_.src_;
    if (in_string) fail(rapidjson::kParseErrorStringMissQuotationMark);
    fail(open.back() == '}' ? rapidjson::kParseErrorObjectMissCommaOrCurlyBracket
                            : rapidjson::kParseErrorArrayMissCommaOrSquareBracket);
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

}  // namespace tfw::core::parse
