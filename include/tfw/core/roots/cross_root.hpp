// Moves between root modules, told per object: a deletion planned in one root and a
// creation planned in another that are the same real object. Each root has already had
// its own moves inferred; what is left over is paired by the same convergence engine,
// over the roots merged into one plan (core/roots/cross_root_plan), and judged by Terraform
// planning both roots against copies of their states with the object carried over.
// Pure: indices, not directories.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/attributes.hpp"
#include "tfw/core/converge/converge_engine.hpp"
#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline roots {

// A planned deletion or creation that no move inside its own root explains.
struct RootCandidate {
    std::size_t root = 0;      // the root module's index in the run
    std::string address;       // as Terraform prints it
    std::string type;          // resource type
    std::string provider;      // provider source: registry.terraform.io/hashicorp/aws
    bool is_deletion = false;
    Attributes values;         // a deletion's prior values, a creation's planned ones
};

// The managed plain deletions and creations of a root's final plan.
std::vector<RootCandidate> cross_root_candidates(const Plan& plan, std::size_t root);

struct CrossRootMove {
    std::size_t deletion = 0;  // index into the candidates
    std::size_t creation = 0;
    std::size_t equal_values = 0;  // known values of both compared (all equal for a move taken on values)
    // Why, in words, with Terraform's verdict and the policy's decision, roots named.
    std::string evidence;
};

struct CrossRootRefusal {
    std::size_t candidate = 0;  // the deletion left to be destroyed
    std::string reason;         // one line, roots named
};

struct CrossRootResult {
    std::vector<CrossRootMove> moves;      // confirmed by Terraform and accepted: migrated by apply --root
    std::vector<CrossRootMove> proposals;  // shown, never migrated: an update no policy rule accepts
    std::vector<CrossRootRefusal> refusals;  // by candidate index
};

// What the convergence engine between roots concluded (its addresses are the merged
// plan's, core/roots/cross_root_plan), told per candidate. A deletion the engine left without a
// move gets its reason; where only another type or another provider has its values, the
// reason says that, since no transfer between states changes either.
CrossRootResult cross_root_result(const std::vector<RootCandidate>& candidates, const ConvergeOutcome& outcome,
                                  const std::vector<std::string>& root_names);

}  // namespace tfw::core::roots
