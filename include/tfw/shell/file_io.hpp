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

// A write of `path` goes through `<path>.tfw-<pid>-<random>.tmp`, created anew
// (O_EXCL|O_NOFOLLOW): never a name terraform loads, never a file someone else made or
// aimed beforehand. The pid says which run left it; the random part, that nobody can
// create it first.
inline constexpr std::string_view temporary_infix = ".tfw-";
inline constexpr std::string_view temporary_suffix = ".tmp";

// The pid of the tfw that wrote `name`, a temporary file of a write of `file_name`
// (`<file_name>.tfw-<pid>-<random>.tmp`); std::nullopt for any other name.
std::optional<long> temporary_owner(std::string_view name, std::string_view file_name);

// What a written file holds, which decides its mode.
enum class FileContents {
    // The user's configuration or a report: a new file gets 0666 less the umask, as
    // `touch` makes it; a file replaced keeps its mode.
    user_file,
    // A plan, a state or what quotes them: 0600, whatever the replaced file's mode.
    private_data,
};

struct WriteOptions {
    // The bytes the caller read and decided on (a missing file reads as empty):
    // `verify()` and `commit()` refuse a file that no longer holds them, so an editor save
    // or a `git pull` between the read and the write is left as the user made it.
    std::optional<std::string> replaces;
    FileContents contents = FileContents::user_file;
    // When set, the write is refused unless the file, its symbolic links resolved, lies
    // inside this directory: a private copy never writes through a link into the user's tree.
    std::filesystem::path confined_to;
};

// A write of the user's file that replaces exactly `bytes` (WriteOptions::replaces).
inline WriteOptions replacing(std::string bytes) {
    WriteOptions options;
    options.replaces = std::move(bytes);
    return options;
}

// A new content for `path`, written and synced beside it, not yet in place: staging
// several files and committing them only once all are written means that a failed write
// (a full disk) changes none of them. Staging first removes the temporary files of
// earlier writes of `path` whose process is gone (a tfw killed mid-write). Errors are
// std::runtime_error naming `path`.
//
// A symbolic link is written through to its target, as terraform's own writes do (a
// `moved.tf` linked to a shared file stays a link), except a link that another user owns
// in a directory anyone may write to (/tmp), which the kernel's protected_symlinks would
// not follow either: that is refused. A file without write permission is refused, as
// `terraform fmt` refuses it: renaming over it needs only the directory's permission,
// which would defeat the user's 0444.
class StagedWrite {
public:
    StagedWrite(const std::filesystem::path& path, std::string_view content, WriteOptions options = {});
    ~StagedWrite();  // an uncommitted write leaves `path` as it was
    StagedWrite(const StagedWrite&) = delete;
    StagedWrite& operator=(const StagedWrite&) = delete;

    // Throws when `path` no longer holds what the write replaces. Callers staging several
    // files verify them all before committing any.
    void verify() const;

    // Verifies, then renames the temporary file over the file: atomic for readers.
    void commit();

    // The file the write replaces or creates: `path` with its symbolic links followed.
    const std::filesystem::path& target() const { return target_; }

private:
    std::filesystem::path path_;    // as the caller named it, for messages
    std::filesystem::path target_;  // where the bytes go
    std::filesystem::path temporary_;
    std::optional<std::string> replaces_;
    bool staged_ = false;
};

// A write that must land inside `dir` (WriteOptions::confined_to).
inline WriteOptions confined(std::filesystem::path dir) {
    WriteOptions options;
    options.confined_to = std::move(dir);
    return options;
}

// The process's umask, read without changing it.
unsigned process_umask();

// Whether `dir` holds a Terraform configuration file (NAME.tf or NAME.tf.json), as a root
// module does. False for a directory that cannot be read.
bool has_terraform_configuration(const std::filesystem::path& dir);

// `dir` as an absolute path without `.` or a trailing slash, for messages: "." says nothing.
std::filesystem::path absolute_directory(const std::filesystem::path& dir);

// Stages `content` for `path` and commits it at once.
void write_file_atomically(const std::filesystem::path& path, std::string_view content, WriteOptions options = {});

// A file only its owner may read (0600), for plans and copies of states, which hold
// secrets: write_file_atomically with FileContents::private_data.
void write_private_file(const std::filesystem::path& path, std::string_view content);

// `dir` and its missing parents, each new one 0700; `dir` itself is made 0700 even when
// it exists, so that nobody else can enter it whatever it holds.
void create_private_directories(const std::filesystem::path& dir);

}  // namespace tfw::shell
