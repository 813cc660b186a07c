#include "tfw/core/roots/cross_root_declarative.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "tfw/core/policy/import_id.hpp"

namespace tfw::core::inline roots {
namespace {

ModulePath without_keys(const ModulePath& path) {
    ModulePath out = path;
    for (auto& step : out) step.key = InstanceKey::none();
    return out;
}

// Whether the object at `address` is one a removed block from `unit` forgets.
bool forgotten_by(const Address& unit, const Address& address) {
    if (!address.resource) return false;
    ModulePath path = without_keys(address.module);
    if (unit.is_module()) return starts_with(path, unit.module);
    if (path != unit.module) return false;
    return address.resource->mode == unit.resource->mode && address.resource->type == unit.resource->type &&
           address.resource->name == unit.resource->name;
}

// The removed block's `from` for a deletion, or why there is none: the outermost module
// call the configuration no longer declares, else the resource when it is no longer
// declared. (Terraform's action_reason does not tell: a resource in a removed module call
// is deleted "because no resource config" too.)
std::optional<Address> removed_unit(const Plan& plan, const ResourceChange& change, std::string& refusal) {
    const Address& at = change.address;
    std::vector<std::string> names;
    for (std::size_t k = 0; k < at.module.size(); ++k) {
        names.push_back(at.module[k].name);
        if (find_config_module(plan.configuration, names)) continue;
        Address unit;
        unit.module = without_keys(ModulePath(at.module.begin(), at.module.begin() + static_cast<std::ptrdiff_t>(k) + 1));
        return unit;
    }
    if (!config_declares(plan.configuration, at)) {
        Address unit;
        unit.module = without_keys(at.module);
        unit.resource = at.resource;
        unit.resource->key = InstanceKey::none();
        return unit;
    }
    refusal = "its resource is still declared (Terraform deletes it because " +
              (change.action_reason.empty() ? std::string("of its configuration") : change.action_reason) +
              "), and a removed block may only name what the configuration no longer declares";
    return std::nullopt;
}

using BlockKey = std::pair<std::size_t, std::string>;  // source root, removed block's `from`

std::size_t source_root(const DeclarativeMove& move, const CrossRootResult& paired,
                        const std::vector<RootCandidate>& candidates) {
    return candidates[paired.moves[move.move].deletion].root;
}

DeclarativePlan collect(std::vector<std::optional<DeclarativeMove>>& tentative, std::map<std::size_t, std::string>& refused) {
    DeclarativePlan out;
    for (auto& move : tentative)
        if (move) out.moves.push_back(std::move(*move));
    for (auto& [index, reason] : refused) out.refusals.push_back({index, std::move(reason)});
    return out;
}

}  // namespace

bool supports_removed_blocks(std::string_view version) {
    int major = 0, minor = 0;
    const char* end = version.data() + version.size();
    auto [after_major, major_error] = std::from_chars(version.data(), end, major);
    if (major_error != std::errc() || after_major == end || *after_major != '.') return false;
    auto [after_minor, minor_error] = std::from_chars(after_major + 1, end, minor);
    if (minor_error != std::errc()) return false;
    return major > 1 || (major == 1 && minor >= 7);
}

DeclarativePlan plan_declarative(const CrossRootResult& paired, const std::vector<RootCandidate>& candidates,
                                 const std::vector<const Plan*>& root_plans,
                                 const std::vector<std::vector<ImportIdRule>>& import_rules) {
    std::vector<std::optional<DeclarativeMove>> tentative(paired.moves.size());
    std::map<std::size_t, std::string> refused;
    for (std::size_t i = 0; i < paired.moves.size(); ++i) {
        const RootCandidate& from = candidates[paired.moves[i].deletion];
        const RootCandidate& to = candidates[paired.moves[i].creation];
        const Plan& source = *root_plans[from.root];
        const Plan& destination = *root_plans[to.root];
        if (!supports_removed_blocks(source.terraform_version) || !supports_removed_blocks(destination.terraform_version)) {
            const std::string& old = supports_removed_blocks(source.terraform_version) ? destination.terraform_version
                                                                                       : source.terraform_version;
            refused[i] = "Terraform " + old + " has no removed blocks (1.7 or later has them)";
            continue;
        }
        const ResourceChange* change = find_change(source, from.address);
        if (!change) {
            refused[i] = "its deletion is not in the source root's plan";
            continue;
        }
        std::string why;
        std::optional<Address> unit = removed_unit(source, *change, why);
        if (!unit) {
            refused[i] = why;
            continue;
        }
        ImportId id = fill_import_id(import_id_template(from.type, import_rules[to.root]), from.values);
        if (!id.id) {
            refused[i] = id.refusal;
            continue;
        }
        tentative[i] = DeclarativeMove{i, std::move(*unit), must_parse_address(to.address), std::move(*id.id)};
    }

    // Every object a removed block forgets must be one that moves; otherwise its block
    // and every move in it are withdrawn.
    for (bool changed = true; changed;) {
        changed = false;
        std::map<BlockKey, std::vector<std::size_t>> blocks;
        std::map<std::size_t, std::set<std::string>> leaving;  // root -> addresses written as moves
        for (std::size_t i = 0; i < tentative.size(); ++i) {
            if (!tentative[i]) continue;
            const std::size_t root = candidates[paired.moves[i].deletion].root;
            blocks[{root, to_string(tentative[i]->removed_from)}].push_back(i);
            leaving[root].insert(candidates[paired.moves[i].deletion].address);
        }
        for (const auto& [key, members] : blocks) {
            const Address& unit = tentative[members.front()]->removed_from;
            std::string problem;
            for (const auto& change : root_plans[key.first]->changes) {
                if (change.deposed || !change.is_managed() || change.action == Action::create) continue;
                if (!forgotten_by(unit, change.address) || leaving[key.first].contains(change.address_text)) continue;
                bool moves_but_refused = false;
                for (const auto& [index, reason] : refused)
                    moves_but_refused = moves_but_refused ||
                                        (candidates[paired.moves[index].deletion].root == key.first &&
                                         candidates[paired.moves[index].deletion].address == change.address_text);
                problem = moves_but_refused
                              ? "withdrawn with " + change.address_text + ": the same removed block (from = " + key.second +
                                    ") would forget it, and it is not written"
                              : "only part of " + key.second + " leaves the root (" + change.address_text +
                                    " does not move with it), and a removed block names a whole resource or module call";
                break;
            }
            if (problem.empty()) continue;
            for (std::size_t i : members) {
                refused[i] = problem;
                tentative[i].reset();
            }
            changed = true;
        }
    }
    return collect(tentative, refused);
}

DeclarativePlan judge_declarative(const DeclarativePlan& planned, const CrossRootResult& paired,
                                  const std::vector<RootCandidate>& candidates,
                                  const std::vector<RootVerification>& verifications) {
    std::vector<std::optional<DeclarativeMove>> tentative(paired.moves.size());
    std::map<std::size_t, std::string> refused;
    for (const auto& refusal : planned.refusals) refused[refusal.move] = refusal.reason;
    for (const auto& move : planned.moves) {
        const RootCandidate& from = candidates[paired.moves[move.move].deletion];
        const RootCandidate& to = candidates[paired.moves[move.move].creation];
        const RootVerification& source = verifications[from.root];
        const RootVerification& destination = verifications[to.root];
        std::string problem;
        if (!source.plan) {
            problem = "the source root failed to plan with the blocks: " + source.failure;
        } else if (!destination.plan) {
            problem = "the destination root failed to plan with the blocks: " + destination.failure;
        } else {
            const ResourceChange* forgotten = find_change(*source.plan, from.address);
            const ResourceChange* imported = find_change(*destination.plan, to.address);
            if (!forgotten)
                problem = "with the removed block the source root plans nothing for it";
            else if (forgotten->action != Action::forget)
                problem = "with the removed block the source root plans " + std::string(action_words(forgotten->action)) +
                          " for it, not \"no longer managed\"";
            else if (!imported || !imported->importing_id)
                problem = "with the import block the destination root plans no import of it";
            else if (*imported->importing_id != move.import_id)
                problem = "the destination root imports it with the ID " + quote_hcl_string(*imported->importing_id) +
                          ", not " + quote_hcl_string(move.import_id);
            else if (imported->action != Action::no_op && imported->action != Action::update)
                problem = "with the import block the destination root plans " + std::string(action_words(imported->action)) +
                          " for it after the import";
        }
        if (problem.empty()) tentative[move.move] = move;
        else refused[move.move] = problem;
    }
    // A withdrawn move takes its removed block, and so that block's other moves.
    std::map<BlockKey, std::string> withdrawn;
    for (const auto& move : planned.moves)
        if (!tentative[move.move])
            withdrawn.emplace(BlockKey{source_root(move, paired, candidates), to_string(move.removed_from)},
                              candidates[paired.moves[move.move].deletion].address);
    for (auto& move : tentative) {
        if (!move) continue;
        auto it = withdrawn.find({source_root(*move, paired, candidates), to_string(move->removed_from)});
        if (it == withdrawn.end()) continue;
        refused[move->move] = "withdrawn with " + it->second + ": the same removed block (from = " + it->first.second +
                              ") would forget it, and it is not written";
        move.reset();
    }
    return collect(tentative, refused);
}

std::string render_removed_block(const Address& from) {
    if (from.module.empty() && !from.resource) throw std::invalid_argument("the root module cannot be removed");
    return "removed {\n  from = " + to_string(from) + "\n\n  lifecycle {\n    destroy = false\n  }\n}\n";
}

std::string render_import_block(const Address& to, std::string_view id) {
    if (!to.resource) throw std::invalid_argument("an import block's `to` is a resource instance");
    return "import {\n  to = " + to_string(to) + "\n  id = " + quote_hcl_string(id) + "\n}\n";
}

std::vector<std::string> declarative_blocks_for(std::size_t root, const DeclarativePlan& plan,
                                                const CrossRootResult& paired,
                                                const std::vector<RootCandidate>& candidates) {
    std::vector<std::string> blocks;
    std::set<std::string> removed;
    for (const auto& move : plan.moves)
        if (source_root(move, paired, candidates) == root && removed.insert(to_string(move.removed_from)).second)
            blocks.push_back(render_removed_block(move.removed_from));
    for (const auto& move : plan.moves)
        if (candidates[paired.moves[move.move].creation].root == root)
            blocks.push_back(render_import_block(move.import_to, move.import_id));
    return blocks;
}

}  // namespace tfw::core::roots
