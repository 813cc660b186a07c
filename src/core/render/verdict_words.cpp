#include "tfw/core/render/verdict_words.hpp"
#include "tfw/core/model/text.hpp"

#include <cctype>
#include <optional>
#include <vector>

namespace tfw::core::inline render {
namespace {

std::vector<std::string_view> clauses(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
        std::size_t end = text.find("; ");
        out.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 2);
    }
    return out;
}

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// The leading count of `12 known ...`, if the text starts with digits and a space.
std::optional<std::size_t> leading_count(std::string_view text, std::size_t& digits) {
    digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (digits == 0 || digits >= text.size() || text[digits] != ' ') return std::nullopt;
    return std::stoul(std::string(text.substr(0, digits)));
}

// `3 known attribute values equal[ after ignore rules]`: the matcher's count of compared values.
std::optional<std::string> known_values(std::string_view clause) {
    std::size_t digits = 0;
    auto count = leading_count(clause, digits);
    if (!count) return std::nullopt;
    std::string_view rest = clause.substr(digits);
    std::string after_rules;
    if (ends_with(rest, " after ignore rules")) {
        rest.remove_suffix(std::string_view(" after ignore rules").size());
        after_rules = " once the policy's ignore rules apply";
    }
    if (rest != " known attribute values equal" && rest != " known attribute value equal") return std::nullopt;
    if (*count == 0) return "no value is known before apply";
    if (*count == 1) return "its one known value is equal" + after_rules;
    return "all " + std::to_string(*count) + " known values are equal" + after_rules;
}

std::string plain_clause(std::string_view clause) {
    if (auto words = known_values(clause)) return *words;
    if (auto percent = clause.find("% of known attribute values equal");
        percent != std::string_view::npos && percent > 0 &&
        clause.size() == percent + std::string_view("% of known attribute values equal").size())
        return std::string(clause.substr(0, percent)) + "% of known values are equal";
    if (ends_with(clause, " unknown until apply") && !clause.starts_with("Terraform")) {
        std::string_view what = clause.substr(0, clause.size() - std::string_view(" unknown until apply").size());
        if (ends_with(what, " is") || ends_with(what, " are")) return std::string(clause);
        bool several = what.find(", ") != std::string_view::npos;
        return std::string(what) + (several ? " are values" : " is a value") + " unknown until apply";
    }
    if (clause == "Terraform plans it with no change") return "Terraform planned it with no change";
    if (clause == "dependencies tell it from its identical twins")
        return "its dependencies match, which tells it from identical twins";
    if (clause == "the only pairing that carries the old dependencies onto the new references")
        return "the only pairing that keeps every reference pointing at the same objects";
    if (clause == "each the other's closest") return "each is the other's closest match";
    if (clause == "shared attributes equal") return "every value they share is equal";
    if (clause == "resolved out of a tie by dependencies") return "its dependencies told it from identical twins";
    if (clause == "resolved out of a tie by reference structure") return "references told it from identical twins";
    if (clause == "resolved out of a tie by elimination") return "every other candidate was taken";
    return std::string(clause);
}

std::string location(const SourceLocation& where) { return where.file + ":" + std::to_string(where.line); }

// What the built-in accept rule (exact, ignore and confirmed matches) accepts, for this move.
std::string default_meaning(const Move& move) {
    switch (move.kind) {
        case MatchKind::exact: return "every known value is equal";
        case MatchKind::ignore_rules: return "every known value is equal once the policy's ignore rules apply";
        case MatchKind::confirmed: return "Terraform planned it with no change";
        case MatchKind::partial: return "a partial match";
        case MatchKind::cross_type: return "a move across resource types";
    }
    return "";
}

}  // namespace

std::string plain_evidence(std::string_view evidence) {
    std::vector<std::string> out;
    for (std::string_view clause : clauses(evidence)) out.push_back(plain_clause(clause));
    return join(out, "; ");
}

std::string plain_decision(const Move& move, const Decision& decision) {
    // A person said yes where the policy did not: the loop keeps the policy's reason inside.
    constexpr std::string_view prompt = "confirmed at the prompt (";
    if (decision.rule.starts_with(prompt) && decision.rule.ends_with(")"))
        return "accepted at the prompt; the policy alone would not: " +
               decision.rule.substr(prompt.size(), decision.rule.size() - prompt.size() - 1);
    std::string out;
    switch (decision.by) {
        case DecidedBy::accept_rule:
            out = decision.where.line > 0 ? "accepted by the policy rule at " + location(decision.where)
                                          : "accepted by default: " + default_meaning(move);
            break;
        case DecidedBy::deny_rule:
            out = decision.where.line > 0 ? "denied by the policy rule at " + location(decision.where)
                                          : "denied by the policy: " + decision.rule;
            break;
        case DecidedBy::no_cross_type_rule: out = "denied: " + decision.rule; break;
        case DecidedBy::partial_threshold:
        case DecidedBy::no_accept_rule: out = "proposed, not accepted: " + decision.rule; break;
        case DecidedBy::max_moves: {
            std::string_view limit = decision.rule;  // `over max_moves (50)`
            if (limit.starts_with("over ")) limit.remove_prefix(5);
            out = "proposed, not accepted: the policy's " + std::string(limit) + " was reached";
            break;
        }
        case DecidedBy::other: out = std::string(to_string(decision.verdict)) + ": " + decision.rule; break;
    }
    if (decision.verdict == Verdict::accepted && move.kind == MatchKind::partial && !move.remaining_differences.empty())
        out += "; Terraform will still update " + join(move.remaining_differences, ", ") + " in place";
    return out;
}

std::string plain_verdict(const Move& move, const Decision& decision) {
    std::string evidence = plain_evidence(move.evidence);
    return (evidence.empty() ? "" : evidence + "; ") + plain_decision(move, decision);
}

std::string plain_dropped(std::string_view reason) {
    constexpr std::string_view withdrawn = "withdrawn: ";
    constexpr std::string_view unverified = "unverified: ";
    constexpr std::string_view tried = "tried because ";
    if (reason.starts_with(unverified)) return "withdrawn, not verified: " + std::string(reason.substr(unverified.size()));
    if (!reason.starts_with(withdrawn)) return "refused by Terraform: " + std::string(reason);
    std::vector<std::string> out;
    for (std::string_view clause : clauses(reason.substr(withdrawn.size()))) {
        if (clause.starts_with(tried)) {
            std::string because = plain_evidence(clause.substr(tried.size()));
            if (!because.empty()) out.push_back("it was only tried because " + because);
        } else {
            out.push_back(plain_clause(clause));
        }
    }
    return "withdrawn after Terraform's plan: " + join(out, "; ");
}

std::string plain_unmatched(std::string_view reason) {
    constexpr std::string_view tie = "tie: ";
    if (!reason.starts_with(tie)) return std::string(reason);
    // `2 creations match equally and ...`: say what matches what.
    std::string rest(reason.substr(tie.size()));
    if (auto at = rest.find(" match equally"); at != std::string::npos) rest.replace(at, 14, " match it equally");
    return "a tie: " + rest;
}

}  // namespace tfw::core::render
