// `--report=FILE --report-format=markdown`: a short summary of the run that a CI job can
// post on a pull request: the moves with their evidence, what was proposed and not
// accepted, what Terraform refused, what stays a destroy (or a create) and why, and the
// final plan's counts. Like the JSON report, it holds addresses, attribute paths and
// tfw's reasons, never an attribute value.
#pragma once

#include <string>
#include <vector>

#include "tfw/core/render/cross_root_json.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/converge.hpp"

namespace tfw::cli {

// `final_plan`: the scan of the final plan's output (text or stream), for its counts and
// for the destroys no analysis looked at.
std::string render_markdown_report(const shell::ConvergeResult& result, const core::PlanTextSummary& final_plan);

// The same for several root modules (tfw plan/apply --root): each root's moves inside it,
// then the moves between roots and the deletions left unpaired, with the reason.
std::string render_roots_markdown_report(const std::vector<core::RootMoves>& roots, const core::CrossRootResult& result,
                                         const std::vector<core::RootCandidate>& candidates);

}  // namespace tfw::cli
