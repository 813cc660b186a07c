// `tfw plan --root DIR --write`, the part with effects: the moves between roots written
// as removed and import blocks are first planned (core/roots/cross_root_declarative.hpp).
// Every root the blocks touch is planned with them and with its own moves, in parallel
// (at most one per core), and only what Terraform confirms is kept, to a fixed point: the
// blocks written are exactly the blocks planned. The session holds every root's tfw lock
// from before those plans until it ends, after the writes.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/core/roots/cross_root_declarative.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/temp_dir.hpp"

namespace tfw::app {

struct BlocksRoot {
    std::filesystem::path dir;
    std::vector<std::string> global_args;  // with -chdir
    std::vector<std::pair<core::Address, core::Address>> moves_inside;  // its own moves, as moved blocks
};

class RootsBlocksSession {
public:
    RootsBlocksSession(const std::vector<BlocksRoot>& roots, const shell::LockWait& lock_wait);

    // What Terraform confirms of `planned`, planned with the user's plan options.
    core::DeclarativePlan confirm(core::DeclarativePlan planned, const std::vector<std::string>& plan_args,
                                  const core::CrossRootResult& paired, const std::vector<core::RootCandidate>& candidates,
                                  const std::filesystem::path& terraform_binary);

private:
    std::vector<BlocksRoot> roots_;
    std::vector<std::unique_ptr<shell::RootLock>> locks_;
    shell::TempDir temp_;
};

}  // namespace tfw::app
