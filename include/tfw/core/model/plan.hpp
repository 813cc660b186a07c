// The plan model: what tfw needs from `terraform show -json`, as plain data.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/attributes.hpp"

namespace tfw::core::inline model {

enum class Action { no_op, create, remove, update, delete_then_create, create_then_delete, read, forget };

struct ResourceChange {
    Address address;  // a resource instance
    std::string address_text;  // as Terraform printed it
    std::optional<Address> previous_address;
    std::string provider_name;
    Action action = Action::no_op;
    std::string action_reason;
    bool deposed = false;
    // `change.importing.id`: the object is imported here by an `import` block.
    std::optional<std::string> importing_id;
    // Filled only for move candidates (a plain delete or a plain create), replaced moved
    // objects (is_replaced_move) and Terraform's own moves (is_kept_implied_move), to keep
    // memory proportional to what matching needs; `after` also for an update, whose new
    // values name what a tie's holder refers to now.
    Attributes before;
    Attributes after;
    // Filled only for an update or a replace: its prior values at the paths the plan leaves
    // unknown until apply. A value there may be another object's id that this one refers
    // to (`input = terraform_data.a.id` while `a` is replaced): how a tie's twins are told
    // apart by what refers to each (core/match/match_ties).
    Attributes held_until_apply;
    // Filled only for an update of a moved object: the top-level attributes it changes, as
    // the rendering marks them (`~ input`), sorted.
    std::vector<std::string> changed_attributes;

    bool is_managed() const { return address.resource && address.resource->mode == ResourceMode::managed; }
    // A destroy or a replace: the object the state holds at `address` is gone after apply.
    bool destroys_its_object() const {
        return action == Action::remove || action == Action::delete_then_create || action == Action::create_then_delete;
    }
    // A managed, non-deposed plain deletion: may be the old half of a move.
    bool is_deletion_candidate() const { return is_managed() && !deposed && action == Action::remove; }
    // A managed plain creation: may be the new half of a move.
    bool is_creation_candidate() const { return is_managed() && action == Action::create; }
    // A managed object moved, then replaced: the halves of a move Terraform refuted.
    bool is_replaced_move() const {
        return is_managed() && !deposed && previous_address &&
               (action == Action::delete_then_create || action == Action::create_then_delete);
    }
    // A managed object Terraform moved itself, as `count` came or went (`x` to `x[0]`, and
    // back), and updates or leaves as it is: a pairing of Terraform's, which another
    // object's move may better (core/converge/implied_moves).
    bool is_kept_implied_move() const {
        return is_managed() && !deposed && previous_address && is_implied_move(*previous_address, address) &&
               (action == Action::no_op || action == Action::update);
    }
    // A managed object updated or replaced: its values may hold another object's id, which
    // the plan leaves unknown when that object is replaced.
    bool may_refer_to_replaced() const {
        return is_managed() && !deposed &&
               (action == Action::update || action == Action::delete_then_create || action == Action::create_then_delete);
    }
};

// A resource's `lifecycle { ignore_changes = … }`: Terraform plans no change of these
// attributes, so a plan with no change says nothing about them. show -json leaves the
// lifecycle out; the shell reads it from the module's .tf files.
struct IgnoredChanges {
    bool all = false;                // `ignore_changes = all`
    std::vector<std::string> paths;  // as attribute leaves spell them: `input`, `tags.Name`, `rules[0]`
    // Whether a change at the leaf `path` is one Terraform ignores: the path itself, or an
    // attribute that holds it, is listed.
    bool covers(std::string_view path) const;
    bool any() const { return all || !paths.empty(); }
    bool operator==(const IgnoredChanges&) const = default;
};

// What an expression refers to in its module: resources (keys dropped), the module's
// input variables (`var.NAME`, by name) and its child calls' outputs (`CALL.OUTPUT`).
struct ExpressionReferences {
    std::vector<std::string> resources;
    std::vector<std::string> variables;
    std::vector<std::string> module_outputs;
};

struct ConfigResource {
    std::string address;  // relative to its module: `terraform_data.a`, `data.x.y`
    ResourceMode mode = ResourceMode::managed;
    std::string type;
    std::string name;
    bool has_count = false;
    bool has_for_each = false;
    // Resources this one's expressions refer to, relative to the same module, keys removed.
    std::vector<std::string> references;
    // Across the module's boundaries: its input variables and its child calls' outputs
    // that its expressions refer to (ExpressionReferences).
    std::vector<std::string> variables;
    std::vector<std::string> module_outputs;
    // The attributes (and nested blocks) its configuration sets.
    std::vector<std::string> configured;
    // The resource instances they name with a key, as written (`terraform_data.c["a"]`,
    // `aws_vpc.main[0]`), relative to the same module: which instance, where `references`
    // says only which resource.
    std::vector<std::string> instance_references;
    IgnoredChanges ignored_changes;  // as the shell read it from the .tf files; none when not read

