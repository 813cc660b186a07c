#include "tfw/core/parse/plan_text.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/utf8.hpp"

namespace tfw::core::inline parse {
namespace {

struct HeaderSuffix {
    std::string_view text;
    HeaderAction action;
};

constexpr HeaderSuffix header_suffixes[] = {
    {" will be created", HeaderAction::create},
    {" will be destroyed", HeaderAction::destroy},
    {" must be replaced", HeaderAction::replace},
    {" will be replaced, as requested", HeaderAction::replace},
    {" will be replaced due to changes in replace_triggered_by", HeaderAction::replace},
    {" will be updated in-place", HeaderAction::update},
    {" will be read during apply", HeaderAction::read},
    {" will be removed from the state but not destroyed", HeaderAction::forget},
    {" will no longer be managed by Terraform, but will not be destroyed", HeaderAction::forget},
};

// The closing lines of plans that change no resource and so print no "Plan:" line.
constexpr std::string_view outputs_only_closing = "You can apply this plan to save these new output values";
constexpr std::string_view refresh_only_closing = "This is a refresh-only plan, so Terraform will not take any";

std::optional<int> number_before(std::string_view line, std::string_view label) {
    std::size_t at = line.find(label);
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t start = at;
    while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9') --start;
    int value = 0;
    auto [end, ec] = std::from_chars(line.data() + start, line.data() + at, value);
    if (ec != std::errc() || end != line.data() + at) return std::nullopt;
    return value;
}

std::optional<PlanHeader> parse_header(std::string_view line) {
    // Resource headers are indented by two spaces, forget headers by one.
    if (line.substr(0, 4) == "  # ") {
        line.remove_prefix(4);
    } else if (line.substr(0, 3) == " # ") {
        line.remove_prefix(3);
    } else {
        return std::nullopt;
    }
    if (line.substr(0, 1) == "(") return std::nullopt;  // "# (because ...)" notes
    // Endings first: a key may itself contain " has moved to ".
    for (const auto& suffix : header_suffixes) {
        if (!line.ends_with(suffix.text)) continue;
        std::string_view address = line.substr(0, line.size() - suffix.text.size());
        bool deposed = false;
        if (std::size_t at = address.find(" (deposed object "); at != std::string_view::npos) {
            address = address.substr(0, at);
            deposed = true;
        }
        return PlanHeader{std::string(address), suffix.action, deposed, {}, {}};
    }
    // A key may contain " has moved to " too: the split is where both sides are addresses.
    constexpr std::string_view moved_to = " has moved to ";
    for (std::size_t at = line.find(moved_to); at != std::string_view::npos; at = line.find(moved_to, at + 1)) {
        std::string_view from = line.substr(0, at), to = line.substr(at + moved_to.size());
        if (!parse_address(from).address || !parse_address(to).address) continue;
        PlanHeader header{std::string(to), HeaderAction::move, false, std::string(from), {}};
        return header;
    }
    return std::nullopt;
}

// `  # (moved from terraform_data.a)` under a header: the old address.
std::optional<std::string_view> moved_from_note(std::string_view line) {
    constexpr std::string_view prefix = "  # (moved from ";
    if (line.substr(0, prefix.size()) != prefix || line.empty() || line.back() != ')') return std::nullopt;
    return line.substr(prefix.size(), line.size() - prefix.size() - 1);
}

// `      ~ input  = "a" -> "b"` or `      -/+ name = ... # forces replacement`: an attribute
// line of a resource body, six spaces in, with Terraform's change symbol.
std::optional<std::string> changed_attribute(std::string_view line) {
    if (line.substr(0, 6) != "      " || line.size() < 9 || line[6] == ' ') return std::nullopt;
    std::string_view rest = line.substr(6);
    std::size_t symbol_end = rest.find(' ');
    if (symbol_end == std::string_view::npos) return std::nullopt;
    std::string_view symbol = rest.substr(0, symbol_end);
    if (symbol != "~" && symbol != "+" && symbol != "-" && symbol != "-/+" && symbol != "+/-") return std::nullopt;
    std::string_view name = rest.substr(symbol_end + 1);
    std::size_t name_end = name.find_first_of(" ={");
    name = name.substr(0, name_end);
    if (name.empty() || name.front() == '#') return std::nullopt;
    std::string out = std::string(symbol) + " " + std::string(name);
    if (line.find("-> (known after apply)") != std::string_view::npos) out += " (known after apply)";
    if (line.find("# forces replacement") != std::string_view::npos) out += " (forces replacement)";
    return out;
}

bool is_data_source(const std::string& address) {
    auto parsed = parse_address(address);
    return parsed.address && parsed.address->resource && parsed.address->resource->mode == ResourceMode::data;
}

}  // namespace

std::string strip_ansi(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            i += 2;
            while (i < text.size() && !(text[i] >= '@' && text[i] <= '~')) ++i;
            continue;
        }
        out += text[i];
    }
    return out;
}

