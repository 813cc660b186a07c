#include "tfw/core/parse/shell_words.hpp"

namespace tfw::core::inline parse {
namespace {

bool is_word_break(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::vector<std::string> split_shell_words(std::string_view text, std::string_view variable) {
    std::vector<std::string> words;
    std::string word;
    bool escaped = false, single_quoted = false, double_quoted = false, has_word = false;
    for (char c : text) {
        if (escaped) {
            word += c;
            has_word = true;
            escaped = false;
            continue;
        }
        if (c == '\\' && !single_quoted) {
            escaped = true;
            continue;
        }
        if (is_word_break(c) && !single_quoted && !double_quoted) {
            if (has_word) words.push_back(word);
            word.clear();
            has_word = false;
            continue;
        }
        if (c == '"' && !single_quoted) {
            double_quoted = !double_quoted;
            continue;
        }
        if (c == '\'' && !double_quoted) {
            single_quoted = !single_quoted;
            continue;
        }
        bool quoted = single_quoted || double_quoted;
        if (!quoted && (c == ';' || c == '&' || c == '|' || c == '<' || c == '>')) break;
        word += c;
        has_word = true;
    }
    if (escaped || single_quoted || double_quoted)
        throw std::invalid_argument("cannot parse " + std::string(variable) + ": " +
                         (escaped ? "it ends with a backslash" : "a quote is not closed"));
    if (has_word) words.push_back(word);
    return words;
}

std::string quote_shell_words(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& word : words) {
        if (word.empty()) continue;
        if (!out.empty()) out += ' ';
        out += '\'';
        for (char c : word) {
            if (c == '\'') out += "'\\''";
            else out += c;
        }
        out += '\'';
    }
    return out;
}

}  // namespace tfw::core::parse
