// A scanner for just enough HCL native syntax to know where blocks begin and end:
// comments, quoted templates with interpolations, heredocs and bracket nesting. It does
// not parse expressions; a reader on top of it picks out the items it cares about.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline parse {

// Lines and columns are 1-based. Columns count Unicode code points, not bytes, so they
// match what an editor shows for most text (Terraform counts grapheme clusters). A UTF-8
// byte order mark is not part of the text and takes no column.
struct HclPosition {
    int line = 1;
    int column = 1;
    std::size_t offset = 0;  // bytes into the text after any byte order mark
};

// A syntax error, or a well-formed file whose content tfw cannot use. what() is one line,
// "file:line:column: message", the form editors and terminals link to.
class HclError : public std::runtime_error {
public:
    HclError(std::string_view file, HclPosition at, std::string_view message);
};

enum class HclTokenKind {
    identifier,
    number,
    string,   // a whole quoted template, interpolations included
    heredoc,  // from "<<" through the closing marker, not the newline after it
    newline,
    open_brace,
    close_brace,
    open_bracket,
    close_bracket,
    open_paren,
    close_paren,
    equals,  // only a lone "="; "==", "=>" and the like are `other`
    dot,
    other,
    end,
};

std::string_view to_string(HclTokenKind kind);

struct HclToken {
    HclTokenKind kind = HclTokenKind::end;
    std::string_view text;  // the source bytes, quotes and markers included
    HclPosition start;
    // Brackets open around the token. A bracket and its partner share the depth of
    // the text outside them, so a block's "{" and "}" sit at the block's own depth.
    int depth = 0;
};

class HclLexer {
public:
    HclLexer(std::string_view text, std::string_view file);

    // The next token; comments and spaces are skipped. Throws HclError on an
    // unterminated string, comment, heredoc or interpolation, on a closing bracket that
    // does not match, and at the end of the text while a bracket is still open.
    HclToken next();

    [[noreturn]] void fail(HclPosition at, std::string_view message) const;

private:
    struct OpenBracket {
        char closer;
        std::string_view text;
        HclPosition at;
    };

    HclPosition here() const { return {line_, column_, pos_}; }
    bool at_end() const { return pos_ >= text_.size(); }
    char peek(std::size_t ahead = 0) const;
    bool looking_at(std::string_view s) const;
    bool at_newline() const;
    void advance(std::size_t bytes = 1);

    void skip_spaces_and_comments();
    void skip_line_comment();
    void skip_block_comment();
    void skip_template_escape_or_interpolation();
    void skip_interpolation(std::string_view opener);
    bool at_template_escape() const;
    bool at_interpolation() const;
    bool heredoc_header(std::string_view& marker, std::size_t& length) const;

    HclToken scan_string(HclPosition start);
    HclToken scan_heredoc(HclPosition start);
    HclToken scan_word(HclPosition start, HclTokenKind kind);
    HclToken scan_number(HclPosition start);
    HclToken open(HclPosition start, HclTokenKind kind, char closer);
    HclToken close(HclPosition start, HclTokenKind kind);
    HclToken token(HclPosition start, HclTokenKind kind) const;

    std::string_view text_;
    std::string file_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 1;
    std::vector<OpenBracket> open_;
};

// A quoted string token's text without its quotes (block labels, literal values); any
// other text as it is.
std::string unquoted(std::string_view text);

// Whether `token` ends an item of a body at `depth`: its newline, or the "}" that closes
// the body when the item shares that brace's line (or the end of the text).
bool ends_item(const HclToken& token, int depth);

// The lexer's tokens with one of lookahead: what a reader that picks items out of blocks
// (moved blocks, lifecycles) walks.
class HclTokens {
public:
    HclTokens(std::string_view text, std::string_view file) : lexer_(text, file) {}

    const HclToken& peek();
    HclToken take();
    // Takes the item's tokens up to its end at `depth` (ends_item), which it leaves.
    void skip_rest_of_item(int depth);
    [[noreturn]] void fail(HclPosition at, std::string_view message) const { lexer_.fail(at, message); }

private:
    HclLexer lexer_;
    HclToken peeked_;  // valid while has_peeked_
    bool has_peeked_ = false;
};

}  // namespace tfw::core::parse
