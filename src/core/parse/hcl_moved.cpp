#include "tfw/core/parse/hcl_moved.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace tfw::core::inline parse {
namespace {

// Moved blocks are only read at the top level, so their bodies are always one deep.
constexpr int moved_body_depth = 1;

// A `from` or `to` as written. The text is its tokens without the spaces, comments and
// newlines between them, which HCL allows inside a traversal and parse_address does not.
struct Endpoint {
    explicit Endpoint(std::string_view attribute) : name(attribute) {}

    std::string_view name;
    bool present = false;
    HclPosition name_at;
    HclPosition value_at;
    std::string text;
};

class MovedReader {
public:
    MovedReader(std::string_view text, std::string_view file) : tokens_(text, file), file_(file) {}

    // Byte ranges into the text after any byte order mark, one per block read.
    const std::vector<std::pair<std::size_t, std::size_t>>& ranges() const { return ranges_; }

    std::vector<MovedBlock> read() {
        while (true) {
            HclToken first = tokens_.take();
            if (first.kind == HclTokenKind::end) return std::move(blocks_);
            if (first.kind == HclTokenKind::newline) continue;
            if (first.kind == HclTokenKind::identifier && first.text == "moved" &&
                tokens_.peek().kind == HclTokenKind::open_brace) {
                tokens_.take();
                read_moved_body(first);
            } else {
                tokens_.skip_rest_of_item(0);
            }
        }
    }

private:
    // Other arguments and nested blocks are skipped: Terraform rejects them itself.
    void read_moved_body(const HclToken& keyword) {
        Endpoint from{"from"};
        Endpoint to{"to"};
        while (true) {
            HclToken first = tokens_.take();
            // The lexer reports an unclosed "{" before it ever returns the end; the check
            // only keeps a bug from turning into an endless loop.
            if (first.kind == HclTokenKind::end) break;
            if (first.kind == HclTokenKind::close_brace && first.depth == moved_body_depth - 1) {
                ranges_.emplace_back(keyword.start.offset, first.start.offset + first.text.size());
                break;
            }
            if (first.kind == HclTokenKind::newline) continue;
            Endpoint* endpoint = nullptr;
            if (first.kind == HclTokenKind::identifier && first.text == from.name) endpoint = &from;
            if (first.kind == HclTokenKind::identifier && first.text == to.name) endpoint = &to;
            if (endpoint && tokens_.peek().kind == HclTokenKind::equals) {
                tokens_.take();
                read_endpoint(first, *endpoint);
            } else {
                tokens_.skip_rest_of_item(moved_body_depth);
            }
        }
        Address from_address = parse_endpoint(from, keyword);
        Address to_address = parse_endpoint(to, keyword);
        blocks_.push_back({std::move(from_address), std::move(to_address), file_, keyword.start.line});
    }

    void read_endpoint(const HclToken& name, Endpoint& endpoint) {
        if (endpoint.present) {
            tokens_.fail(name.start, "duplicate \"" + std::string(endpoint.name) + "\" attribute; the first is on line " +
                                        std::to_string(endpoint.name_at.line));
        }
        endpoint.present = true;
        endpoint.name_at = name.start;
        endpoint.value_at = tokens_.peek().start;
        while (!ends_item(tokens_.peek(), moved_body_depth)) {
            HclToken token = tokens_.take();
            if (token.kind != HclTokenKind::newline) endpoint.text += token.text;
        }
        if (endpoint.text.empty())
            tokens_.fail(endpoint.value_at, "expected an address after \"" + std::string(endpoint.name) + " =\"");
    }

    Address parse_endpoint(const Endpoint& endpoint, const HclToken& keyword) const {
        std::string name = "\"" + std::string(endpoint.name) + "\"";
        if (!endpoint.present) tokens_.fail(keyword.start, "moved block has no " + name + " attribute");
        AddressParseResult parsed = parse_address(endpoint.text);
        if (!parsed.address)
            tokens_.fail(endpoint.value_at, "invalid " + name + " address `" + endpoint.text + "`: " + parsed.error);
        return std::move(*parsed.address);
    }

