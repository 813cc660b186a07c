#include "tfw/core/parse/config_files.hpp"

namespace tfw::core::inline parse {
namespace {

// The name without its configuration extension; empty when it has none.
std::string_view stem(std::string_view name) {
    for (std::string_view extension : {".tf.json", ".tf"})
        if (name.size() > extension.size() && name.ends_with(extension)) return name.substr(0, name.size() - extension.size());
    return {};
}

}  // namespace

bool is_ignored_file_name(std::string_view name) {
    return name.starts_with('.') || name.ends_with('~') || (name.starts_with('#') && name.ends_with('#'));
}

bool is_configuration_file_name(std::string_view name) { return !stem(name).empty() && !is_ignored_file_name(name); }

bool is_override_file_name(std::string_view name) {
    const std::string_view base = stem(name);
    return is_configuration_file_name(name) && (base == "override" || base.ends_with("_override"));
}

bool is_json_configuration_file_name(std::string_view name) {
    return is_configuration_file_name(name) && name.ends_with(".tf.json");
}

}  // namespace tfw::core::parse
