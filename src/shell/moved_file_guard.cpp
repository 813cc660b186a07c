#include "tfw/shell/moved_file_guard.hpp"

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

std::vector<int> MovedFileGuard::write(const std::vector<std::pair<core::Address, core::Address>>& moves) {
    if (moves.empty()) {
        remove();
        return {};
    }
    std::string content = std::string(moved_file_header) + "\n";
    std::vector<int> lines;
    int line = 2;
    for (const auto& [from, to] : moves) {
        content += "\n";
        ++line;
        lines.push_back(line);
        std::string block = core::render_moved_block(from, to);
        for (char c : block) line += c == '\n';
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
        std::string name = entry.path().filename().string();
        if (name.rfind(moved_file_prefix, 0) != 0 || entry.path().extension() != ".tf") continue;
        std::string pid_text = name.substr(moved_file_prefix.size(), name.size() - moved_file_prefix.size() - 3);
        if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos) continue;
        pid_t owner = 0;
        auto [end, parse_error] = std::from_chars(pid_text.data(), pid_text.data() + pid_text.size(), owner);
        if (parse_error != std::errc() || end != pid_text.data() + pid_text.size() || owner <= 0) continue;
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
