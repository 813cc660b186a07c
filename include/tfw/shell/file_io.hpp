// Whole-file reads and atomic writes: a reader never sees a half-written file.
#pragma once

#include <filesystem>
#include <optional>
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

// A new content for `path`, written and synced beside it, not yet in place: staging
// several files and committing them only once all are written means that a failed write
// (a full disk) changes none of them. Staging first removes the temporary files of
// earlier writes of `path` whose process is gone (a tfw killed mid-write); it keeps the
// mode of an existing file. Errors are std::runtime_error naming `path`.
//
// A file without write permission is refused, as `terraform fmt` refuses it: renaming
// over it needs only the directory's permission, which would defeat the user's 0444.
// Given `replaces`, the bytes the caller read and decided on (a missing file reads as
// empty), `verify()` and `commit()` refuse a file that no longer holds them: an editor
// save or a `git pull` between the read and the write is left as the user made it.
class StagedWrite {
public:
    StagedWrite(const std::filesystem::path& path, std::string_view content,
                std::optional<std::string> replaces = std::nullopt, unsigned new_file_mode = 0644);
    ~StagedWrite();  // an uncommitted write leaves `path` as it was
    StagedWrite(const StagedWrite&) = delete;
    StagedWrite& operator=(const StagedWrite&) = delete;

    // Throws when `path` no longer holds what the write replaces. Callers staging several
    // files verify them all before committing any.
    void verify() const;

    // Verifies, then renames the temporary file over `path`: atomic for readers.
    void commit();

private:
    std::filesystem::path path_;
    std::filesystem::path temporary_;
    std::optional<std::string> replaces_;
    bool staged_ = false;
};

// Whether `dir` holds a Terraform configuration file (NAME.tf or NAME.tf.json), as a root
// module does. False for a directory that cannot be read.
bool has_terraform_configuration(const std::filesystem::path& dir);

// `dir` as an absolute path without `.` or a trailing slash, for messages: "." says nothing.
std::filesystem::path absolute_directory(const std::filesystem::path& dir);

// Stages `content` for `path` and commits it at once.
void write_file_atomically(const std::filesystem::path& path, std::string_view content,
                           std::optional<std::string> replaces = std::nullopt);

// A file only its owner may read (0600), for copies of states, which hold secrets.
void write_private_file(const std::filesystem::path& path, std::string_view content);

// `dir` and its missing parents, each new one 0700; `dir` itself is made 0700 even when
// it exists, so that nobody else can enter it whatever it holds.
void create_private_directories(const std::filesystem::path& dir);

}  // namespace tfw::shell
