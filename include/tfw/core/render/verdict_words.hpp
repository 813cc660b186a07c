// Every verdict tfw prints for people, in a Terraform user's words: which rule let a
// move in or kept it out (the policy file and line, or the built-in default by what it
// means), and what the evidence was. The precise data (kind, rule id, raw evidence) stays
// in --report and -json; the default output, --explain and the Markdown report say it
// this way. New verdicts get their wording here, with a row in verdict_words_test.
#pragma once

#include <string>
#include <string_view>

#include "tfw/core/match/match.hpp"
#include "tfw/core/policy/policy_decide.hpp"

namespace tfw::core::inline render {

// The matcher's evidence (`3 known attribute values equal; name unknown until apply;
// Terraform plans it with no change`) in plain words: `all 3 known values are equal;
// name is a value unknown until apply; Terraform planned it with no change`. A clause
// it has no wording for is kept as it is.
std::string plain_evidence(std::string_view evidence);

// Why the move is in or out: `accepted by default: every known value is equal`,
// `accepted by the policy rule at .tfw.yaml:3`, `denied by the policy rule at
// .tfw.yaml:12`, `proposed, not accepted: no accept rule matches kind partial`,
// `accepted at the prompt; the policy alone would not: ...`. An accepted partial move
// says what Terraform will still update.
std::string plain_decision(const Move& move, const Decision& decision);

// One line for a move the policy judged: its evidence, then its decision.
std::string plain_verdict(const Move& move, const Decision& decision);

// A move tfw tried and gave up, from the reason the loop recorded: `withdrawn:
// Terraform would replace it (input); tried because input is unknown until apply`
// becomes `withdrawn after Terraform's plan: Terraform would replace it (input); it was
// only tried because input is a value unknown until apply`; Terraform's own refusal
// (a diagnostic) becomes `refused by Terraform: Moved object still exists`.
std::string plain_dropped(std::string_view reason);

// Why an object stays a destroy or a create (match_explain's reason), in plain words;
// a tie says that several objects match it equally and nothing tells them apart.
std::string plain_unmatched(std::string_view reason);

}  // namespace tfw::core::render
