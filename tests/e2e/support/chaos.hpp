// Shared by the chaos tests (tests/e2e/chaos_*_test.cpp): putting a root module back the
// way it was between rounds, collecting the processes a killed tfw leaves running, and
// recognising what tfw leaves behind when it cannot clean up.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "workspace.hpp"

namespace tfw::e2e {

// Makes the root module's user files exactly `files` again (a snapshot()): rewrites the
// changed ones, removes the added ones. Terraform's data dir and state are left alone.
void restore(const Workspace& ws, const Snapshot& files);

// Adopts the processes this test's children leave behind when they die (a killed tfw's
// terraform), so that the test can wait for them: PR_SET_CHILD_SUBREAPER for its lifetime.
class OrphanCollector {
public:
    OrphanCollector();
    ~OrphanCollector();
    OrphanCollector(const OrphanCollector&) = delete;
    OrphanCollector& operator=(const OrphanCollector&) = delete;

    // Waits until every remaining child of this process but its servers (an emulator:
    // is_server_process) has exited and reaps it; call it only when no other child of its
    // own runs. Returns how many; throws E2eError on timeout.
    int wait_for_orphans(std::chrono::seconds timeout = std::chrono::seconds(60));
};

// Writes a `terraform` wrapper into the workspace's scratch dir, for --terraform-bin, that
// kills its parent (tfw) with SIGKILL as soon as its first `state push` has succeeded,
// and marks that it did with the file `<its path>.fired`: a migration between roots cut
// short between its pushes for certain.
fs::path write_terraform_killing_tfw_after_its_first_push(const Workspace& ws);
// The same for the first terraform run whose arguments (` ARGS `, space-separated) match
// `pattern`, a shell `case` pattern: `*" init "*" -reconfigure "*`. `name` names the
// wrapper in the scratch dir.
fs::path write_terraform_killing_tfw_after(const Workspace& ws, const std::string& name, const std::string& pattern);
// The same, killing tfw as its first `state push` starts, before it runs: the journal is
// written and no state is pushed, which the next run rolls back.
fs::path write_terraform_killing_tfw_at_its_first_push(const Workspace& ws);

// Writes a `terraform` wrapper into the workspace's scratch dir, for --terraform-bin, that
// runs `sed -i SED_SCRIPT STATE_FILE` before its first `console` starts (in `tfw apply
// --root`, the console that takes the first state lock), then copies the file to
// `<its path>.changed`: someone else's change to a state after tfw planned the moves
// between roots and before it took the locks.
fs::path write_terraform_changing_a_state_before_the_locks(const Workspace& ws, const fs::path& state_file,
                                                           const std::string& sed_script);

// A file a tfw that was killed may leave in a module directory: its temporary moved file
// (`tfw-moved-<pid>.tf`) or a write cut short (`<file>.tfw-<pid>.tmp`).
bool is_tfw_leftover(std::string_view file_name);

// The number of lines of `text` (a last line without its newline counts).
std::size_t line_count(std::string_view text);

}  // namespace tfw::e2e
