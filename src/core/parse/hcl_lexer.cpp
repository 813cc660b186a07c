#include "tfw/core/parse/hcl_lexer.hpp"

namespace tfw::core::inline parse {
namespace {

constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// HCL identifiers are Unicode ID_Start/ID_Continue plus "-". Any non-ASCII byte counts
// here: a letter is what valid HCL has there, and nothing else can end a word early.
bool is_identifier_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool is_identifier_char(char c) { return is_identifier_start(c) || is_digit(c) || c == '-'; }

bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::string_view trim_spaces(std::string_view s) {
    constexpr std::string_view spaces = " \t\r";
    std::size_t first = s.find_first_not_of(spaces);
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(spaces) - first + 1);
}

std::string in_quotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string describe(HclPosition at) { return std::to_string(at.line) + ":" + std::to_string(at.column); }

}  // namespace

HclError::HclError(std::string_view file, HclPosition at, std::string_view message)
    : std::runtime_error(std::string(file) + ":" + describe(at) + ": " + std::string(message)) {}

std::string_view to_string(HclTokenKind kind) {
    switch (kind) {
        case HclTokenKind::identifier: return "identifier";
        case HclTokenKind::number: return "number";
        case HclTokenKind::string: return "string";
        case HclTokenKind::heredoc: return "heredoc";
        case HclTokenKind::newline: return "newline";
        case HclTokenKind::open_brace: return "open_brace";
        case HclTokenKind::close_brace: return "close_brace";
        case HclTokenKind::open_bracket: return "open_bracket";
        case HclTokenKind::close_bracket: return "close_bracket";
        case HclTokenKind::open_paren: return "open_paren";
        case HclTokenKind::close_paren: return "close_paren";
        case HclTokenKind::equals: return "equals";
        case HclTokenKind::dot: return "dot";
        case HclTokenKind::other: return "other";
        case HclTokenKind::end: return "end";
    }
    return "unknown";
}

HclLexer::HclLexer(std::string_view text, std::string_view file) : text_(text), file_(file) {
    if (text_.starts_with(byte_order_mark)) text_.remove_prefix(byte_order_mark.size());
}

void HclLexer::fail(HclPosition at, std::string_view message) const { throw HclError(file_, at, message); }

char HclLexer::peek(std::size_t ahead) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
}

bool HclLexer::looking_at(std::string_view s) const { return text_.substr(pos_).starts_with(s); }

bool HclLexer::at_newline() const { return peek() == '\n' || (peek() == '\r' && peek(1) == '\n'); }

void HclLexer::advance(std::size_t bytes) {
    for (; bytes > 0 && pos_ < text_.size(); --bytes, ++pos_) {
        char c = text_[pos_];
        if (c == '\n') {
            ++line_;
            column_ = 1;
        } else if (!is_utf8_continuation(c)) {
            ++column_;
        }
    }
}

HclToken HclLexer::next() {
    skip_spaces_and_comments();
    HclPosition start = here();
    if (at_end()) {
        if (!open_.empty()) fail(open_.back().at, in_quotes(open_.back().text) + " is never closed");
        return token(start, HclTokenKind::end);
    }
    if (at_newline()) {
        advance(peek() == '\r' ? 2 : 1);
        return token(start, HclTokenKind::newline);
    }
    std::string_view marker;
    std::size_t header_length = 0;
    if (heredoc_header(marker, header_length)) return scan_heredoc(start);
    char c = peek();
    if (c == '"') return scan_string(start);
    if (is_identifier_start(c)) return scan_word(start, HclTokenKind::identifier);
    if (is_digit(c)) return scan_number(start);
    switch (c) {
        case '{': return open(start, HclTokenKind::open_brace, '}');
        case '[': return open(start, HclTokenKind::open_bracket, ']');
        case '(': return open(start, HclTokenKind::open_paren, ')');
        case '}': return close(start, HclTokenKind::close_brace);
        case ']': return close(start, HclTokenKind::close_bracket);
        case ')': return close(start, HclTokenKind::close_paren);
        default: break;
    }
    // Operators that begin with "=" or "." must not pass for an attribute's "=" or a
    // traversal's ".".
    for (std::string_view op : {"==", "=>", "!=", "<=", ">=", "&&", "||", "..."}) {
        if (looking_at(op)) {
            advance(op.size());
            return token(start, HclTokenKind::other);
        }
    }
    advance();
    if (c == '=') return token(start, HclTokenKind::equals);
    if (c == '.') return token(start, HclTokenKind::dot);
    return token(start, HclTokenKind::other);
}

void HclLexer::skip_spaces_and_comments() {
    while (!at_end()) {
        char c = peek();
        if (c == ' ' || c == '\t' || (c == '\r' && peek(1) != '\n')) {
            advance();
        } else if (c == '#' || looking_at("//")) {
            skip_line_comment();
        } else if (looking_at("/*")) {
            skip_block_comment();
        } else {
            return;
        }
    }
}

// The newline that ends a line comment stays: it still ends the item before it.
void HclLexer::skip_line_comment() {
    while (!at_end() && !at_newline()) advance();
}

void HclLexer::skip_block_comment() {
    HclPosition start = here();
    std::size_t close = text_.find("*/", pos_ + 2);
    if (close == std::string_view::npos) fail(start, "unterminated comment");
    advance(close + 2 - pos_);
}

// "$${" and "%%{" are a literal "${" and "%{", not the start of an interpolation.
bool HclLexer::at_template_escape() const { return looking_at("$${") || looking_at("%%{"); }

bool HclLexer::at_interpolation() const { return looking_at("${") || looking_at("%{"); }

