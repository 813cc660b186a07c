// The UTF-8 decoder and the two Go-style quotings built on it (HCL string keys, and
// %q for plan paths) on arbitrary bytes. Properties: decoding always advances by one
// to four bytes, a valid code point re-encodes to the bytes it came from, and any
// bytes quoted as an HCL key read back, through the address parser, as those bytes.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/model/address.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/model/utf8.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

namespace {

// Go's strconv.Unquote for what %q writes, or nothing where it meets anything else (an
// unquoted quote or control character, an unknown escape): a reader independent of
// the writer under test.
std::optional<std::string> go_unquote(std::string_view quoted) {
    const std::nullopt_t bad = std::nullopt;
    if (quoted.size() < 2 || quoted.front() != '"' || quoted.back() != '"') return bad;
    quoted = quoted.substr(1, quoted.size() - 2);
    std::string out;
    auto hex = [&](std::size_t at, std::size_t digits, char32_t& value) {
        if (at + digits > quoted.size()) return false;
        value = 0;
        for (std::size_t i = at; i < at + digits; ++i) {
            char c = quoted[i];
            int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (digit < 0) return false;
            value = value * 16 + static_cast<char32_t>(digit);
        }
        return true;
    };
    for (std::size_t i = 0; i < quoted.size();) {
        char c = quoted[i];
        if (c == '"' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return bad;
        if (c != '\\') {
            out += c;
            ++i;
            continue;
        }
        if (i + 1 >= quoted.size()) return bad;
        char escape = quoted[i + 1];
        i += 2;
        char32_t value = 0;
        switch (escape) {
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'v': out += '\v'; break;
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case 'x':
                if (!hex(i, 2, value)) return bad;
                out += static_cast<char>(value);
                i += 2;
                break;
            case 'u':
            case 'U': {
                std::size_t digits = escape == 'u' ? 4 : 8;
                if (!hex(i, digits, value)) return bad;
                append_utf8(out, value);
                i += digits;
                break;
            }
            default: return bad;
        }
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view raw(reinterpret_cast<const char*>(data), size);

    for (std::size_t pos = 0; pos < raw.size();) {
        std::size_t start = pos;
        char32_t code_point = decode_utf8(raw, pos);
        require(pos > start && pos - start <= 4, "decoding advances by one to four bytes");
        require(code_point <= 0x10ffff && !(code_point >= 0xd800 && code_point <= 0xdfff),
                "decoding gives a Unicode scalar value");
        (void)is_go_printable(code_point);
        std::string encoded;
        append_utf8(encoded, code_point);
        if (code_point != 0xfffd || raw.substr(start, pos - start) == "\xef\xbf\xbd")
            require(encoded == raw.substr(start, pos - start), "a decoded code point encodes to its bytes");
    }

    std::string key = quote_hcl_string(raw);
    require(key.size() >= 2 && key.front() == '"' && key.back() == '"', "an HCL key is quoted");
    AddressParseResult parsed = parse_address("terraform_data.r[" + key + "]");
    require(parsed.address && parsed.address->resource, "a quoted key parses");
    require(parsed.address->resource->key == InstanceKey::of_name(std::string(raw)), "a quoted key reads back as its bytes");

    require(go_unquote(go_quote(raw)) == raw, "what %q quotes unquotes to the same bytes");
    return 0;
}
