// Terraform `moved` blocks as HCL text: reading the ones a .tf file already has, and
// writing new ones exactly as `terraform fmt` would, so tfw's output needs no formatting.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/parse/hcl_lexer.hpp"

namespace tfw::core::inline parse {

struct MovedBlock {
    Address from;
    Address to;
    std::string file;
    int line = 0;  // of the `moved` keyword, 1-based

    bool operator==(const MovedBlock&) const = default;
};

// The top-level `moved` blocks of one .tf file, in file order. Throws HclError
// ("file:line:column: message") on a syntax error that hides where blocks end, on a
// moved block without `from` or `to` or with one twice, and on an endpoint that is not a
// static address.
std::vector<MovedBlock> read_moved_blocks(std::string_view tf_text, std::string_view file_name);

// A block and where it is in its file: bytes [begin, end) from the `moved` keyword
// through its closing brace.
struct MovedBlockSpan {
    MovedBlock block;
    std::size_t begin = 0;
    std::size_t end = 0;
};

// read_moved_blocks() with each block's place in `tf_text`; the same errors.
std::vector<MovedBlockSpan> read_moved_block_spans(std::string_view tf_text, std::string_view file_name);

// `tf_text` without the given [begin, end) ranges (from read_moved_block_spans()), every
// other byte as it was, except that a block alone on its lines takes those whole lines,
// and the blank line before it when a blank line or the end of the file follows, so the
// blocks left stay one blank line apart. Throws std::invalid_argument on overlapping ranges.
std::string remove_moved_blocks(std::string_view tf_text, std::vector<std::pair<std::size_t, std::size_t>> ranges);

// Nothing but spaces, line breaks and comments: a file a prune may remove.
bool has_no_configuration(std::string_view tf_text, std::string_view file_name);

// One block in `terraform fmt` layout, ending with a newline. Throws
// std::invalid_argument when an endpoint is the root module, which has no address.
std::string render_moved_block(const Address& from, const Address& to);

// `existing_file_content` unchanged, then a blank line, `comment_line` and the blocks,
// one blank line apart. The result is a fixed point of `terraform fmt` when the existing
// content is. It keeps the file's line endings (LF or CRLF, from its first line), and
// adds a final newline to existing content that lacks one. An empty `comment_line`
// writes none; otherwise it must be a single "#" or "//" comment line
// (std::invalid_argument if not). With no moves the content comes back unchanged.
std::string append_moved_blocks(std::string_view existing_file_content,
                                const std::vector<std::pair<Address, Address>>& moves,
                                std::string_view comment_line);

// The same for any rendered blocks (each ending with a newline), such as removed and
// import blocks.
std::string append_blocks(std::string_view existing_file_content, const std::vector<std::string>& blocks,
                          std::string_view comment_line);

}  // namespace tfw::core::parse
