#include "tfw/app/tidy_session.hpp"

#include <algorithm>
#include <stdexcept>

#include "tfw/app/migration_guard.hpp"

#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/moved_writer.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/tidy.hpp"
#include "tfw/core/model/text.hpp"
#include "tfw/core/parse/plan_options.hpp"

namespace tfw::app {
TidySession::TidySession(const std::filesystem::path& root_dir, const shell::LockWait& wait,
                         const std::function<void(const std::string&)>& say)
    : root_dir_(root_dir), lock_(root_dir, wait) {
    for (const auto& stale : shell::remove_stale_moved_files(root_dir, lock_.held()))
        say("tfw: removed " + stale.string() + ", left by an interrupted tfw run");
}

TidyFindings TidySession::find(const std::function<shell::Terraform()>& make_terraform, const std::vector<std::string>& plan_args,
                               const std::vector<std::string>& backend_configs, bool include_shared, bool write) {
    TidyFindings out;
    core::ModuleDirs dirs = shell::read_module_dirs(root_dir_);
    out.blocks = shell::find_tidy_blocks(root_dir_, dirs);
    if (out.blocks.empty()) return out;
    shell::Terraform terraform = make_terraform();
    // The initialised backend's states, and each environment's the user names.
    out.from_backend_config = shell::settings_from_backend_config(root_dir_);
    if (!out.from_backend_config.empty() && backend_configs.empty() && write)
        throw std::runtime_error("the backend takes " + core::join(out.from_backend_config) +
                                 " from -backend-config, so other environments' states may need these blocks and tfw "
                                 "cannot see them: name each environment's file with --backend-config FILE (repeatable)");
    // Its plans are only compared, with and without blocks that move no object of any
    // state: a refresh would read the same objects on both sides, and change no verdict.
    const std::vector<std::string> compared = core::without_refresh(plan_args);
    std::vector<shell::TidyTerraform> runs = {{terraform, compared, {}, ""}};
    for (std::size_t i = 0; i < backend_configs.size(); ++i)
        runs.push_back(shell::initialise_backend_config(terraform, compared, root_dir_, backend_configs[i],
                                                        scratch_.path() / ("backend-" + std::to_string(i))));
    std::vector<core::WorkspaceState> states;
    std::vector<std::vector<std::string>> workspaces_of(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        for (auto& state : shell::read_workspace_states(runs[i])) {
            workspaces_of[i].push_back(state.workspace.substr(runs[i].label.size()));
            states.push_back(std::move(state));
        }
    }
    out.verdicts = core::decide_tidy(out.blocks, states, dirs, include_shared);
    for (std::size_t i = 0; i < runs.size(); ++i)
        shell::confirm_by_replanning(runs[i], root_dir_, dirs, out.blocks, workspaces_of[i], out.verdicts);
    for (const auto& state : states) out.workspaces.push_back(state.workspace);
    return out;
}

std::vector<std::string> TidySession::remove(const TidyFindings& findings) {
    shell::throw_if_interrupted();
    return shell::remove_tidy_blocks(root_dir_, findings.blocks, findings.verdicts);
}

TidyOutcome run_tidy_session(const TidyRequest& request, const TidyUi& ui) {
    shell::SignalForwarding signals;
    const auto say = [&ui](const std::string& line) {
        if (ui.say) ui.say(line);
    };
    TidySession session(request.root_dir, request.lock_wait, say);
    // States in the middle of a migration do not say which blocks are still needed.
    if (const auto cut_short = migration_cut_short(request.root_dir)) {
        if (request.write) throw std::runtime_error(*cut_short + "; tfw tidy --write removes nothing until then");
        say("tfw: warning: " + *cut_short);
    }
    auto terraform = [&request] {
        return shell::Terraform(shell::resolve_terraform_binary(request.terraform_bin), request.global_args);
    };
    TidyOutcome outcome;
    outcome.found = session.find(terraform, request.plan_args, request.backend_configs, request.include_shared, request.write);
    if (ui.show) ui.show(outcome.found);
    const auto& verdicts = outcome.found.verdicts;
    const bool removable = std::any_of(verdicts.begin(), verdicts.end(), [](const core::TidyVerdict& v) { return v.remove; });
    if (request.write && removable) outcome.changed = session.remove(outcome.found);
    return outcome;
}

}  // namespace tfw::app
