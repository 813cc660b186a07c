#include "tfw/cli/report_markdown.hpp"

#include "tfw/cli/summary.hpp"

#include <algorithm>
#include <set>

#include "tfw/core/write/collapse.hpp"
#include "tfw/core/render/moves_diagram.hpp"
#include "tfw/core/render/verdict_words.hpp"

namespace tfw::cli {
namespace {

// Inline code that survives any text: a fence longer than the longest backtick run in it.
std::string code(const std::string& text) {
    std::size_t longest = 0, run = 0;
    for (char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    std::string fence(longest + 1, '`');
    bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return fence + (pad ? " " : "") + text + (pad ? " " : "") + fence;
}

// Text in a table cell or a list item: one line, with no cell separator.
std::string inline_text(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n' || c == '\r') out += ' ';
        else if (c == '|') out += "\\|";
        else out += c;
    }
    return out;
}

std::string markdown_arrow(const core::Move& move) {
    return code(core::to_string(move.from)) + " → " + code(core::to_string(move.to));
}

std::string plural(std::size_t n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string counts(const core::PlanTextSummary& plan) {
    if (!plan.to_add || !plan.to_change || !plan.to_destroy) return "see Terraform's plan output";
    return std::to_string(*plan.to_add) + " to add, " + std::to_string(*plan.to_change) + " to change, " +
           std::to_string(*plan.to_destroy) + " to destroy";
}

}  // namespace

std::string render_markdown_report(const shell::ConvergeResult& result, const core::PlanTextSummary& final_plan) {
    std::string out = "### tfw: " + plural(result.moves.size(), "move") + " inferred\n\n";
    std::size_t moved = 0;
    for (const auto& header : final_plan.headers) moved += header.action == core::HeaderAction::move;
    out += "**Final plan:** " + counts(final_plan);
    if (moved) out += ", " + std::to_string(moved) + " moved without changes";
    out += ".\n";

    if (!result.moves.empty()) {
        // The picture draws the blocks --write would write (a module moved whole is one
        // edge); the table beside it lists every instance.
        std::vector<core::MoveBlock> instance_moves;
        for (const auto& move : result.moves) instance_moves.push_back({move.from, move.to});
        out += "\n```mermaid\n" +
               core::moves_flowchart(core::collapse_moves(instance_moves, result.prior_objects, &result.configuration)) +
               "```\n";
        out += "\n| Moved from | To | Evidence |\n|---|---|---|\n";
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            const auto& move = result.moves[i];
            std::string evidence = i < result.move_decisions.size() ? core::plain_verdict(move, result.move_decisions[i])
                                                                    : core::plain_evidence(move.evidence);
            // GitHub splits cells at a "|" even inside code, unless it is escaped.
            out += "| " + inline_text(code(core::to_string(move.from))) + " | " + inline_text(code(core::to_string(move.to))) + " | " +
                   inline_text(evidence) + " |\n";
        }
    }
    if (!result.proposals.empty()) {
        out += "\n**Proposed, not accepted by the policy** (left as destroy and create):\n\n";
        for (const auto& proposal : result.proposals)
            out += "- " + markdown_arrow(proposal.move) + ": " + inline_text(core::plain_verdict(proposal.move, proposal.decision)) + "\n";
    }
    if (!result.dropped.empty()) {
        out += "\n**Refused or withdrawn** (left as destroy and create):\n\n";
        for (const auto& dropped : result.dropped)
            out += "- " + markdown_arrow(dropped.move) + ": " + inline_text(core::plain_dropped(dropped.reason)) + "\n";
    }

    std::set<std::string> explained;
    std::string destroys, creates;
    for (const auto& entry : result.unmatched) {
        std::string address = core::to_string(entry.address);
        explained.insert(address);
        std::string line = "- " + code(address) + ": " + inline_text(core::plain_unmatched(entry.reason));
        for (const auto& candidate : entry.candidates) {
            line += "; candidate " + code(core::to_string(candidate.other));
            if (!candidate.differing_paths.empty()) {
                line += " differs in ";
                for (std::size_t i = 0; i < candidate.differing_paths.size(); ++i)
                    line += (i ? ", " : "") + code(candidate.differing_paths[i]);
            }
            if (!candidate.note.empty()) line += " (" + inline_text(core::plain_evidence(candidate.note)) + ")";
        }
        (entry.is_deletion ? destroys : creates) += line + "\n";
    }
    // Destroys the loop never analysed: the cheap look at the plan found nothing they could pair with.
    for (const auto& header : final_plan.headers)
        if (header.action == core::HeaderAction::destroy && !header.deposed && !explained.count(header.address))
            destroys += "- " + code(header.address) + ": no planned creation could be the same object\n";
    if (!destroys.empty()) out += "\n**Stays a destroy:**\n\n" + destroys;
    if (!creates.empty()) out += "\n**Stays a create:**\n\n" + creates;
    if (result.hit_iteration_limit)
        out += "\ntfw stopped after " + plural(result.iterations.size(), "iteration") +
               " (--max-iterations); running it again may find more moves.\n";
    if (result.hit_trial_limit) out += "\n" + trial_limit_note(result) + "\n";
    return out;
}

std::string render_roots_markdown_report(const std::vector<core::RootMoves>& roots, const core::CrossRootResult& result,
                                         const std::vector<core::RootCandidate>& candidates) {
    std::vector<std::string> names;
    for (const auto& root : roots) names.push_back(root.dir);
    std::string out = "### tfw: " + plural(result.moves.size(), "move") + " between " + plural(roots.size(), "root module") +
                      "\n";
    for (const auto& root : roots) {
        out += "\n**Root module " + inline_text(code(root.dir)) + ":** " + plural(root.moves.size(), "move") + " inside it\n";
        for (const auto& [from, to] : root.moves) out += "- " + code(from) + " → " + code(to) + "\n";
    }
    if (!result.moves.empty()) {
        out += "\n| From root | From | To root | To | Known values equal |\n|---|---|---|---|---|\n";
        for (const auto& move : result.moves) {
            const core::RootCandidate& from = candidates[move.deletion];
            const core::RootCandidate& to = candidates[move.creation];
            out += "| " + inline_text(code(names[from.root])) + " | " + inline_text(code(from.address)) + " | " +
                   inline_text(code(names[to.root])) + " | " + inline_text(code(to.address)) + " | " +
                   std::to_string(move.equal_values) + " |\n";
        }
    }
    if (!result.proposals.empty()) {
        out += "\n**Proposed, not moved (a policy rule decides):**\n";
        for (const auto& move : result.proposals) {
            const core::RootCandidate& from = candidates[move.deletion];
            const core::RootCandidate& to = candidates[move.creation];
            out += "- " + inline_text(code(names[from.root])) + ": " + code(from.address) + " → " +
                   inline_text(code(names[to.root])) + ": " + code(to.address) + ": " + inline_text(move.evidence) + "\n";
        }
    }
    std::string refused;
    for (const auto& refusal : result.refusals) {
        const core::RootCandidate& self = candidates[refusal.candidate];
        refused += "- " + inline_text(code(names[self.root])) + ": " + code(self.address) + ": " +
                   inline_text(refusal.reason) + "\n";
    }
    if (!refused.empty()) out += "\n**Stays a destroy (not paired with another root module):**\n" + refused;
    return out;
}

}  // namespace tfw::cli