    HclTokens tokens_;
    std::string file_;
    std::vector<MovedBlock> blocks_;
    std::vector<std::pair<std::size_t, std::size_t>> ranges_;
};

std::string endpoint_text(const Address& address) {
    if (address.module.empty() && !address.resource)
        throw std::invalid_argument("the root module cannot be a moved endpoint");
    return to_string(address);
}

void check_comment_line(std::string_view comment_line) {
    if (comment_line.empty()) return;
    if (comment_line.find_first_of("\r\n") != std::string_view::npos)
        throw std::invalid_argument("the comment must be a single line");
    if (!comment_line.starts_with('#') && !comment_line.starts_with("//"))
        throw std::invalid_argument("the comment line must start with \"#\" or \"//\"");
}

bool uses_crlf(std::string_view text) {
    std::size_t newline = text.find('\n');
    return newline != std::string_view::npos && newline > 0 && text[newline - 1] == '\r';
}

// `text` ends with a line break; is the line before it empty?
bool ends_with_blank_line(std::string_view text) {
    text.remove_suffix(1);
    if (text.ends_with('\r')) text.remove_suffix(1);
    return text.empty() || text.ends_with('\n');
}

std::string with_crlf(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

}  // namespace

std::vector<MovedBlock> read_moved_blocks(std::string_view tf_text, std::string_view file_name) {
    return MovedReader(tf_text, file_name).read();
}

std::vector<MovedBlockSpan> read_moved_block_spans(std::string_view tf_text, std::string_view file_name) {
    MovedReader reader(tf_text, file_name);
    std::vector<MovedBlock> blocks = reader.read();
    constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
    std::size_t skipped = tf_text.starts_with(byte_order_mark) ? byte_order_mark.size() : 0;
    std::vector<MovedBlockSpan> out;
    for (std::size_t i = 0; i < blocks.size() && i < reader.ranges().size(); ++i)
        out.push_back({std::move(blocks[i]), reader.ranges()[i].first + skipped, reader.ranges()[i].second + skipped});
    return out;
}

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The start of the line that holds `at`.
std::size_t line_start(std::string_view text, std::size_t at) {
    std::size_t newline = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    return newline == std::string_view::npos ? 0 : newline + 1;
}

// Past the line break that ends the line holding `at` (or the end of the text).
std::size_t next_line_start(std::string_view text, std::size_t at) {
    std::size_t newline = text.find('\n', at);
    return newline == std::string_view::npos ? text.size() : newline + 1;
}

bool only_blanks(std::string_view text) {
    for (char c : text)
        if (!is_blank(c) && c != '\r' && c != '\n') return false;
    return true;
}

}  // namespace

std::string remove_moved_blocks(std::string_view tf_text, std::vector<std::pair<std::size_t, std::size_t>> ranges) {
    std::sort(ranges.begin(), ranges.end());
    std::string out;
    std::size_t kept_from = 0;
    for (auto [begin, end] : ranges) {
        if (begin < kept_from || end > tf_text.size() || begin > end) throw std::invalid_argument("overlapping or invalid block ranges");
        // A block alone on its lines goes with those whole lines; one that shares a line
        // with something else leaves that something untouched.
        std::size_t first = line_start(tf_text, begin);
        std::size_t after = next_line_start(tf_text, end);
        bool whole_lines = only_blanks(tf_text.substr(first, begin - first)) && only_blanks(tf_text.substr(end, after - end));
        if (!whole_lines || first < kept_from) {
            first = begin;
            after = end;
        } else if (first >= 2 && first - 1 >= kept_from) {
            // The blank line that separated it from what came before goes too, when what
            // follows is a blank line or the end: blocks stay one blank line apart.
            std::size_t previous = line_start(tf_text, first - 1);
            bool blank_before = previous >= kept_from && only_blanks(tf_text.substr(previous, first - previous));
            std::size_t following_end = next_line_start(tf_text, after);
            bool blank_after = after == tf_text.size() || only_blanks(tf_text.substr(after, following_end - after));
            if (blank_before && blank_after) first = previous;
        }
        out.append(tf_text.substr(kept_from, first - kept_from));
        kept_from = after;
    }
    out.append(tf_text.substr(kept_from));
    return out;
}

bool has_no_configuration(std::string_view tf_text, std::string_view file_name) {
    HclLexer lexer(tf_text, file_name);
    for (HclToken token = lexer.next(); token.kind != HclTokenKind::end; token = lexer.next())
        if (token.kind != HclTokenKind::newline) return false;
    return true;
}

std::string render_moved_block(const Address& from, const Address& to) {
    // `terraform fmt` aligns the "=" of consecutive attributes.
    return "moved {\n  from = " + endpoint_text(from) + "\n  to   = " + endpoint_text(to) + "\n}\n";
}

std::string append_blocks(std::string_view existing_file_content, const std::vector<std::string>& blocks,
                          std::string_view comment_line) {
    check_comment_line(comment_line);
    std::string out(existing_file_content);
    if (blocks.empty()) return out;

    std::string added;
    if (!out.empty()) {
        if (!out.ends_with('\n')) added += '\n';
        if (!ends_with_blank_line(out + added)) added += '\n';
    }
    if (!comment_line.empty()) {
        added += comment_line;
        added += '\n';
    }
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (i > 0) added += '\n';
        added += blocks[i];
    }
    out += uses_crlf(existing_file_content) ? with_crlf(added) : added;
    return out;
}

std::string append_moved_blocks(std::string_view existing_file_content,
                                const std::vector<std::pair<Address, Address>>& moves,
                                std::string_view comment_line) {
    std::vector<std::string> blocks;
    for (const auto& [from, to] : moves) blocks.push_back(render_moved_block(from, to));
    return append_blocks(existing_file_content, blocks, comment_line);
}

}  // namespace tfw::core::parse
