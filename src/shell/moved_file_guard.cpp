#include "tfw/shell/moved_file_guard.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <signal.h>
#include <unistd.h>

#include "tfw/core/hcl_moved.hpp"
#include "tfw/shell/file_io.hpp"

namespace tfw::shell {

MovedFileGuard::MovedFileGuard(const std::filesystem::path& root_dir)
    : path_(root_dir / (std::string(moved_file_prefix) + std::to_string(::getpid()) + ".tf")) {}

MovedFileGuard::~MovedFileGuard() { remove(); }

std::vector<MovedFileGuard::LineRange> MovedFileGuard::write(
    const std::vector<std::pair<core::Address, core::Address>>& moves) {
    if (moves.empty()) {
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
    present_ = true;
    write_file_atomically(path_, content);
    return lines;
}

void MovedFileGuard::remove() {
    if (!present_) return;
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
    present_ = false;
}

std::vector<std::filesystem::path> remove_stale_moved_files(const std::filesystem::path& root_dir) {
    std::vector<std::filesystem::path> removed;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(root_dir, ec)) {
        // `tfw-moved-<pid>.tf`, or the half-written `tfw-moved-<pid>.tf.tfw-<pid>.tmp` that
        // write_file_atomically leaves if tfw is killed before its rename.
        std::string name = entry.path().filename().string();
        if (name.rfind(moved_file_prefix, 0) != 0) continue;
        std::string_view rest = std::string_view(name).substr(moved_file_prefix.size());
        pid_t owner = 0;
        auto [end, parse_error] = std::from_chars(rest.data(), rest.data() + rest.size(), owner);
        if (parse_error != std::errc() || owner <= 0) continue;
        std::string_view suffix(end, static_cast<std::size_t>(rest.data() + rest.size() - end));
        std::string pid_text = std::to_string(owner);
        if (suffix != ".tf" && suffix != ".tf.tfw-" + pid_text + ".tmp") continue;
        bool owner_alive = owner == ::getpid() || ::kill(owner, 0) == 0 || errno == EPERM;
        if (owner_alive) continue;
        std::ifstream in(entry.path());
        std::string first_line;
        std::getline(in, first_line);
        if (first_line != moved_file_header) continue;
        if (std::filesystem::remove(entry.path(), ec)) removed.push_back(entry.path());
    }
    return removed;
}

}  // namespace tfw::shell
