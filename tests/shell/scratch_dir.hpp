// Shared by the shell tests: a fresh directory per test (the project's own TempDir), and
// plain reads and writes that do not go through the code under test.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tfw/shell/temp_dir.hpp"

namespace tfw::shell::testing {

struct ScratchDir {
    TempDir temp;
    // A directory inside the TempDir, not the TempDir itself, which its run holds locked: a
    // test may lock it as a root module or sweep it as a temp base.
    const std::filesystem::path path = make(temp.path() / "scratch");

    static std::filesystem::path make(const std::filesystem::path& dir) {
        std::filesystem::create_directory(dir);
        return dir;
    }

    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& entry : std::filesystem::directory_iterator(path)) out.push_back(entry.path().filename().string());
        std::sort(out.begin(), out.end());
        return out;
    }
};

inline void put(const std::filesystem::path& path, const std::string& content) {
    std::ofstream out(path, std::ios::binary);
    out << content;
}

inline std::string get(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace tfw::shell::testing
