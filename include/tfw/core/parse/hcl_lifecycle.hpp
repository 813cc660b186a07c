// What a module's .tf file says of its resources' lifecycles that show -json leaves out:
// `ignore_changes`, which makes a plan with no change silent on those attributes.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "tfw/core/model/plan.hpp"
#include "tfw/core/parse/hcl_lexer.hpp"

namespace tfw::core::inline parse {

// The `ignore_changes` of each managed resource of one .tf file that has any, by
// `type.name`. Throws HclError (file:line:column) on text the lexer cannot scan, or on an
// `ignore_changes` that is neither `all` nor a list of attribute references.
std::map<std::string, IgnoredChanges> read_ignored_changes(std::string_view text, std::string_view file);

}  // namespace tfw::core::parse