PlanTextSummary scan_plan_text(std::string_view human_output) {
    PlanTextSummary summary;
    std::string plain = strip_ansi(human_output);
    std::string_view rest(plain);
    while (!rest.empty()) {
        std::size_t newline = rest.find('\n');
        std::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (auto header = parse_header(line)) {
            summary.headers.push_back(std::move(*header));
        } else if (auto from = moved_from_note(line); from && !summary.headers.empty()) {
            summary.headers.back().previous_address = std::string(*from);
        } else if (auto attribute = changed_attribute(line);
                   attribute && !summary.headers.empty() &&
                   (summary.headers.back().action == HeaderAction::update || summary.headers.back().action == HeaderAction::replace)) {
            summary.headers.back().changed_attributes.push_back(std::move(*attribute));
        } else if (line.substr(0, 11) == "No changes.") {
            summary.no_changes = true;
            summary.recognised = true;
        } else if (line.substr(0, 6) == "Plan: ") {
            summary.to_add = number_before(line, " to add");
            summary.to_change = number_before(line, " to change");
            summary.to_destroy = number_before(line, " to destroy");
            summary.recognised = summary.to_add && summary.to_change && summary.to_destroy;
        } else if (line.substr(0, outputs_only_closing.size()) == outputs_only_closing ||
                   line.substr(0, refresh_only_closing.size()) == refresh_only_closing) {
            summary.recognised = true;
        }
    }
    return summary;
}

std::optional<MoveCandidates> move_candidates(const PlanTextSummary& summary) {
    if (!summary.recognised) return std::nullopt;
    MoveCandidates out;
    int creates = 0, destroys = 0;
    for (const auto& header : summary.headers) {
        bool data = is_data_source(header.address);
        switch (header.action) {
            case HeaderAction::create:
                ++creates;
                if (!data) out.created.push_back(header.address);
                break;
            case HeaderAction::destroy:
                ++destroys;
                if (!header.deposed && !data) out.destroyed.push_back(header.address);
                break;
            case HeaderAction::replace:
                ++creates;
                ++destroys;
                break;
            default:
                break;
        }
    }
    // Terraform prints a "Plan:" line whenever resources change; without one and without
    // headers, only outputs (or nothing) change.
    if (summary.headers.empty() && !summary.to_add) return out;
    if (!summary.to_add || !summary.to_destroy) return std::nullopt;
    if (*summary.to_add != creates || *summary.to_destroy != destroys) return std::nullopt;
    return out;
}

