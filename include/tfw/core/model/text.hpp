// The small text helpers that renderers and explanations share. Depends on nothing else
// of tfw's, so any part of the core may use it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline model {

// "a, b, c": the items in order, `separator` between them.
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");

// `text` as one POSIX shell word in single quotes: `it's` -> `'it'\''s'`.
std::string shell_quote(std::string_view text);

// `text` as a JSON string literal, quotes included. UTF-8 passes through; control
// characters, `"` and `\` are escaped.
std::string json_quote(std::string_view text);

}  // namespace tfw::core::model
