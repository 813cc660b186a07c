// Which policy a run uses: --policy, else .tfw.yaml in the root module, else the
// built-in defaults.
#pragma once

#include <filesystem>
#include <string>

#include "tfw/core/policy/policy.hpp"

namespace tfw::app {

// `policy_file` is --policy's file ("" when not given). Throws core::PolicyError
// (file:line:column) or std::runtime_error (an unreadable file, or root).
core::Policy load_policy_file(const std::filesystem::path& root_dir, const std::string& policy_file);

}  // namespace tfw::app