namespace {

// The end of a framed diagnostic: Terraform's "╵" line.
constexpr std::string_view frame_end = "\u2575";

// Terraform's human diagnostics, a line each, without colour, the "│ " and "╷" of their
// frames or surrounding blanks; a blank line is "", and a frame's end is frame_end.
std::vector<std::string> diagnostic_lines(std::string_view human_output) {
    std::vector<std::string> lines;
    const std::string plain = strip_ansi(human_output);
    std::string_view rest(plain);
    while (!rest.empty()) {
        const std::size_t newline = rest.find('\n');
        std::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
        if (line.substr(0, frame_end.size()) == frame_end) {
            lines.emplace_back(frame_end);
            continue;
        }
        for (std::string_view frame : {"\u2502", "\u2577"})
            if (line.substr(0, frame.size()) == frame) line.remove_prefix(frame.size());
        const std::size_t start = line.find_first_not_of(" \t\r");
        if (start == std::string_view::npos) line = {};
        else line.remove_prefix(start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        lines.emplace_back(line);
    }
    return lines;
}

bool is_diagnostic_summary(std::string_view line) { return line.starts_with("Error: ") || line.starts_with("Warning: "); }

}  // namespace

std::string first_error_line(std::string_view human_output) {
    std::string first_text;
    for (const auto& line : diagnostic_lines(human_output)) {
        if (line.starts_with("Error: ")) return line;
        if (first_text.empty() && line != frame_end) first_text = line;
    }
    return first_text;
}

std::string first_error_with_detail(std::string_view human_output) {
    const std::vector<std::string> lines = diagnostic_lines(human_output);
    const auto error = std::find_if(lines.begin(), lines.end(), [](const std::string& line) { return line.starts_with("Error: "); });
    if (error == lines.end()) return first_error_line(human_output);
    std::string detail;
    for (auto line = std::next(error); line != lines.end() && *line != frame_end && !is_diagnostic_summary(*line); ++line)
        if (!line->empty()) detail += (detail.empty() ? "" : " ") + *line;
    return detail.empty() ? *error : *error + ": " + detail;
}

std::string go_quote(std::string_view text) {
    std::string out = "\"";
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t start = i;
        char32_t c = decode_utf8(text, i);
        bool invalid = c == 0xfffd && text.substr(start, i - start) != "\xef\xbf\xbd";
        char buffer[16];
        if (invalid) {
            std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned char>(text[start]));
            out += buffer;
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; continue;
            case '\\': out += "\\\\"; continue;
            case '\a': out += "\\a"; continue;
            case '\b': out += "\\b"; continue;
            case '\f': out += "\\f"; continue;
            case '\n': out += "\\n"; continue;
            case '\r': out += "\\r"; continue;
            case '\t': out += "\\t"; continue;
            case '\v': out += "\\v"; continue;
            default: break;
        }
        if (is_go_printable(c)) {
            out.append(text.substr(start, i - start));
        } else if (c < 0x80) {
            std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned>(c));
            out += buffer;
        } else {
            std::snprintf(buffer, sizeof buffer, c < 0x10000 ? "\\u%04x" : "\\U%08x", static_cast<unsigned>(c));
            out += buffer;
        }
    }
    return out + "\"";
}

namespace {

constexpr std::string_view saved_label = "Saved the plan to:";
// Terraform word-wraps its closing lines at 78 columns when not on a terminal, which
// moves a long path onto a line of its own.
constexpr std::size_t wrap_columns = 78;

// Where Terraform's "Saved the plan to: PATH" starts, either way it was wrapped.
std::size_t find_saved_line(std::string_view text, std::string_view plan) {
    for (std::string_view separator : {" ", "\n"}) {
        std::string wanted = std::string(saved_label) + std::string(separator) + std::string(plan);
        if (std::size_t at = text.rfind(wanted); at != std::string_view::npos) return at;
    }
    return std::string_view::npos;
}

}  // namespace

std::string rewrite_plan_trailer(std::string_view human_output, std::string_view private_plan,
                                 std::optional<std::string_view> user_plan) {
    std::size_t at = find_saved_line(human_output, private_plan);
    if (at == std::string_view::npos) return std::string(human_output);
    std::string out(human_output.substr(0, at));
    if (user_plan) {
        bool wrap = saved_label.size() + 1 + user_plan->size() > wrap_columns;
        out += std::string(saved_label) + (wrap ? "\n" : " ") + std::string(*user_plan) +
               "\n\nTo perform exactly these actions, run the following command to apply:\n    terraform apply " +
               go_quote(*user_plan) + "\n";
    } else {
        out += "Note: You didn't use the -out option to save this plan, so Terraform can't\n"
               "guarantee to take exactly these actions if you run \"terraform apply\" now.\n";
    }
    return out;
}

std::string strip_plan_trailer(std::string_view human_output, std::string_view private_plan) {
    std::size_t at = find_saved_line(human_output, private_plan);
    if (at == std::string_view::npos) return std::string(human_output);
    constexpr std::string_view rule = "\u2500";
    std::size_t rule_at = human_output.rfind(rule, at);
    std::size_t cut = rule_at == std::string_view::npos ? at : human_output.rfind('\n', rule_at);
    if (cut == std::string_view::npos) cut = at;
    std::string out(human_output.substr(0, cut));
    if (out.find('\x1b') != std::string::npos) out += "\x1b[0m";
    return out + "\n";
}

std::string_view to_string(HeaderAction action) {
    switch (action) {
        case HeaderAction::create: return "create";
        case HeaderAction::destroy: return "destroy";
        case HeaderAction::replace: return "replace";
        case HeaderAction::update: return "update";
        case HeaderAction::read: return "read";
        case HeaderAction::forget: return "forget";
        case HeaderAction::move: return "move";
        case HeaderAction::other: break;
    }
    return "other";
}

}  // namespace tfw::core::parse
