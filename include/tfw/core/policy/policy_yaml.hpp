// Loading a policy from its YAML text. Strict: a policy decides what tfw changes on its
// own, so anything it does not understand is an error, never a guess.
// The schema is documented in config/policy.yaml.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline policy {

// what() is one line, `file:line:column: message`, 1-based, as compilers print.
struct PolicyError : std::runtime_error {
    PolicyError(SourceLocation where, std::string message);

    SourceLocation where;
    std::string message;
};

// `file_name` is only for messages and SourceLocation; nothing is read.
// Throws PolicyError.
Policy load_policy(std::string_view yaml_text, std::string file_name);

}  // namespace tfw::core::policy
