#include "tfw/cli/tidy_command.hpp"

#include <algorithm>
#include <iostream>

#include "tfw/core/tidy/tidy.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/moved_writer.hpp"
#include "tfw/shell/root_lock.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/temp_dir.hpp"
#include "tfw/shell/terraform.hpp"
#include "tfw/shell/tidy.hpp"

namespace tfw::cli {

std::string tidy_usage_text() {
    return "Usage: tfw [-chdir=DIR] tidy [--write] [--include-shared] [terraform plan options]\n\n"
           "Lists the moved blocks of the root module and of its local modules that no state\n"
           "needs any more, each with its file, line and the reason it can go or must stay.\n"
           "A block stays while any workspace's state (terraform workspace list, state pull)\n"
           "still has an object at its `from` address or under it, while any block of its chain\n"
           "does, and when replanning that workspace without it plans anything different.\n"
           "Blocks of a module other configurations use stay: removing them breaks consumers\n"
           "who have not applied them. No file changes without --write.\n\n"
           "Options:\n"
           "  --write             remove the blocks that can go (a file left empty is removed)\n"
           "  --include-shared    also remove blocks from shared modules: a directory outside\n"
           "                      the root module, or a git repository with a tag at HEAD\n"
           "  --backend-config=F  also read every workspace of the backend that\n"
           "                      `terraform init -backend-config=F` configures (repeatable: one\n"
           "                      per environment); --write requires them when the backend\n"
           "                      takes settings from -backend-config\n"
           "  --terraform-bin=P   terraform binary (else $TFW_TERRAFORM_BIN, else PATH)\n"
           "Terraform plan options (-var, -var-file) are passed to the plans that confirm a removal.\n";
}

namespace {

std::string join_names(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
}

}  // namespace

int run_tidy_command(const Invocation& invocation) {
    if (invocation.help) {
        std::cout << tidy_usage_text();
        return 0;
    }
    for (const auto& arg : invocation.terraform_args) {
        if (arg.empty() || arg[0] != '-') throw UsageError("unexpected argument \"" + arg + "\"; tfw tidy takes no positional arguments");
        // Its plans are only compared: a saved plan would be a file in the user's directory.
        if (arg == "-out" || arg.rfind("-out=", 0) == 0) throw UsageError("tfw tidy saves no plan: " + arg);
    }

    shell::SignalForwarding signals;
    const std::filesystem::path& root_dir = invocation.root_dir;
    shell::RootLock root_lock(root_dir);
    for (const auto& stale : shell::remove_stale_moved_files(root_dir, root_lock.held()))
        std::cerr << "tfw: removed " << stale.string() << ", left by an interrupted tfw run\n";

    core::ModuleDirs dirs = shell::read_module_dirs(root_dir);
    std::vector<core::TidyBlock> blocks = shell::find_tidy_blocks(root_dir, dirs);
    if (blocks.empty()) {
        std::cout << "tfw tidy: no moved blocks in the root module or its local modules\n";
        return 0;
    }

    shell::Terraform terraform(shell::resolve_terraform_binary(invocation.options.terraform_bin), invocation.global_args);
    // The initialised backend's states, and each environment's the user names.
    const std::vector<std::string> from_files = shell::settings_from_backend_config(root_dir);
    const auto& configs = invocation.options.backend_configs;
    if (!from_files.empty() && configs.empty() && invocation.options.write)
        throw std::runtime_error("the backend takes " + join_names(from_files) +
                                 " from -backend-config, so other environments' states may need these blocks and tfw "
                                 "cannot see them: name each environment's file with --backend-config FILE (repeatable)");
    shell::TempDir scratch;
    std::vector<shell::TidyTerraform> runs = {{terraform, invocation.terraform_args, {}, ""}};
    for (std::size_t i = 0; i < configs.size(); ++i)
        runs.push_back(shell::initialise_backend_config(terraform, invocation.terraform_args, root_dir, configs[i],
                                                        scratch.path() / ("backend-" + std::to_string(i))));
    std::vector<core::WorkspaceState> states;
    std::vector<std::vector<std::string>> workspaces_of(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        for (auto& state : shell::read_workspace_states(runs[i])) {
            workspaces_of[i].push_back(state.workspace.substr(runs[i].label.size()));
            states.push_back(std::move(state));
        }
    }
    std::vector<core::TidyVerdict> verdicts = core::decide_tidy(blocks, states, dirs, invocation.options.include_shared);
    for (std::size_t i = 0; i < runs.size(); ++i)
        shell::confirm_by_replanning(runs[i], root_dir, dirs, blocks, workspaces_of[i], verdicts);
    std::vector<std::string> read;
    for (const auto& state : states) read.push_back(state.workspace);
    std::cout << "tfw tidy: read the states of workspace" << (read.size() == 1 ? " " : "s ") << join_names(read) << "\n";
    if (!from_files.empty() && configs.empty())
        std::cout << "tfw tidy: the backend takes " << join_names(from_files)
                  << " from -backend-config: other environments' states were not read (--backend-config FILE names "
                     "them; --write requires it)\n";

    std::size_t removable = 0;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const core::MovedBlock& block = blocks[i].block;
        if (verdicts[i].remove) ++removable;
        std::cout << block.file << ":" << block.line << ": " << (verdicts[i].remove ? "can go" : "stays") << ": "
                  << core::to_string(block.from) << " -> " << core::to_string(block.to) << ": " << verdicts[i].reason
                  << "\n";
    }
    if (removable == 0) {
        std::cout << "tfw tidy: every moved block is still needed; nothing to remove\n";
        return 0;
    }
    if (!invocation.options.write) {
        std::cout << "tfw tidy: " << removable << " of " << blocks.size()
                  << " moved blocks can go; tfw tidy --write removes them\n";
        return 0;
    }
    shell::throw_if_interrupted();
    std::vector<std::string> changed = shell::remove_tidy_blocks(root_dir, blocks, verdicts);
    std::cout << "tfw tidy: removed " << removable << " moved block" << (removable == 1 ? "" : "s") << " from "
              << changed.size() << " file" << (changed.size() == 1 ? "" : "s") << "\n";
    return 0;
}

}  // namespace tfw::cli
