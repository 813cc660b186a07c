// Holds a root module's state lock for as long as it lives, so that no other run changes
// the state while tfw migrates objects between roots. Terraform has no command that only
// locks; `terraform console` takes the state lock and keeps it until its input ends, with
// any backend. tfw keeps its input open and goes on only when it knows the console holds
// the lock (core/roots/state_lock.hpp): the console's trace log says its lock call returned,
// another command is then refused the lock, the lock's record (where the backend keeps
// one) names that console, and the console still runs. If tfw dies, the console's input
// ends and the lock is released. A console refused by the lock it took itself (its answer
// lost, the retry refused) has left that lock behind: tfw releases it by its ID and starts
// another console.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "tfw/core/roots/state_lock.hpp"
#include "tfw/shell/process.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

// The lock is held by another run, or could not be taken: the message names the root
// module and, where Terraform printed it, the lock (its ID, who holds it and since when).
struct StateLockUnavailable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class StateLockHolder {
public:
    // Waits up to `lock_timeout` for a lock that another run holds (terraform's
    // -lock-timeout), and a few seconds at least, as tfw's own checks take the lock for an
    // instant each. `scratch` holds the console's output.
    // `say` gets one line when tfw releases a lock its console left (above).
    StateLockHolder(Terraform& terraform, const std::string& root_name, const std::filesystem::path& scratch,
                    std::chrono::nanoseconds lock_timeout, std::function<void(const std::string&)> say = {});
    ~StateLockHolder();
    StateLockHolder(const StateLockHolder&) = delete;
    StateLockHolder& operator=(const StateLockHolder&) = delete;

    // Throws StateLockUnavailable if the console has ended: the lock may be gone.
    void check();

private:
    // Releases a lock that the console which just ended had taken and was then refused
    // (core::refused_by_its_own_lock), or throws StateLockUnavailable.
    void release_own_lock(const core::LockInfo& lock, int nth_release);

    Terraform& terraform_;
    std::string root_name_;
    std::filesystem::path output_file_;
    std::filesystem::path log_file_;  // the console's TF_LOG=trace log
    std::unique_ptr<BackgroundProcess> console_;
    std::function<void(const std::string&)> say_;
};

}  // namespace tfw::shell
