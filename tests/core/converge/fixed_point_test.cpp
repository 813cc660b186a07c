#include "tfw/core/converge/fixed_point.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "match_tables.hpp"

using namespace tfw::core;
using tfw::core::testing::move_of;

namespace {

using Strings = std::vector<std::string>;

Policy with_cross_type(const std::string& from, const std::string& to) {
    Policy policy = default_policy();
    policy.cross_type.push_back({from, to, {}});
    return policy;
}

Unmatched unmatched(const std::string& address, bool is_deletion) {
    return Unmatched{must_parse_address(address), is_deletion, "no creation of this type", {}};
}


// `address` absolute, references relative to its module, as load_plan_json fills them.
void declare(Plan& plan, const std::string& address, Strings references) {
    Address parsed = must_parse_address(address);
    ConfigModule* module = &plan.configuration;
    for (const auto& step : parsed.module) {
        auto it = std::find_if(module->calls.begin(), module->calls.end(),
                               [&](const ModuleCall& call) { return call.name == step.name; });
        if (it == module->calls.end()) {
            module->calls.push_back({step.name, "./" + step.name, false, false, {}, {}});
            it = module->calls.end() - 1;
        }
        module = &it->module;
    }
    ConfigResource resource;
    resource.address = config_resource_address(Address{{}, parsed.resource});
    resource.type = parsed.resource->type;
    resource.name = parsed.resource->name;
    resource.references = std::move(references);
    module->resources.push_back(std::move(resource));
}

}  // namespace

