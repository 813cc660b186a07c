#include "tfw/core/write/collapse.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace tfw::core::inline write {
namespace {

// Prior objects indexed by module path, so "everything under P" is one ordered range.
class PriorIndex {
public:
    explicit PriorIndex(const std::vector<Address>& prior) {
        for (const auto& object : prior) by_module_[object.module].push_back(object);
    }

    template <typename Visit>
    bool all_under(const ModulePath& prefix, Visit visit) const {
        for (auto it = by_module_.lower_bound(prefix); it != by_module_.end() && starts_with(it->first, prefix); ++it)
            for (const auto& object : it->second)
                if (!visit(object)) return false;
        return true;
    }

    bool any_under(const ModulePath& prefix) const {
        auto it = by_module_.lower_bound(prefix);
        return it != by_module_.end() && starts_with(it->first, prefix);
    }

    // Every prior instance of the resource `r` (key ignored).
    std::vector<Address> instances_of(const Address& r) const {
        std::vector<Address> out;
        auto it = by_module_.find(r.module);
        if (it == by_module_.end()) return out;
        for (const auto& object : it->second)
            if (object.resource->mode == r.resource->mode && object.resource->type == r.resource->type &&
                object.resource->name == r.resource->name)
                out.push_back(object);
        return out;
    }

private:
    std::map<ModulePath, std::vector<Address>> by_module_;
};

Address without_key(Address address) {
    if (address.resource) address.resource->key = InstanceKey::none();
    return address;
}

ModulePath without_last_key(ModulePath path) {
    if (!path.empty()) path.back().key = InstanceKey::none();
    return path;
}

// The module-instance pair (P, Q) that `move` would collapse into at depth `k`, if its
// path below P is the same below Q.
std::optional<std::pair<ModulePath, ModulePath>> prefix_pair(const MoveBlock& move, std::size_t k) {
    const ModulePath& from = move.from.module;
    const ModulePath& to = move.to.module;
    std::size_t tail = from.size() - k;
    if (to.size() <= tail) return std::nullopt;
    if (!std::equal(from.begin() + static_cast<std::ptrdiff_t>(k), from.end(),
                    to.end() - static_cast<std::ptrdiff_t>(tail)))
        return std::nullopt;
    if (move.from.resource != move.to.resource) return std::nullopt;
    ModulePath p(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(k));
    ModulePath q(to.begin(), to.end() - static_cast<std::ptrdiff_t>(tail));
    if (starts_with(p, q) || starts_with(q, p)) return std::nullopt;
    return std::make_pair(p, q);
}

// Whether the new configuration may still hold a module instance or an object inside one.
// Module steps count with their keys: `module.a.terraform_data.x` is gone once `a` has
// gained for_each, though module `a` still declares `x`.
//
// A call's repetition comes from its count_expression or for_each_expression, but
// `terraform show -json` leaves out an expression with neither references nor a
// constant value (`for_each = toset(["a"])`, `count = length(["a"])`), so a call
// without either may still repeat. The moves' destinations are addresses of the new
// configuration, so their keys show how such a call repeats. Where nothing shows it,
// any key is taken as possibly declared; and a counted or for_each call as holding any
// key of its kind, since the expansion is not known here.
class NewDeclarations {
public:
    NewDeclarations(const ConfigModule& root, const std::vector<MoveBlock>& moves) : root_(root) {
        for (const auto& move : moves) {
            std::vector<std::string> call_path;
            for (const auto& step : move.to.module) {
                call_path.push_back(step.name);
                if (!step.key.empty()) shown_keys_.emplace(call_path, step.key.kind);
            }
        }
    }

    bool module_instance(const ModulePath& path) const {
        const ConfigModule* current = &root_;
        std::vector<std::string> call_path;
        for (const auto& step : path) {
            call_path.push_back(step.name);
            const ModuleCall* call = nullptr;
            for (const auto& candidate : current->calls)
                if (candidate.name == step.name) call = &candidate;
            if (!call) return false;
            std::optional<InstanceKey::Kind> expected;
            if (call->has_count) expected = InstanceKey::Kind::index;
            else if (call->has_for_each) expected = InstanceKey::Kind::name;
            else if (auto shown = shown_keys_.find(call_path); shown != shown_keys_.end()) expected = shown->second;
            if (expected && step.key.kind != *expected) return false;
            current = &call->module;
        }
        return true;
    }

