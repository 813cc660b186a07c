// Which policy a run uses: --policy, else .tfw.yaml in the root module, else the
// built-in defaults.
#pragma once

#include "tfw/cli/args.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::cli {

// Throws core::PolicyError (file:line:column) or std::runtime_error (unreadable file).
core::Policy load_policy_file(const Invocation& invocation);

}  // namespace tfw::cli
