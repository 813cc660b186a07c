#include "tfw/cli/summary.hpp"

#include "tfw/core/render/verdict_words.hpp"
#include "tfw/core/model/text.hpp"

namespace tfw::cli {
namespace {

std::string arrow(const core::Move& move) { return core::to_string(move.from) + " -> " + core::to_string(move.to); }

}  // namespace

std::string trial_limit_note(const shell::ConvergeResult& result) {
    std::vector<std::string> undecided;
    for (const auto& address : result.undecided) undecided.push_back(core::to_string(address));
    return "stopped the tie trials after " + std::to_string(result.tie_rounds) + (result.tie_rounds == 1 ? " round" : " rounds") +
           " (the policy's trials.max_rounds); left undecided, as destroy and create: " + core::join(undecided) +
           ". A higher trials.max_rounds may pair them.";
}

std::string render_summary(const shell::ConvergeResult& result, const std::vector<shell::TerraformCall>& calls,
                           bool explain) {
    bool quiet = result.moves.empty() && result.proposals.empty() && result.dropped.empty() &&
                 !result.hit_iteration_limit && !result.hit_trial_limit && result.extra_refreshes.empty() &&
                 !(explain && !result.unmatched.empty());
    if (quiet) return {};
    std::string out;
    std::size_t plans = 0, shows = 0;
    for (const auto& call : calls) {
        if (!call.args.empty() && call.args[0] == "plan") ++plans;
        if (!call.args.empty() && call.args[0] == "show") ++shows;
    }
    std::size_t iterations = result.iterations.size();
    out += "tfw: " + std::to_string(result.moves.size()) + " move" + (result.moves.size() == 1 ? "" : "s") +
           " inferred in " + std::to_string(iterations) + " iteration" + (iterations == 1 ? "" : "s") + " (" +
           std::to_string(calls.size()) + " terraform runs: " + std::to_string(plans) + " plan, " +
           std::to_string(shows) + " show" +
           (result.tie_rounds > 0 ? "; " + std::to_string(result.tie_rounds) + " of the plans tried candidates of a tie" : "") +
           ")\n";
    for (std::size_t i = 0; i < result.moves.size(); ++i) {
        const auto& move = result.moves[i];
        out += "  " + arrow(move) + (move.confirmed_by_terraform ? " (confirmed by Terraform)" : "") + "\n      " +
               (i < result.move_decisions.size() ? core::plain_verdict(move, result.move_decisions[i])
                                                 : core::plain_evidence(move.evidence)) +
               "\n";
    }
    if (!result.proposals.empty()) {
        out += "tfw: proposed, not accepted by policy (not injected):\n";
        for (const auto& proposal : result.proposals)
            out += "  " + arrow(proposal.move) + "\n      " + core::plain_verdict(proposal.move, proposal.decision) + "\n";
    }
    if (!result.dropped.empty()) {
        out += "tfw: refused or withdrawn, left as destroy/create:\n";
        for (const auto& dropped : result.dropped)
            out += "  " + arrow(dropped.move) + "\n      " + core::plain_dropped(dropped.reason) + "\n";
    }
    if (result.hit_iteration_limit)
        out += "tfw: stopped after --max-iterations (" + std::to_string(iterations) +
               "); more moves may be found by running tfw again\n";
    if (result.hit_trial_limit) out += "tfw: " + trial_limit_note(result) + "\n";
    for (const auto& why : result.extra_refreshes) out += "tfw: " + why + "\n";
    if (explain) {
        for (const auto& entry : result.unmatched) {
            out += "tfw: " + core::to_string(entry.address) + " stays a " + (entry.is_deletion ? "destroy" : "create") +
                   ": " + core::plain_unmatched(entry.reason) + "\n";
            for (const auto& candidate : entry.candidates) {
                out += "      candidate " + core::to_string(candidate.other);
                if (!candidate.differing_paths.empty()) out += ": differs in " + core::join(candidate.differing_paths);
                if (!candidate.note.empty())
                    out += (candidate.differing_paths.empty() ? ": " : "; ") + core::plain_evidence(candidate.note);
                out += "\n";
            }
        }
    }
    return out + "\n";
}

}  // namespace tfw::cli
