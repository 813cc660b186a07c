// Making two runs overlap for certain, not by timing: terraform behind a gate script that
// holds a `plan` until the test opens the gate.
#pragma once

#include <filesystem>
#include <functional>

#include "workspace.hpp"

namespace tfw::e2e {

// Writes a terraform wrapper into the workspace's scratch dir and returns its path (for
// TFW_TERRAFORM_BIN). With TFW_TEST_GATE set, the `plan` it is waiting for (any plan, or
// with TFW_TEST_GATE_WHEN=injected one that sees tfw's injected file; or the command
// TFW_TEST_GATE_COMMAND names instead of plan, such as console) touches
// $TFW_TEST_GATE/entered and waits for $TFW_TEST_GATE/open, then execs the real
// terraform. It gives up after two minutes, so a failed test leaves no script looping.
fs::path write_gated_terraform(const Workspace& ws);

// Waits up to two minutes for `done()` while `process` runs: false if it exits first or
// the time runs out.
bool wait_while_running(BackgroundProcess& process, const std::function<bool()>& done);

// Waits for `file` to exist while `process` runs.
bool wait_for_file(const fs::path& file, BackgroundProcess& process);

}  // namespace tfw::e2e
