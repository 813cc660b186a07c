#include "tfw/core/converge/company.hpp"

#include <algorithm>

namespace tfw::core::inline converge {

CompanyRelevance::CompanyRelevance(const Plan& plan) : prior_(plan.prior_dependencies) {
    for_each_reference(plan.configuration, [this](const std::string& referrer, const std::string& target) {
        references_[referrer].push_back(target);
    });
}

std::set<std::string> CompanyRelevance::dependencies_of(const MovePair& move) const {
    const std::string from = config_resource_address(move.first), to = config_resource_address(move.second);
    std::set<std::string> out = reachable_from(references_, {to});
    for (const std::string& end : {from, to})
        if (auto found = prior_.find(end); found != prior_.end()) out.insert(found->second.begin(), found->second.end());
    out.erase(from);
    out.erase(to);
    return out;
}

std::set<MovePair> CompanyRelevance::company_of(const MovePair& move, const std::vector<MovePair>& injected) const {
    const std::set<std::string> dependencies = dependencies_of(move);
    std::set<MovePair> out;
    for (const auto& other : injected)
        if (other != move && (dependencies.count(config_resource_address(other.first)) ||
                              dependencies.count(config_resource_address(other.second))))
            out.insert(other);
    return out;
}

bool company_changed(const MovePair& move, const Withdrawal& withdrawal, const std::vector<MovePair>& standing,
                     const CompanyRelevance& relevance) {
    const bool one_it_fell_with_stands = std::any_of(standing.begin(), standing.end(), [&](const MovePair& s) {
        return withdrawal.fell_with.count(s) > 0;
    });
    return one_it_fell_with_stands || relevance.company_of(move, standing) != withdrawal.company;
}

std::vector<MovePair> stale_withdrawals(const std::map<MovePair, Withdrawal>& withdrawals,
                                        const std::vector<MovePair>& standing, const CompanyRelevance& relevance,
                                        int max_retries) {
    // A standing move that takes the withdrawn move's object or its new address stands in
    // its place: the final plan judges that one, and the withdrawn move cannot join it.
    auto superseded = [&](const MovePair& move) {
        return std::any_of(standing.begin(), standing.end(),
                           [&](const MovePair& s) { return s.first == move.first || s.second == move.second; });
    };
    std::vector<MovePair> out;
    for (const auto& [move, withdrawal] : withdrawals)
        if (!withdrawal.final && withdrawal.retries < max_retries && !superseded(move) &&
            company_changed(move, withdrawal, standing, relevance))
            out.push_back(move);
    return out;
}

}  // namespace tfw::core::converge
