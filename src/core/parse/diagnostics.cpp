#include "tfw/core/parse/diagnostics.hpp"

#include <rapidjson/document.h>

#include "tfw/core/parse/json_members.hpp"
#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::inline parse {

std::vector<Diagnostic> parse_diagnostics(std::string_view json_lines) {
    std::vector<Diagnostic> out;
    while (!json_lines.empty()) {
        std::size_t newline = json_lines.find('\n');
        std::string line(json_lines.substr(0, newline));
        json_lines.remove_prefix(newline == std::string_view::npos ? json_lines.size() : newline + 1);
        if (line.find("\"diagnostic\"") == std::string::npos) continue;
        rapidjson::Document event;
        event.Parse(line.c_str());
        if (event.HasParseError() || !event.IsObject() || string_member(event, "type") != "diagnostic") continue;
        const rapidjson::Value* body = member(event, "diagnostic");
        if (!body || !body->IsObject()) continue;
        const auto& d = *body;
        Diagnostic diagnostic{std::string(string_member(d, "severity")), std::string(string_member(d, "summary")),
                              std::string(string_member(d, "detail")), {}, 0, 0};
        if (const rapidjson::Value* range = member(d, "range"); range && range->IsObject()) {
            diagnostic.filename = string_member(*range, "filename");
            if (const rapidjson::Value* start = member(*range, "start")) {
                diagnostic.line = int_member(*start, "line").value_or(0);
                diagnostic.column = int_member(*start, "column").value_or(0);
            }
        }
        out.push_back(std::move(diagnostic));
    }
    return out;
}

std::string describe(const Diagnostic& diagnostic) {
    std::string out = diagnostic.severity == "warning" ? "Warning: " : "Error: ";
    out += diagnostic.summary;
    if (!diagnostic.filename.empty())
        out += " (" + diagnostic.filename + ":" + std::to_string(diagnostic.line) + ")";
    return out;
}

std::string first_error(std::string_view stdout_text, std::string_view stderr_text) {
    for (const auto& diagnostic : parse_diagnostics(stdout_text))
        if (diagnostic.severity == "error") return describe(diagnostic);
    std::string from_stderr = first_error_line(stderr_text);
    std::string from_stdout = first_error_line(stdout_text);
    if (from_stderr.rfind("Error: ", 0) != 0 && from_stdout.rfind("Error: ", 0) == 0) return from_stdout;
    return from_stderr.empty() ? from_stdout : from_stderr;
}

namespace {
constexpr std::string_view cross_type_refusals[] = {"Move Resource State Not Supported",
                                                    "Unsupported `moved` across resource types"};
}  // namespace

bool is_cross_type_refusal(const Diagnostic& diagnostic) {
    for (std::string_view summary : cross_type_refusals)
        if (diagnostic.summary == summary) return true;
    return false;
}

bool may_blame_injected_file(std::string_view human_output, std::string_view file_name) {
    if (!file_name.empty() && human_output.find(file_name) != std::string_view::npos) return true;
    for (std::string_view summary : cross_type_refusals)
        if (human_output.find(summary) != std::string_view::npos) return true;
    return false;
}

}  // namespace tfw::core::parse
