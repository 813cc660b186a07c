#include "tfw/shell/moved_file_guard.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <signal.h>
#include <stdexcept>
#include <unistd.h>

#include "tfw/core/parse/hcl_moved.hpp"
#include "tfw/shell/file_io.hpp"

namespace tfw::shell {

MovedFileGuard::MovedFileGuard(const std::filesystem::path& root_dir)
    : path_(root_dir / (std::string(moved_file_prefix) + std::to_string(::getpid()) + ".tf")) {}

MovedFileGuard::~MovedFileGuard() { remove(); }

std::vector<MovedFileGuard::LineRange> MovedFileGuard::write(
    const std::vector<std::pair<core::Address, core::Address>>& moves, const std::vector<std::string>& other_blocks) {
    if (moves.empty() && other_blocks.empty()) {
        remove();
        return {};
    }
    std::string content = std::string(moved_file_header) + "\n";
    std::vector<LineRange> lines;
    int line = 2;  // the next line to write: after the header
    for (const auto& [from, to] : moves) {
        content += "\n";
        ++line;
        std::string block = core::render_moved_block(from, to);
        int block_lines = static_cast<int>(std::count(block.begin(), block.end(), '\n'));
        lines.push_back({line, line + block_lines - 1});
        line += block_lines;
        content += block;
    }
    for (const auto& block : other_blocks) content += "\n" + block;
    present_ = true;
    try {
        write_file_atomically(path_, content);
    } catch (const std::runtime_error& error) {
        // A read-only checkout or a full disk: without the file no move can be tried, and
        // a plan without them would not be the one the user asked tfw for.
        throw std::runtime_error("cannot try moves: tfw plans with its moved blocks in a temporary file in the root module directory " +
                                 absolute_directory(path_.parent_path()).string() + ", and " + error.what());
    }
    return lines;
}

void MovedFileGuard::remove() {
    if (!present_) return;
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
    present_ = false;
}

namespace {

// Ours: a complete moved file starts with the header line; a write cut short holds any
// beginning of the file, so possibly only part of the header, or nothing.
bool written_by_tfw(const std::filesystem::path& path, bool cut_short, std::string_view header) {
    std::ifstream in(path, std::ios::binary);
    std::string start(header.size() + 1, '\0');
    in.read(start.data(), static_cast<std::streamsize>(start.size()));
    start.resize(static_cast<std::size_t>(in.gcount()));
    std::string header_line = std::string(header) + "\n";
    if (start == header_line) return true;
    return cut_short && header_line.compare(0, start.size(), start) == 0;
}

}  // namespace

std::vector<std::filesystem::path> remove_stale_moved_files(const std::filesystem::path& root_dir, bool root_locked) {
    std::vector<std::filesystem::path> removed;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(root_dir, ec)) {
        // `tfw-moved-<pid>.tf`, or the half-written `tfw-moved-<pid>.tf.tfw-<pid>-<random>.tmp`
        // that write_file_atomically leaves if tfw is killed before its rename.
        std::string name = entry.path().filename().string();
        if (name.rfind(moved_file_prefix, 0) != 0) continue;
        std::string_view rest = std::string_view(name).substr(moved_file_prefix.size());
        pid_t owner = 0;
        auto [end, parse_error] = std::from_chars(rest.data(), rest.data() + rest.size(), owner);
        if (parse_error != std::errc() || owner <= 0) continue;
        std::string_view suffix(end, static_cast<std::size_t>(rest.data() + rest.size() - end));
        // A backend override (plan_with_state.hpp) is named and marked as a moved file is.
        const bool is_override = suffix.starts_with(override_file_suffix);
        const std::string file_suffix = is_override ? std::string(override_file_suffix) : ".tf";
        const std::string file_name = std::string(moved_file_prefix) + std::to_string(owner) + file_suffix;
        const bool cut_short = temporary_owner(name, file_name) == std::optional<long>(owner);
        if (suffix != file_suffix && !cut_short) continue;
        if (owner == ::getpid()) continue;
        // Holding the root's lock, no other tfw runs here, whatever its pid became since.
        bool owner_alive = !root_locked && (::kill(owner, 0) == 0 || errno == EPERM);
        if (owner_alive) continue;
        std::error_code type_error;
        if (!entry.is_regular_file(type_error) || !written_by_tfw(entry.path(), cut_short, is_override ? override_file_header : moved_file_header))
            continue;
        std::error_code remove_error;
        if (std::filesystem::remove(entry.path(), remove_error)) {
            removed.push_back(entry.path());
        } else if (remove_error && !cut_short) {
            // terraform reads every *.tf file: it would plan with that run's blocks.
            throw std::runtime_error("cannot remove " + entry.path().string() + ", left by an interrupted tfw run: " +
                                     remove_error.message() + "; remove it, or terraform plans with its moved blocks");
        }
    }
    return removed;
}

}  // namespace tfw::shell
