// Evaluating a policy: which of the moves the matcher found tfw applies on its own.
// A move that is not accepted is never written without a person saying yes.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tfw/core/model/move.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline policy {

enum class Verdict {
    accepted,  // an accept rule matched, no deny rule did, and it is within max_moves
    proposed,  // found, but no accept rule matched or it is over max_moves: ask or list
    denied,    // a deny rule matched, or no cross_type rule allows the migration: never moved
};

std::string_view to_string(Verdict verdict);

// What decided a move, for the plain wording of verdict_words.
enum class DecidedBy {
    other,              // set outside decide_move (a person at the prompt): see `rule`
    accept_rule,        // policy.accept[i]
    deny_rule,          // policy.deny[i]
    no_cross_type_rule, // a type change no cross_type rule allows
    partial_threshold,  // a partial match less similar than partial.threshold
    no_accept_rule,     // no accept rule matches
    max_moves,          // an accept rule matched, but max_moves was reached
};

struct Decision {
    // Not an aggregate: `{verdict, rule}` stays complete without naming what decided.
    Decision() = default;
    Decision(Verdict verdict_, std::string rule_, DecidedBy by_ = DecidedBy::other, SourceLocation where_ = {})
        : verdict(verdict_), rule(std::move(rule_)), by(by_), where(std::move(where_)) {}

    Verdict verdict = Verdict::proposed;
    // The rule that decided, with its location, or why none did:
    // `accept[0] at .tfw.yaml:3:5`, `deny[1] (type aws_kms_key) at .tfw.yaml:12:5`,
    // `no accept rule matches kind partial`, `over max_moves (50)`.
    std::string rule;
    DecidedBy by = DecidedBy::other;
    // Where the deciding accept or deny rule stands; line 0 for the built-in default.
    SourceLocation where;

    bool operator==(const Decision&) const = default;
};

// One move on its own: deny rules first, then the cross_type allowance, then the first
// matching accept rule. Ignores max_moves, which depends on the other moves.
Decision decide_move(const Policy& policy, const Move& move);

// One decision per move, in the same order. max_moves keeps the first N accepted moves
// in that order and turns the rest into proposals; `already_accepted` moves of the same
// run (earlier iterations) count against it too.
std::vector<Decision> decide_moves(const Policy& policy, const std::vector<Move>& moves,
                                   std::size_t already_accepted = 0);

}  // namespace tfw::core::policy
