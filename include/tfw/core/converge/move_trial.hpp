// Judging a tentative move by the plan Terraform made with it injected. Terraform's plan
// is the judge of equality: a move stands on tfw's word only when its comparison was
// complete; otherwise only what Terraform then plans for the moved object counts.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/match/match.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline converge {

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
// move (a header for the new address that names the old one). `from_in_state` is the
// address the state holds the object at when the move's `from` is itself the end of a
// moved block already in the configuration (a chain a -> b -> c): Terraform then names
// that earliest address.
// A plan with no change says nothing of the attributes the new configuration ignores
// (`lifecycle { ignore_changes }`): where the move's remaining differences are among them,
// its verdict is the in-place update Terraform does not show, so that no change confirms
// only what Terraform compared. Not so for a move whose other known values tell it apart
// (Move::identity_beside_ignored): its no change is a no change. Any other verdict is
// returned as it is.
TrialVerdict with_ignored_differences(const TrialVerdict& verdict, const Move& move, const IgnoredChanges& ignored);

std::optional<TrialVerdict> judge_trial(const PlanTextSummary& summary, const Move& move,
                                        const std::optional<Address>& from_in_state = std::nullopt);

// From `show -json` of the same plan: always an answer.
TrialVerdict judge_trial(const Plan& plan, const Move& move, const std::optional<Address>& from_in_state = std::nullopt);

// What Terraform plans for an object that stays where it is (no move of its own): no
// change, an update, or a replace (any other change). From the rendering only when it was
// recognised, else std::nullopt.
std::optional<TrialVerdict> judge_staying(const PlanTextSummary& summary, const Address& address);
// From `show -json` of the same plan: always an answer.
TrialVerdict judge_staying(const Plan& plan, const Address& address);

// Whether the policy's ignore rules for `type` cover every attribute an update changes
// (as the verdict lists them), values computed at apply aside: only then is the update the
// difference the rules accepted, and an ignore-rules move keeps its kind. A verdict that
// does not say which attributes change is not covered.
bool ignore_rules_cover(const Policy& policy, std::string_view type, const TrialVerdict& verdict);

// `Terraform would update it in place (~ description)`, for explanations.
std::string describe(const TrialVerdict& verdict);

}  // namespace tfw::core::converge
