#include "tfw/core/converge/move_trial.hpp"

#include <boost/test/unit_test.hpp>

#include "match_tables.hpp"

using namespace tfw::core;
using tfw::core::testing::move_of;

namespace {

PlanHeader header(const std::string& address, HeaderAction action, const std::string& previous,
                  std::vector<std::string> changes = {}) {
    return {address, action, false, previous, std::move(changes)};
}

}  // namespace

BOOST_AUTO_TEST_CASE(judged_from_the_rendering) {
    const Move move = move_of("terraform_data.a", "terraform_data.b");
    struct Case {
        std::string name;
        std::vector<PlanHeader> headers;
        std::optional<TrialVerdict> expected;
    };
    const std::vector<Case> cases = {
        {"a pure move confirms", {header("terraform_data.b", HeaderAction::move, "terraform_data.a")},
         TrialVerdict{TrialOutcome::no_change, {}}},
        {"an update, with what changes",
         {header("terraform_data.b", HeaderAction::update, "terraform_data.a", {"~ input"})},
         TrialVerdict{TrialOutcome::update, {"~ input"}}},
        {"a replace is never confirmation",
         {header("terraform_data.b", HeaderAction::replace, "terraform_data.a", {"~ triggers_replace (forces replacement)"})},
         TrialVerdict{TrialOutcome::replace, {"~ triggers_replace (forces replacement)"}}},
        {"moved from something else", {header("terraform_data.b", HeaderAction::move, "terraform_data.z")},
         TrialVerdict{TrialOutcome::not_moved, {}}},
        {"still a create", {header("terraform_data.b", HeaderAction::create, "")}, TrialVerdict{TrialOutcome::not_moved, {}}},
        {"a rendering that does not mention it: ask show -json",
         {header("terraform_data.other", HeaderAction::move, "terraform_data.a")}, std::nullopt},
        {"nothing recognised at all: ask show -json", {}, std::nullopt},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanTextSummary summary;
            summary.headers = c.headers;
            auto verdict = judge_trial(summary, move);
            BOOST_TEST(verdict.has_value() == c.expected.has_value());
            if (verdict && c.expected) BOOST_TEST((*verdict == *c.expected));
        }
    }
}

BOOST_AUTO_TEST_CASE(judged_from_show_json) {
    const Move move = move_of("terraform_data.a", "terraform_data.b");
    struct Case {
        std::string name;
        Action action;
        std::optional<std::string> previous;
        TrialOutcome expected;
    };
    const std::vector<Case> cases = {
        {"no-op with the previous address", Action::no_op, "terraform_data.a", TrialOutcome::no_change},
        {"update", Action::update, "terraform_data.a", TrialOutcome::update},
        {"delete then create", Action::delete_then_create, "terraform_data.a", TrialOutcome::replace},
        {"create then delete", Action::create_then_delete, "terraform_data.a", TrialOutcome::replace},
        {"no previous address", Action::create, std::nullopt, TrialOutcome::not_moved},
        {"another previous address", Action::no_op, "terraform_data.z", TrialOutcome::not_moved},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Plan plan;
            ResourceChange change;
            change.address = move.to;
            change.action = c.action;
            if (c.previous) change.previous_address = must_parse_address(*c.previous);
            plan.changes.push_back(change);
            BOOST_TEST((judge_trial(plan, move).outcome == c.expected));
        }
    }
    BOOST_TEST((judge_trial(Plan{}, move).outcome == TrialOutcome::not_moved));
}

