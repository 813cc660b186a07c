#include "tfw/core/parse/json_config.hpp"

#include <algorithm>

#include "tfw/core/parse/hcl_lexer.hpp"
#include "tfw/core/parse/hcl_lifecycle.hpp"

namespace tfw::core::inline parse {
namespace {

std::string string_of(const rapidjson::Value& value) { return {value.GetString(), value.GetStringLength()}; }

const rapidjson::Value* member_of(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return nullptr;
    const auto found = object.FindMember(name);
    return found == object.MemberEnd() ? nullptr : &found->value;
}

}  // namespace

int line_of_offset(std::string_view text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, text.size())), '\n'));
}

rapidjson::Document parse_json_configuration(std::string_view json_text, std::string_view file_name) {
    rapidjson::Document document;
    document.Parse(json_text.data(), json_text.size());
    if (document.HasParseError()) {
        const std::size_t offset = document.GetErrorOffset();
        throw HclError(file_name, {line_of_offset(json_text, offset), 1, offset}, "not valid JSON");
    }
    return document;
}

void for_each_json_body(const rapidjson::Value& body, const std::function<void(const rapidjson::Value&)>& visit) {
    if (body.IsObject()) visit(body);
    else if (body.IsArray())
        for (const auto& item : body.GetArray())
            if (item.IsObject()) visit(item);
}

std::vector<MovedBlock> read_moved_blocks_json(std::string_view json_text, std::string_view file_name) {
    const rapidjson::Document document = parse_json_configuration(json_text, file_name);
    std::vector<MovedBlock> out;
    std::size_t searched_from = 0;
    for_each_json_body(document, [&](const rapidjson::Value& top) {
        const rapidjson::Value* moved = member_of(top, "moved");
        if (!moved) return;
        const std::size_t key = json_text.find("\"moved\"", searched_from);
        const int line = key == std::string_view::npos ? 0 : line_of_offset(json_text, key);
        if (key != std::string_view::npos) searched_from = key + 1;
        for_each_json_body(*moved, [&](const rapidjson::Value& block) {
            // Each endpoint is an HCL traversal in a string: read as the HCL block it stands for.
            std::string hcl = "moved {\n";
            for (const char* side : {"from", "to"}) {
                const rapidjson::Value* endpoint = member_of(block, side);
                if (endpoint && endpoint->IsString()) hcl += std::string("  ") + side + " = " + string_of(*endpoint) + "\n";
            }
            hcl += "}\n";
            try {
                for (auto& read : read_moved_blocks(hcl, file_name)) {
                    read.line = line;
                    out.push_back(std::move(read));
                }
            } catch (const HclError& error) {
                const std::string what = error.what();
                // "file:1:N: message" of the text above: the file's line of the block instead.
                const std::size_t message = what.find(": ", file_name.size() + 1);
                throw HclError(file_name, {line, 1, 0}, message == std::string::npos ? what : what.substr(message + 2));
            }
        });
    });
    return out;
}

std::map<std::string, IgnoredChanges> read_ignored_changes_json(std::string_view json_text, std::string_view file_name) {
    const rapidjson::Document document = parse_json_configuration(json_text, file_name);
    std::map<std::string, IgnoredChanges> out;
    for_each_json_body(document, [&](const rapidjson::Value& top) {
        const rapidjson::Value* resources = member_of(top, "resource");
        if (!resources) return;
        for_each_json_body(*resources, [&](const rapidjson::Value& by_type) {
            for (const auto& type : by_type.GetObject())
                for_each_json_body(type.value, [&](const rapidjson::Value& by_name) {
                    for (const auto& name : by_name.GetObject())
                        for_each_json_body(name.value, [&](const rapidjson::Value& body) {
                            const rapidjson::Value* lifecycle = member_of(body, "lifecycle");
                            if (!lifecycle) return;
                            for_each_json_body(*lifecycle, [&](const rapidjson::Value& settings) {
                                const rapidjson::Value* ignore = member_of(settings, "ignore_changes");
                                if (!ignore) return;
                                // The HCL resource it stands for, read as HCL is read.
                                std::string list;
                                if (ignore->IsString()) {
                                    list = string_of(*ignore);
                                } else if (ignore->IsArray()) {
                                    list = "[";
                                    for (const auto& path : ignore->GetArray())
                                        if (path.IsString()) list += string_of(path) + ", ";
                                    list += "]";
                                } else {
                                    list = "all";  // unreadable: the side that trusts a no change less
                                }
                                const std::string resource = string_of(type.name) + "." + string_of(name.name);
                                const std::string hcl = "resource \"" + string_of(type.name) + "\" \"" + string_of(name.name) +
                                                        "\" {\n  lifecycle {\n    ignore_changes = " + list + "\n  }\n}\n";
                                for (auto& [read, ignored] : read_ignored_changes(hcl, file_name)) out[read] = std::move(ignored);
                            });
                        });
                });
        });
    });
    return out;
}

}  // namespace tfw::core::parse
