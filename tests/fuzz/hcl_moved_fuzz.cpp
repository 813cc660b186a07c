// read_moved_blocks on arbitrary .tf text: the blocks, or HclError. Properties, for
// text that reads: each block rendered and read back is the same block, and the text
// with those blocks appended by append_moved_blocks reads as its blocks followed by
// the appended ones, so tfw's own writing never hides or changes a block.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz_check.hpp"
#include "tfw/core/parse/hcl_moved.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<MovedBlock> blocks;
    try {
        blocks = read_moved_blocks(text, "moved.tf");
    } catch (const HclError& error) {
        require(std::string_view(error.what()).starts_with("moved.tf:"), "an HCL error names the file");
        return 0;
    }

    std::vector<std::pair<Address, Address>> moves;
    for (const MovedBlock& block : blocks) {
        require(!block.from.module.empty() || block.from.resource, "a read endpoint is not the root module");
        require(!block.to.module.empty() || block.to.resource, "a read endpoint is not the root module");
        std::vector<MovedBlock> again = read_moved_blocks(render_moved_block(block.from, block.to), "moved.tf");
        require(again.size() == 1 && again[0].from == block.from && again[0].to == block.to,
                "a rendered block reads back as the same block");
        moves.emplace_back(block.from, block.to);
    }
    if (moves.empty()) return 0;

    std::vector<MovedBlock> appended = read_moved_blocks(append_moved_blocks(text, moves, "# tfw"), "moved.tf");
    require(appended.size() == 2 * blocks.size(), "appending adds exactly the blocks appended");
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        require(appended[i] == blocks[i], "appending leaves the existing blocks as they were");
        require(appended[blocks.size() + i].from == blocks[i].from && appended[blocks.size() + i].to == blocks[i].to,
                "an appended block reads back as written");
    }
    return 0;
}