void HclLexer::skip_template_escape_or_interpolation() {
    if (at_template_escape()) {
        advance(3);
    } else if (at_interpolation()) {
        skip_interpolation(text_.substr(pos_, 2));
    } else {
        advance();
    }
}

// An interpolation holds a whole expression: strings, braces and more templates. It is
// one more open bracket, closed by the "}" that brings the nesting back to here.
void HclLexer::skip_interpolation(std::string_view opener) {
    HclPosition start = here();
    advance(opener.size());
    open_.push_back({'}', opener, start});
    std::size_t depth = open_.size();
    while (open_.size() >= depth) next();
}

HclToken HclLexer::scan_string(HclPosition start) {
    advance();  // the opening quote
    while (true) {
        // A quoted string cannot span lines; stopping at the line end points at the
        // real mistake instead of at some quote much further down.
        if (at_end() || at_newline()) fail(start, "unterminated string");
        char c = peek();
        if (c == '"') {
            advance();
            return token(start, HclTokenKind::string);
        }
        if (c == '\\') {
            advance();
            if (at_end() || at_newline()) fail(start, "unterminated string");
            advance();
            continue;
        }
        skip_template_escape_or_interpolation();
    }
}

// "<<" or "<<-", an identifier, then the end of the line: anything else is not a heredoc.
// The end of the text counts as the end of the line: a heredoc opened there is
// unterminated, not plain text that an appended newline would turn into a heredoc.
bool HclLexer::heredoc_header(std::string_view& marker, std::size_t& length) const {
    if (!looking_at("<<")) return false;
    std::size_t i = pos_ + 2;
    if (i < text_.size() && text_[i] == '-') ++i;
    std::size_t marker_start = i;
    if (i >= text_.size() || !is_identifier_start(text_[i])) return false;
    while (i < text_.size() && is_identifier_char(text_[i])) ++i;
    marker = text_.substr(marker_start, i - marker_start);
    if (i == text_.size()) {
        length = i - pos_;
        return true;
    }
    if (text_.substr(i).starts_with("\n")) {
        length = i + 1 - pos_;
        return true;
    }
    if (text_.substr(i).starts_with("\r\n")) {
        length = i + 2 - pos_;
        return true;
    }
    return false;
}

// The closing marker is a line that holds only the marker and spaces, for "<<" as well as
// "<<-", and it must end with a newline. A line that starts inside an interpolation
// never closes it.
HclToken HclLexer::scan_heredoc(HclPosition start) {
    std::string_view marker;
    std::size_t header_length = 0;
    heredoc_header(marker, header_length);
    advance(header_length);
    while (true) {
        if (at_end()) fail(start, "unterminated heredoc: no line closes it with " + in_quotes(marker));
        std::size_t line_end = text_.find('\n', pos_);
        if (line_end != std::string_view::npos) {
            std::string_view line = text_.substr(pos_, line_end - pos_);
            if (trim_spaces(line) == marker) {
                advance(line.find(marker) + marker.size());
                return token(start, HclTokenKind::heredoc);
            }
        }
        while (!at_end() && peek() != '\n') skip_template_escape_or_interpolation();
        advance();  // the newline
    }
}

HclToken HclLexer::scan_word(HclPosition start, HclTokenKind kind) {
    while (!at_end() && is_identifier_char(peek())) advance();
    return token(start, kind);
}

HclToken HclLexer::scan_number(HclPosition start) {
    while (is_digit(peek())) advance();
    if (peek() == '.' && is_digit(peek(1))) {
        advance();
        while (is_digit(peek())) advance();
    }
    if (peek() == 'e' || peek() == 'E') {
        std::size_t sign = (peek(1) == '+' || peek(1) == '-') ? 1 : 0;
        if (is_digit(peek(1 + sign))) {
            advance(1 + sign);
            while (is_digit(peek())) advance();
        }
    }
    return token(start, HclTokenKind::number);
}

HclToken HclLexer::open(HclPosition start, HclTokenKind kind, char closer) {
    advance();
    HclToken opened = token(start, kind);
    open_.push_back({closer, opened.text, start});
    return opened;
}

HclToken HclLexer::close(HclPosition start, HclTokenKind kind) {
    std::string_view closer = text_.substr(pos_, 1);
    if (open_.empty()) fail(start, "unexpected " + in_quotes(closer));
    const OpenBracket& innermost = open_.back();
    if (innermost.closer != closer[0]) {
        fail(start, "unexpected " + in_quotes(closer) + ", expected " + in_quotes(std::string(1, innermost.closer)) +
                        " to close the " + in_quotes(innermost.text) + " at " + describe(innermost.at));
    }
    open_.pop_back();
    advance();
    return token(start, kind);
}

HclToken HclLexer::token(HclPosition start, HclTokenKind kind) const {
    return {kind, text_.substr(start.offset, pos_ - start.offset), start, static_cast<int>(open_.size())};
}

std::string unquoted(std::string_view text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
    return std::string(text);
}

bool ends_item(const HclToken& token, int depth) {
    return token.kind == HclTokenKind::end || (token.kind == HclTokenKind::newline && token.depth == depth) ||
           (token.kind == HclTokenKind::close_brace && token.depth == depth - 1);
}

const HclToken& HclTokens::peek() {
    if (!has_peeked_) {
        peeked_ = lexer_.next();
        has_peeked_ = true;
    }
    return peeked_;
}

HclToken HclTokens::take() {
    if (!has_peeked_) return lexer_.next();
    has_peeked_ = false;
    return peeked_;
}

void HclTokens::skip_rest_of_item(int depth) {
    while (!ends_item(peek(), depth)) take();
}

}  // namespace tfw::core::parse
