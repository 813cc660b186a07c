#include "tfw/shell/file_io.hpp"

#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tfw::shell {
namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path) {
    throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

}  // namespace

namespace {

// Plans run to hundreds of megabytes. Faulting their buffer in 2 MiB pages instead of
// 4 KiB ones saves most of the time reading takes, where the kernel allows it.
void advise_huge_pages(std::string& buffer) {
#ifdef MADV_HUGEPAGE
    constexpr std::uintptr_t huge = 2 * 1024 * 1024;
    auto begin = reinterpret_cast<std::uintptr_t>(buffer.data());
    std::uintptr_t end = begin + buffer.capacity();
    std::uintptr_t first = (begin + huge - 1) & ~(huge - 1);
    std::uintptr_t last = end & ~(huge - 1);
    if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
    (void)buffer;
#endif
}

// Reads into `content` from `offset` on, as far as its size; returns the bytes read.
std::size_t read_into(int fd, std::string& content, std::size_t offset, const std::string& name) {
    while (offset < content.size()) {
        ssize_t n = ::read(fd, content.data() + offset, content.size() - offset);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error("cannot read " + name + ": " + std::strerror(errno));
        if (n == 0) break;
        offset += static_cast<std::size_t>(n);
    }
    return offset;
}

}  // namespace

std::string read_descriptor(int fd, const std::string& name) {
    constexpr std::size_t first_step = 65536;
    std::string content;
    std::size_t length = 0;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
        // A regular file is read straight into a buffer of its size.
        content.reserve(static_cast<std::size_t>(info.st_size) + first_step);  // room to see the end
        advise_huge_pages(content);
        content.resize(static_cast<std::size_t>(info.st_size));
        length = read_into(fd, content, 0, name);
        if (length < content.size()) {  // it shrank meanwhile
            content.resize(length);
            return content;
        }
    }
    // A pipe, or a file that may have grown: read on until the end, growing the buffer
    // geometrically from one small step (all a file read whole needs, to see its end).
    for (std::size_t step = first_step;; step *= 2) {
        content.resize(length + step);
        std::size_t read_to = read_into(fd, content, length, name);
        bool ended = read_to < content.size();
        length = read_to;
        if (ended) break;
    }
    content.resize(length);
    return content;
}

std::string read_file(const std::filesystem::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail("cannot read", path);
    try {
        std::string content = read_descriptor(fd, path.string());
        ::close(fd);
        return content;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

namespace {

// The temporary files of earlier writes of `path` that a killed tfw left beside it.
void remove_abandoned_temporaries(const std::filesystem::path& path) {
    const std::string prefix = path.filename().string() + std::string(temporary_infix);
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(path.parent_path().empty() ? "." : path.parent_path(), ec)) {
        std::string name = entry.path().filename().string();
        if (name.size() <= prefix.size() + temporary_suffix.size() || name.rfind(prefix, 0) != 0 ||
            !name.ends_with(temporary_suffix))
            continue;
        std::string_view digits = std::string_view(name).substr(prefix.size(), name.size() - prefix.size() - temporary_suffix.size());
        pid_t owner = 0;
        auto [end, parse_error] = std::from_chars(digits.data(), digits.data() + digits.size(), owner);
        if (parse_error != std::errc() || end != digits.data() + digits.size() || owner <= 0) continue;
        if (owner == ::getpid() || ::kill(owner, 0) == 0 || errno == EPERM) continue;
        std::error_code ignored;
        if (entry.is_regular_file(ignored)) std::filesystem::remove(entry.path(), ignored);
    }
}

}  // namespace

StagedWrite::StagedWrite(const std::filesystem::path& path, std::string_view content,
                         std::optional<std::string> replaces, unsigned new_file_mode)
    : path_(path), replaces_(std::move(replaces)) {
    remove_abandoned_temporaries(path);
    mode_t mode = static_cast<mode_t>(new_file_mode);
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) {
        mode = info.st_mode & 07777;
        // Root passes access(2) whatever the mode: the mode bits decide for it as well.
        if ((mode & 0222) == 0 || ::access(path.c_str(), W_OK) != 0) {
            if ((mode & 0222) == 0) errno = EACCES;
            fail("cannot write", path);
        }
    }
    // Not ending in .tf, so terraform never loads a half-written file.
    temporary_ = path;
    temporary_ += std::string(temporary_infix) + std::to_string(::getpid()) + std::string(temporary_suffix);
    // Failures name the file the user knows, not the temporary one. Created owner-only,
    // then given its mode: a private file is never readable to others, even for an instant.
    int fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) fail("cannot write", path);
    std::size_t written = 0;
    while (written < content.size()) {
        ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int error = errno;
            ::close(fd);
            ::unlink(temporary_.c_str());
            errno = error;
            fail("cannot write", path);
        }
        written += static_cast<std::size_t>(n);
    }
    ::fchmod(fd, mode);
    bool synced = ::fsync(fd) == 0;
    int error = errno;
    if (::close(fd) != 0 || !synced) {
        if (synced) error = errno;
        ::unlink(temporary_.c_str());
        errno = error;
        fail("cannot write", path);
    }
    staged_ = true;
}

StagedWrite::~StagedWrite() {
    if (staged_) ::unlink(temporary_.c_str());
}

void StagedWrite::verify() const {
    if (!replaces_) return;
    std::error_code ignored;
    std::string current = std::filesystem::exists(path_, ignored) ? read_file(path_) : std::string();
    if (current != *replaces_)
        throw std::runtime_error(path_.string() + " changed after tfw read it; it is left as it is (run tfw again)");
}

void StagedWrite::commit() {
    if (!staged_) return;
    verify();
    staged_ = false;
    if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
        int error = errno;
        ::unlink(temporary_.c_str());
        errno = error;
        fail("cannot replace", path_);
    }
    // The rename lives in the directory: without this, a power loss may undo it (the file
    // then holds its old bytes). The file is already in place, so a directory that cannot
    // be synced (some file systems refuse) is not an error to report.
    std::filesystem::path dir = path_.parent_path();
    int dir_fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
        ::fsync(dir_fd);
        ::close(dir_fd);
    }
}

bool has_terraform_configuration(const std::filesystem::path& dir) {
    std::error_code error;
    for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if ((name.ends_with(".tf") || name.ends_with(".tf.json")) && it->is_regular_file(error)) return true;
    }
    return false;
}

std::filesystem::path absolute_directory(const std::filesystem::path& dir) {
    std::error_code ignored;
    std::filesystem::path normal = std::filesystem::absolute(dir, ignored).lexically_normal();
    if (normal.filename().empty() && normal.has_relative_path()) normal = normal.parent_path();  // "/a/b/" from "/a/b/."
    return normal;
}

void write_file_atomically(const std::filesystem::path& path, std::string_view content,
                           std::optional<std::string> replaces) {
    StagedWrite(path, content, std::move(replaces)).commit();
}

void write_private_file(const std::filesystem::path& path, std::string_view content) {
    StagedWrite(path, content, std::nullopt, 0600).commit();
}

void create_private_directories(const std::filesystem::path& dir) {
    std::filesystem::path parent = dir.parent_path();
    std::error_code ignored;
    if (!parent.empty() && !std::filesystem::exists(parent, ignored)) create_private_directories(parent);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) fail("cannot create the directory", dir);
    if (::chmod(dir.c_str(), 0700) != 0) fail("cannot make private the directory", dir);
}

}  // namespace tfw::shell
