// A verdict holds only for the company it was made in. What Terraform plans for a moved
// object depends on which of the objects it depends on moved with it: a dependent plans
// no change only when the object whose id it holds moved too, and a
// `replace_triggered_by` fires when the object it names is moved and changed. So each
// verdict records its company (the moves of its plan that object depends on), and a
// withdrawal is tried again once the moves that stand give it another company.
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/model/move.hpp"

namespace tfw::core::inline converge {

class CompanyRelevance {
public:
    CompanyRelevance() = default;
    // From a shown plan: what each configuration refers to, and what each object of the
    // prior state depends on (its `depends_on`, where `replace_triggered_by` targets are
    // too; the configuration JSON omits them).
    explicit CompanyRelevance(const Plan& plan);

    // The moves of `injected` that can change what Terraform plans for `move`: those whose
    // object `move`'s object depends on, by its new configuration (through references, at
    // any depth) or by its prior state, at either end of the move.
    std::set<MovePair> company_of(const MovePair& move, const std::vector<MovePair>& injected) const;

private:
    std::set<std::string> dependencies_of(const MovePair& move) const;

    ReferenceEdges references_;
    std::map<std::string, std::vector<std::string>> prior_;
};

// A move taken out of the moves that stand, and the verdict that took it out.
struct Withdrawal {
    std::set<MovePair> company;  // the moves that verdict was made with, as company_of says
    int retries = 0;             // times tried again in another company
    bool final = false;          // a person's answer, a policy's deny, Terraform's refusal: never tried again
    // Withdrawn for no verdict of its own: these pairings, resolved out of its tie with it,
    // fell in that plan. Once one of them stands again, it is tried again.
    std::set<MovePair> fell_with;
};

// Whether the moves that stand give the withdrawal another company than its verdict was
// made in: other moves it depends on, or a pairing it fell with now standing.
bool company_changed(const MovePair& move, const Withdrawal& withdrawal, const std::vector<MovePair>& standing,
                     const CompanyRelevance& relevance);

// The withdrawals whose company the moves that stand (`standing`) no longer give them:
// their verdict says nothing about the final plan, so they are tried again, each at most
// `max_retries` times. In the order of `withdrawals`. A withdrawal whose object or new
// address a standing move takes is not among them: twins paired otherwise by their trials
// leave the withdrawn pairings nothing to stand in.
std::vector<MovePair> stale_withdrawals(const std::map<MovePair, Withdrawal>& withdrawals,
                                        const std::vector<MovePair>& standing, const CompanyRelevance& relevance,
                                        int max_retries);

}  // namespace tfw::core::converge