    // Whether its configuration sets the attribute that holds the leaf `path` (`input` for
    // `input.d`); what the provider computes is not set there.
    bool sets(std::string_view path) const;
};

struct ModuleCall;

struct ConfigModule {
    std::vector<ConfigResource> resources;
    std::vector<ModuleCall> calls;
    std::map<std::string, ExpressionReferences> outputs;  // by output name
};

struct ModuleCall {
    std::string name;
    std::string source;
    bool has_count = false;
    bool has_for_each = false;
    std::map<std::string, ExpressionReferences> arguments;  // by input variable name
    ConfigModule module;
};

struct Plan {
    std::string terraform_version;
    bool errored = false;
    std::vector<ResourceChange> changes;
    // Absolute config-resource address (no instance keys) -> its prior-state `depends_on`.
    std::map<std::string, std::vector<std::string>> prior_dependencies;
    ConfigModule configuration;
    // `resource_drift`: the objects a refreshing plan found changed or gone outside
    // Terraform (an object that only moved is no drift).
    std::vector<std::string> drifted;
    // `checks`: the config addresses of the managed resources with conditions of their own
    // (`precondition`, `postcondition`), as config_resource_address prints them. Such a
    // condition may tell apart objects whose every value is equal (a postcondition that
    // pins `self.id`), so only a plan can say they are twins.
    std::set<std::string> checked_resources;
};

// A module path with the instance keys dropped: the configuration's view of it.
std::string config_module_path(const ModulePath& path);
// `module.a.terraform_data.x` for any instance of that resource.
std::string config_resource_address(const Address& resource_instance);

// Every reference of every resource, both sides as absolute config addresses
// (`module.a.terraform_data.x` refers to `module.a.terraform_data.y`), followed through
// input variables and module outputs to the resources they name, in any module.
void for_each_reference(const ConfigModule& root,
                        const std::function<void(const std::string& referrer, const std::string& target)>& visit);

// Config addresses and what each leads to (references, or referrers).
using ReferenceEdges = std::unordered_map<std::string, std::vector<std::string>>;

// Every address reachable from `starts` along `edges`, directly or through others; a
// start is in it only when some path leads back to it.
std::set<std::string> reachable_from(const ReferenceEdges& edges, std::vector<std::string> starts);

// The module configuration at a static path (`{"a","b"}` for module.a.module.b), or null.
const ConfigModule* find_config_module(const ConfigModule& root, const std::vector<std::string>& call_names);

// Every resource of the configuration by its absolute config address
// (`module.a.terraform_data.x`, as config_resource_address prints it).
std::unordered_map<std::string, const ConfigResource*> config_resources_by_address(const ConfigModule& root);

// True when the configuration still declares the resource (any key) of this address.
bool config_declares(const ConfigModule& root, const Address& address);

// The planned change of a resource instance (not a deposed one) by the address Terraform
// printed, or null.
const ResourceChange* find_change(const Plan& plan, std::string_view address);

// Undoes a move Terraform planned, as if no block had asked for it: `moved` (a change
// with a previous address) becomes a creation at its address, with no previous values,
// and the returned change is the deletion of the object at the previous address, with
// them. The previous address takes the prior-state `depends_on` of the new one where the
// plan records none of its own (the state moved it there).
ResourceChange split_move(Plan& plan, ResourceChange& moved);

// An action as a reason says it: "no change", "an update", "a replace", "no longer managed".
std::string_view action_words(Action action);

}  // namespace tfw::core::model