    // A resource (any key) or a module call (every instance) at `address`.
    bool object(const Address& address) const {
        const ModulePath& module = address.module;
        ModulePath container = address.resource || module.empty() ? module : ModulePath(module.begin(), module.end() - 1);
        return module_instance(container) && config_declares(root_, address);
    }

private:
    const ConfigModule& root_;
    std::map<std::vector<std::string>, InstanceKey::Kind> shown_keys_;
};

// Without a key on either side's last step, a module block moves the whole call (every
// key: Terraform reads both sides as calls), which it refuses while the old call is still
// declared, even with count = 0 or a for_each that no longer makes the no-key instance.
bool whole_call_still_declared(const NewDeclarations* declarations, const ModulePath& from, const ModulePath& to) {
    return declarations && from.back().key.empty() && to.back().key.empty() &&
           declarations->object(Address{from, std::nullopt});
}

}  // namespace

std::vector<Address> before_moves(const std::vector<Address>& prior_objects, const std::vector<MoveBlock>& moves) {
    std::map<Address, Address> from_of;
    for (const auto& move : moves) from_of[move.to] = move.from;
    std::vector<Address> out;
    out.reserve(prior_objects.size());
    for (const auto& object : prior_objects) {
        auto moved = from_of.find(object);
        out.push_back(moved == from_of.end() ? object : moved->second);
    }
    return out;
}

namespace {

// The outermost module step a move changes while keeping its depth: the module instance
// pair (P, Q) that differ only in their last step, such as (module.a, module.x) for
// module.a.module.b.R -> module.x.module.y.R.
std::optional<std::pair<ModulePath, ModulePath>> outer_step(const MoveBlock& move) {
    const ModulePath& from = move.from.module;
    const ModulePath& to = move.to.module;
    if (from.size() != to.size()) return std::nullopt;
    auto differs = std::mismatch(from.begin(), from.end(), to.begin());
    if (differs.first == from.end()) return std::nullopt;
    return std::make_pair(ModulePath(from.begin(), differs.first + 1), ModulePath(to.begin(), differs.second + 1));
}

// What a module block that would move a call still declared becomes: resource blocks
// where it is written, or kept where a level's inner blocks are worked out, so that the
// level is refused and the move written as one block from above instead.
enum class DeclaredCall { resource_blocks, kept_to_refuse_the_level };

std::vector<MoveBlock> collapse_before(const std::vector<MoveBlock>& moves, const std::vector<Address>& before,
                                       const ConfigModule* configuration, DeclaredCall declared_call);

// Whether a block from `from` moves the object or module instance at `address`: the
// same address, or one under it (a keyless side takes every key of its call or resource).
bool moved_by(const Address& from, const Address& address) {
    if (from.is_module()) {
        if (address.module.size() < from.module.size()) return false;
        for (std::size_t i = 0; i < from.module.size(); ++i) {
            const ModuleStep& step = from.module[i];
            if (step.name != address.module[i].name) return false;
            if (!(i + 1 == from.module.size() && step.key.empty()) && step.key != address.module[i].key) return false;
        }
        return true;
    }
    if (!address.resource || address.module != from.module || address.resource->mode != from.resource->mode ||
        address.resource->type != from.resource->type || address.resource->name != from.resource->name)
        return false;
    return from.resource->key.empty() || from.resource->key == address.resource->key;
}

// A module call renamed (or re-keyed) at several levels, written level by level: the
// outer block P -> Q, then what is left inside Q (module.x.module.b -> module.x.module.y,
// or a resource renamed inside, module.x.terraform_data.a -> module.x.terraform_data.b),
// which placement puts in Q's own directory, where one block serves every instance that
// renames alike. Exactly equivalent only when every object under P moves under Q,
// nothing else lived under Q or moves there, P is gone from the configuration, and what
// is left inside Q collapses, in the world where P has already moved (each level checked
// the same way).
class Levels {
public:
    Levels(const std::vector<MoveBlock>& moves, const PriorIndex& prior, const std::map<Address, Address>& to_of,
           const NewDeclarations* declarations, const ConfigModule* configuration)
        : moves_(moves), prior_(prior), to_of_(to_of), declarations_(declarations), configuration_(configuration) {}

    // The outer blocks P -> Q found, the inner blocks below them, and the moves they cover.
    struct Found {
        std::vector<MoveBlock> outer;
        std::vector<MoveBlock> inner;
        std::set<Address> covered;  // moves' `from`
    };

