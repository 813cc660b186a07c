// The glob language and the ignore-rule normalisations on arbitrary text. The input is
// a glob, a newline, a path or type, a newline, then a JSON leaf value. Properties:
// text without wildcards matches itself, `*` matches everything, a glob that matches a
// path matches it as a path glob too, and every ignore kind is idempotent, as
// normalize_for_comparison promises.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "tfw/core/policy/policy.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

namespace {

std::string_view take_line(std::string_view& input) {
    std::size_t newline = input.find('\n');
    std::string_view line = input.substr(0, newline);
    input.remove_prefix(newline == std::string_view::npos ? input.size() : newline + 1);
    return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::string_view glob = take_line(input);
    std::string_view text = take_line(input);
    std::string_view json_value = input;

    (void)glob_syntax_error(glob);
    bool matches = glob_match(glob, text);
    if (matches) require(path_glob_match(glob, text), "a glob that matches a path matches it as a path glob");
    require(glob_match("*", text), "* matches everything");
    if (text.find_first_of("*?") == std::string_view::npos) require(glob_match(text, text), "literal text matches itself");

    for (IgnoreKind kind : {IgnoreKind::everything, IgnoreKind::whitespace, IgnoreKind::prefix,
                            IgnoreKind::case_insensitive, IgnoreKind::json, IgnoreKind::null_equals_empty}) {
        IgnoreRule rule;
        rule.path_glob = glob;
        rule.kind = kind;
        rule.prefix = text;
        std::vector<const IgnoreRule*> rules = {&rule};
        std::optional<std::string> once = normalize_for_comparison(rules, text, json_value);
        require(once.has_value() == !(kind == IgnoreKind::everything && path_glob_match(glob, text)),
                "only a matching `everything` rule drops a value");
        if (!once) continue;
        require(normalize_for_comparison(rules, text, *once) == once, "every ignore kind is idempotent");
    }
    return 0;
}
