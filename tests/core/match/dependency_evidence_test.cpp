#include "tfw/core/match/dependency_evidence.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace tfw::core;

namespace {

struct Change {
    std::string address;
    Action action;
    std::string previous;  // "" when not moved by the configuration
};

struct Reference {
    std::string module;  // call name, "" for the root
    std::string referrer;
    std::vector<std::string> targets;
};

Plan make_plan(const std::vector<Change>& changes, const std::map<std::string, std::vector<std::string>>& prior,
               const std::vector<Reference>& references) {
    Plan plan;
    for (const auto& c : changes) {
        ResourceChange change;
        change.address = must_parse_address(c.address);
        change.address_text = c.address;
        change.action = c.action;
        if (!c.previous.empty()) change.previous_address = must_parse_address(c.previous);
        plan.changes.push_back(std::move(change));
    }
    plan.prior_dependencies = prior;
    for (const auto& r : references) {
        ConfigModule* module = &plan.configuration;
        if (!r.module.empty()) {
            if (plan.configuration.calls.empty()) plan.configuration.calls.push_back({r.module, "./" + r.module, false, false, {}, {}});
            module = &plan.configuration.calls.front().module;
        }
        ConfigResource resource;
        resource.address = r.referrer;
        resource.references = r.targets;
        module->resources.push_back(std::move(resource));
    }
    return plan;
}

using Pair = std::pair<std::string, std::string>;

struct Case {
    std::string name;
    Plan plan;
    std::vector<Pair> known_moves;
    std::vector<Pair> questions;           // {from, to}: is `from` consistent with being `to`?
    std::vector<bool> consistent;           // one answer per question
    std::vector<std::string> witnesses_of_first;  // witnesses of the first question's `from`
};

}  // namespace

