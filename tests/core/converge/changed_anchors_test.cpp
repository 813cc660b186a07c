#include "tfw/core/converge/changed_anchors.hpp"

#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <vector>

using namespace tfw::core;

namespace {

using Names = std::set<std::string>;

using Pairs = std::set<std::pair<Address, Address>>;

PlanHeader heading(const std::string& address, HeaderAction action, const std::string& previous = "") {
    return {address, action, false, previous, {}};
}

ResourceChange change(const std::string& address, Action action, const std::string& previous = "") {
    ResourceChange out;
    out.address_text = address;
    out.address = must_parse_address(address);
    out.action = action;
    if (!previous.empty()) out.previous_address = must_parse_address(previous);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(anchors_updated_or_replaced_count_and_creates_and_destroys_do_not) {
    struct Case {
        std::string name;
        std::string address;
        HeaderAction heading;
        Action action;
        bool counts;
        std::string previous = "";
    };
    // db's `old` instance goes to `moved` on trial, not certain (a partial match).
    const Pairs on_trial = {{must_parse_address("terraform_data.db[\"old\"]"), must_parse_address("terraform_data.db[\"moved\"]")}};
    const std::vector<Case> cases = {
        {"updated in place", "module.k[0].terraform_data.db[\"a\"]", HeaderAction::update, Action::update, true},
        {"replaced", "terraform_data.db[\"a\"]", HeaderAction::replace, Action::delete_then_create, true},
        {"replaced, create before destroy", "terraform_data.db[\"a\"]", HeaderAction::replace, Action::create_then_delete, true},
        // One instance of the witness's resource made anew for its own reasons: no anchor.
        {"created", "module.k[0].terraform_data.db[\"b\"]", HeaderAction::create, Action::create, false},
        {"destroyed", "module.k[1].terraform_data.db[\"b\"]", HeaderAction::destroy, Action::remove, false},
        {"moved with no change", "terraform_data.db[\"a\"]", HeaderAction::move, Action::no_op, false},
        {"read", "data.x.y", HeaderAction::read, Action::read, false},
        {"forgotten", "terraform_data.db[\"a\"]", HeaderAction::forget, Action::forget, false},
        {"moved by a certain move and updated", "terraform_data.db[\"c\"]", HeaderAction::update, Action::update, true,
         "terraform_data.db[\"b\"]"},
        {"moved by a pairing on trial and updated", "terraform_data.db[\"moved\"]", HeaderAction::update, Action::update,
         false, "terraform_data.db[\"old\"]"},
        {"the same address on trial from elsewhere, updated where it is", "terraform_data.db[\"moved\"]",
         HeaderAction::update, Action::update, true},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const Names expected = c.counts ? Names{config_resource_address(must_parse_address(c.address))} : Names{};
            PlanTextSummary summary;
            summary.recognised = true;
            summary.headers = {heading(c.address, c.heading, c.previous)};
            BOOST_TEST(changed_anchors(summary, on_trial) == expected, boost::test_tools::per_element());
            Plan plan;
            plan.changes = {change(c.address, c.action, c.previous)};
            BOOST_TEST(changed_anchors(plan, on_trial) == expected, boost::test_tools::per_element());
        }
    }
}

// A heading in a wording tfw does not know may be an update: it counts.
BOOST_AUTO_TEST_CASE(an_unknown_heading_counts) {
    PlanTextSummary summary;
    summary.headers = {heading("terraform_data.db", HeaderAction::other)};
    BOOST_TEST(changed_anchors(summary, {}) == (Names{"terraform_data.db"}), boost::test_tools::per_element());
}
