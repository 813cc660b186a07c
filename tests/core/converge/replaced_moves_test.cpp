#include "tfw/core/converge/replaced_moves.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "match_tables.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

// The changes (described_changes), then the prior dependencies: `depends ADDRESS: A B`.
std::string described(const Plan& plan) {
    std::string out = described_changes(plan);
    for (const auto& [address, dependencies] : plan.prior_dependencies) {
        out += "depends " + address + ":";
        for (const auto& dependency : dependencies) out += " " + dependency;
        out += "\n";
    }
    return out;
}

// A moved object as load_plan_json fills it: every value for a replaced one, held values
// for an update.
PlanBuilder& moved_with(PlanBuilder& builder, const std::string& from, const std::string& to, Action action,
                        const Leaves& before, const Leaves& after) {
    builder.moved(from, to, action);
    builder.plan.changes.back().before = attributes(before);
    builder.plan.changes.back().after = attributes(after);
    return builder;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_replaced_move_reads_as_its_deletion_and_its_creation) {
    const std::string a = "aws_sqs_queue.a", b = "aws_sqs_queue.b";
    struct Case {
        std::string name;
        Action action;
        std::set<MovePair> replaced;
        bool deposed;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"replaced, destroy first", Action::delete_then_create, {move_pair(a, b)}, false,
         "a create aws_sqs_queue.b after[name=b,url=?]\n"
         "a destroy aws_sqs_queue.a before[name=a,url=u]\n"},
        {"replaced, create first", Action::create_then_delete, {move_pair(a, b)}, false,
         "a create aws_sqs_queue.b after[name=b,url=?]\n"
         "a destroy aws_sqs_queue.a before[name=a,url=u]\n"},
        // Not withdrawn: it stays the move Terraform planned.
        {"another move replaced", Action::delete_then_create, {move_pair(a, "aws_sqs_queue.c")}, false,
         "a replace aws_sqs_queue.b <- aws_sqs_queue.a before[name=a,url=u] after[name=b,url=?]\n"},
        // An update keeps the values it had (the id above all): it is no creation.
        {"an update", Action::update, {move_pair(a, b)}, false,
         "an update aws_sqs_queue.b <- aws_sqs_queue.a before[name=a,url=u] after[name=b,url=?]\n"},
        {"no change", Action::no_op, {move_pair(a, b)}, false,
         "no change aws_sqs_queue.b <- aws_sqs_queue.a before[name=a,url=u] after[name=b,url=?]\n"},
        // A deposed object is an older one, not the one moved.
        {"deposed", Action::delete_then_create, {move_pair(a, b)}, true,
         "a replace aws_sqs_queue.b <- aws_sqs_queue.a before[name=a,url=u] after[name=b,url=?]\n"},
    };
    for (const auto& c : cases) {
        PlanBuilder builder;
        moved_with(builder, a, b, c.action, {{"name", "a"}, {"url", "u"}}, {{"name", "b"}, {"url", "?"}});
        if (c.deposed) builder.deposed();
        BOOST_TEST(described(without_replaced_moves(builder.plan, c.replaced)) == c.expected, c.name);
    }
}

// The state holds the object at its old address once the move is withdrawn: the plan's
// dependencies of the new address are the old one's too, unless it has its own.
BOOST_AUTO_TEST_CASE(the_old_address_depends_on_what_the_new_one_did) {
    const std::string a = "module.q.aws_sqs_queue.a[0]", b = "aws_sqs_queue.b";
    PlanBuilder without;
    moved_with(without, a, b, Action::delete_then_create, {{"name", "a"}}, {{"name", "b"}})
        .depends("aws_sqs_queue.b", {"aws_kms_key.k"});
    BOOST_TEST(described(without_replaced_moves(without.plan, {move_pair(a, b)})) ==
               "a create aws_sqs_queue.b after[name=b]\n"
               "a destroy module.q.aws_sqs_queue.a[0] before[name=a]\n"
               "depends aws_sqs_queue.b: aws_kms_key.k\n"
               "depends module.q.aws_sqs_queue.a: aws_kms_key.k\n");

    PlanBuilder with_own;
    moved_with(with_own, a, b, Action::delete_then_create, {{"name", "a"}}, {{"name", "b"}})
        .depends("aws_sqs_queue.b", {"aws_kms_key.k"})
        .depends("module.q.aws_sqs_queue.a", {"aws_kms_key.old"});
    BOOST_TEST(described(without_replaced_moves(with_own.plan, {move_pair(a, b)})) ==
               "a create aws_sqs_queue.b after[name=b]\n"
               "a destroy module.q.aws_sqs_queue.a[0] before[name=a]\n"
               "depends aws_sqs_queue.b: aws_kms_key.k\n"
               "depends module.q.aws_sqs_queue.a: aws_kms_key.old\n");
}
