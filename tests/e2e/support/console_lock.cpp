#include "console_lock.hpp"

#include <chrono>
#include <iostream>
#include <thread>

namespace tfw::e2e {
namespace {

constexpr std::string_view lock_error = "Error acquiring the state lock";

// A command that needs the state lock and changes nothing: it fails either way, saying
// "Error acquiring the state lock" only while another run holds the lock (TERRAFORM.md).
const std::vector<std::string> lock_probe = {"state", "mv", "-dry-run", "-lock-timeout=0s", "-no-color",
                                             "terraform_data.tfw_e2e_lock_probe", "terraform_data.tfw_e2e_lock_probe_to"};

}  // namespace

std::unique_ptr<shell::BackgroundProcess> start_with_open_input(
    const Workspace& ws, const fs::path& program, const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, std::string>>& extra_env) {
    static int counter = 0;
    shell::ProcessOptions options;
    options.working_directory = ws.dir();
    options.env_overrides = ws.environment();
    options.env_overrides.insert(options.env_overrides.end(), extra_env.begin(), extra_env.end());
    const fs::path output = ws.scratch() / (program.filename().string() + "-open-input-" + std::to_string(++counter) + ".out");
    try {
        return std::make_unique<shell::BackgroundProcess>(program, args, options, output);
    } catch (const shell::ProcessNotFound& error) {
        throw E2eError(error.what());
    }
}

TerraformConsoleLock::TerraformConsoleLock(const Workspace& ws) {
    // The console cannot wait for the lock (it takes no -lock-timeout), and a run that
    // holds it for an instant makes it fail: start it again until its trace log says the
    // lock call returned, then prove the lock held with a probe.
    const fs::path log = ws.scratch() / "terraform-console-lock.log";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (true) {
        if (!console_ || !console_->running()) {
            if (console_ && read_text_file(console_->output_file()).find(lock_error) == std::string::npos)
                throw E2eError("terraform console ended before it held the state lock:\n" +
                               read_text_file(console_->output_file()));
            fs::remove(log);
            console_ = start_with_open_input(ws, terraform_binary(), {"console"},
                                             {{"TF_LOG", "trace"}, {"TF_LOG_PATH", log.string()}});
        }
        const std::string trace = read_text_file(log);
        const std::size_t asked = trace.find("requesting state lock for workspace");
        if (asked != std::string::npos && trace.find("reading remote state for workspace", asked) != std::string::npos &&
            console_->running()) {
            const RunResult probe = ws.terraform(lock_probe);
            if (probe.output().find(lock_error) == std::string::npos)
                throw E2eError("terraform console took the state lock, yet another command could take it:\n" +
                               probe.describe());
            return;
        }
        if (std::chrono::steady_clock::now() > deadline)
            throw E2eError("terraform console did not take the state lock within 60 s:\n" + read_text_file(console_->output_file()));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

TerraformConsoleLock::~TerraformConsoleLock() { release(); }

void TerraformConsoleLock::release() {
    if (!console_) return;
    const int exit_code = console_->finish();
    if (exit_code != 0)
        std::cerr << "TerraformConsoleLock: terraform console exited " << exit_code << ":\n"
                  << read_text_file(console_->output_file()) << "\n";
    console_.reset();
}

}  // namespace tfw::e2e
