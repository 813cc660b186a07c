#include "tfw/shell/file_io.hpp"

#include "tfw/shell/config_files.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/random.h>
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

std::optional<long> temporary_owner(std::string_view name, std::string_view file_name) {
    if (!name.starts_with(file_name)) return std::nullopt;
    name.remove_prefix(file_name.size());
    if (!name.starts_with(temporary_infix) || !name.ends_with(temporary_suffix)) return std::nullopt;
    name.remove_prefix(temporary_infix.size());
    name.remove_suffix(temporary_suffix.size());
    long owner = 0;
    auto [end, parse_error] = std::from_chars(name.data(), name.data() + name.size(), owner);
    if (parse_error != std::errc() || owner <= 0) return std::nullopt;
    std::string_view rest(end, static_cast<std::size_t>(name.data() + name.size() - end));
    // `-<random>` since the names became unpredictable; an older tfw's had none.
    if (!rest.empty() && (rest.size() < 2 || rest[0] != '-' ||
                          !std::all_of(rest.begin() + 1, rest.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); })))
        return std::nullopt;
    return owner;
}

unsigned process_umask() {
    // /proc shows it without changing it (Linux 4.7); umask(2) can only set it, which a
    // file created by another thread in between would get.
    std::FILE* status = std::fopen("/proc/self/status", "re");
    if (status) {
        char line[256];
        while (std::fgets(line, sizeof line, status)) {
            unsigned mask = 0;
            if (std::sscanf(line, "Umask: %o", &mask) == 1) {
                std::fclose(status);
                return mask & 0777;
            }
        }
        std::fclose(status);
    }
    static std::mutex changing;
    std::lock_guard<std::mutex> lock(changing);
    mode_t mask = ::umask(077);
    ::umask(mask);
    return mask & 0777;
}

namespace {

// The temporary files of earlier writes of `target` that a killed tfw left beside it.
void remove_abandoned_temporaries(const std::filesystem::path& target) {
    const std::string file_name = target.filename().string();
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(target.parent_path().empty() ? "." : target.parent_path(), ec)) {
        const auto owner = temporary_owner(entry.path().filename().string(), file_name);
        if (!owner) continue;
        const pid_t pid = static_cast<pid_t>(*owner);
        if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno == EPERM) continue;
        struct stat info {};
        // Only a file this user made: a name in a shared directory may be anyone's.
        if (::lstat(entry.path().c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != ::geteuid()) continue;
        std::error_code ignored;
        std::filesystem::remove(entry.path(), ignored);
    }
}

// Whether the kernel's protected_symlinks would refuse to follow the link `info` in the
// directory `dir`: sticky and writable by anyone, the link owned by neither the one who
// follows it nor the directory's owner.
bool link_in_shared_directory_of_another(const struct stat& info, const std::filesystem::path& dir) {
    struct stat dir_info {};
    if (::stat(dir.empty() ? "." : dir.c_str(), &dir_info) != 0) return true;
    const bool shared = (dir_info.st_mode & S_ISVTX) && (dir_info.st_mode & S_IWOTH);
    return shared && info.st_uid != ::geteuid() && info.st_uid != dir_info.st_uid;
}

// `path` with every symbolic link of its last component followed, as open(2) would
// follow them; its directories are left as they are.
std::filesystem::path write_target(const std::filesystem::path& path) {
    std::filesystem::path target = path;
    for (int hops = 0;; ++hops) {
        struct stat info {};
        if (::lstat(target.c_str(), &info) != 0) {
            if (errno == ENOENT) return target;
            fail("cannot write", path);
        }
        if (!S_ISLNK(info.st_mode)) return target;
        if (hops == 40) {
            errno = ELOOP;
            fail("cannot write", path);
        }
        if (link_in_shared_directory_of_another(info, target.parent_path()))
            throw std::runtime_error("refusing to write " + path.string() + ": " + target.string() +
                                     " is a symbolic link that another user owns in a directory anyone may write to");
        std::string link(static_cast<std::size_t>(info.st_size > 0 ? info.st_size : 4096) + 1, '\0');
        const ssize_t length = ::readlink(target.c_str(), link.data(), link.size());
        if (length < 0) fail("cannot write", path);
        link.resize(static_cast<std::size_t>(length));
        target = std::filesystem::path(link).is_absolute() ? std::filesystem::path(link) : target.parent_path() / link;
        target = target.lexically_normal();
    }
}

bool lies_inside(const std::filesystem::path& path, const std::filesystem::path& dir) {
    std::error_code ignored;
    const std::filesystem::path resolved = std::filesystem::weakly_canonical(std::filesystem::absolute(path), ignored);
    const std::filesystem::path base = std::filesystem::weakly_canonical(std::filesystem::absolute(dir), ignored);
    auto mismatch = std::mismatch(base.begin(), base.end(), resolved.begin(), resolved.end());
    return mismatch.first == base.end() || (std::next(mismatch.first) == base.end() && mismatch.first->empty());
}