BOOST_AUTO_TEST_CASE(consistency_and_witnesses) {
    const Change old1{"terraform_data.old1", Action::remove, ""};
    const Change old2{"terraform_data.old2", Action::remove, ""};
    const Change new1{"terraform_data.new1", Action::create, ""};
    const Change new2{"terraform_data.new2", Action::create, ""};
    const std::vector<Pair> four = {{"terraform_data.old1", "terraform_data.new1"},
                                    {"terraform_data.old1", "terraform_data.new2"},
                                    {"terraform_data.old2", "terraform_data.new1"},
                                    {"terraform_data.old2", "terraform_data.new2"}};
    std::vector<Case> cases = {
        {"a dependent that stayed put tells the twins apart",
         make_plan({old1, old2, new1, new2, {"terraform_data.a", Action::update, ""}},
                   {{"terraform_data.a", {"terraform_data.old1"}}},
                   {{"", "terraform_data.a", {"terraform_data.new1"}}}),
         {}, four, {true, false, false, true}, {"terraform_data.a"}},
        {"a dependency of the old object, referred to by the new one",
         make_plan({old1, old2, new1, new2, {"terraform_data.base", Action::no_op, ""}},
                   {{"terraform_data.old2", {"terraform_data.base"}}},
                   {{"", "terraform_data.new2", {"terraform_data.base"}}}),
         {}, four, {true, false, false, true}, {}},
        {"a created or deleted neighbour is no anchor",
         make_plan({old1, old2, new1, new2, {"terraform_data.a", Action::create, ""}},
                   {{"terraform_data.a", {"terraform_data.old1"}}},
                   {{"", "terraform_data.a", {"terraform_data.new1"}}}),
         {}, four, {true, true, true, true}, {}},
        {"a known move anchors under its new address",
         make_plan({old1, old2, new1, new2, {"terraform_data.s", Action::remove, ""}, {"terraform_data.t", Action::create, ""}},
                   {{"terraform_data.s", {"terraform_data.old2"}}},
                   {{"", "terraform_data.t", {"terraform_data.new2"}}}),
         {{"terraform_data.s", "terraform_data.t"}}, four, {true, false, false, true}, {}},
        // terraform_data.a's old address maps to b after the certain move: a itself is
        // no longer an anchor on the new side, though a[1] is planned in place.
        {"a certain move overrides what the plan showed of an old address",
         make_plan({old1, old2, new1, new2, {"terraform_data.a[1]", Action::update, ""},
                    {"terraform_data.a[0]", Action::remove, ""}, {"terraform_data.b[0]", Action::create, ""}},
                   {{"terraform_data.a", {"terraform_data.old1"}}},
                   {{"", "terraform_data.a", {"terraform_data.new1"}}, {"", "terraform_data.b", {"terraform_data.new1"}}}),
         {{"terraform_data.a[0]", "terraform_data.b[0]"}},
         {{"terraform_data.old1", "terraform_data.new1"}, {"terraform_data.old1", "terraform_data.new2"}},
         {true, false}, {"terraform_data.b"}},
        {"an object moved by the configuration anchors under both names",
         make_plan({old1, old2, new1, new2, {"terraform_data.b", Action::no_op, "terraform_data.a"}},
                   {{"terraform_data.a", {"terraform_data.old1"}}},
                   {{"", "terraform_data.b", {"terraform_data.new1"}}}),
         {}, four, {true, false, false, true}, {"terraform_data.b"}},
        {"references inside a module are relative to it",
         make_plan({{"module.m.terraform_data.old1", Action::remove, ""},
                    {"module.m.terraform_data.new1", Action::create, ""},
                    {"module.m.terraform_data.new2", Action::create, ""},
                    {"module.m.terraform_data.a", Action::update, ""}},
                   {{"module.m.terraform_data.a", {"module.m.terraform_data.old1"}}},
                   {{"m", "terraform_data.a", {"terraform_data.new1"}}}),
         {},
         {{"module.m.terraform_data.old1", "module.m.terraform_data.new1"},
          {"module.m.terraform_data.old1", "module.m.terraform_data.new2"}},
         {true, false}, {"module.m.terraform_data.a"}},
        {"instance keys do not matter to the configuration's view",
         make_plan({{"terraform_data.old1[0]", Action::remove, ""}, {"terraform_data.new1[\"k\"]", Action::create, ""},
                    {"terraform_data.new2", Action::create, ""}, {"terraform_data.a[1]", Action::no_op, ""}},
                   {{"terraform_data.a", {"terraform_data.old1"}}},
                   {{"", "terraform_data.a", {"terraform_data.new1"}}}),
         {},
         {{"terraform_data.old1[0]", "terraform_data.new1[\"k\"]"}, {"terraform_data.old1[0]", "terraform_data.new2"}},
         {true, false}, {"terraform_data.a"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::vector<std::pair<Address, Address>> known;
            for (const auto& [from, to] : c.known_moves) known.push_back({must_parse_address(from), must_parse_address(to)});
            std::vector<Address> olds, news;
            for (const auto& [from, to] : c.questions) {
                olds.push_back(must_parse_address(from));
                news.push_back(must_parse_address(to));
            }
            DependencyEvidence evidence(c.plan, known, olds, news);
            BOOST_TEST_REQUIRE(c.questions.size() == c.consistent.size());
            for (std::size_t i = 0; i < c.questions.size(); ++i)
                BOOST_TEST_CONTEXT(c.questions[i].first << " as " << c.questions[i].second) {
                    BOOST_TEST(evidence.consistent(olds[i], news[i]) == c.consistent[i]);
                }
            BOOST_TEST(evidence.witnesses(olds.front()) == c.witnesses_of_first, boost::test_tools::per_element());
        }
    }
}

// An address not named at construction has no gathered relations: answering would
// read "no dependencies" as evidence.
BOOST_AUTO_TEST_CASE(unasked_addresses_are_refused) {
    Plan plan = make_plan({{"terraform_data.a", Action::remove, ""}, {"terraform_data.b", Action::create, ""}}, {}, {});
    Address a = must_parse_address("terraform_data.a");
    Address b = must_parse_address("terraform_data.b");
    DependencyEvidence evidence(plan, {}, {a}, {b});
    BOOST_TEST(evidence.consistent(a, b));
    BOOST_CHECK_THROW(evidence.consistent(b, a), std::logic_error);
    BOOST_CHECK_THROW(evidence.witnesses(b), std::logic_error);
}