// An ignore rule accepted one difference, not every difference Terraform finds: an update
// keeps an ignore-rules move only when every attribute it changes is ignored.
BOOST_AUTO_TEST_CASE(ignore_rules_cover_an_update_only_where_they_ignore) {
    Policy policy = default_policy();
    auto rule = [](const std::string& type, const std::string& path) {
        IgnoreRule r;
        r.type_glob = type;
        r.path_glob = path;
        r.kind = IgnoreKind::json;
        return r;
    };
    policy.ignore = {rule("aws_iam_policy", "policy"), rule("*", "tags")};
    struct Case {
        std::string name;
        std::string type;
        std::vector<std::string> changes;
        bool covered;
    };
    const std::vector<Case> cases = {
        {"the ignored attribute", "aws_iam_policy", {"~ policy"}, true},
        {"two ignored attributes", "aws_iam_policy", {"~ policy", "~ tags"}, true},
        {"one more attribute", "aws_iam_policy", {"~ policy", "~ description"}, false},
        {"another type's rule", "aws_iam_role", {"~ policy"}, false},
        {"a rule for every type", "aws_iam_role", {"~ tags"}, true},
        {"a replace's marks", "aws_iam_policy", {"-/+ policy (forces replacement)"}, true},
        {"not said which attributes change", "aws_iam_policy", {}, false},
        {"a value computed at apply follows", "aws_iam_policy", {"~ policy", "~ output (known after apply)"}, true},
        {"only values computed at apply: nothing the rules did not accept", "aws_iam_role", {"~ arn (known after apply)"}, true},
        {"a longer name that starts with the ignored one", "aws_iam_policy", {"~ policy_document"}, false},
    };
    for (const auto& c : cases)
        BOOST_TEST(ignore_rules_cover(policy, c.type, {TrialOutcome::update, c.changes}) == c.covered, c.name);
    IgnoreRule nested = rule("*", "tags.Name");
    policy.ignore = {nested};
    BOOST_TEST(!ignore_rules_cover(policy, "aws_vpc", {TrialOutcome::update, {"~ tags"}}),
               "a rule for one key of a map covers no change of the whole map");
}

BOOST_AUTO_TEST_CASE(verdicts_in_words) {
    BOOST_TEST(describe({TrialOutcome::no_change, {}}) == "Terraform plans it with no change");
    BOOST_TEST(describe({TrialOutcome::update, {"~ input", "~ output"}}) ==
               "Terraform would update it in place (~ input, ~ output)");
    BOOST_TEST(describe({TrialOutcome::replace, {}}) == "Terraform would replace it");
    BOOST_TEST(describe({TrialOutcome::not_moved, {}}) == "Terraform did not carry the move out");
}

// A chain: the configuration already moves z to a, tfw adds a -> b, and Terraform names
// the address the state holds (z) for b. That is the move carried out; another address
// is not.
BOOST_AUTO_TEST_CASE(a_chain_is_judged_by_the_address_in_the_state) {
    const Move move = move_of("terraform_data.a", "terraform_data.b");
    const Address in_state = must_parse_address("terraform_data.z");
    PlanTextSummary summary;
    summary.headers = {header("terraform_data.b", HeaderAction::move, "terraform_data.z")};
    BOOST_TEST((judge_trial(summary, move, in_state) == TrialVerdict{TrialOutcome::no_change, {}}));
    BOOST_TEST((judge_trial(summary, move) == TrialVerdict{TrialOutcome::not_moved, {}}));
    summary.headers = {header("terraform_data.b", HeaderAction::move, "terraform_data.y")};
    BOOST_TEST((judge_trial(summary, move, in_state) == TrialVerdict{TrialOutcome::not_moved, {}}));

    Plan plan;
    ResourceChange change;
    change.address = move.to;
    change.action = Action::update;
    change.previous_address = in_state;
    plan.changes.push_back(change);
    BOOST_TEST((judge_trial(plan, move, in_state).outcome == TrialOutcome::update));
    BOOST_TEST((judge_trial(plan, move).outcome == TrialOutcome::not_moved));
}

