// Processes whose input stays open until the test ends it: a `terraform console` holding a
// root's state lock as another user's run would, and tfw waiting at its prompt.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tfw/shell/process.hpp"
#include "workspace.hpp"

namespace tfw::e2e {

// `program args` in the workspace's directory with its environment and `extra_env`,
// stdout and stderr into one file in its scratch dir (output_file()), and stdin open
// until finish().
std::unique_ptr<shell::BackgroundProcess> start_with_open_input(
    const Workspace& ws, const fs::path& program, const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, std::string>>& extra_env = {});

// Another run holding the root module's state lock, for real: `terraform console` with
// its input kept open takes the state lock with any backend that locks and holds it until
// its input ends (TERRAFORM.md); its lock shows `Operation: OperationTypeInvalid`.
class TerraformConsoleLock {
public:
    // Returns once the console's trace log says it took the lock and another command is
    // then refused it. Throws E2eError with the reason otherwise (within 60 s).
    explicit TerraformConsoleLock(const Workspace& ws);
    ~TerraformConsoleLock();
    TerraformConsoleLock(const TerraformConsoleLock&) = delete;
    TerraformConsoleLock& operator=(const TerraformConsoleLock&) = delete;

    // Ends the console's input and waits until it has exited, releasing the lock.
    void release();

private:
    std::unique_ptr<shell::BackgroundProcess> console_;
};

}  // namespace tfw::e2e
