#include "tfw/core/model/plan.hpp"

#include <algorithm>

namespace tfw::core::inline model {

std::string config_module_path(const ModulePath& path) {
    std::string out;
    for (const auto& step : path) {
        if (!out.empty()) out += '.';
        out += "module." + step.name;
    }
    return out;
}

bool IgnoredChanges::covers(std::string_view path) const {
    if (all) return true;
    return std::any_of(paths.begin(), paths.end(), [&](const std::string& ignored) { return path_covers(ignored, path); });
}

bool ConfigResource::sets(std::string_view path) const {
    const std::string_view attribute = path.substr(0, path.find_first_of(".["));
    return std::find(configured.begin(), configured.end(), attribute) != configured.end();
}

std::string config_resource_address(const Address& resource_instance) {
    std::string out = config_module_path(resource_instance.module);
    if (!resource_instance.resource) return out;
    if (!out.empty()) out += '.';
    const auto& r = *resource_instance.resource;
    if (r.mode == ResourceMode::data) out += "data.";
    return out + r.type + "." + r.name;
}

namespace {

// A module of the configuration where an expression is read: its calls name the child
// scopes, its parent's call the values of its input variables.
struct Scope {
    const ConfigModule& module;
    std::string prefix;  // `module.a.module.b.`
    const Scope* parent = nullptr;
    const ModuleCall* call = nullptr;  // in the parent, the call of this module
};

// Follows what expressions name to the resources behind them. Each input variable and
// output of a scope is followed once (`known_`, keyed by the scope's prefix), so a
// configuration costs its size, however many resources read one value.
class ReferenceResolver {
public:
    void resolve(const Scope& scope, const ExpressionReferences& references, std::set<std::string>& out, int hops) {
        // Terraform refuses a configuration whose references go round; the bound only keeps
        // a malformed plan from recursing for ever.
        if (hops > max_scope_hops) return;
        for (const auto& resource : references.resources) out.insert(scope.prefix + resource);
        if (scope.parent && scope.call)
            for (const auto& variable : references.variables)
                if (auto value = scope.call->arguments.find(variable); value != scope.call->arguments.end()) {
                    const std::set<std::string>& named = known(scope.prefix + "var." + variable, *scope.parent, value->second, hops);
                    out.insert(named.begin(), named.end());
                }
        for (const auto& call_output : references.module_outputs) {
            // `CALL.OUTPUT`, or `CALL` alone: every output of it.
            const std::size_t dot = call_output.find('.');
            const std::string call_name = call_output.substr(0, dot);
            for (const auto& call : scope.module.calls) {
                if (call.name != call_name) continue;
                const Scope child{call.module, scope.prefix + "module." + call.name + ".", &scope, &call};
                for (const auto& [output, value] : call.module.outputs)
                    if (dot == std::string::npos || output == call_output.substr(dot + 1)) {
                        const std::set<std::string>& named = known(child.prefix + "output." + output, child, value, hops);
                        out.insert(named.begin(), named.end());
                    }
            }
        }
    }

private:
    static constexpr int max_scope_hops = 256;

    const std::set<std::string>& known(const std::string& key, const Scope& scope, const ExpressionReferences& value, int hops) {
        if (auto found = known_.find(key); found != known_.end()) return found->second;
        std::set<std::string> named;
        resolve(scope, value, named, hops + 1);
        return known_.emplace(key, std::move(named)).first->second;
    }