std::string random_hex() {
    unsigned char bytes[8];
    std::size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error(std::string("cannot read random bytes: ") + std::strerror(errno));
        got += static_cast<std::size_t>(n);
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char byte : bytes) {
        out += digits[byte >> 4];
        out += digits[byte & 15];
    }
    return out;
}

}  // namespace

StagedWrite::StagedWrite(const std::filesystem::path& path, std::string_view content, WriteOptions options)
    : path_(path), target_(write_target(path)), replaces_(std::move(options.replaces)) {
    if (!options.confined_to.empty() && !lies_inside(target_, options.confined_to))
        throw std::runtime_error("refusing to write " + path.string() + ": it resolves to " + target_.string() +
                                 ", outside " + options.confined_to.string());
    remove_abandoned_temporaries(target_);
    const bool private_data = options.contents == FileContents::private_data;
    mode_t mode = private_data ? 0600 : static_cast<mode_t>(0666 & ~process_umask());
    struct stat info {};
    if (::stat(target_.c_str(), &info) == 0) {
        const mode_t existing = info.st_mode & 07777;
        // Root passes access(2) whatever the mode: the mode bits decide for it as well.
        if ((existing & 0222) == 0 || ::access(target_.c_str(), W_OK) != 0) {
            if ((existing & 0222) == 0) errno = EACCES;
            fail("cannot write", path);
        }
        if (!private_data) mode = existing;
    }
    // Not ending in .tf, so terraform never loads a half-written file. Created owner-only,
    // then given its mode: a private file is never readable to others, even for an instant.
    const std::string stem = target_.string() + std::string(temporary_infix) + std::to_string(::getpid()) + "-";
    int fd = -1;
    for (int attempt = 0; fd < 0; ++attempt) {
        temporary_ = stem + random_hex() + std::string(temporary_suffix);
        fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        // Failures name the file the user knows, not the temporary one.
        if (fd < 0 && (errno != EEXIST || attempt == 100)) fail("cannot write", path);
    }
    const auto abandon = [&](int error) {
        ::close(fd);
        ::unlink(temporary_.c_str());
        errno = error;
        fail("cannot write", path);
    };
    std::size_t written = 0;
    while (written < content.size()) {
        ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) abandon(errno);
        written += static_cast<std::size_t>(n);
    }
    if (::fchmod(fd, mode) != 0) abandon(errno);
    if (::fsync(fd) != 0) abandon(errno);
    if (::close(fd) != 0) {
        const int error = errno;
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
    std::string current = std::filesystem::exists(target_, ignored) ? read_file(target_) : std::string();
    if (current != *replaces_)
        throw std::runtime_error(path_.string() + " changed after tfw read it; it is left as it is (run tfw again)");
}

void StagedWrite::commit() {
    if (!staged_) return;
    verify();
    staged_ = false;
    if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
        int error = errno;
        ::unlink(temporary_.c_str());
        errno = error;
        fail("cannot replace", path_);
    }
    // The rename lives in the directory: without this, a power loss may undo it (the file
    // then holds its old bytes). The file is already in place, so a directory that cannot
    // be synced (some file systems refuse) is not an error to report.
    std::filesystem::path dir = target_.parent_path();
    int dir_fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
        ::fsync(dir_fd);
        ::close(dir_fd);
    }
}

bool has_terraform_configuration(const std::filesystem::path& dir) {
    std::error_code error;
    return !configuration_files(dir, error).empty();
}

std::filesystem::path absolute_directory(const std::filesystem::path& dir) {
    std::error_code ignored;
    std::filesystem::path normal = std::filesystem::absolute(dir, ignored).lexically_normal();
    if (normal.filename().empty() && normal.has_relative_path()) normal = normal.parent_path();  // "/a/b/" from "/a/b/."
    return normal;
}

void write_file_atomically(const std::filesystem::path& path, std::string_view content, WriteOptions options) {
    StagedWrite(path, content, std::move(options)).commit();
}

void write_private_file(const std::filesystem::path& path, std::string_view content) {
    WriteOptions options;
    options.contents = FileContents::private_data;
    StagedWrite(path, content, std::move(options)).commit();
}

void create_private_directories(const std::filesystem::path& dir) {
    std::filesystem::path parent = dir.parent_path();
    std::error_code ignored;
    if (!parent.empty() && !std::filesystem::exists(parent, ignored)) create_private_directories(parent);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) fail("cannot create the directory", dir);
    if (::chmod(dir.c_str(), 0700) != 0) fail("cannot make private the directory", dir);
}

}  // namespace tfw::shell
