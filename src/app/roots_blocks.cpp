#include "tfw/app/roots_blocks.hpp"

#include <exception>

#include "tfw/app/parallel.hpp"
#include "tfw/core/parse/plan_options.hpp"
#include "tfw/shell/root_blocks.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {

RootsBlocksSession::RootsBlocksSession(const std::vector<BlocksRoot>& roots, const shell::LockWait& lock_wait)
    : roots_(roots) {
    // No other tfw run may change these roots while tfw plans and writes them.
    std::vector<std::filesystem::path> dirs;
    for (const auto& root : roots_) dirs.push_back(root.dir);
    locks_.resize(roots_.size());
    for (std::size_t i : shell::lock_order(dirs))
        locks_[i] = std::make_unique<shell::RootLock>(roots_[i].dir, lock_wait);
}

core::DeclarativePlan RootsBlocksSession::confirm(core::DeclarativePlan planned, const std::vector<std::string>& plan_args,
                                                  const core::CrossRootResult& paired,
                                                  const std::vector<core::RootCandidate>& candidates,
                                                  const std::filesystem::path& terraform_binary) {
    // A removed block forgets its object unread, and an import reads the object it
    // imports whatever the refresh: the verdicts need none, and each root's own plan has
    // just refreshed the rest.
    const std::vector<std::string> args = core::without_refresh(plan_args);
    for (int round = 0; !planned.moves.empty(); ++round) {
        std::vector<shell::BlocksPlan> results(roots_.size());
        std::vector<std::size_t> involved;
        std::vector<std::vector<std::string>> blocks(roots_.size());
        for (std::size_t r = 0; r < roots_.size(); ++r) {
            blocks[r] = core::declarative_blocks_for(r, planned, paired, candidates);
            if (!blocks[r].empty()) involved.push_back(r);
        }
        std::vector<std::exception_ptr> errors;
        for_each_in_parallel(
            involved.size(),
            [&](std::size_t i) {
                const std::size_t r = involved[i];
                shell::Terraform terraform(terraform_binary, roots_[r].global_args);
                results[r] = shell::plan_with_blocks(
                    terraform, roots_[r].dir, roots_[r].moves_inside, blocks[r], args,
                    temp_.path() / ("blocks-" + std::to_string(r) + "-" + std::to_string(round) + ".tfplan"));
            },
            errors);
        shell::throw_if_interrupted();
        for (const auto& error : errors)
            if (error) std::rethrow_exception(error);

        std::vector<core::RootVerification> verifications(roots_.size());
        for (std::size_t r : involved)
            verifications[r] = {results[r].plan ? &*results[r].plan : nullptr, results[r].failure};
        core::DeclarativePlan judged = core::judge_declarative(planned, paired, candidates, verifications);
        if (judged.moves.size() == planned.moves.size()) return judged;
        planned = std::move(judged);
    }
    return planned;
}

}  // namespace tfw::app
