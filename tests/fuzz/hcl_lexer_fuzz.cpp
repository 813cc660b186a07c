// HclLexer on arbitrary text: a token stream that ends, or HclError. Properties: tokens
// come in source order, each is the source bytes at its offset, line and column never
// go backwards, and depth never goes below the top level.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/parse/hcl_lexer.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string_view body = text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
    HclLexer lexer(text, "main.tf");
    HclPosition previous_end;
    try {
        for (std::size_t tokens = 0;; ++tokens) {
            require(tokens <= body.size() + 1, "the lexer ends: no more tokens than bytes");
            HclToken token = lexer.next();
            require(token.depth >= 0, "depth stays at or above the top level");
            require(token.start.offset >= previous_end.offset, "tokens come in source order");
            require(token.start.line > previous_end.line ||
                        (token.start.line == previous_end.line && token.start.column >= previous_end.column),
                    "positions never go backwards");
            require(token.start.offset + token.text.size() <= body.size() &&
                        body.substr(token.start.offset, token.text.size()) == token.text,
                    "a token is the source bytes at its offset");
            if (token.kind == HclTokenKind::end) {
                require(token.depth == 0, "the text ends at the top level");
                break;
            }
            require(!token.text.empty(), "only the end is an empty token");
            previous_end = token.start;
            previous_end.offset += token.text.size();
        }
    } catch (const HclError& error) {
        require(std::string_view(error.what()).starts_with("main.tf:"), "an HCL error names the file");
    }
    return 0;
}
