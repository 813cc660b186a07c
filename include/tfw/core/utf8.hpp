// The little UTF-8 that address quoting needs. Invalid bytes decode as U+FFFD, as Go does.
#pragma once

#include <string>
#include <string_view>

namespace tfw::core {

// Decodes the code point at `pos` and advances `pos` past it.
char32_t decode_utf8(std::string_view text, std::size_t& pos);

void append_utf8(std::string& out, char32_t code_point);

}  // namespace tfw::core
