#include "tfw/app/write_moves.hpp"

#include "tfw/core/write/collapse.hpp"

namespace tfw::app {

std::vector<core::Placement> placements_of(const std::filesystem::path& root_dir, const shell::ConvergeResult& result) {
    if (result.moves.empty()) return {};
    std::vector<core::MoveBlock> instance_moves;
    for (const auto& move : result.moves) instance_moves.push_back({move.from, move.to});
    auto blocks = core::collapse_moves(instance_moves, result.prior_objects, &result.configuration);
    return core::place_moves(blocks, shell::read_module_dirs(root_dir), result.module_instances,
                             core::before_moves(result.prior_objects, instance_moves), result.declared_objects);
}

WrittenMoves write_moves(const std::filesystem::path& root_dir, const std::vector<core::Placement>& placements,
                         const std::string& moved_file) {
    WrittenMoves out;
    out.files = shell::write_moved_blocks(root_dir, placements, moved_file);
    for (const auto& placement : placements)
        if (!placement.note.empty()) out.noted.push_back(placement);
    return out;
}

}  // namespace tfw::app
