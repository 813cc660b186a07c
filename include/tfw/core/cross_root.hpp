// Pairing across root modules: a deletion planned in one root with a creation planned in
// another, when both are the same real object. Each root has already had its own moves
// inferred (inside a root nothing changes); what is left over is paired here with the
// same certainty rules: equal known values, the same resource type and the same provider
// source, and unique pairs only. A tie moves nothing. Pure: indices, not directories.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tfw/core/address.hpp"
#include "tfw/core/attributes.hpp"
#include "tfw/core/plan.hpp"

namespace tfw::core {

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
    std::size_t equal_values = 0;  // known values compared, all equal
};

struct CrossRootRefusal {
    enum class Kind {
        no_counterpart,     // no creation in another root has its values
        no_known_values,    // nothing known to compare: equal proves nothing
        type_mismatch,      // equal values, but only under another resource type
        provider_mismatch,  // equal values and type, but another provider source
        tie,                // several counterparts are equally likely
    };
    std::size_t candidate = 0;  // the deletion (or, for a tie, the creation) refused
    Kind kind = Kind::no_counterpart;
    std::vector<std::size_t> others;  // the candidates behind the reason, sorted
};

struct CrossRootResult {
    std::vector<CrossRootMove> moves;          // by deletion index
    std::vector<CrossRootRefusal> refusals;    // by candidate index
};

CrossRootResult pair_across_roots(const std::vector<RootCandidate>& candidates);

// One line of why a refusal stands: "tie: 2 creations in other roots are equally likely".
std::string refusal_reason(const CrossRootRefusal& refusal, const std::vector<RootCandidate>& candidates,
                           const std::vector<std::string>& root_names);

}  // namespace tfw::core
