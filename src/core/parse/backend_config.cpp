#include "tfw/core/parse/backend_config.hpp"

#include <algorithm>

#include <rapidjson/document.h>

#include "tfw/core/parse/config_files.hpp"
#include "tfw/core/parse/hcl_lexer.hpp"
#include "tfw/core/parse/json_config.hpp"

namespace tfw::core::inline parse {
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

namespace {

// The first member of a JSON object, or of any object in an array of them, named `name`.
const rapidjson::Value* find_in_object_or_array(const rapidjson::Value& value, const char* name) {
    if (value.IsObject()) {
        const auto found = value.FindMember(name);
        return found == value.MemberEnd() ? nullptr : &found->value;
    }
    if (value.IsArray())
        for (const auto& item : value.GetArray())
            if (const rapidjson::Value* found = find_in_object_or_array(item, name)) return found;
    return nullptr;
}

}  // namespace

std::optional<BackendBlock> read_backend_block_json(std::string_view json_text, std::string_view file_name) {
    const rapidjson::Document doc = parse_json_configuration(json_text, file_name);
    if (!doc.IsObject()) return std::nullopt;
    const rapidjson::Value* terraform = find_in_object_or_array(doc, "terraform");
    const rapidjson::Value* backend = terraform ? find_in_object_or_array(*terraform, "backend") : nullptr;
    if (backend == nullptr) return std::nullopt;
    const rapidjson::Value* typed = backend;
    if (typed->IsArray() && !typed->Empty()) typed = &(*typed)[0];
    if (!typed->IsObject() || typed->MemberCount() == 0) return std::nullopt;
    const auto& [type, body] = *typed->MemberBegin();
    BackendBlock block{type.GetString(), {}, std::string(file_name), 0};
    const rapidjson::Value* settings = &body;
    if (settings->IsArray() && !settings->Empty()) settings = &(*settings)[0];
    if (settings->IsObject())
        for (const auto& setting : settings->GetObject()) block.settings.emplace_back(setting.name.GetString());
    // The line of the "backend" key: the first after the "terraform" key.
    const std::size_t terraform_key = json_text.find("\"terraform\"");
    const std::size_t backend_key = json_text.find("\"backend\"", terraform_key == std::string_view::npos ? 0 : terraform_key);
    block.line = backend_key == std::string_view::npos ? 0 : line_of_offset(json_text, backend_key);
    return block;
}

std::optional<BackendBlock> effective_backend_block(const std::vector<std::pair<std::string, std::string>>& files) {
    // By name, without copying the texts.
    std::vector<const std::pair<std::string, std::string>*> sorted;
    for (const auto& file : files) sorted.push_back(&file);
    std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    std::optional<BackendBlock> effective;
    for (const bool overriding : {false, true})
        for (const auto* file : sorted) {
            const auto& [name, text] = *file;
            if (is_override_file_name(name) != overriding || (effective && !overriding)) continue;
            std::optional<BackendBlock> block;
            if (!is_configuration_file_name(name)) continue;
            if (is_json_configuration_file_name(name)) block = read_backend_block_json(text, name);
            else block = read_backend_block(text, name);
            if (block) effective = std::move(block);
        }
    return effective;
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

}  // namespace tfw::core::parse
