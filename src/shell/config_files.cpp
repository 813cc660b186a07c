#include "tfw/shell/config_files.hpp"

#include <algorithm>
#include <stdexcept>

#include "tfw/core/parse/config_files.hpp"

namespace tfw::shell {

std::vector<std::filesystem::path> configuration_files(const std::filesystem::path& dir, std::error_code& error) {
    std::vector<std::filesystem::path> files;
    error.clear();
    std::filesystem::directory_iterator it(dir.empty() ? "." : dir, error), end;
    for (; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (!core::is_configuration_file_name(name)) continue;
        std::error_code type_error;
        if (!std::filesystem::is_regular_file(it->path(), type_error)) continue;  // follows a link
        files.push_back(it->path());
    }
    if (error) return {};
    std::stable_sort(files.begin(), files.end(), [](const std::filesystem::path& a, const std::filesystem::path& b) {
        const bool a_overrides = core::is_override_file_name(a.filename().string());
        const bool b_overrides = core::is_override_file_name(b.filename().string());
        if (a_overrides != b_overrides) return b_overrides;
        return a.filename() < b.filename();
    });
    return files;
}

std::vector<std::filesystem::path> configuration_files(const std::filesystem::path& dir) {
    std::error_code error;
    auto files = configuration_files(dir, error);
    if (error) throw std::runtime_error("cannot list the module directory " + dir.string() + ": " + error.message());
    return files;
}

}  // namespace tfw::shell
