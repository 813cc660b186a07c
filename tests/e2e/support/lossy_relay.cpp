#include "lossy_relay.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <exception>
#include <optional>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "workspace.hpp"

namespace tfw::e2e {
namespace {

// Reads one HTTP request from a client's connection.
class RequestReader {
public:
    explicit RequestReader(int fd) : fd_(fd) {}

    // The whole request, or std::nullopt when the client closes or fails first.
    std::optional<std::string> read() {
        const auto header_end = until("\r\n\r\n", 0);
        if (!header_end) return std::nullopt;
        std::string head = text_.substr(0, *header_end);
        std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::tolower(c); });
        std::size_t at = *header_end + 4;
        if (head.find("\r\ntransfer-encoding: chunked") != std::string::npos) {
            // Chunks: a hexadecimal size line, that many bytes and CRLF; size 0 ends them,
            // after the trailer's header lines.
            while (true) {
                const auto size_end = until("\r\n", at);
                if (!size_end) return std::nullopt;
                const std::size_t size = std::stoul(text_.substr(at, *size_end - at), nullptr, 16);
                at = *size_end + 2;
                if (size == 0) {
                    // No trailer: one CRLF. Else header lines, then an empty one.
                    if (!have(at + 2)) return std::nullopt;
                    if (text_.compare(at, 2, "\r\n") == 0) return text_.substr(0, at + 2);
                    const auto trailer_end = until("\r\n\r\n", at);
                    if (!trailer_end) return std::nullopt;
                    return text_.substr(0, *trailer_end + 4);
                }
                if (!have(at + size + 2)) return std::nullopt;
                at += size + 2;
            }
        }
        std::size_t length = 0;
        if (const auto field = head.find("\r\ncontent-length:"); field != std::string::npos)
            length = std::stoul(head.substr(field + 17));
        if (!have(at + length)) return std::nullopt;
        return text_.substr(0, at + length);
    }

private:
    bool have(std::size_t size) {
        while (text_.size() < size)
            if (!receive()) return false;
        return true;
    }
    std::optional<std::size_t> until(std::string_view mark, std::size_t from) {
        while (true) {
            if (const auto at = text_.find(mark, from); at != std::string::npos) return at;
            if (!receive()) return std::nullopt;
        }
    }
    bool receive() {
        char buffer[65536];
        const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
        if (n <= 0) return false;
        text_.append(buffer, static_cast<std::size_t>(n));
        return true;
    }

    int fd_;
    std::string text_;
};

bool send_all(int fd, std::string_view text) {
    for (std::size_t sent = 0; sent < text.size();) {
        const ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return false;
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

// The request with "Connection: close" as its only Connection header, so that the server
// ends its answer by closing, which also tells the client not to send another on it.
std::string closing(const std::string& request) {
    const std::size_t header_end = request.find("\r\n\r\n");
    std::string out;
    std::size_t at = 0;
    while (at < header_end) {
        const std::size_t end = request.find("\r\n", at);
        const std::string line = request.substr(at, end - at);
        std::string name = line.substr(0, line.find(':'));
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        if (name != "connection") out += line + "\r\n";
        at = end + 2;
    }
    return out + "Connection: close\r\n" + request.substr(header_end + 2);
}

// The server's whole answer, read until it closes; std::nullopt if it cannot be reached.
std::optional<std::string> ask(int port, const std::string& request) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return std::nullopt;
    timeval timeout{120, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port));
    std::optional<std::string> answer;
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 && send_all(fd, request)) {
        answer.emplace();
        char buffer[65536];
        ssize_t n = 0;
        while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0) answer->append(buffer, static_cast<std::size_t>(n));
        if (n < 0) answer.reset();
    }
    ::close(fd);
    return answer;
}

}  // namespace

LossyRelay::LossyRelay(int server_port) : server_port_(server_port) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener_, 64) != 0 || ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        const int error = errno;
        if (listener_ >= 0) ::close(listener_);
        throw E2eError(std::string("the lossy relay cannot listen: ") + std::strerror(error));
    }
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { accept_connections(); });
}

LossyRelay::~LossyRelay() {
    stopping_ = true;
    acceptor_.join();
    ::close(listener_);
    std::vector<std::thread> threads;
    {
        const std::lock_guard lock(mutex_);
        for (const int client : clients_) ::shutdown(client, SHUT_RDWR);  // ends their reads
        threads.swap(threads_);
    }
    for (auto& thread : threads) thread.join();
}

std::string LossyRelay::endpoint() const { return "http://127.0.0.1:" + std::to_string(port_); }

void LossyRelay::lose_next_answer_to(std::vector<std::string> needles) {
    const std::lock_guard lock(mutex_);
    needles_ = std::move(needles);
}

void LossyRelay::accept_connections() {
    while (!stopping_) {
        pollfd waiting{listener_, POLLIN, 0};
        if (::poll(&waiting, 1, 100) <= 0) continue;
        const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) continue;
        const std::lock_guard lock(mutex_);
        clients_.push_back(client);
        threads_.emplace_back([this, client] { relay(client); });
    }
}

bool LossyRelay::take_loss(const std::string& request) {
    const std::lock_guard lock(mutex_);
    if (needles_.empty()) return false;
    for (const auto& needle : needles_)
        if (request.find(needle) == std::string::npos) return false;
    needles_.clear();
    return true;
}

void LossyRelay::relay(int client) {
    std::optional<std::string> request;
    try {
        request = RequestReader(client).read();
    } catch (const std::exception&) {
        // Not HTTP as the reader knows it (a size that is no number): no answer.
    }
    const std::optional<std::string> answer = request ? ask(server_port_, closing(*request)) : std::nullopt;
    if (answer && take_loss(*request)) {
        // The server has acted on it. A reset, not a close: the client's read fails at
        // once with "connection reset by peer", which the AWS SDK retries.
        const linger reset{1, 0};
        ::setsockopt(client, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
        ++answers_lost_;
    } else if (answer) {
        send_all(client, *answer);
    }
    const std::lock_guard lock(mutex_);
    clients_.erase(std::find(clients_.begin(), clients_.end(), client));
    ::close(client);
}

}  // namespace tfw::e2e
