// `tfw plan --root DIR --write`: the moves between root modules written as code, for
// Terraform 1.7 and later (core/roots/cross_root_declarative.hpp). Each move that can be written
// so is tried first: every root involved is planned again with its own moves (as moved
// blocks) and the removed and import blocks in tfw's temporary file, and only what
// Terraform confirms is kept, to a fixed point. Then each root's moved blocks and its
// removed/import blocks are appended to its --moved-file, in the root module's own
// directory. The report says what was written, and why each other move was not.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "tfw/cli/args.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/shell/converge.hpp"

namespace tfw::cli {

struct DeclarativeRoot {
    std::filesystem::path dir;
    std::string name;  // as the user gave it
    std::vector<std::string> global_args;
    const shell::ConvergeResult* result = nullptr;  // the root's own loop
    const core::Plan* plan = nullptr;               // show -json of its final plan
};

// Returns the report's text; throws when a file cannot be written.
std::string write_moves_as_blocks(const Invocation& invocation, const PlanArgs& args,
                                  const std::vector<DeclarativeRoot>& roots, const core::CrossRootResult& paired,
                                  const std::vector<core::RootCandidate>& candidates,
                                  const std::filesystem::path& terraform_binary);

}  // namespace tfw::cli
