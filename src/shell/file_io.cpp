#include "tfw/shell/file_io.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace tfw::shell {
namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path) {
    throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

}  // namespace

std::string read_descriptor(int fd, const std::string& name) {
    std::string content;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0)
        content.reserve(static_cast<std::size_t>(info.st_size));
    char buffer[65536];
    while (true) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error("cannot read " + name + ": " + std::strerror(errno));
        if (n == 0) break;
        content.append(buffer, static_cast<std::size_t>(n));
    }
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

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
    mode_t mode = 0644;
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) mode = info.st_mode & 07777;
    // Not ending in .tf, so terraform never loads a half-written file.
    std::filesystem::path temporary = path;
    temporary += ".tfw-" + std::to_string(::getpid()) + ".tmp";
    int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0) fail("cannot write", temporary);
    std::size_t written = 0;
    while (written < content.size()) {
        ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(fd);
            ::unlink(temporary.c_str());
            fail("cannot write", temporary);
        }
        written += static_cast<std::size_t>(n);
    }
    ::fchmod(fd, mode);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        ::unlink(temporary.c_str());
        fail("cannot write", temporary);
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        ::unlink(temporary.c_str());
        fail("cannot replace", path);
    }
}

}  // namespace tfw::shell