    std::unordered_map<std::string, std::set<std::string>> known_;
};

void visit_references(const Scope& scope, ReferenceResolver& resolver,
                      const std::function<void(const std::string&, const std::string&)>& visit) {
    for (const auto& resource : scope.module.resources) {
        const std::string referrer = scope.prefix + resource.address;
        std::set<std::string> targets;
        resolver.resolve(scope, {resource.references, resource.variables, resource.module_outputs}, targets, 0);
        targets.erase(referrer);
        for (const auto& target : targets) visit(referrer, target);
    }
    for (const auto& call : scope.module.calls)
        visit_references({call.module, scope.prefix + "module." + call.name + ".", &scope, &call}, resolver, visit);
}

void index_resources(const ConfigModule& module, const std::string& prefix,
                     std::unordered_map<std::string, const ConfigResource*>& out) {
    for (const auto& resource : module.resources) out.emplace(prefix + resource.address, &resource);
    for (const auto& call : module.calls) index_resources(call.module, prefix + "module." + call.name + ".", out);
}

}  // namespace

std::unordered_map<std::string, const ConfigResource*> config_resources_by_address(const ConfigModule& root) {
    std::unordered_map<std::string, const ConfigResource*> out;
    index_resources(root, "", out);
    return out;
}

std::set<std::string> reachable_from(const ReferenceEdges& edges, std::vector<std::string> starts) {
    std::set<std::string> out;
    while (!starts.empty()) {
        std::string at = std::move(starts.back());
        starts.pop_back();
        auto it = edges.find(at);
        if (it == edges.end()) continue;
        for (const auto& next : it->second)
            if (out.insert(next).second) starts.push_back(next);
    }
    return out;
}

void for_each_reference(const ConfigModule& root,
                        const std::function<void(const std::string& referrer, const std::string& target)>& visit) {
    ReferenceResolver resolver;
    visit_references({root, ""}, resolver, visit);
}

const ConfigModule* find_config_module(const ConfigModule& root, const std::vector<std::string>& call_names) {
    const ConfigModule* current = &root;
    for (const auto& name : call_names) {
        const ConfigModule* next = nullptr;
        for (const auto& call : current->calls)
            if (call.name == name) next = &call.module;
        if (!next) return nullptr;
        current = next;
    }
    return current;
}

bool config_declares(const ConfigModule& root, const Address& address) {
    std::vector<std::string> names;
    for (const auto& step : address.module) names.push_back(step.name);
    if (!address.resource) {
        if (names.empty()) return true;
        std::string last = names.back();
        names.pop_back();
        const ConfigModule* parent = find_config_module(root, names);
        if (!parent) return false;
        for (const auto& call : parent->calls)
            if (call.name == last) return true;
        return false;
    }
    const ConfigModule* module = find_config_module(root, names);
    if (!module) return false;
    for (const auto& resource : module->resources)
        if (resource.mode == address.resource->mode && resource.type == address.resource->type &&
            resource.name == address.resource->name)
            return true;
    return false;
}

const ResourceChange* find_change(const Plan& plan, std::string_view address) {
    for (const auto& change : plan.changes)
        if (!change.deposed && change.address_text == address) return &change;
    return nullptr;
}

std::string_view action_words(Action action) {
    switch (action) {
        case Action::no_op: return "no change";
        case Action::create: return "a create";
        case Action::remove: return "a destroy";
        case Action::update: return "an update";
        case Action::delete_then_create:
        case Action::create_then_delete: return "a replace";
        case Action::read: return "a read";
        case Action::forget: return "no longer managed";
    }
    return "?";
}

ResourceChange split_move(Plan& plan, ResourceChange& moved) {
    ResourceChange deletion;
    deletion.address = *moved.previous_address;
    deletion.address_text = to_string(deletion.address);
    deletion.provider_name = moved.provider_name;
    deletion.action = Action::remove;
    deletion.before = std::move(moved.before);
    const std::string old_config = config_resource_address(deletion.address);
    if (!plan.prior_dependencies.count(old_config))
        if (auto found = plan.prior_dependencies.find(config_resource_address(moved.address)); found != plan.prior_dependencies.end())
            plan.prior_dependencies[old_config] = found->second;
    moved.action = Action::create;
    moved.action_reason.clear();
    moved.previous_address.reset();
    moved.before.clear();
    moved.held_until_apply.clear();
    return deletion;
}

}  // namespace tfw::core::model
