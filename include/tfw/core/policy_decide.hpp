// Evaluating a policy: which of the moves the matcher found tfw applies on its own.
// A move that is not accepted is never written without a person saying yes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/match.hpp"
#include "tfw/core/policy.hpp"

namespace tfw::core {

enum class Verdict {
    accepted,  // an accept rule matched, no deny rule did, and it is within max_moves
    proposed,  // found, but no accept rule matched or it is over max_moves: ask or list
    denied,    // a deny rule matched, or no cross_type rule allows the migration: never moved
};

std::string_view to_string(Verdict verdict);

struct Decision {
    Verdict verdict = Verdict::proposed;
    // The rule that decided, with its location, or why none did:
    // `accept[0] at .tfw.yaml:3:5`, `deny[1] (type aws_kms_key) at .tfw.yaml:12:5`,
    // `no accept rule matches kind partial`, `over max_moves (50)`.
    std::string rule;

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

}  // namespace tfw::core
