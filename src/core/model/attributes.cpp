#include "tfw/core/model/attributes.hpp"

#include "tfw/core/model/address.hpp"

namespace tfw::core::inline model {
namespace {

bool is_identifier(std::string_view text) {
    if (text.empty()) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        bool later = (c >= '0' && c <= '9') || c == '-';
        if (!letter && !(i > 0 && later)) return false;
    }
    return true;
}

}  // namespace

bool path_covers(std::string_view prefix, std::string_view path) {
    if (prefix.empty()) return true;
    if (path.size() < prefix.size() || path.substr(0, prefix.size()) != prefix) return false;
    return path.size() == prefix.size() || path[prefix.size()] == '.' || path[prefix.size()] == '[';
}

std::string child_path(std::string_view parent, std::string_view member) {
    std::string out(parent);
    if (is_identifier(member)) {
        if (!out.empty()) out += '.';
        out += member;
    } else {
        out += '[';
        out += quote_hcl_string(member);
        out += ']';
    }
    return out;
}

std::string index_path(std::string_view parent, std::size_t index) {
    return std::string(parent) + "[" + std::to_string(index) + "]";
}

}  // namespace tfw::core::model
