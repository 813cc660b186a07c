// Tables for the matcher's tests: plans built the way load_plan_json fills them, and
// one-line renderings of what the matcher decided.
#pragma once

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/match/match.hpp"

namespace tfw::core::testing {

// A move between two printed addresses.
inline Move move_of(const std::string& from, const std::string& to) {
    Move move;
    move.from = must_parse_address(from);
    move.to = must_parse_address(to);
    return move;
}

inline const std::string aws = "registry.terraform.io/hashicorp/aws";
inline const std::string builtin = "terraform.io/builtin/terraform";

// {path, value}; the value "?" marks a leaf unknown until apply.
using Leaves = std::vector<std::pair<std::string, std::string>>;

inline Attributes attributes(const Leaves& leaves) {
    Attributes out;
    for (const auto& [path, value] : leaves) {
        if (value == "?") out.push_back({path, "", true, false});
        else out.push_back({path, value, false, false});
    }
    std::sort(out.begin(), out.end(), [](const AttributeLeaf& a, const AttributeLeaf& b) { return a.path < b.path; });
    return out;
}

inline ConfigModule& module_for(ConfigModule& root, const ModulePath& path) {
    ConfigModule* current = &root;
    for (const auto& step : path) {
        auto it = std::find_if(current->calls.begin(), current->calls.end(),
                               [&](const ModuleCall& call) { return call.name == step.name; });
        if (it == current->calls.end()) {
            current->calls.push_back({step.name, "./" + step.name, false, false, {}, {}});
            it = current->calls.end() - 1;
        }
        current = &it->module;
    }
    return *current;
}

// Builds plans the way load_plan_json fills them: attributes only for candidates,
// prior_dependencies keyed by the config address the prior state holds (the *new*
// address of an object that moved), configuration references relative to their module.
struct PlanBuilder {
    Plan plan;