// An object that stays (a dependent holding a tied twin's id) judged by the same plan:
// from the rendering only when it was recognised, else from show -json.
BOOST_AUTO_TEST_CASE(staying_objects_are_judged_too) {
    const Address dependent = must_parse_address("terraform_data.dependent[0]");
    struct Case {
        std::string name;
        std::vector<PlanHeader> headers;
        bool recognised;
        std::optional<TrialVerdict> expected;
    };
    const std::vector<Case> cases = {
        {"not in a recognised rendering: no change", {header("terraform_data.other", HeaderAction::update, "")}, true,
         TrialVerdict{TrialOutcome::no_change, {}}},
        {"an update, with what changes", {header("terraform_data.dependent[0]", HeaderAction::update, "", {"~ input"})}, true,
         TrialVerdict{TrialOutcome::update, {"~ input"}}},
        {"a replace", {header("terraform_data.dependent[0]", HeaderAction::replace, "", {"~ triggers_replace"})}, true,
         TrialVerdict{TrialOutcome::replace, {"~ triggers_replace"}}},
        {"another instance's update says nothing of it", {header("terraform_data.dependent[1]", HeaderAction::update, "")}, true,
         TrialVerdict{TrialOutcome::no_change, {}}},
        {"a rendering tfw did not recognise: ask show -json", {}, false, std::nullopt},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanTextSummary summary;
            summary.headers = c.headers;
            summary.recognised = c.recognised;
            auto verdict = judge_staying(summary, dependent);
            BOOST_TEST(verdict.has_value() == c.expected.has_value());
            if (verdict && c.expected) BOOST_TEST((*verdict == *c.expected));
        }
    }
    Plan plan;
    ResourceChange change;
    change.address = dependent;
    change.action = Action::update;
    plan.changes.push_back(change);
    BOOST_TEST((judge_staying(plan, dependent) == TrialVerdict{TrialOutcome::update, {}}));
    plan.changes.back().action = Action::no_op;
    BOOST_TEST((judge_staying(plan, dependent) == TrialVerdict{TrialOutcome::no_change, {}}));
    plan.changes.back().action = Action::delete_then_create;
    BOOST_TEST((judge_staying(plan, dependent) == TrialVerdict{TrialOutcome::replace, {}}));
    BOOST_TEST((judge_staying(Plan{}, dependent) == TrialVerdict{TrialOutcome::no_change, {}}));
}

BOOST_AUTO_TEST_CASE(no_change_under_ignore_changes_confirms_only_what_terraform_compared) {
    Move move = move_of("terraform_data.a", "terraform_data.b");
    move.remaining_differences = {"input.image", "tags.Owner"};
    const TrialVerdict no_change{TrialOutcome::no_change, {}};
    struct Case {
        std::string name;
        TrialVerdict verdict;
        IgnoredChanges ignored;
        TrialVerdict expected;
    };
    const std::vector<Case> cases = {
        {"nothing ignored", no_change, {}, no_change},
        {"other attributes ignored", no_change, {false, {"output", "tags.Name"}}, no_change},
        {"a difference under an ignored attribute", no_change, {false, {"input"}},
         {TrialOutcome::update, {"~ input.image, which its ignore_changes hides"}}},
        {"every difference ignored", no_change, {true, {}},
         {TrialOutcome::update, {"~ input.image, which its ignore_changes hides", "~ tags.Owner, which its ignore_changes hides"}}},
        {"an update stays what it is", {TrialOutcome::update, {"~ input"}}, {true, {}}, {TrialOutcome::update, {"~ input"}}},
        {"a replace stays what it is", {TrialOutcome::replace, {}}, {true, {}}, {TrialOutcome::replace, {}}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const TrialVerdict got = with_ignored_differences(c.verdict, move, c.ignored);
            BOOST_TEST((got == c.expected), describe(got));
        }
    }
    Move exact = move_of("terraform_data.a", "terraform_data.b");
    BOOST_TEST((with_ignored_differences(no_change, exact, {true, {}}) == no_change), "an exact move has nothing ignored to hide");
    Move told_apart = move;
    told_apart.identity_beside_ignored = true;
    BOOST_TEST((with_ignored_differences(no_change, told_apart, {false, {"input", "tags"}}) == no_change),
               "a move its other known values tell apart plans no change");
    const TrialVerdict update{TrialOutcome::update, {"~ input"}};
    BOOST_TEST((with_ignored_differences(update, told_apart, {false, {"input", "tags"}}) == update));
}
