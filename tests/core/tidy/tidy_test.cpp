#include "tfw/core/tidy/tidy.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

Address a(const std::string& text) { return must_parse_address(text); }

TidyBlock block(const std::string& from, const std::string& to, const std::string& dir = ".", int line = 1,
                const std::string& shared = "") {
    return {{a(from), a(to), dir == "." ? "moved.tf" : dir + "/moved.tf", line}, dir, shared, ""};
}

WorkspaceState state(const std::string& name, const std::vector<std::string>& objects) {
    WorkspaceState out{name, {}};
    for (const auto& object : objects) out.objects.push_back(a(object));
    return out;
}

const ModuleDirs dirs = {{"", {".", true}}, {"net", {"modules/net", true}}, {"net2", {"modules/net", true}}};

std::vector<bool> removals(const std::vector<TidyVerdict>& verdicts) {
    std::vector<bool> out;
    for (const auto& verdict : verdicts) out.push_back(verdict.remove);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(contains_is_at_or_under_with_keyless_sides_standing_for_every_key) {
    struct Case {
        std::string outer, inner;
        bool expected;
    };
    const std::vector<Case> cases = {
        {"terraform_data.a", "terraform_data.a", true},
        {"terraform_data.a", "terraform_data.a[2]", true},
        {"terraform_data.a", "terraform_data.a[\"k\"]", true},
        {"terraform_data.a[1]", "terraform_data.a[2]", false},
        {"terraform_data.a[1]", "terraform_data.a[1]", true},
        {"terraform_data.a", "terraform_data.b", false},
        {"terraform_data.a", "module.m.terraform_data.a", false},
        {"module.m", "module.m.terraform_data.a", true},
        {"module.m", "module.m[\"x\"].module.n.terraform_data.a", true},
        {"module.m[0]", "module.m[1].terraform_data.a", false},
        {"module.m[0]", "module.m[0].terraform_data.a", true},
        {"module.m.module.n", "module.m[0].module.n.terraform_data.a", false},
        {"module.m", "module.mm.terraform_data.a", false},
        {"module.m.terraform_data.a", "module.m.terraform_data.a[0]", true},
        {"terraform_data.a", "module.m", false},
    };
    for (const auto& c : cases) BOOST_TEST(contains(a(c.outer), a(c.inner)) == c.expected, c.outer + " ⊇ " + c.inner);
}

BOOST_AUTO_TEST_CASE(a_keyless_side_facing_a_keyed_one_holds_only_the_no_key_instance) {
    struct Case {
        std::string side, other, object;
        bool expected;
    };
    const std::vector<Case> cases = {
        {"terraform_data.x", "terraform_data.x[\"main\"]", "terraform_data.x", true},
        {"terraform_data.x", "terraform_data.x[\"main\"]", "terraform_data.x[\"main\"]", false},
        {"terraform_data.x", "terraform_data.x[0]", "terraform_data.x[1]", false},
        {"terraform_data.x", "terraform_data.y", "terraform_data.x[1]", true},
        {"terraform_data.x[0]", "terraform_data.x", "terraform_data.x[0]", true},
        {"terraform_data.x[0]", "terraform_data.x", "terraform_data.x", false},
        {"module.app", "module.app[\"eu\"]", "module.app.terraform_data.a", true},
        {"module.app", "module.app[\"eu\"]", "module.app[\"eu\"].terraform_data.a", false},
        {"module.app", "module.web", "module.app[\"eu\"].terraform_data.a", true},
        {"module.app", "module.app[\"eu\"]", "module.app.module.n[\"k\"].terraform_data.a", true},
        {"module.m.module.app", "module.m.module.app[1]", "module.m.module.app[1].terraform_data.a", false},
        {"module.m.module.app", "module.m.module.app[1]", "module.m.module.app.terraform_data.a", true},
    };
    for (const auto& c : cases)
        BOOST_TEST(side_holds(a(c.side), a(c.other), a(c.object)) == c.expected, c.side + " (→ " + c.other + ") ∋ " + c.object);
}

BOOST_AUTO_TEST_CASE(objects_are_seen_from_every_module_sourced_from_a_directory) {
    auto seen = objects_seen_from({a("module.net.terraform_data.x"), a("module.net2[1].terraform_data.y"), a("terraform_data.z")},
                                  dirs, "modules/net/");
    BOOST_TEST_REQUIRE(seen.size() == 2u);
    BOOST_TEST(to_string(seen[0]) == "terraform_data.x");
    BOOST_TEST(to_string(seen[1]) == "terraform_data.y");
    auto root = objects_seen_from({a("module.net.terraform_data.x"), a("terraform_data.z")}, dirs, ".");
    BOOST_TEST_REQUIRE(root.size() == 2u);
    BOOST_TEST(to_string(root[0]) == "module.net.terraform_data.x");
}

BOOST_AUTO_TEST_CASE(decides_per_workspace_chain_and_shared_module) {
    struct Case {
        std::string name;
        std::vector<TidyBlock> blocks;
        std::vector<WorkspaceState> states;
        bool include_shared;
        std::vector<bool> expected;
    };
    const std::vector<Case> cases = {
        {"applied everywhere", {block("terraform_data.a", "terraform_data.b")},
         {state("default", {"terraform_data.b"}), state("staging", {"terraform_data.b"})}, false, {true}},
        {"one workspace still at the old address", {block("terraform_data.a", "terraform_data.b")},
         {state("default", {"terraform_data.b"}), state("staging", {"terraform_data.a"})}, false, {false}},
        {"an instance under a keyless from", {block("terraform_data.a", "terraform_data.b")},
         {state("default", {"terraform_data.a[\"k\"]"})}, false, {false}},
        {"a whole module", {block("module.old", "module.net")}, {state("default", {"module.old.terraform_data.x"})}, false,
         {false}},
        {"inside a module, seen through each instance", {block("terraform_data.a", "terraform_data.b", "modules/net")},
         {state("default", {"module.net.terraform_data.b", "module.net2.terraform_data.a"})}, false, {false}},
        {"a chain half done",
         {block("terraform_data.a", "terraform_data.b", ".", 1), block("terraform_data.b", "terraform_data.c", ".", 6)},
         {state("default", {"terraform_data.c"}), state("staging", {"terraform_data.b"})}, false, {false, false}},
        {"a chain done", {block("terraform_data.a", "terraform_data.b"), block("terraform_data.b", "terraform_data.c")},
         {state("default", {"terraform_data.c"}), state("staging", {"terraform_data.c"})}, false, {true, true}},
        {"unrelated blocks decided apart", {block("terraform_data.a", "terraform_data.b"), block("terraform_data.x", "terraform_data.y")},
         {state("default", {"terraform_data.a", "terraform_data.y"})}, false, {false, true}},
        {"shared without the option", {block("terraform_data.a", "terraform_data.b", "../shared", 1, "outside the root")},
         {state("default", {})}, false, {false}},
        {"shared with the option", {block("terraform_data.a", "terraform_data.b", "../shared", 1, "outside the root")},
         {state("default", {})}, true, {true}},
        {"no workspace at all", {block("terraform_data.a", "terraform_data.b")}, {}, false, {true}},
        {"count added, applied: the keyed destination is not the keyless source",
         {block("terraform_data.x", "terraform_data.x[\"main\"]")}, {state("default", {"terraform_data.x[\"main\"]"})}, false,
         {true}},
        {"count added, not applied", {block("terraform_data.x", "terraform_data.x[0]")},
         {state("default", {"terraform_data.x"})}, false, {false}},
        {"for_each added to a module call, applied", {block("module.app", "module.app[\"eu\"]")},
         {state("default", {"module.app[\"eu\"].terraform_data.x"}), state("prod", {"module.app[\"eu\"].terraform_data.x"})},
         false, {true}},
        {"for_each added to a module call, prod behind", {block("module.app", "module.app[\"eu\"]")},
         {state("default", {"module.app[\"eu\"].terraform_data.x"}), state("prod", {"module.app.terraform_data.x"})}, false,
         {false}},
        {"count removed: the keyless destination does not make x[0] a source", {block("terraform_data.x[0]", "terraform_data.x")},
         {state("default", {"terraform_data.x"})}, false, {true}},
    };
    for (const auto& c : cases) {
        auto verdicts = decide_tidy(c.blocks, c.states, dirs, c.include_shared);
        BOOST_TEST(removals(verdicts) == c.expected, c.name);
    }
}

BOOST_AUTO_TEST_CASE(reasons_name_the_workspace_and_the_chain) {
    std::vector<TidyBlock> blocks = {block("terraform_data.a", "terraform_data.b", ".", 3),
                                     block("terraform_data.b", "terraform_data.c", ".", 8)};
    auto verdicts = decide_tidy(blocks, {state("default", {"terraform_data.c"}), state("staging", {"terraform_data.a"})}, dirs, false);
    BOOST_TEST(verdicts[0].reason == "still needed: workspace staging has not applied it (an object is still at terraform_data.a)");
    BOOST_TEST(verdicts[1].reason ==
               "part of a chain that is not complete: the block at moved.tf:3 is still needed by workspace staging");
    BOOST_TEST(verdicts[1].needed_by == std::vector<std::string>{"staging"});
    auto shared = decide_tidy({block("terraform_data.a", "terraform_data.b", "../s", 1, "it lies outside this root")}, {}, dirs, false);
    BOOST_TEST(shared[0].reason.find("removing the block breaks its consumers who have not applied it") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_failed_replan_keeps_the_blocks_it_touches_and_their_chains) {
    std::vector<TidyBlock> blocks = {block("terraform_data.a", "terraform_data.b"), block("terraform_data.b", "terraform_data.c"),
                                     block("terraform_data.x", "terraform_data.y")};
    auto verdicts = decide_tidy(blocks, {state("default", {"terraform_data.c", "terraform_data.y"})}, dirs, false);
    BOOST_TEST(removals(verdicts) == (std::vector<bool>{true, true, true}));
    auto touched = blocks_touched(blocks, verdicts, {"terraform_data.a"}, dirs);
    BOOST_TEST(touched == std::vector<std::size_t>{0});
    keep_for_replan(verdicts, blocks, touched, "staging", "without them: create terraform_data.a");
    BOOST_TEST(removals(verdicts) == (std::vector<bool>{false, false, true}));
    BOOST_TEST(verdicts[1].reason == "still needed: replanning workspace staging without it plans different changes than "
                                     "with it (without them: create terraform_data.a)");
    BOOST_TEST(blocks_touched(blocks, verdicts, {"not an address ["}, dirs) == std::vector<std::size_t>{2});
}

// A block that suppresses an implied move (worker[0] → worker) shows its removal at an
// address no side holds: Terraform matches it by resource, and so does tidy, second.
BOOST_AUTO_TEST_CASE(a_difference_touches_blocks_by_instance_then_by_resource) {
    struct Case {
        std::string name;
        std::vector<TidyBlock> blocks;
        std::vector<std::string> addresses;
        std::vector<std::size_t> by_instance, by_resource;
    };
    const std::vector<Case> cases = {
        {"an implied move the block suppresses",
         {block("terraform_data.worker[1]", "terraform_data.spare"), block("terraform_data.x", "terraform_data.y")},
         {"terraform_data.worker", "terraform_data.worker[0]"}, {}, {0}},
        {"an exact hit needs no resource level", {block("terraform_data.a", "terraform_data.b")}, {"terraform_data.b"}, {0}, {0}},
        {"another resource of the type is not the same resource", {block("terraform_data.a[0]", "terraform_data.b")},
         {"terraform_data.c"}, {}, {}},
        {"the same name in another module instance is not the same resource",
         {block("module.m[0].terraform_data.a[0]", "module.m[0].terraform_data.b")}, {"module.m[1].terraform_data.a"}, {}, {}},
        {"the destination's resource", {block("terraform_data.a", "terraform_data.b[\"k\"]")}, {"terraform_data.b[\"j\"]"},
         {}, {0}},
    };
    for (const auto& c : cases) {
        std::vector<TidyVerdict> verdicts(c.blocks.size());
        for (auto& verdict : verdicts) verdict.remove = true;
        BOOST_TEST(blocks_touched(c.blocks, verdicts, c.addresses, dirs) == c.by_instance, c.name);
        BOOST_TEST(blocks_touched(c.blocks, verdicts, c.addresses, dirs, TouchLevel::resource) == c.by_resource, c.name);
    }
}

BOOST_AUTO_TEST_CASE(plans_differ_by_address_previous_address_and_action) {
    PlanTextSummary with{{{"terraform_data.b", HeaderAction::move, false, "terraform_data.a", {}}}, false, 0, 0, 0, true};
    PlanTextSummary without{{{"terraform_data.b", HeaderAction::create, false, "", {}},
                             {"terraform_data.a", HeaderAction::destroy, false, "", {}}},
                            false, 1, 0, 1, true};
    std::vector<std::string> addresses;
    auto differences = plan_differences(with, without, &addresses);
    BOOST_TEST(differences.size() == 3u);
    BOOST_TEST(differences[0] == "with the blocks: move terraform_data.b (from terraform_data.a)");
    BOOST_TEST(addresses.size() == 4u);
    BOOST_TEST(plan_differences(with, with).empty());
    PlanTextSummary unknown = with;
    unknown.recognised = false;
    BOOST_TEST(plan_differences(with, unknown).size() == 1u);
}

BOOST_AUTO_TEST_CASE(reads_managed_instances_of_a_state) {
    const std::string text = R"({"version":4,"resources":[
        {"mode":"managed","type":"terraform_data","name":"a","instances":[{"attributes":{}}]},
        {"module":"module.m[\"k\"]","mode":"managed","type":"terraform_data","name":"b","instances":[{"index_key":0},{"index_key":"q\"x"}]},
        {"mode":"data","type":"terraform_remote_state","name":"d","instances":[{}]}]})";
    auto objects = state_objects(text);
    BOOST_TEST_REQUIRE(objects.size() == 3u);
    BOOST_TEST(to_string(objects[0]) == "terraform_data.a");
    BOOST_TEST(to_string(objects[1]) == "module.m[\"k\"].terraform_data.b[0]");
    BOOST_TEST(to_string(objects[2]) == "module.m[\"k\"].terraform_data.b[\"q\\\"x\"]");
    BOOST_TEST(state_objects("").empty());
    BOOST_TEST(state_objects(R"({"version":4})").empty());
    BOOST_CHECK_THROW(state_objects("{"), std::runtime_error);
    BOOST_CHECK_THROW(state_objects(R"({"version":3,"resources":[]})"), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(reads_the_workspace_list) {
    BOOST_TEST(parse_workspace_list("  default\n* staging\n  prod\n\n") == (std::vector<std::string>{"default", "staging", "prod"}));
    BOOST_TEST(parse_workspace_list("").empty());
    BOOST_TEST(parse_workspace_list("a notice line\n  default\n") == (std::vector<std::string>{"default"}));
}