    PlanBuilder& change(const std::string& address, Action action, const std::string& provider = aws) {
        ResourceChange c;
        c.address = must_parse_address(address);
        c.address_text = address;
        c.provider_name = provider;
        c.action = action;
        plan.changes.push_back(std::move(c));
        return *this;
    }
    PlanBuilder& deletion(const std::string& address, const Leaves& before, const std::string& provider = aws) {
        change(address, Action::remove, provider);
        plan.changes.back().before = attributes(before);
        plan.changes.back().action_reason = "delete_because_no_resource_config";
        return *this;
    }
    PlanBuilder& creation(const std::string& address, const Leaves& after, const std::string& provider = aws) {
        change(address, Action::create, provider);
        plan.changes.back().after = attributes(after);
        return *this;
    }
    // An object that stays and is updated, with the prior values the plan leaves unknown.
    PlanBuilder& update(const std::string& address, const Leaves& held_until_apply, const std::string& provider = aws) {
        change(address, Action::update, provider);
        plan.changes.back().held_until_apply = attributes(held_until_apply);
        return *this;
    }
    PlanBuilder& moved(const std::string& from, const std::string& to, Action action = Action::no_op) {
        change(to, action);
        plan.changes.back().previous_address = must_parse_address(from);
        return *this;
    }
    PlanBuilder& deposed() {
        plan.changes.back().deposed = true;
        return *this;
    }
    PlanBuilder& depends(const std::string& config_address, std::vector<std::string> dependencies) {
        plan.prior_dependencies[config_address] = std::move(dependencies);
        return *this;
    }
    // `address` absolute; references relative to its module, as in `configuration`.
    PlanBuilder& refers(const std::string& address, std::vector<std::string> references) {
        ConfigResource& resource = resource_for(address);
        resource.references = std::move(references);
        std::sort(resource.references.begin(), resource.references.end());
        return *this;
    }
    // `address` absolute; its lifecycle's ignore_changes (`all`, or the paths as leaves spell them).
    PlanBuilder& ignores(const std::string& address, std::vector<std::string> paths, bool all = false) {
        resource_for(address).ignored_changes = IgnoredChanges{all, std::move(paths)};
        return *this;
    }
    // `address` absolute; the attributes its configuration sets.
    PlanBuilder& configures(const std::string& address, std::vector<std::string> attributes) {
        resource_for(address).configured = std::move(attributes);
        return *this;
    }

private:
    // One configuration entry per resource, as Terraform's `configuration` has.
    ConfigResource& resource_for(const std::string& address) {
        Address parsed = must_parse_address(address);
        ConfigModule& module = module_for(plan.configuration, parsed.module);
        std::string relative = config_resource_address(Address{{}, parsed.resource});
        for (auto& existing : module.resources)
            if (existing.address == relative) return existing;
        ConfigResource resource;
        resource.address = relative;
        resource.mode = parsed.resource->mode;
        resource.type = parsed.resource->type;
        resource.name = parsed.resource->name;
        module.resources.push_back(std::move(resource));
        return module.resources.back();
    }
};

inline Policy with_ignore(const std::string& type_glob, const std::string& path_glob, IgnoreKind kind = IgnoreKind::everything) {
    Policy policy = default_policy();
    IgnoreRule rule;
    rule.type_glob = type_glob;
    rule.path_glob = path_glob;
    rule.kind = kind;
    policy.ignore.push_back(rule);
    return policy;
}

inline Policy with_partial(double threshold) {
    Policy policy = default_policy();
    policy.partial_threshold = threshold;
    return policy;
}

inline Policy with_cross_type(const std::string& from, const std::string& to) {
    Policy policy = default_policy();
    policy.cross_type.push_back({from, to, {}});
    return policy;
}

// One line a change: `an update aws_sqs_queue.b <- aws_sqs_queue.a before[name=a] after[name=?]`,
// then `held[...]` for what is held until apply.
inline std::string described_changes(const Plan& plan) {
    auto leaves = [](const Attributes& attributes) {
        std::string out;
        for (const auto& leaf : attributes) out += (out.empty() ? "" : ",") + leaf.path + "=" + (leaf.unknown ? "?" : leaf.value);
        return out;
    };
    std::string out;
    for (const auto& change : plan.changes) {
        out += std::string(action_words(change.action)) + " " + to_string(change.address);
        if (change.previous_address) out += " <- " + to_string(*change.previous_address);
        if (!change.before.empty()) out += " before[" + leaves(change.before) + "]";
        if (!change.after.empty()) out += " after[" + leaves(change.after) + "]";
        if (!change.held_until_apply.empty()) out += " held[" + leaves(change.held_until_apply) + "]";
        out += "\n";
    }
    return out;
}

// A move's pair of printed addresses.
inline MovePair move_pair(const std::string& from, const std::string& to) {
    return {must_parse_address(from), must_parse_address(to)};
}

inline std::string joined(const std::vector<std::string>& items, const std::string& separator = ", ") {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
    return out;
}

inline std::vector<std::string> show_moves(const MatchResult& result) {
    std::vector<std::string> out;
    for (const auto& m : result.moves) {
        std::string line = to_string(m.from) + " -> " + to_string(m.to) + " " + std::string(to_string(m.kind));
        if (m.by_dependency) line += " by dependency";
        if (m.is_tentative()) line += " tentative";
        if (!m.remaining_differences.empty()) line += " differs in " + joined(m.remaining_differences);
        out.push_back(line);
    }
    return out;
}

// `D addr: reason {other (paths); other ()}`, C for creations.
inline std::vector<std::string> show_unmatched(const MatchResult& result) {
    std::vector<std::string> out;
    for (const auto& u : result.unmatched) {
        std::string line = std::string(u.is_deletion ? "D " : "C ") + to_string(u.address) + ": " + u.reason;
        std::vector<std::string> candidates;
        for (const auto& c : u.candidates)
            candidates.push_back(to_string(c.other) + " (" + joined(c.differing_paths) + (c.note.empty() ? "" : "; " + c.note) + ")");
        if (!candidates.empty()) line += " {" + joined(candidates, "; ") + "}";
        out.push_back(line);
    }
    return out;
}

struct Case {
    std::string name;
    Plan plan;
    Policy policy;
    std::vector<std::string> moves;
    std::vector<std::string> unmatched;
};

inline void run(const std::vector<Case>& cases) {
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            MatchResult result = match_moves(c.plan, c.policy);
            BOOST_TEST_CONTEXT("moves: " << joined(show_moves(result), " | ") << "\nunmatched: "
                                         << joined(show_unmatched(result), " | ")) {
                BOOST_TEST(show_moves(result) == c.moves, boost::test_tools::per_element());
                BOOST_TEST(show_unmatched(result) == c.unmatched, boost::test_tools::per_element());
            }
            // Pure: the same input gives the same output.
            MatchResult again = match_moves(c.plan, c.policy);
            BOOST_TEST(show_moves(again) == show_moves(result), boost::test_tools::per_element());
        }
    }
}


}  // namespace tfw::core::testing