    Found find() const {
        // Outer levels first: a candidate inside one already taken is covered by it.
        std::set<std::tuple<std::size_t, ModulePath, ModulePath>> candidates;
        for (const auto& move : moves_)
            if (auto step = outer_step(move)) candidates.insert({step->first.size(), step->first, step->second});
        Found found;
        for (const auto& candidate : candidates) {
            // Not a structured binding: clang 14 cannot capture one in the lambdas below.
            const ModulePath& p = std::get<1>(candidate);
            const ModulePath& q = std::get<2>(candidate);
            if (std::any_of(found.outer.begin(), found.outer.end(),
                            [&](const MoveBlock& taken) { return starts_with(p, taken.from.module); }))
                continue;
            auto inner = inner_blocks(p, q);
            if (!inner) continue;
            found.outer.push_back({Address{p, std::nullopt}, Address{q, std::nullopt}});
            found.inner.insert(found.inner.end(), inner->begin(), inner->end());
            for (const auto& move : moves_)
                if (starts_with(move.from.module, p)) found.covered.insert(move.from);
        }
        return found;
    }

private:
    // The blocks inside Q that complete P -> Q, or nothing when P -> Q is not a level of
    // an exactly equivalent decomposition (or needs no inner block: the plain collapse).
    std::optional<std::vector<MoveBlock>> inner_blocks(const ModulePath& p, const ModulePath& q) const {
        if (!prior_.any_under(p) || prior_.any_under(q)) return std::nullopt;
        if (declarations_ && declarations_->module_instance(p)) return std::nullopt;
        if (whole_call_still_declared(declarations_, p, q)) return std::nullopt;
        bool all_into_q = prior_.all_under(p, [&](const Address& object) {
            auto moved = to_of_.find(object);
            return moved != to_of_.end() && starts_with(moved->second.module, q);
        });
        if (!all_into_q) return std::nullopt;
        std::vector<MoveBlock> residual;
        for (const auto& move : moves_) {
            bool from_p = starts_with(move.from.module, p);
            if (!from_p && starts_with(move.to.module, q)) return std::nullopt;
            if (!from_p) continue;
            Address midway = absolute_from(relative_to(move.from, p), q);
            if (midway != move.to) residual.push_back({midway, move.to});
        }
        if (residual.empty()) return std::nullopt;
        // Q's subtree in the world after P -> Q alone: what lived under P. Every residual
        // move and every block it can collapse into lies inside Q, so nothing else counts.
        std::vector<Address> midway_world;
        prior_.all_under(p, [&](const Address& object) {
            midway_world.push_back(absolute_from(relative_to(object, p), q));
            return true;
        });
        auto inner = collapse_before(residual, midway_world, configuration_, DeclaredCall::kept_to_refuse_the_level);
        if (std::any_of(inner.begin(), inner.end(),
                        [this](const MoveBlock& block) {
                            return block.from.is_module() &&
                                   whole_call_still_declared(declarations_, block.from.module, block.to.module);
                        }))
            return std::nullopt;
        // In the world after P -> Q, where one move lands may be where another starts:
        // Terraform would follow such blocks as a chain, and move that object on.
        for (const auto& block : inner)
            for (const auto& other : inner)
                if (&block != &other && moved_by(other.from, block.to)) return std::nullopt;
        return inner;
    }

