// `tfw tidy`, the part with effects: with tfw's lock on the root, the moved blocks of the
// root and its local modules are found, every workspace's state is read (of the
// initialised backend, and of each --backend-config the user names), the core decides
// which blocks no state needs (core/tidy/tidy.hpp), and each removal is confirmed by
// replanning without the block. The session holds the lock until it ends, after the write.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tfw/core/tidy/tidy.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/temp_dir.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {

struct TidyFindings {
    std::vector<core::TidyBlock> blocks;  // empty: nothing to tidy, nothing was read
    std::vector<core::TidyVerdict> verdicts;  // one per block
    std::vector<std::string> workspaces;      // every state read, by workspace
    // What the backend takes from -backend-config: other environments' states are not
    // readable unless named.
    std::vector<std::string> from_backend_config;
};

class TidySession {
public:
    // Waits for tfw's lock on the root as `wait` says (-lock-timeout).
    TidySession(const std::filesystem::path& root_dir, const shell::LockWait& wait,
                const std::function<void(const std::string&)>& say);

    // `terraform` is made only once there are blocks to judge. `write`: the user asked to
    // remove; then an unnamed environment is an error.
    TidyFindings find(const std::function<shell::Terraform()>& terraform, const std::vector<std::string>& plan_args,
                      const std::vector<std::string>& backend_configs, bool include_shared, bool write);

    // Removes the blocks the verdicts let go; returns the files changed.
    std::vector<std::string> remove(const TidyFindings& findings);

private:
    std::filesystem::path root_dir_;
    shell::RootLock lock_;
    shell::TempDir scratch_;
};

// What the command line asked of `tfw tidy`.
struct TidyRequest {
    std::filesystem::path root_dir = ".";
    std::vector<std::string> global_args;
    std::vector<std::string> plan_args;  // -var, -var-file, -lock-timeout: for the plans that confirm a removal
    std::vector<std::string> backend_configs;
    bool include_shared = false;
    bool write = false;
    std::string terraform_bin;
    shell::LockWait lock_wait;
};

struct TidyOutcome {
    TidyFindings found;
    std::vector<std::string> changed;  // the files --write changed, relative to the root
};

// The command line's side: `say` gets one line each (warnings, notes), `show` the
// findings before anything is removed.
struct TidyUi {
    std::function<void(const std::string&)> say;
    std::function<void(const TidyFindings&)> show;
};

// The whole story of `tfw tidy`: tfw's lock on the root, a migration cut short (a warning,
// or with --write a refusal: states in the middle of one do not say which blocks are
// needed), the findings, and with --write the removal.
TidyOutcome run_tidy_session(const TidyRequest& request, const TidyUi& ui);

}  // namespace tfw::app
