#include "tfw/core/policy/import_id.hpp"

#include <algorithm>

#include <rapidjson/document.h>

namespace tfw::core::inline policy {
namespace {

// One piece of a template: literal text, or an attribute path.
struct Piece {
    bool attribute = false;
    std::string text;
};

// The pieces, or an error.
std::vector<Piece> pieces_of(std::string_view id_template, std::string& error) {
    std::vector<Piece> out;
    std::string literal;
    for (std::size_t i = 0; i < id_template.size(); ++i) {
        char c = id_template[i];
        if ((c == '{' || c == '}') && i + 1 < id_template.size() && id_template[i + 1] == c) {
            literal += c;
            ++i;
        } else if (c == '{') {
            std::size_t close = id_template.find('}', i);
            if (close == std::string_view::npos) {
                error = "'{' at offset " + std::to_string(i) + " is not closed";
                return {};
            }
            std::string path(id_template.substr(i + 1, close - i - 1));
            if (path.empty() || path.find('{') != std::string::npos) {
                error = "'{' at offset " + std::to_string(i) + " names no attribute";
                return {};
            }
            if (!literal.empty()) out.push_back({false, std::move(literal)});
            literal.clear();
            out.push_back({true, std::move(path)});
            i = close;
        } else if (c == '}') {
            error = "'}' at offset " + std::to_string(i) + " closes nothing (write '}}' for a brace)";
            return {};
        } else {
            literal += c;
        }
    }
    if (!literal.empty()) out.push_back({false, std::move(literal)});
    if (std::none_of(out.begin(), out.end(), [](const Piece& p) { return p.attribute; }))
        error = "names no attribute, as {id} does";
    return out;
}

// A leaf's JSON text as the text an ID holds: a string's characters, a number or bool as written.
std::optional<std::string> scalar_text(const std::string& json) {
    rapidjson::Document value;
    value.Parse(json.c_str(), json.size());
    if (value.HasParseError()) return std::nullopt;
    if (value.IsString()) return std::string(value.GetString(), value.GetStringLength());
    if (value.IsNumber() || value.IsBool()) return json;
    return std::nullopt;
}

}  // namespace

const std::vector<ImportIdRule>& builtin_import_ids() {
    static const std::vector<ImportIdRule> table = {
        {"aws_iam_group_policy_attachment", "{group}/{policy_arn}", {}},
        {"aws_iam_role_policy_attachment", "{role}/{policy_arn}", {}},
        {"aws_iam_user_policy_attachment", "{user}/{policy_arn}", {}},
        {"aws_route_table_association", "{subnet_id}/{route_table_id}", {}},
        {"aws_vpc_endpoint_route_table_association", "{vpc_endpoint_id}/{route_table_id}", {}},
    };
    return table;
}

std::string import_id_template_error(std::string_view id_template) {
    std::string error;
    pieces_of(id_template, error);
    return error;
}

std::string import_id_template(std::string_view type, const std::vector<ImportIdRule>& policy_rules) {
    for (auto rule = policy_rules.rbegin(); rule != policy_rules.rend(); ++rule)
        if (rule->type == type) return rule->id_template;
    for (const auto& rule : builtin_import_ids())
        if (rule.type == type) return rule.id_template;
    return "{id}";
}

ImportId fill_import_id(std::string_view id_template, const Attributes& values) {
    std::string error;
    std::vector<Piece> pieces = pieces_of(id_template, error);
    if (!error.empty()) return {std::nullopt, "the import ID template \"" + std::string(id_template) + "\" " + error};
    std::string id;
    for (const Piece& piece : pieces) {
        if (!piece.attribute) {
            id += piece.text;
            continue;
        }
        auto leaf = std::lower_bound(values.begin(), values.end(), piece.text,
                                     [](const AttributeLeaf& a, const std::string& path) { return a.path < path; });
        auto refuse = [&](const std::string& why) {
            return ImportId{std::nullopt, "no import ID: its attribute " + piece.text + " " + why + " (template \"" +
                                              std::string(id_template) + "\")"};
        };
        if (leaf == values.end() || leaf->path != piece.text) return refuse("is missing");
        if (leaf->unknown) return refuse("is unknown");
        if (leaf->sensitive) return refuse("is sensitive");
        if (leaf->value == "null") return refuse("is null");
        std::optional<std::string> text = scalar_text(leaf->value);
        if (!text) return refuse("is not a string, number or bool");
        if (text->empty()) return refuse("is empty");
        id += *text;
    }
    return {std::move(id), ""};
}

}  // namespace tfw::core::policy
