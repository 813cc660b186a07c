// One root module planned as `tfw plan` plans it: tfw's own lock on the root, the
// temporary files a killed run left removed, the convergence loop with tfw's temporary
// file of moved blocks, and that file removed again. The session keeps the lock and the
// private plan files until it ends, so that an apply applies exactly the plan it showed.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "tfw/shell/converge.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/temp_dir.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {

class RootPlanSession {
public:
    // Takes the root's lock (waiting as `wait` says) unless `held` is a lock the caller
    // holds for longer (tfw apply --root holds every root's for the whole run), and
    // removes what an interrupted run left, saying so in one line each.
    RootPlanSession(const std::filesystem::path& root_dir, const shell::LockWait& wait, const shell::RootLock* held,
                    const std::function<void(const std::string&)>& say);

    // The convergence loop; `request.plan_dir` is the session's own.
    shell::ConvergeResult converge(shell::Terraform& terraform, shell::PlanRequest request);

private:
    std::filesystem::path root_dir_;
    std::optional<shell::RootLock> own_lock_;
    shell::TempDir temp_;
};

// Before a command tfw hands to terraform: removes what an interrupted run left, unless
// another tfw run holds the root (its temporary file is live then).
void remove_stale_files_unless_busy(const std::filesystem::path& root_dir,
                                    const std::function<void(const std::string&)>& say);

}  // namespace tfw::app
