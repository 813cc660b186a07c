// The ID an `import` block gives to adopt an object another root module gave up. For most
// resource types it is the object's `id`; a few take a composite ID built from other
// attributes (an IAM role policy attachment is imported as `role/policy_arn`, while its
// `id` is a generated name). Those exceptions are a table of templates over the object's
// attributes, which a policy's `import_ids` extends or overrides per type.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/model/attributes.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline policy {

// The built-in exceptions, checked against the AWS provider's documentation. Every other
// type's template is `{id}`.
const std::vector<ImportIdRule>& builtin_import_ids();

// Why a template is malformed, or "" when it is well formed: `{path}` names an attribute
// path as tfw prints them (`role`, `tags.Name`), `{{` and `}}` are literal braces, and a
// template names at least one attribute.
std::string import_id_template_error(std::string_view id_template);

// The template for a type: the policy's rule (its last for that type), else the table's,
// else `{id}`.
std::string import_id_template(std::string_view type, const std::vector<ImportIdRule>& policy_rules);

struct ImportId {
    std::optional<std::string> id;
    std::string refusal;  // when there is no id: why, naming the attribute
};

// The template filled with the object's values. An attribute that is absent, null,
// unknown, sensitive or not a string, number or bool leaves no ID, and says so.
ImportId fill_import_id(std::string_view id_template, const Attributes& values);

}  // namespace tfw::core::policy
