// Whole-file reads and atomic writes: a reader never sees a half-written file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace tfw::shell {

// Throws std::runtime_error naming the file.
std::string read_file(const std::filesystem::path& path);

// Everything readable from an open descriptor (stdin: `-`); `name` is for messages.
std::string read_descriptor(int fd, const std::string& name);

// A write of `path` goes through `<path>.tfw-<pid>.tmp`: never a name terraform loads.
inline constexpr std::string_view temporary_infix = ".tfw-";
inline constexpr std::string_view temporary_suffix = ".tmp";

// Writes a sibling temporary file and renames it over `path`, keeping the mode of an
// existing file; first removes the temporary files of earlier writes of `path` whose
// process is gone (a tfw killed mid-write). Throws std::runtime_error naming `path`.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace tfw::shell
