// `tfw moves PLAN`, the use case: a saved plan (shown by terraform), its `show -json`, or
// that JSON on stdin, matched as `tfw plan` matches and decided by the run's policy,
// without planning. It prints nothing: the command line renders the report.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tfw/core/policy/policy.hpp"
#include "tfw/core/render/moves_format.hpp"

namespace tfw::app {

struct MovesRequest {
    std::filesystem::path root_dir = ".";  // the plan file is named relative to it
    std::vector<std::string> global_args;  // -chdir=DIR, for terraform show
    std::string plan;                      // a file, or "-" for stdin
    std::string terraform_bin;
    std::string policy_file;
};

// Throws std::runtime_error (one line) when the plan cannot be read or shown, with
// terraform's own error passed to `terraform_stderr` first. `say` gets a warning line.
core::MovesReport infer_moves(const MovesRequest& request, const std::function<void(const std::string&)>& say,
                              const std::function<void(const std::string&)>& terraform_stderr);

}  // namespace tfw::app
