// Reading Terraform's machine-readable UI stream (`terraform plan -json`: one JSON object
// per line) into the same summary the human scan gives (plan_text.hpp). The stream is
// versioned, so it is recognised only when it says it is UI format 1.x and closes with a
// change_summary; anything else is an unknown rendering, which never means "no moves".
#pragma once

#include <string_view>

#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::inline parse {

// Headers from `planned_change` (action move, create, delete, replace, update, read,
// remove), counts from `change_summary`; other lines and lines that do not parse are
// skipped.
PlanTextSummary scan_plan_stream(std::string_view json_lines);

}  // namespace tfw::core::parse
