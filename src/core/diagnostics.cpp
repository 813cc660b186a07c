#include "tfw/core/diagnostics.hpp"

#include <rapidjson/document.h>

namespace tfw::core {
namespace {

std::string text_of(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return {};
    auto it = object.FindMember(name);
    if (it == object.MemberEnd() || !it->value.IsString()) return {};
    return std::string(it->value.GetString(), it->value.GetStringLength());
}

int int_of(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return 0;
    auto it = object.FindMember(name);
    return it != object.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : 0;
}

}  // namespace

std::vector<Diagnostic> parse_diagnostics(std::string_view json_lines) {
    std::vector<Diagnostic> out;
    while (!json_lines.empty()) {
        std::size_t newline = json_lines.find('\n');
        std::string line(json_lines.substr(0, newline));
        json_lines.remove_prefix(newline == std::string_view::npos ? json_lines.size() : newline + 1);
        if (line.find("\"diagnostic\"") == std::string::npos) continue;
        rapidjson::Document event;
        event.Parse(line.c_str());
        if (event.HasParseError() || !event.IsObject() || text_of(event, "type") != "diagnostic") continue;
        // Read through const: clang finds == between two mutable member iterators ambiguous.
        const rapidjson::Value& object = event;
        auto body = object.FindMember("diagnostic");
        if (body == object.MemberEnd() || !body->value.IsObject()) continue;
        const auto& d = body->value;
        Diagnostic diagnostic{text_of(d, "severity"), text_of(d, "summary"), text_of(d, "detail"), {}, 0, 0};
        if (auto range = d.FindMember("range"); range != d.MemberEnd() && range->value.IsObject()) {
            diagnostic.filename = text_of(range->value, "filename");
            if (auto start = range->value.FindMember("start"); start != range->value.MemberEnd()) {
                diagnostic.line = int_of(start->value, "line");
                diagnostic.column = int_of(start->value, "column");
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

}  // namespace tfw::core
