// The little UTF-8 (and Go printability) that quoting needs. Invalid bytes decode as U+FFFD, as Go does.
#pragma once

#include <string>
#include <string_view>

namespace tfw::core::inline model {

// Decodes the code point at `pos` and advances `pos` past it.
char32_t decode_utf8(std::string_view text, std::size_t& pos);

void append_utf8(std::string& out, char32_t code_point);

// Go's unicode.IsPrint, which Terraform uses to decide what to escape: letters, marks,
// numbers, punctuation, symbols and the ASCII space. Unassigned code points are not
// tabled; they count as printable.
bool is_go_printable(char32_t c);

}  // namespace tfw::core::model