    const std::vector<MoveBlock>& moves_;
    const PriorIndex& prior_;
    const std::map<Address, Address>& to_of_;
    const NewDeclarations* declarations_;
    const ConfigModule* configuration_;
};

// collapse_moves() on prior objects already at the moves' `from` side.
std::vector<MoveBlock> collapse_before(const std::vector<MoveBlock>& moves, const std::vector<Address>& before,
                                       const ConfigModule* configuration, DeclaredCall declared_call) {
    PriorIndex prior(before);
    std::optional<NewDeclarations> declarations;
    if (configuration) declarations.emplace(*configuration, moves);
    std::map<Address, Address> to_of;
    for (const auto& move : moves) to_of[move.from] = move.to;
    auto levels = Levels(moves, prior, to_of, declarations ? &*declarations : nullptr, configuration).find();

    std::map<std::pair<ModulePath, ModulePath>, bool> valid_cache;
    auto module_move_valid = [&](const ModulePath& p, const ModulePath& q) {
        auto [it, inserted] = valid_cache.try_emplace({p, q}, false);
        if (!inserted) return it->second;
        // At least one object under p (never a vacuous "all"), every one of them moved to
        // the same place under q, nothing under q before or moved into q itself from
        // elsewhere (that one's block would name q too, and two blocks into one instance are
        // ambiguous to Terraform), and p gone from the configuration (its call too, where
        // the block reads as a whole call's).
        bool valid = prior.any_under(p) && !prior.any_under(q) &&
                     std::none_of(moves.begin(), moves.end(),
                                  [&](const MoveBlock& m) { return m.to.module == q && !starts_with(m.from.module, p); }) &&
                     prior.all_under(p, [&](const Address& object) {
                         auto moved = to_of.find(object);
                         return moved != to_of.end() && moved->second == absolute_from(relative_to(object, p), q);
                     }) &&
                     !(declarations && declarations->module_instance(p)) &&
                     !(declared_call == DeclaredCall::resource_blocks &&
                       whole_call_still_declared(declarations ? &*declarations : nullptr, p, q));
        it->second = valid;
        return valid;
    };

    std::set<MoveBlock> module_blocks(levels.outer.begin(), levels.outer.end());
    std::vector<MoveBlock> resource_moves;
    for (const auto& move : moves) {
        if (levels.covered.count(move.from)) continue;
        bool collapsed = false;
        for (std::size_t k = 1; k <= move.from.module.size() && !collapsed; ++k) {
            auto pair = prefix_pair(move, k);
            if (!pair || !module_move_valid(pair->first, pair->second)) continue;
            module_blocks.insert({Address{pair->first, std::nullopt}, Address{pair->second, std::nullopt}});
            collapsed = true;
        }
        if (!collapsed) resource_moves.push_back(move);
    }

    std::set<MoveBlock> out(levels.inner.begin(), levels.inner.end());
    // Whole module calls: every instance of the old call moved keeping its key.
    std::map<MoveBlock, std::vector<MoveBlock>> by_call;
    for (const auto& block : module_blocks) {
        if (block.from.module.back().key.empty() || block.from.module.back().key != block.to.module.back().key) {
            out.insert(block);
            continue;
        }
        by_call[{Address{without_last_key(block.from.module), std::nullopt},
                 Address{without_last_key(block.to.module), std::nullopt}}]
            .push_back(block);
    }
    for (const auto& call_blocks : by_call) {
        // Not a structured binding: clang 14 cannot capture one in the lambdas below.
        const MoveBlock& call = call_blocks.first;
        const std::vector<MoveBlock>& blocks = call_blocks.second;
        const ModulePath& old_parent = call.from.module;
        std::set<InstanceKey> old_keys;
        ModulePath parent(old_parent.begin(), old_parent.end() - 1);
        prior.all_under(parent, [&](const Address& object) {
            if (object.module.size() >= old_parent.size() && object.module[old_parent.size() - 1].name == old_parent.back().name)
                old_keys.insert(object.module[old_parent.size() - 1].key);
            return true;
        });
        // Named, not captured: clang 14 cannot capture a structured binding in a lambda.
        const ModulePath& new_call = call.to.module;
        ModulePath new_parent(new_call.begin(), new_call.end() - 1);
        bool new_call_was_empty = prior.all_under(new_parent, [&](const Address& object) {
            return !(object.module.size() >= new_call.size() &&
                     object.module[new_call.size() - 1].name == new_call.back().name);
        });
        bool old_call_gone = !declarations || !declarations->object(call.from);
        if (old_keys.size() == blocks.size() && new_call_was_empty && old_call_gone) {
            out.insert(call);
        } else {
            out.insert(blocks.begin(), blocks.end());
        }
    }

    // Whole resources: every instance moved keeping its key, to a resource with no
    // prior objects.
    std::map<MoveBlock, std::vector<MoveBlock>> by_resource;
    for (const auto& move : resource_moves)
        by_resource[{without_key(move.from), without_key(move.to)}].push_back(move);
    for (const auto& [resource, instances] : by_resource) {
        bool keys_kept = std::all_of(instances.begin(), instances.end(), [](const MoveBlock& m) {
            return m.from.resource->key == m.to.resource->key;
        });
        bool complete = prior.instances_of(resource.from).size() == instances.size();
        bool target_fresh = prior.instances_of(resource.to).empty();
        bool old_resource_gone = !declarations || !declarations->object(resource.from);
        if (keys_kept && complete && target_fresh && old_resource_gone) {
            out.insert(resource);
        } else {
            out.insert(instances.begin(), instances.end());
        }
    }
    return {out.begin(), out.end()};
}

}  // namespace

std::vector<MoveBlock> collapse_moves(const std::vector<MoveBlock>& moves, const std::vector<Address>& prior_objects,
                                      const ConfigModule* configuration) {
    return collapse_before(moves, before_moves(prior_objects, moves), configuration, DeclaredCall::resource_blocks);
}

}  // namespace tfw::core::write
