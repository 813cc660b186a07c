// Which files of a module directory Terraform reads as its configuration, by name alone
// (terraform's internal/configs/parser_config_dir.go): NAME.tf and NAME.tf.json, except
// names an editor or the system hides, and override files, read after the others.
#pragma once

#include <string_view>

namespace tfw::core::inline parse {

// `.tf` or `.tf.json` and not ignored: what `terraform plan` loads.
bool is_configuration_file_name(std::string_view name);

// Names Terraform skips whatever their extension: hidden (`.x.tf`, an editor's lock link
// `.#main.tf`), a backup (`main.tf~`), or an Emacs auto-save (`#main.tf#`). A name that
// only starts with `#` is read.
bool is_ignored_file_name(std::string_view name);

// `override.tf`, `NAME_override.tf` and their `.tf.json` forms: merged over the others.
bool is_override_file_name(std::string_view name);

// `.tf.json`: JSON syntax; every other configuration file is HCL.
bool is_json_configuration_file_name(std::string_view name);

}  // namespace tfw::core::parse
