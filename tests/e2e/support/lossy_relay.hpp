// A network that loses an answer, between Terraform and moto's emulator. The relay passes
// every HTTP request on to the server and its answer back, but for the one request it is
// told to lose: the server gets it and acts on it, and the client's connection is reset
// instead of answered. The AWS SDK then sends the request again, as it does when a real
// network drops an answer. That is how a lock's conditional write meets the lock it took
// itself (tests/e2e/README.md, "One artefact of the emulator"), made to happen on purpose.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tfw::e2e {

class LossyRelay {
public:
    explicit LossyRelay(int server_port);  // listens on a free loopback port
    ~LossyRelay();
    LossyRelay(const LossyRelay&) = delete;
    LossyRelay& operator=(const LossyRelay&) = delete;

    std::string endpoint() const;  // http://127.0.0.1:PORT

    // Loses the answer to the next request whose bytes (request line, headers and body)
    // contain every one of `needles`.
    void lose_next_answer_to(std::vector<std::string> needles);
    int answers_lost() const { return answers_lost_; }

private:
    void accept_connections();
    void relay(int client);
    bool take_loss(const std::string& request);

    int server_port_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<int> answers_lost_{0};
    std::mutex mutex_;  // guards what follows
    std::vector<std::string> needles_;
    std::vector<int> clients_;
    std::vector<std::thread> threads_;
    std::thread acceptor_;
};

}  // namespace tfw::e2e
