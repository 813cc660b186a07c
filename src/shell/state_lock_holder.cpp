#include "tfw/shell/state_lock_holder.hpp"

#include <thread>

#include "tfw/core/plan_text.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::shell {
namespace {

constexpr std::string_view lock_error = "Error acquiring the state lock";

// An address no state has: the dry run fails either way. Without the lock held, it says
// "Invalid source address", or "No state file was found!" in a root with no state yet.
const std::vector<std::string> lock_probe = {"state", "mv", "-dry-run", "-lock-timeout=0s", "-no-color",
                                             "terraform_data.tfw_lock_probe", "terraform_data.tfw_lock_probe_to"};

// "ID: …, Who: …, Created: …" from Terraform's lock error, or "" when it printed none.
std::string lock_info(const std::string& text) {
    std::string out;
    for (const char* field : {"ID:", "Who:", "Created:"}) {
        const std::size_t at = text.find(std::string("  ") + field);
        if (at == std::string::npos) continue;
        std::size_t start = text.find_first_not_of(' ', at + 2 + std::string(field).size());
        const std::string value = text.substr(start, text.find('\n', start) - start);
        out += (out.empty() ? "" : ", ") + std::string(field) + " " + value;
    }
    return out;
}

}  // namespace

StateLockHolder::StateLockHolder(Terraform& terraform, const std::string& root_name, const std::filesystem::path& scratch,
                                 std::chrono::nanoseconds lock_timeout)
    : terraform_(terraform), root_name_(root_name), output_file_(scratch / "console.out") {
    const auto deadline = std::chrono::steady_clock::now() + std::max<std::chrono::nanoseconds>(lock_timeout, std::chrono::seconds(5));
    ProcessOptions options;
    options.own_process_group = true;  // a Ctrl-C must not end the lock in the middle of a push
    console_ = terraform_.start({"console"}, options, output_file_);
    int held_in_a_row = 0;
    while (true) {
        throw_if_interrupted();
        if (!console_->running()) {
            console_->finish();
            const std::string output = read_file(output_file_);
            if (output.find(lock_error) == std::string::npos)
                throw StateLockUnavailable("root module " + root_name_ + ": terraform console, which holds the state lock during the migration, failed: " +
                                           core::first_error_line(output));
            if (std::chrono::steady_clock::now() >= deadline) {
                const std::string info = lock_info(output);
                throw StateLockUnavailable("root module " + root_name_ + ": the state lock is held by another run" +
                                           (info.empty() ? "" : " (" + info + ")") +
                                           "; nothing was changed. Run again when it is free, or pass -lock-timeout");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            console_ = terraform_.start({"console"}, options, output_file_);
            held_in_a_row = 0;
            continue;
        }
        const ProcessResult probe = terraform_.run(lock_probe);
        const std::string said = probe.stdout_text + probe.stderr_text;
        if (said.find(lock_error) != std::string::npos) {
            if (++held_in_a_row >= 2 && console_->running()) return;
        } else if (probe.exit_code == 0 || (said.find("Invalid source address") == std::string::npos &&
                                            said.find("No state file was found") == std::string::npos)) {
            throw StateLockUnavailable("root module " + root_name_ + ": cannot tell whether the state lock is held: " +
                                       core::first_error_line(said));
        } else {
            held_in_a_row = 0;
            // A console that runs but never holds the lock (a Terraform whose console no
            // longer locks): tfw cannot keep other runs out, so it changes nothing.
            if (std::chrono::steady_clock::now() >= deadline)
                throw StateLockUnavailable("root module " + root_name_ +
                                           ": terraform console did not take the state lock, so tfw cannot hold it "
                                           "during the migration; nothing was changed");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
}

StateLockHolder::~StateLockHolder() { console_->finish(); }

void StateLockHolder::check() {
    if (console_->running()) return;
    throw StateLockUnavailable("root module " + root_name_ + ": the terraform console that held the state lock has ended: " +
                               core::first_error_line(read_file(output_file_)));
}

}  // namespace tfw::shell
