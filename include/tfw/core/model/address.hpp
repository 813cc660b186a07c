// Terraform addresses: module paths with instance keys, resources and their instances.
// Parsing and printing follow Terraform's HCL form exactly, so an address read from
// `show -json` prints back byte-identical, and a printed address is a static HCL traversal.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline model {

// An instance key: none (a single instance), an integer (count) or a string (for_each).
struct InstanceKey {
    enum class Kind { none, index, name };
    Kind kind = Kind::none;
    std::int64_t index = 0;
    std::string name;

    static InstanceKey none() { return {}; }
    static InstanceKey of_index(std::int64_t i) { return {Kind::index, i, {}}; }
    static InstanceKey of_name(std::string s) { return {Kind::name, 0, std::move(s)}; }
    bool empty() const { return kind == Kind::none; }
    // Not `auto`: libc++ before LLVM 17 (Apple's included) has no operator<=> for
    // std::string, std::vector or std::optional; a declared ordering falls back on their
    // < and ==.
    std::strong_ordering operator<=>(const InstanceKey&) const = default;
};

struct ModuleStep {
    std::string name;
    InstanceKey key;
    std::strong_ordering operator<=>(const ModuleStep&) const = default;
};

// A path of module instances from the root; empty is the root module.
using ModulePath = std::vector<ModuleStep>;

enum class ResourceMode { managed, data };

struct ResourcePart {
    ResourceMode mode = ResourceMode::managed;
    std::string type;
    std::string name;
    InstanceKey key;
    std::strong_ordering operator<=>(const ResourcePart&) const = default;
};

// Either a module (instance or whole call, when `resource` is empty) or a resource
// (instance or whole resource) inside a module path. This is the shape of both a
// `moved` endpoint and a planned resource instance.
struct Address {
    ModulePath module;
    std::optional<ResourcePart> resource;

    bool is_module() const { return !resource.has_value(); }
    std::strong_ordering operator<=>(const Address&) const = default;
};

struct AddressParseResult {
    std::optional<Address> address;
    std::string error;  // set when address is empty
};

AddressParseResult parse_address(std::string_view text);
// Parses or throws std::invalid_argument; for text that Terraform itself printed.
Address must_parse_address(std::string_view text);

std::string to_string(const InstanceKey& key);  // "" / "[3]" / "[\"k\"]"
std::string to_string(const ModulePath& path);  // "" / "module.a[0].module.b"
std::string to_string(const Address& address);

// HCL quoted-string form of a for_each key, exactly as Terraform prints it.
std::string quote_hcl_string(std::string_view raw);

// The module path that holds a resource address, or the path a module address names.
ModulePath module_of(const Address& address);

// The longest common prefix of two module paths, comparing keys too.
ModulePath common_ancestor(const ModulePath& a, const ModulePath& b);

bool starts_with(const ModulePath& path, const ModulePath& prefix);

// `address` seen from inside module `base`; base must be a prefix of its module path.
Address relative_to(const Address& address, const ModulePath& base);

// `address` as seen from the root when written inside module `base`.
Address absolute_from(const Address& relative, const ModulePath& base);

// Whether Terraform moves `from` to `to` by itself, with no block: one resource instance
// of the same module instance, `x` and `x[0]` either way (`count` added or removed).
bool is_implied_move(const Address& from, const Address& to);

}  // namespace tfw::core::model
