// Optional members of a parsed RapidJSON object, for Terraform's event streams: a member
// that is absent or of another type reads as empty.
#pragma once

#include <optional>
#include <string_view>

#include <rapidjson/document.h>

namespace tfw::core {

inline std::string_view string_member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return {};
    auto it = object.FindMember(name);
    if (it == object.MemberEnd() || !it->value.IsString()) return {};
    return {it->value.GetString(), it->value.GetStringLength()};
}

inline std::optional<int> int_member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return std::nullopt;
    auto it = object.FindMember(name);
    if (it == object.MemberEnd() || !it->value.IsInt()) return std::nullopt;
    return it->value.GetInt();
}

}  // namespace tfw::core
