// Optional members of a parsed RapidJSON object, for Terraform's event streams: a member
// that is absent or of another type reads as empty. (No MemberIterator comparisons, which
// clang rejects as ambiguous under C++20.)
#pragma once

#include <optional>
#include <string_view>

#include <rapidjson/document.h>

namespace tfw::core::inline parse {

// The member `name` of `object`, or null when it is absent.
inline const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return nullptr;
    auto it = object.FindMember(name);
    return it != object.MemberEnd() ? &it->value : nullptr;
}

inline std::string_view string_member(const rapidjson::Value& object, const char* name) {
    const rapidjson::Value* value = member(object, name);
    if (!value || !value->IsString()) return {};
    return {value->GetString(), value->GetStringLength()};
}

inline std::optional<int> int_member(const rapidjson::Value& object, const char* name) {
    const rapidjson::Value* value = member(object, name);
    if (!value || !value->IsInt()) return std::nullopt;
    return value->GetInt();
}

}  // namespace tfw::core::parse
