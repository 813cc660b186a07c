#include "tfw/core/render/moves_format.hpp"

#include <algorithm>
#include <cstdio>

#include "tfw/core/parse/hcl_moved.hpp"

namespace tfw::core::inline render {
namespace {

std::string one_line(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

std::string json_array(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += ",";
        out += json_quote(items[i]);
    }
    return out + "]";
}

std::string json_move_fields(const Move& move) {
    return "\"from\":" + json_quote(to_string(move.from)) + ",\"to\":" + json_quote(to_string(move.to)) +
           ",\"kind\":" + json_quote(to_string(move.kind)) + ",\"evidence\":" + json_quote(move.evidence) +
           ",\"by_dependency\":" + (move.by_dependency ? "true" : "false") +
           ",\"remaining_differences\":" + json_array(move.remaining_differences) +
           ",\"judged_by_terraform\":" + (move.confirmed_by_terraform ? "true" : "false");
}

// What a move printed without a plan rests on: tfw's comparison alone.
std::string unjudged_note(const Move& move) {
    return "# not judged by Terraform, which has not planned with it (tfw plan does): " + one_line(move.evidence) + "\n";
}

std::string render_json(const MovesReport& report) {
    std::string out = "{\"moves\":[";
    for (std::size_t i = 0; i < report.accepted.size(); ++i) {
        const auto& entry = report.accepted[i];
        out += i > 0 ? ",\n" : "\n";
        out += "{" + json_move_fields(entry.move) + ",\"rule\":" + json_quote(entry.decision.rule) + "}";
    }
    out += report.accepted.empty() ? "]" : "\n]";
    out += ",\"proposals\":[";
    for (std::size_t i = 0; i < report.proposals.size(); ++i) {
        const auto& entry = report.proposals[i];
        out += i > 0 ? ",\n" : "\n";
        out += "{" + json_move_fields(entry.move) + ",\"verdict\":" + json_quote(to_string(entry.decision.verdict)) +
               ",\"rule\":" + json_quote(entry.decision.rule) + "}";
    }
    out += report.proposals.empty() ? "]" : "\n]";
    out += ",\"unmatched\":[";
    for (std::size_t i = 0; i < report.unmatched.size(); ++i) {
        const auto& entry = report.unmatched[i];
        out += i > 0 ? ",\n" : "\n";
        out += "{\"address\":" + json_quote(to_string(entry.address)) +
               ",\"action\":" + (entry.is_deletion ? "\"delete\"" : "\"create\"") +
               ",\"reason\":" + json_quote(entry.reason) + ",\"candidates\":[";
        for (std::size_t j = 0; j < entry.candidates.size(); ++j) {
            if (j > 0) out += ",";
            out += "{\"address\":" + json_quote(to_string(entry.candidates[j].other)) +
                   ",\"differing_paths\":" + json_array(entry.candidates[j].differing_paths) + "}";
        }
        out += "]}";
    }
    out += report.unmatched.empty() ? "]" : "\n]";
    return out + "}\n";
}

std::string state_mv_command(const Move& move) {
    return "terraform state mv " + shell_quote(to_string(move.from)) + " " + shell_quote(to_string(move.to));
}

// Each line of `text` behind "# " ("#" alone for an empty line).
std::string commented(std::string_view text) {
    std::string out;
    while (!text.empty()) {
        std::size_t newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        out += line.empty() ? "#\n" : "# " + std::string(line) + "\n";
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    }
    return out;
}


}  // namespace

std::optional<MovesFormat> parse_moves_format(std::string_view name) {
    if (name == "hcl") return MovesFormat::hcl;
    if (name == "json") return MovesFormat::json;
    if (name == "commands") return MovesFormat::commands;
    return std::nullopt;
}

MovesReport decide_report(const Policy& policy, MatchResult matched) {
    MovesReport report;
    std::vector<Decision> decisions = decide_moves(policy, matched.moves);
    for (std::size_t i = 0; i < matched.moves.size(); ++i) {
        DecidedMove entry{std::move(matched.moves[i]), std::move(decisions[i])};
        // tfw plan confirms a tentative pairing by replanning with it; without a plan to
        // run, such a pairing can only be proposed.
        if (entry.decision.verdict != Verdict::denied && entry.move.is_tentative()) {
            entry.decision.verdict = Verdict::proposed;
            entry.decision.rule = "tentative (" + entry.move.tentative_because + "): only tfw plan can confirm it by replanning";
        }
        if (entry.decision.verdict == Verdict::accepted)
            report.accepted.push_back(std::move(entry));
        else
            report.proposals.push_back(std::move(entry));
    }
    report.unmatched = std::move(matched.unmatched);
    return report;
}

std::string render_moves(const MovesReport& report, MovesFormat format) {
    std::string out;
    switch (format) {
        case MovesFormat::json:
            return render_json(report);
        case MovesFormat::hcl:
            for (std::size_t i = 0; i < report.accepted.size(); ++i) {
                const Move& move = report.accepted[i].move;
                if (i > 0) out += "\n";
                if (!move.confirmed_by_terraform) out += unjudged_note(move);
                out += render_moved_block(move.from, move.to);
            }
            return out;
        case MovesFormat::commands:
            for (const auto& entry : report.accepted) {
                if (!entry.move.confirmed_by_terraform) out += unjudged_note(entry.move);
                out += state_mv_command(entry.move) + "\n";
            }
            return out;
    }
    return out;
}

std::string render_proposals_comments(const MovesReport& report, MovesFormat format) {
    if (report.proposals.empty()) return {};
    std::string out = "# tfw: " + std::to_string(report.proposals.size()) + " move" +
                      (report.proposals.size() == 1 ? "" : "s") + " found but not accepted by the policy:\n";
    for (const auto& entry : report.proposals) {
        const Move& move = entry.move;
        std::string why = std::string(to_string(move.kind)) + ": " + move.evidence + "; " +
                          std::string(to_string(entry.decision.verdict)) + ": " + entry.decision.rule;
        if (entry.decision.verdict == Verdict::denied) {
            out += "# denied: " + to_string(move.from) + " -> " + to_string(move.to) + " (" + one_line(why) + ")\n";
            continue;
        }
        out += "#\n# " + one_line(why) + "\n";
        out += commented(format == MovesFormat::commands ? state_mv_command(move) + "\n"
                                                         : render_moved_block(move.from, move.to));
    }
    return out;
}

}  // namespace tfw::core::render
