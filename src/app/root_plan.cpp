#include "tfw/app/root_plan.hpp"

#include "tfw/shell/moved_file_guard.hpp"

namespace tfw::app {

RootPlanSession::RootPlanSession(const std::filesystem::path& root_dir, const shell::LockWait& wait,
                                 const shell::RootLock* held, const std::function<void(const std::string&)>& say)
    : root_dir_(root_dir) {
    if (!held) own_lock_.emplace(root_dir, wait);
    const bool locked = held ? held->held() : own_lock_->held();
    for (const auto& stale : shell::remove_stale_moved_files(root_dir, locked))
        say("tfw: removed " + stale.string() + ", left by an interrupted tfw run");
}

shell::ConvergeResult RootPlanSession::converge(shell::Terraform& terraform, shell::PlanRequest request) {
    shell::MovedFileGuard guard(root_dir_);
    request.plan_dir = temp_.path();
    request.root_dir = root_dir_;
    shell::ConvergeResult result = shell::converge(terraform, guard, request);
    guard.remove();
    return result;
}

void remove_stale_files_unless_busy(const std::filesystem::path& root_dir,
                                    const std::function<void(const std::string&)>& say) {
    try {
        shell::RootLock root_lock(root_dir);
        for (const auto& stale : shell::remove_stale_moved_files(root_dir, root_lock.held()))
            say("tfw: removed " + stale.string() + ", left by an interrupted tfw run");
    } catch (const shell::RootBusy&) {
        // A tfw plan runs here: its moved file is live, and this command is terraform's.
    }
}

}  // namespace tfw::app
