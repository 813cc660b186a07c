// Questions on the terminal: a proposed move, and approval to apply.
#pragma once

#include <functional>
#include <string>

#include "tfw/cli/progress.hpp"
#include "tfw/core/match/match.hpp"
#include "tfw/core/policy/policy_decide.hpp"

namespace tfw::cli {

// Asks y/n per proposed move, or a for all the rest; q or end of input means no.
std::function<bool(const core::Move&, const core::Decision&)> make_move_prompt(ProgressLine& progress);

// Terraform's own question: only "yes" approves.
bool ask_apply_approval();

// The same form for another question (moving objects between root modules).
bool ask_approval(const std::string& question, const std::string& what_happens);

}  // namespace tfw::cli
