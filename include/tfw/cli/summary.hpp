// What tfw itself says about a run, printed before Terraform's own plan.
#pragma once

#include <string>
#include <vector>

#include "tfw/shell/converge.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {

// The moves, the proposals, the moves terraform refused, the iteration count and the
// terraform runs; with `explain`, every unmatched deletion and creation and why.
// Empty when there is nothing to say, so a run without moves looks like terraform's.
std::string render_summary(const shell::ConvergeResult& result, const std::vector<shell::TerraformCall>& calls,
                           bool explain);

// `stopped the tie trials at …; left undecided: …`, when the policy's round limit did.
std::string trial_limit_note(const shell::ConvergeResult& result);

}  // namespace tfw::cli