BOOST_AUTO_TEST_CASE(possible_pair_table) {
    struct Case {
        std::string name;
        Strings destroyed;
        Strings created;
        Policy policy;
        bool expected;
    };
    const Policy defaults = default_policy();
    const std::vector<Case> cases = {
        {"nothing", {}, {}, defaults, false},
        {"only destroyed", {"terraform_data.a"}, {}, defaults, false},
        {"only created", {}, {"terraform_data.b"}, defaults, false},
        {"same type", {"terraform_data.a"}, {"terraform_data.b"}, defaults, true},
        {"same type among others", {"aws_instance.a", "terraform_data.a"}, {"aws_s3_bucket.b", "terraform_data.b"}, defaults,
         true},
        {"same type in modules with keys", {R"(module.m["q\"z"].terraform_data.t)"}, {R"(module.n["x y"].terraform_data.t[0])"},
         defaults, true},
        {"string keys", {R"(terraform_data.k["q\"uote"])", R"(terraform_data.k["$${x}"])"}, {R"(terraform_data.k2["with space"])"},
         defaults, true},
        {"different types", {"aws_instance.a"}, {"aws_spot_instance.a"}, defaults, false},
        {"different types allowed by a rule", {"null_resource.a"}, {"terraform_data.a"},
         with_cross_type("null_resource", "terraform_data"), true},
        {"a rule in the other direction", {"null_resource.a"}, {"terraform_data.a"},
         with_cross_type("terraform_data", "null_resource"), false},
        {"unreadable destroyed address counts as possible", {"not an address"}, {"terraform_data.b"}, defaults, true},
        {"unreadable created address counts as possible", {"terraform_data.a"}, {"terraform_data.b[\"open"}, defaults, true},
        {"unreadable, but nothing on the other side", {"not an address"}, {}, defaults, false},
        {"unreadable created, nothing destroyed", {}, {"not an address"}, defaults, false},
        {"a module address is not a resource: possible", {"module.m"}, {"terraform_data.b"}, defaults, true},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(possible_pair(MoveCandidates{c.destroyed, c.created}, c.policy) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(remember_analysis_table) {
    struct Case {
        std::string name;
        Plan plan;
        MatchResult result;
        std::vector<Move> newly_accepted;
        Strings unmatched;  // sorted, printed
        bool values_may_change;
    };
    Plan refs;
    declare(refs, "terraform_data.b", {});
    declare(refs, "terraform_data.c", {"terraform_data.b"});
    declare(refs, "terraform_data.d", {"terraform_data.c"});
    declare(refs, "terraform_data.e", {"terraform_data.d"});
    declare(refs, "terraform_data.lone", {});
    declare(refs, "module.m.terraform_data.b", {});
    declare(refs, "module.m.terraform_data.c", {"terraform_data.b"});
    declare(refs, "module.m.terraform_data.x", {"terraform_data.zz"});
    declare(refs, "terraform_data.p", {"terraform_data.q"});
    declare(refs, "terraform_data.q", {"terraform_data.p"});

    const std::vector<Case> cases = {
        {"nothing unmatched", refs, {}, {move_of("terraform_data.a", "terraform_data.b")}, {}, false},
        {"unmatched addresses are remembered as printed", refs,
         {{}, {unmatched(R"(terraform_data.k["q\"uote"])", true), unmatched(R"(module.n["x y"].terraform_data.t[0])", false),
               unmatched(R"(terraform_data.k2["$${x}"])", false)}, {}},
         {},
         {R"(module.n["x y"].terraform_data.t[0])", R"(terraform_data.k2["$${x}"])", R"(terraform_data.k["q\"uote"])"},
         false},
        {"an unmatched creation refers to what moves", refs, {{}, {unmatched("terraform_data.c", false)}, {}},
         {move_of("terraform_data.a", "terraform_data.b")}, {"terraform_data.c"}, true},
        {"through a chain of references", refs, {{}, {unmatched(R"(terraform_data.e["k"])", false)}, {}},
         {move_of("terraform_data.a", "terraform_data.b[0]")}, {R"(terraform_data.e["k"])"}, true},
        {"a cycle of references ends", refs, {{}, {unmatched("terraform_data.lone", false)}, {}},
         {move_of("terraform_data.a", "terraform_data.p")}, {"terraform_data.lone"}, false},
        {"a cycle of references reaches its members", refs, {{}, {unmatched("terraform_data.p", false)}, {}},
         {move_of("terraform_data.a", "terraform_data.q")}, {"terraform_data.p"}, true},
        {"an unmatched deletion does not count", refs, {{}, {unmatched("terraform_data.c", true)}, {}},
         {move_of("terraform_data.a", "terraform_data.b")}, {"terraform_data.c"}, false},
        {"unrelated creation", refs, {{}, {unmatched("terraform_data.lone", false)}, {}},
         {move_of("terraform_data.a", "terraform_data.b")}, {"terraform_data.lone"}, false},
        {"nothing newly accepted", refs, {{}, {unmatched("terraform_data.c", false)}, {}}, {}, {"terraform_data.c"}, false},
        {"references resolve within their module", refs, {{}, {unmatched("module.m[1].terraform_data.c", false)}, {}},
         {move_of("module.m[0].terraform_data.a", "module.m[1].terraform_data.b")}, {"module.m[1].terraform_data.c"}, true},
        {"a root resource of the same name is another resource", refs, {{}, {unmatched("module.m.terraform_data.c", false)}, {}},
         {move_of("terraform_data.a", "terraform_data.b")}, {"module.m.terraform_data.c"}, false},
        {"a module resource of the same name is another resource", refs, {{}, {unmatched("terraform_data.c", false)}, {}},
         {move_of("terraform_data.a", "module.m.terraform_data.b")}, {"terraform_data.c"}, false},
        // for_each gained: x -> x["a"] is a move, x["b"] a genuine creation. x["b"]'s
        // values do not depend on where x["a"] lives.
        {"a sibling instance of the move's target does not change", refs,
         {{}, {unmatched(R"(terraform_data.lone["b"])", false)}, {}}, {move_of("terraform_data.lone", R"(terraform_data.lone["a"])")},
         {R"(terraform_data.lone["b"])"}, false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            AnalysisMemory memory = remember_analysis(c.plan, c.result, c.newly_accepted);
            Strings remembered(memory.unmatched.begin(), memory.unmatched.end());
            BOOST_TEST(remembered == c.unmatched, boost::test_tools::per_element());
            BOOST_TEST(memory.values_may_change == c.values_may_change);
        }
    }
}

BOOST_AUTO_TEST_CASE(could_find_more_table) {
    struct Case {
        std::string name;
        AnalysisMemory memory;
        Strings destroyed;
        Strings created;
        bool expected;
    };
    const AnalysisMemory seen{{"terraform_data.a", R"(terraform_data.k["q\"uote"])", "terraform_data.new1", "terraform_data.new2"},
                              false,
                              {},
                              {}};
    const std::vector<Case> cases = {
        {"nothing left", seen, {}, {}, false},
        {"all seen before", seen, {"terraform_data.a", R"(terraform_data.k["q\"uote"])"}, {"terraform_data.new1"}, false},
        {"a new destruction", seen, {"terraform_data.a", "terraform_data.z"}, {"terraform_data.new1"}, true},
        {"a new creation", seen, {"terraform_data.a"}, {"terraform_data.new3"}, true},
        {"the same key spelled differently is new", seen, {R"(terraform_data.k["q'uote"])"}, {}, true},
        {"values may change", AnalysisMemory{seen.unmatched, true, {}, {}}, {"terraform_data.a"}, {"terraform_data.new1"}, true},
        {"values may change even with nothing left", AnalysisMemory{{}, true, {}, {}}, {}, {}, true},
        {"empty memory, something to look at", AnalysisMemory{}, {"terraform_data.a"}, {}, true},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(could_find_more(c.memory, MoveCandidates{c.destroyed, c.created}) == c.expected); }
    }
}

