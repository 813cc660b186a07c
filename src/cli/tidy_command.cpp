#include "tfw/cli/tidy_command.hpp"

#include <algorithm>
#include <iostream>
#include <stdexcept>

#include "tfw/app/tidy_session.hpp"
#include "tfw/cli/plan_command.hpp"
#include "tfw/core/model/text.hpp"
#include "tfw/core/tidy/tidy.hpp"

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
           "Terraform plan options (-var, -var-file) are passed to the plans that confirm a removal;\n"
           "-lock-timeout=D also waits up to D for another tfw run in the root module to end.\n";
}

namespace {

// Each block with its verdict, and what --write would do; returns how many can go.
std::size_t show_findings(const app::TidyFindings& found, const TfwOptions& options) {
    const auto& blocks = found.blocks;
    const auto& verdicts = found.verdicts;
    if (blocks.empty()) {
        std::cout << "tfw tidy: no moved blocks in the root module or its local modules\n";
        return 0;
    }
    std::cout << "tfw tidy: read the states of workspace" << (found.workspaces.size() == 1 ? " " : "s ")
              << core::join(found.workspaces) << "\n";
    if (!found.from_backend_config.empty() && options.backend_configs.empty())
        std::cout << "tfw tidy: the backend takes " << core::join(found.from_backend_config)
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
    if (removable == 0)
        std::cout << "tfw tidy: every moved block is still needed; nothing to remove\n";
    else if (!options.write)
        std::cout << "tfw tidy: " << removable << " of " << blocks.size() << " moved blocks can go; tfw tidy --write removes them\n";
    std::cout << std::flush;
    return removable;
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

    // -lock-timeout waits for tfw's own lock on the root too, as for the state lock.
    const PlanArgs args = split_plan_args(invocation.terraform_args, false);
    app::TidyRequest request;
    request.root_dir = invocation.root_dir;
    request.global_args = invocation.global_args;
    request.plan_args = invocation.terraform_args;
    request.backend_configs = invocation.options.backend_configs;
    request.include_shared = invocation.options.include_shared;
    request.write = invocation.options.write;
    request.terraform_bin = invocation.options.terraform_bin;
    request.lock_wait = root_lock_wait(args);
    std::size_t removable = 0;
    app::TidyUi ui;
    ui.say = [](const std::string& line) { std::cerr << line << "\n"; };
    ui.show = [&](const app::TidyFindings& found) { removable = show_findings(found, invocation.options); };
    const app::TidyOutcome outcome = app::run_tidy_session(request, ui);
    if (outcome.found.blocks.empty() || removable == 0 || !invocation.options.write) return 0;
    std::cout << "tfw tidy: removed " << removable << " moved block" << (removable == 1 ? "" : "s") << " from "
              << outcome.changed.size() << " file" << (outcome.changed.size() == 1 ? "" : "s") << "\n";
    return 0;
}

}  // namespace tfw::cli
