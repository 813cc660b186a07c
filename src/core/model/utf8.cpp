#include "tfw/core/model/utf8.hpp"

namespace tfw::core::inline model {

char32_t decode_utf8(std::string_view text, std::size_t& pos) {
    constexpr char32_t replacement = 0xfffd;
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    unsigned char lead = byte(pos);
    std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
    if (length == 0 || pos + length > text.size()) {
        ++pos;
        return length == 0 && lead < 0x80 ? lead : replacement;
    }
    char32_t code = length == 1 ? lead : lead & (0x7f >> length);
    for (std::size_t i = 1; i < length; ++i) {
        unsigned char next = byte(pos + i);
        if ((next >> 6) != 0x2) {
            ++pos;
            return replacement;
        }
        code = (code << 6) | (next & 0x3f);
    }
    // Go rejects what UTF-8 forbids though the bit pattern fits: overlong forms,
    // surrogates and code points past U+10FFFF. One byte is consumed, as for any error.
    constexpr char32_t shortest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < shortest[length] || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) {
        ++pos;
        return replacement;
    }
    pos += length;
    return code;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xc0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xe0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (c & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (c & 0x3f));
    }
}

bool is_go_printable(char32_t c) {
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return false;                    // Cc
    if (c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x202f ||
        c == 0x205f || c == 0x3000)
        return false;                                                              // Zs
    if (c == 0x2028 || c == 0x2029) return false;                                 // Zl, Zp
    if (c == 0xad || (c >= 0x600 && c <= 0x605) || c == 0x61c || c == 0x6dd || c == 0x70f ||
        c == 0x8e2 || c == 0x180e || (c >= 0x200b && c <= 0x200f) ||
        (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) ||
        (c >= 0x2066 && c <= 0x206f) || c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb) ||
        c == 0x110bd || c == 0x110cd || (c >= 0x13430 && c <= 0x1343f) ||
        (c >= 0x1bca0 && c <= 0x1bca3) || (c >= 0x1d173 && c <= 0x1d17a) || c == 0xe0001 ||
        (c >= 0xe0020 && c <= 0xe007f))
        return false;                                                              // Cf
    if ((c >= 0xd800 && c <= 0xdfff) || (c >= 0xe000 && c <= 0xf8ff) || c >= 0xf0000)
        return false;                                                              // Cs, Co
    return true;
}

}  // namespace tfw::core::model