// The memory of one analysis against the text pre-filter of the next plan: addresses
// printed by to_string meet addresses as Terraform's headers print them.
BOOST_AUTO_TEST_CASE(memory_meets_the_next_plan_text) {
    MatchResult result;
    result.unmatched = {unmatched(R"(terraform_data.old1)", true), unmatched(R"(terraform_data.k["$${x}"])", true),
                        unmatched("terraform_data.k[\"tab\\t\"]", false), unmatched("terraform_data.k[\"\xC3\xA9\"]", false)};
    AnalysisMemory memory = remember_analysis(Plan{}, result, {});
    PlanTextSummary next = scan_plan_text(
        "  # terraform_data.k[\"$${x}\"] will be destroyed\n"
        "  # terraform_data.k[\"tab\\t\"] will be created\n"
        "  # terraform_data.k[\"\xC3\xA9\"] will be created\n"
        "  # terraform_data.old1 will be destroyed\n"
        "\nPlan: 2 to add, 0 to change, 2 to destroy.\n");
    auto candidates = move_candidates(next);
    BOOST_TEST_REQUIRE(candidates.has_value());
    BOOST_TEST(candidates->destroyed.size() == 2u);
    BOOST_TEST(!could_find_more(memory, *candidates));
}

// A tie left inside a module instance is looked at again once moves the analysis did not
// see take objects out of that instance (or into the instance a tied creation is in):
// what is left of the instance may now show it moved whole (refactor fuzzer, seed
// 1915082155, where a second --write found what the first had called a true tie).
BOOST_AUTO_TEST_CASE(a_tie_inside_an_instance_others_left_is_looked_at_again) {
    auto pair = [](const std::string& from, const std::string& to) {
        return std::make_pair(must_parse_address(from), must_parse_address(to));
    };
    MatchResult result;
    result.unmatched = {unmatched(R"(module.key["red"].terraform_data.b)", true),
                        unmatched(R"(module.key["blue"].terraform_data.b)", true),
                        unmatched("module.key.terraform_data.b", false), unmatched("terraform_data.root", true)};
    for (const char* from : {R"(module.key["red"].terraform_data.b)", R"(module.key["blue"].terraform_data.b)"}) {
        TiedPair tie;
        tie.move = move_of(from, "module.key.terraform_data.b");
        result.ties.push_back(tie);
    }
    const auto seen = pair(R"(module.key["red"].terraform_data.seen)", "terraform_data.seen");
    const AnalysisMemory memory = remember_analysis(Plan{}, result, {}, {seen});
    const Strings tied_deletion = {R"(module.key["red"].terraform_data.b)"};
    const Strings tied_creation = {"module.key.terraform_data.b"};
    struct Case {
        std::string name;
        Strings destroyed, created;
        std::vector<std::pair<Address, Address>> moves_now;
        bool expected;
    };
    const std::vector<Case> cases = {
        {"no move since the analysis", tied_deletion, tied_creation, {seen}, false},
        {"a move out of the tied deletion's instance", tied_deletion, tied_creation,
         {seen, pair(R"(module.key["red"].module.inner.terraform_data.x)", "module.inner.terraform_data.x")}, true},
        {"a move out of another instance of the call", tied_deletion, tied_creation,
         {pair(R"(module.key["green"].terraform_data.x)", "terraform_data.x")}, false},
        {"a move into the tied creation's instance", {}, tied_creation,
         {pair("terraform_data.x", "module.key.terraform_data.x")}, true},
        {"a move into the tied deletion's instance does not change what is left of it", tied_deletion, {},
         {pair("terraform_data.x", R"(module.key["red"].terraform_data.x)")}, false},
        {"the move touches an instance whose tie is gone from the plan", {"terraform_data.root"}, {},
         {pair(R"(module.key["red"].terraform_data.x)", "terraform_data.x")}, false},
        {"a side not tied, in an instance a move left", {"terraform_data.root"}, {},
         {pair("terraform_data.y", "terraform_data.z")}, false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(could_find_more(memory, MoveCandidates{c.destroyed, c.created}, c.moves_now) == c.expected);
        }
    }
}
