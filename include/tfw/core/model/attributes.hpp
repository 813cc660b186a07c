// A resource's attribute values flattened to leaves, the unit of comparison.
// A leaf is a scalar, null, or an empty container; its value is canonical JSON text,
// so two leaves are equal exactly when their texts are equal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline model {

struct AttributeLeaf {
    // Terraform-style path: `input`, `tags.Name`, `tags["a b"]`, `ingress[0].from_port`.
    std::string path;
    std::string value;       // canonical JSON text; empty when unknown
    bool unknown = false;    // known only after apply: never compared
    bool sensitive = false;  // never printed

    bool operator==(const AttributeLeaf&) const = default;
};

// Sorted by path, one leaf per path.
using Attributes = std::vector<AttributeLeaf>;

// True when `path` is `prefix` or lies below it (`tags` covers `tags.Name`, `tags["x"]`).
bool path_covers(std::string_view prefix, std::string_view path);

// Appends an object member to a path in Terraform's style.
std::string child_path(std::string_view parent, std::string_view member);
// Appends a list index to a path.
std::string index_path(std::string_view parent, std::size_t index);

}  // namespace tfw::core::model
