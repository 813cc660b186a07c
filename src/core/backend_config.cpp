#include "tfw/core/backend_config.hpp"

#include <algorithm>

#include <rapidjson/document.h>

#include "tfw/core/hcl_lexer.hpp"

namespace tfw::core {
namespace {

std::string unquoted(std::string_view text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
    return std::string(text);
}

}  // namespace

std::optional<BackendBlock> read_backend_block(std::string_view tf_text, std::string_view file_name) {
    HclLexer lexer(tf_text, file_name);
    std::vector<HclToken> line;  // the tokens since the last newline, at the depth of interest
    enum class In { top, terraform, backend } in = In::top;
    BackendBlock block;
    int terraform_depth = 0;
    for (HclToken token = lexer.next(); token.kind != HclTokenKind::end; token = lexer.next()) {
        if (token.kind == HclTokenKind::newline) {
            line.clear();
            continue;
        }
        if (in == In::backend && token.kind == HclTokenKind::close_brace && token.depth == terraform_depth + 1) return block;
        if (in == In::terraform && token.kind == HclTokenKind::close_brace && token.depth == terraform_depth) {
            in = In::top;
            continue;
        }
        line.push_back(token);
        const std::size_t n = line.size();
        if (in == In::top && token.kind == HclTokenKind::open_brace && n == 2 && line[0].text == "terraform" &&
            token.depth == 0) {
            in = In::terraform;
            terraform_depth = 0;
            line.clear();
        } else if (in == In::terraform && token.kind == HclTokenKind::open_brace && n == 3 && line[0].text == "backend" &&
                   line[1].kind == HclTokenKind::string && token.depth == terraform_depth + 1) {
            in = In::backend;
            block.type = unquoted(line[1].text);
            block.file = std::string(file_name);
            block.line = line[0].start.line;
            line.clear();
        } else if (in == In::backend && token.kind == HclTokenKind::equals && n == 2 &&
                   line[0].kind == HclTokenKind::identifier && token.depth == terraform_depth + 2) {
            block.settings.push_back(std::string(line[0].text));
        }
    }
    return std::nullopt;
}

std::optional<RecordedBackend> parse_backend_record(std::string_view record_json) {
    rapidjson::Document doc;
    doc.Parse(record_json.data(), record_json.size());
    if (doc.HasParseError() || !doc.IsObject()) return std::nullopt;
    const rapidjson::Value& top = doc;
    const auto backend = top.FindMember("backend");
    if (backend == top.MemberEnd() || !backend->value.IsObject()) return std::nullopt;
    RecordedBackend out;
    const auto type = backend->value.FindMember("type");
    if (type != backend->value.MemberEnd() && type->value.IsString()) out.type = type->value.GetString();
    const auto config = backend->value.FindMember("config");
    if (config != backend->value.MemberEnd() && config->value.IsObject())
        for (const auto& setting : config->value.GetObject())
            if (!setting.value.IsNull()) out.settings.emplace_back(setting.name.GetString());
    std::sort(out.settings.begin(), out.settings.end());
    return out;
}

std::vector<std::string> settings_from_backend_config(const BackendBlock& block, const RecordedBackend& recorded) {
    std::vector<std::string> out;
    if (block.type != recorded.type) return out;
    for (const auto& setting : recorded.settings)
        if (std::find(block.settings.begin(), block.settings.end(), setting) == block.settings.end()) out.push_back(setting);
    return out;
}

}  // namespace tfw::core
