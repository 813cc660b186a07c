// A candidate move: a planned deletion and a planned creation tfw believes are one
// object, with how it found them (the kind) and its evidence in words. The matcher
// proposes moves, the policy decides on them, Terraform judges them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tfw/core/model/address.hpp"

namespace tfw::core::inline model {

// How a deletion and a creation were found to be one object.
enum class MatchKind {
    exact,         // every comparable attribute equal
    ignore_rules,  // equal once the policy's ignore rules are applied
    confirmed,     // known values differ, yet Terraform plans the moved object with no change
    partial,       // similar above the policy's threshold; an update remains
    cross_type,    // different resource types, allowed by a cross_type rule
};

// The policy-file spelling: exact, ignore, confirmed, partial, cross_type.
std::string_view to_string(MatchKind kind);
std::optional<MatchKind> parse_match_kind(std::string_view name);

struct Move {
    Address from;
    Address to;
    MatchKind kind = MatchKind::exact;
    // Why tfw believes the pair is one object, in words (`4 attributes equal`, ...).
    std::string evidence;
    // Paths that still differ: the in-place update a partial match leaves behind.
    std::vector<std::string> remaining_differences;
    // True when dependency evidence, not attributes alone, made the pairing unique.
    bool by_dependency = false;
    // True when the pair was resolved out of a tie (by dependencies or by elimination): it
    // stands or falls with the other pairings resolved out of its tie.
    bool from_tie = false;
    // The other candidates of that tie, deletions and creations: the pairings it stands or
    // falls with are those that share one of them.
    std::vector<Address> tied_with;
    // True when the pairing is a guess to try, not evidence (it takes the keys its
    // referent's moves took): it stands on no change alone, never on an update a policy
    // would take as partial.
    bool guessed = false;
    // The resources (config addresses) whose dependencies vouched for the pairing: once
    // the move is in, they must plan no change, or the pairing was wrong.
    std::vector<std::string> witnesses;
    // Why tfw's own comparison cannot settle the pair, when it cannot (`name is unknown
    // until apply`, `chosen by reference structure`, `differs in description`). Such a
    // move is tentative: it is injected on trial and stands only if Terraform then plans
    // the moved object with no change, or, for a real difference, with an in-place update
    // the policy accepts. Empty: certain on tfw's comparison alone.
    std::string tentative_because;
    // Set once Terraform planned the moved object with no change.
    bool confirmed_by_terraform = false;
    // Every difference lies where the new configuration ignores changes (`ignore_changes
    // = [desired_count]`, a count an autoscaler owns), and the other known values, equal
    // and not all zero values, tell the pair apart as an exact pair's would: Terraform's
    // no change is then a no change, not the update it hides (match_ignored.cpp).
    bool identity_beside_ignored = false;
    // The share of compared known values that are equal (1 for an equal pair).
    double similarity = 1.0;

    bool is_tentative() const { return !tentative_because.empty() && !confirmed_by_terraform; }

    bool operator==(const Move&) const = default;
};

// A move as the pair of its old and new addresses: what the engine and its verdicts key by.
using MovePair = std::pair<Address, Address>;

}  // namespace tfw::core::model
