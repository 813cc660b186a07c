#include "tfw/core/model/utf8.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

// Decodes the whole text: each code point as U+XXXX with the bytes it took.
std::string decoded(const std::string& text) {
    std::string out;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t before = pos;
        char32_t c = decode_utf8(text, pos);
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%sU+%04X/%zu", out.empty() ? "" : " ", static_cast<unsigned>(c), pos - before);
        out += buffer;
    }
    return out;
}

}  // namespace

// Go's utf8.DecodeRune: a valid sequence gives its code point; anything else gives
// U+FFFD and one byte, so the next byte is read afresh.
BOOST_AUTO_TEST_CASE(decoding_as_go_does) {
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"ascii", "a~", "U+0061/1 U+007E/1"},
        {"two bytes", "\xc3\xa9", "U+00E9/2"},
        {"three bytes", "\xe2\x86\x92", "U+2192/3"},
        {"four bytes", "\xf0\x9f\x98\x80", "U+1F600/4"},
        {"the largest code point", "\xf4\x8f\xbf\xbf", "U+10FFFF/4"},
        {"a lone continuation byte", "\x80" "a", "U+FFFD/1 U+0061/1"},
        {"a lead byte cut short by the end", "a\xe2\x86", "U+0061/1 U+FFFD/1 U+FFFD/1"},
        {"a lead byte followed by ascii", "\xc3" "a", "U+FFFD/1 U+0061/1"},
        {"an overlong two-byte form", "\xc0\xaf", "U+FFFD/1 U+FFFD/1"},
        {"an overlong three-byte form", "\xe0\x80\xaf", "U+FFFD/1 U+FFFD/1 U+FFFD/1"},
        {"an overlong four-byte form", "\xf0\x80\x80\xaf", "U+FFFD/1 U+FFFD/1 U+FFFD/1 U+FFFD/1"},
        {"a surrogate", "\xed\xa0\x80", "U+FFFD/1 U+FFFD/1 U+FFFD/1"},
        {"past U+10FFFF", "\xf4\x90\x80\x80", "U+FFFD/1 U+FFFD/1 U+FFFD/1 U+FFFD/1"},
        {"a byte no sequence starts with", "\xff", "U+FFFD/1"},
        {"a NUL", std::string("\0", 1), "U+0000/1"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(decoded(c.text) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(encoding_round_trips) {
    for (char32_t c : {U'\0', U'a', U'\x7f', U'\x80', U'\u00e9', U'\u07ff', U'\u0800', U'\u2192', U'\uffff',
                       U'\U00010000', U'\U0001f600', U'\U0010ffff'}) {
        BOOST_TEST_CONTEXT(static_cast<unsigned>(c)) {
            std::string text;
            append_utf8(text, c);
            std::size_t pos = 0;
            BOOST_TEST(static_cast<unsigned>(decode_utf8(text, pos)) == static_cast<unsigned>(c));
            BOOST_TEST(pos == text.size());
            BOOST_TEST(text.size() == (c < 0x80 ? 1u : c < 0x800 ? 2u : c < 0x10000 ? 3u : 4u));
        }
    }
}

// Go's unicode.IsPrint, by category.
BOOST_AUTO_TEST_CASE(printable_as_go_sees_it) {
    struct Case {
        char32_t c;
        bool printable;
        const char* why;
    };
    const std::vector<Case> cases = {
        {U'a', true, "letter"},          {U' ', true, "the ASCII space"},   {U'~', true, "symbol"},
        {U'\u00e9', true, "letter"},     {U'\u2192', true, "symbol"},       {U'\U0001f600', true, "emoji"},
        {U'\t', false, "Cc"},            {U'\x7f', false, "Cc"},            {U'\x85', false, "Cc"},
        {U'\u00a0', false, "Zs"},        {U'\u3000', false, "Zs"},          {U'\u2028', false, "Zl"},
        {U'\u2029', false, "Zp"},        {U'\u00ad', false, "Cf"},          {U'\u200b', false, "Cf"},
        {U'\ufeff', false, "Cf"},        {U'\U000e0001', false, "Cf"},      {U'\ue000', false, "Co"},
        {U'\U000f0000', false, "Co"},    {U'\u0301', true, "Mn"},           {U'\u0660', true, "Nd"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.why << " " << static_cast<unsigned>(c.c)) { BOOST_TEST(is_go_printable(c.c) == c.printable); }
    }
}
