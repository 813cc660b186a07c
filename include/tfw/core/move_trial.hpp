// Judging a tentative move by the plan Terraform made with it injected. Terraform's plan
// is the judge of equality: a move stands on tfw's word only when its comparison was
// complete; otherwise only what Terraform then plans for the moved object counts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tfw/core/match.hpp"
#include "tfw/core/plan.hpp"
#include "tfw/core/plan_text.hpp"

namespace tfw::core {

enum class TrialOutcome {
    no_change,  // moved, and nothing else planned for it: the two were one object
    update,     // moved with an in-place update: a real difference
    replace,    // moved, then replaced: never a move worth making
    not_moved,  // Terraform did not carry the move out
};

struct TrialVerdict {
    TrialOutcome outcome = TrialOutcome::not_moved;
    // What Terraform would change, as it marks it (`~ description`), when the rendering says.
    std::vector<std::string> changes;

    bool operator==(const TrialVerdict&) const = default;
};

// From the human rendering: std::nullopt unless it positively shows what became of the
// move (a header for the new address that names the old one).
std::optional<TrialVerdict> judge_trial(const PlanTextSummary& summary, const Move& move);

// From `show -json` of the same plan: always an answer.
TrialVerdict judge_trial(const Plan& plan, const Move& move);

// `Terraform would update it in place (~ description)`, for explanations.
std::string describe(const TrialVerdict& verdict);

}  // namespace tfw::core
