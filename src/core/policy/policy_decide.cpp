#include "tfw/core/policy/policy_decide.hpp"

#include <algorithm>

namespace tfw::core::inline policy {
namespace {

std::string type_of(const Address& address) { return address.resource ? address.resource->type : ""; }

bool changes_type(const Move& move) { return type_of(move.from) != type_of(move.to); }

// The address and every module call, module instance and resource containing it, so a
// deny of `module.db` or `aws_db_instance.main` covers what Terraform would say they
// contain.
std::vector<std::string> enclosing_addresses(const Address& address) {
    std::vector<std::string> out;
    Address prefix;
    for (const ModuleStep& step : address.module) {
        if (!step.key.empty()) {
            Address call = prefix;
            call.module.push_back({step.name, InstanceKey::none()});
            out.push_back(to_string(call));
        }
        prefix.module.push_back(step);
        out.push_back(to_string(prefix));
    }
    if (address.resource) {
        Address resource = prefix;
        resource.resource = *address.resource;
        if (!address.resource->key.empty()) {
            resource.resource->key = InstanceKey::none();
            out.push_back(to_string(resource));
            resource.resource->key = address.resource->key;
        }
        out.push_back(to_string(resource));
    }
    return out;
}

bool any_glob_matches(const std::vector<std::string>& globs, std::string_view text) {
    return std::any_of(globs.begin(), globs.end(), [&](const std::string& glob) { return glob_match(glob, text); });
}

bool deny_matches(const DenyRule& rule, const Move& move) {
    if (!rule.address_glob.empty()) {
        bool hit = false;
        for (const Address* address : {&move.from, &move.to})
            for (const std::string& text : enclosing_addresses(*address))
                hit = hit || glob_match(rule.address_glob, text);
        if (!hit) return false;
    }
    if (!rule.type_glob.empty() && !glob_match(rule.type_glob, type_of(move.from)) &&
        !glob_match(rule.type_glob, type_of(move.to)))
        return false;
    return true;
}

// A type change is the riskiest move there is: only a rule that names cross_type takes it.
bool accepts_kind(const AcceptRule& rule, const Move& move) {
    MatchKind kind = changes_type(move) ? MatchKind::cross_type : move.kind;
    if (rule.kinds.empty()) return kind != MatchKind::cross_type;
    return std::find(rule.kinds.begin(), rule.kinds.end(), kind) != rule.kinds.end();
}

bool accept_matches(const AcceptRule& rule, const Move& move) {
    if (!accepts_kind(rule, move)) return false;
    // Both ends must be covered: a rule for `aws_*` does not take a move out of `aws_*`.
    for (const Address* address : {&move.from, &move.to}) {
        if (!rule.type_globs.empty()) {
            std::string type = type_of(*address);
            if (type.empty() || !any_glob_matches(rule.type_globs, type)) return false;
        }
        if (!rule.module_globs.empty() && !any_glob_matches(rule.module_globs, to_string(module_of(*address))))
            return false;
    }
    return true;
}

std::string describe(const DenyRule& rule) {
    std::string what;
    if (!rule.address_glob.empty()) what = "address " + rule.address_glob;
    if (!rule.type_glob.empty()) what += (what.empty() ? "" : ", ") + std::string("type ") + rule.type_glob;
    return what;
}

// `accept[0] at .tfw.yaml:3:5`; rules built in code may have no location.
std::string located(std::string what, const SourceLocation& where) {
    if (where.file.empty()) return what;
    return what + " at " + to_string(where);
}

std::string module_name(const ModulePath& path) { return path.empty() ? "the root module" : to_string(path); }

std::string no_accept_reason(const Policy& policy, const Move& move) {
    std::string kind(to_string(changes_type(move) ? MatchKind::cross_type : move.kind));
    std::string reason = "no accept rule matches kind " + kind;
    bool kind_listed = std::any_of(policy.accept.begin(), policy.accept.end(),
                                   [&](const AcceptRule& rule) { return accepts_kind(rule, move); });
    if (!kind_listed) return reason;

    // Some rule takes the kind, so its types or modules ruled the move out: say which.
    std::string from_type = type_of(move.from), to_type = type_of(move.to);
    if (from_type == to_type && !from_type.empty()) reason += " for type " + from_type;
    if (from_type != to_type) reason += " for type " + from_type + " -> " + to_type;
    ModulePath from_module = module_of(move.from), to_module = module_of(move.to);
    if (from_module == to_module) return reason + " in " + module_name(from_module);
    return reason + " from " + module_name(from_module) + " to " + module_name(to_module);
}

}  // namespace

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::accepted: return "accepted";
        case Verdict::proposed: return "proposed";
        case Verdict::denied: return "denied";
    }
    return "proposed";
}

Decision decide_move(const Policy& policy, const Move& move) {
    for (std::size_t i = 0; i < policy.deny.size(); ++i) {
        const DenyRule& rule = policy.deny[i];
        if (deny_matches(rule, move))
            return {Verdict::denied, located("deny[" + std::to_string(i) + "] (" + describe(rule) + ")", rule.where),
                    DecidedBy::deny_rule, rule.where};
    }
    // The matcher only pairs allowed migrations; checking again keeps this the one place
    // that says yes.
    if (changes_type(move) && !cross_type_allowed(policy, type_of(move.from), type_of(move.to)))
        return {Verdict::denied, "no cross_type rule allows " + type_of(move.from) + " -> " + type_of(move.to),
                DecidedBy::no_cross_type_rule, {}};
    // A partial match leaves a real update behind: only as similar as the policy asks.
    if (move.kind == MatchKind::partial && move.similarity < policy.partial_threshold)
        return {Verdict::proposed, "similarity " + std::to_string(static_cast<int>(move.similarity * 100.0)) +
                                       "% is below partial.threshold (" +
                                       std::to_string(static_cast<int>(policy.partial_threshold * 100.0)) + "%)",
                DecidedBy::partial_threshold, {}};
    for (std::size_t i = 0; i < policy.accept.size(); ++i) {
        const AcceptRule& rule = policy.accept[i];
        if (accept_matches(rule, move))
            return {Verdict::accepted, located("accept[" + std::to_string(i) + "]", rule.where), DecidedBy::accept_rule,
                    rule.where};
    }
    return {Verdict::proposed, no_accept_reason(policy, move), DecidedBy::no_accept_rule, {}};
}

std::vector<Decision> decide_moves(const Policy& policy, const std::vector<Move>& moves,
                                   std::size_t already_accepted) {
    std::vector<Decision> decisions;
    decisions.reserve(moves.size());
    std::size_t accepted = already_accepted;
    for (const Move& move : moves) {
        Decision decision = decide_move(policy, move);
        if (decision.verdict == Verdict::accepted && policy.max_moves && accepted >= *policy.max_moves)
            decision = {Verdict::proposed, "over max_moves (" + std::to_string(*policy.max_moves) + ")",
                        DecidedBy::max_moves, {}};
        if (decision.verdict == Verdict::accepted) ++accepted;
        decisions.push_back(std::move(decision));
    }
    return decisions;
}

}  // namespace tfw::core::policy
