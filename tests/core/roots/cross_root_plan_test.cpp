#include "tfw/core/roots/cross_root_plan.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "match_tables.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

Address at(const std::string& text) { return must_parse_address(text); }

// "from -> to" per move, then "side: reason" per unmatched entry the filter added.
std::string show(const MatchResult& matched) {
    std::string out;
    for (const auto& move : matched.moves) out += to_string(move.from) + " -> " + to_string(move.to) + "\n";
    for (const auto& entry : matched.unmatched) out += to_string(entry.address) + ": " + entry.reason + "\n";
    for (const auto& tie : matched.ties) out += "tie " + to_string(tie.move.from) + " ~ " + to_string(tie.move.to) + "\n";
    return out;
}

Move move(const std::string& from, const std::string& to) {
    Move out;
    out.from = at(from);
    out.to = at(to);
    return out;
}

TiedPair tie(const std::string& from, const std::string& to) {
    TiedPair out;
    out.move = move(from, to);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(addresses_go_under_their_roots_call_and_back) {
    BOOST_TEST(to_string(in_merged_plan(0, at("terraform_data.a"))) == "module.tfw_root_0.terraform_data.a");
    BOOST_TEST(to_string(in_merged_plan(12, at("module.m[\"k\"].aws_s3_bucket.b[1]"))) ==
               "module.tfw_root_12.module.m[\"k\"].aws_s3_bucket.b[1]");
    const auto back = from_merged_plan(at("module.tfw_root_12.module.m[\"k\"].aws_s3_bucket.b[1]"));
    BOOST_TEST_REQUIRE(back.has_value());
    BOOST_TEST(back->root == 12u);
    BOOST_TEST(to_string(back->address) == "module.m[\"k\"].aws_s3_bucket.b[1]");
    for (const std::string other : {"terraform_data.a", "module.m.terraform_data.a", "module.tfw_root_x.terraform_data.a",
                                    "module.tfw_root_.terraform_data.a", "module.tfw_root_1[0].terraform_data.a"})
        BOOST_TEST(!from_merged_plan(at(other)).has_value(), other);
}

BOOST_AUTO_TEST_CASE(root_plans_merge_under_one_call_each) {
    PlanBuilder a, b;
    a.deletion("terraform_data.parent", {{"input", "\"p\""}}, builtin)
        .deletion("module.m.terraform_data.child", {{"input", "\"c\""}}, builtin)
        .depends("module.m.terraform_data.child", {"terraform_data.parent"});
    a.plan.changes.back().previous_address = at("module.m.terraform_data.old");
    b.creation("terraform_data.parent", {{"input", "\"p\""}}, builtin).refers("terraform_data.parent", {"terraform_data.x"});
    b.plan.drifted = {"aws_sqs_queue.q[\"a\"]"};
    const Plan merged = merge_root_plans({&a.plan, &b.plan});
    // A root's drift is the merged plan's, under its call.
    BOOST_TEST(merged.drifted == std::vector<std::string>{"module.tfw_root_1.aws_sqs_queue.q[\"a\"]"},
               boost::test_tools::per_element());
    std::vector<std::string> changes;
    for (const auto& change : merged.changes)
        changes.push_back(change.address_text + (change.previous_address ? " from " + to_string(*change.previous_address) : ""));
    BOOST_TEST(changes == (std::vector<std::string>{"module.tfw_root_0.terraform_data.parent",
                                                    "module.tfw_root_0.module.m.terraform_data.child from "
                                                    "module.tfw_root_0.module.m.terraform_data.old",
                                                    "module.tfw_root_1.terraform_data.parent"}),
               boost::test_tools::per_element());
    BOOST_TEST(merged.prior_dependencies.at("module.tfw_root_0.module.m.terraform_data.child") ==
                   std::vector<std::string>{"module.tfw_root_0.terraform_data.parent"},
               boost::test_tools::per_element());
    BOOST_TEST_REQUIRE(merged.configuration.calls.size() == 2u);
    BOOST_TEST(merged.configuration.calls[1].name == "tfw_root_1");
    // References stay relative to their module, so each root's keep their meaning.
    BOOST_TEST(merged.configuration.calls[1].module.resources.at(0).references ==
                   std::vector<std::string>{"terraform_data.x"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(only_pairs_a_transfer_carries_out_stay) {
    const std::string a = "module.tfw_root_0.", b = "module.tfw_root_1.";
    const std::set<Address> sides = {at(a + "terraform_data.x"), at(b + "terraform_data.x"), at(a + "terraform_data.y"),
                                      at(a + "terraform_data.z"), at(b + "aws_s3_object.o"), at(a + "aws_s3_bucket_object.o"),
                                      at(a + "terraform_data.t"), at(b + "terraform_data.t1"), at(b + "terraform_data.t2"),
                                      at(a + "terraform_data.u")};
    const std::string spoiled =
        "tied, through candidates that tie with each other, with one no transfer between root modules can take (in its "
        "own root module, or of another type): no trial could refute it, so nothing moves";
    struct Case {
        std::string name;
        std::vector<Move> moves;
        std::vector<TiedPair> ties;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"between two roots", {move(a + "terraform_data.x", b + "terraform_data.x")}, {},
         a + "terraform_data.x -> " + b + "terraform_data.x\n"},
        {"inside one root", {move(a + "terraform_data.y", a + "terraform_data.z")}, {},
         a + "terraform_data.y: paired only with " + a + "terraform_data.z, in its own root module, whose run left the pair\n" +
             a + "terraform_data.z: paired only with " + a + "terraform_data.y, in its own root module, whose run left the pair\n"},
        {"another type", {move(a + "aws_s3_bucket_object.o", b + "aws_s3_object.o")}, {},
         a + "aws_s3_bucket_object.o: type mismatch: " + b +
             "aws_s3_object.o has equal values but is a aws_s3_object, not a aws_s3_bucket_object\n" + b +
             "aws_s3_object.o: type mismatch: " + a +
             "aws_s3_bucket_object.o has equal values but is a aws_s3_bucket_object, not a aws_s3_object\n"},
        {"a side its own root moves", {move(a + "terraform_data.y", b + "terraform_data.moved_in_b")}, {},
         a + "terraform_data.y: paired only with " + b + "terraform_data.moved_in_b, which its own root module's run moves\n"},
        {"a tie between roots stays for the trials", {},
         {tie(a + "terraform_data.t", b + "terraform_data.t1"), tie(a + "terraform_data.t", b + "terraform_data.t2")},
         "tie " + a + "terraform_data.t ~ " + b + "terraform_data.t1\ntie " + a + "terraform_data.t ~ " + b +
             "terraform_data.t2\n"},
        {"a group of ties with one pair in its own root leaves the trials whole, with the moves resolved out of it",
         {move(a + "terraform_data.t", b + "terraform_data.t2"), move(a + "terraform_data.u", b + "terraform_data.t1")},
         {tie(a + "terraform_data.t", b + "terraform_data.t1"), tie(a + "terraform_data.t", a + "terraform_data.y"),
          tie(a + "terraform_data.t", b + "terraform_data.t2"), tie(a + "terraform_data.u", b + "terraform_data.t1"),
          tie(a + "terraform_data.x", b + "terraform_data.x")},
         a + "terraform_data.t: " + spoiled + "\n" + b + "terraform_data.t2: " + spoiled + "\n" + a + "terraform_data.u: " +
             spoiled + "\n" + b + "terraform_data.t1: " + spoiled + "\n" + "tie " + a + "terraform_data.x ~ " + b +
             "terraform_data.x\n"},
    };
    for (const auto& c : cases) {
        MatchResult matched;
        matched.moves = c.moves;
        matched.ties = c.ties;
        keep_moves_between_roots(matched, sides);
        BOOST_TEST(show(matched) == c.expected, c.name);
    }
}

BOOST_AUTO_TEST_CASE(a_trials_transfers_and_their_marks) {
    const std::vector<MovePair> moves = {
        {at("module.tfw_root_0.terraform_data.parent"), at("module.tfw_root_1.terraform_data.parent")},
        {at("module.tfw_root_0.terraform_data.child"), at("module.tfw_root_1.module.m.terraform_data.child[\"k\"]")},
        {at("module.tfw_root_0.terraform_data.kept"), at("module.tfw_root_1.terraform_data.kept")},
        {at("module.tfw_root_0.terraform_data.elsewhere"), at("module.tfw_root_1.terraform_data.elsewhere")},
    };
    const auto transfers = transfers_of(moves);
    BOOST_TEST_REQUIRE(transfers.size() == 4u);
    BOOST_TEST(transfers[1].from_root == 0u);
    BOOST_TEST(transfers[1].from == "terraform_data.child");
    BOOST_TEST(transfers[1].to_root == 1u);
    BOOST_TEST(transfers[1].to == "module.m.terraform_data.child[\"k\"]");

    // parent arrived with no change, child with an update; `kept` is still planned where it
    // left (its configuration is still there); `elsewhere` Terraform moves from another
    // address inside its root.
    PlanBuilder planned;
    planned.change("module.tfw_root_1.terraform_data.parent", Action::no_op, builtin)
        .change("module.tfw_root_1.module.m.terraform_data.child[\"k\"]", Action::update, builtin)
        .change("module.tfw_root_0.terraform_data.kept", Action::create, builtin)
        .change("module.tfw_root_1.terraform_data.kept", Action::no_op, builtin)
        .moved("module.tfw_root_1.terraform_data.old", "module.tfw_root_1.terraform_data.elsewhere");
    mark_transfers(planned.plan, moves);
    std::vector<std::string> marks;
    for (const auto& change : planned.plan.changes)
        marks.push_back(change.address_text + " <- " + (change.previous_address ? to_string(*change.previous_address) : "-"));
    BOOST_TEST(marks == (std::vector<std::string>{
                           "module.tfw_root_1.terraform_data.parent <- module.tfw_root_0.terraform_data.parent",
                           "module.tfw_root_1.module.m.terraform_data.child[\"k\"] <- module.tfw_root_0.terraform_data.child",
                           "module.tfw_root_0.terraform_data.kept <- -",
                           "module.tfw_root_1.terraform_data.kept <- -",
                           "module.tfw_root_1.terraform_data.elsewhere <- module.tfw_root_1.terraform_data.old",
                       }),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(texts_name_the_roots) {
    const std::vector<std::string> names = {".", "../b"};
    BOOST_TEST(with_root_names("tie with module.tfw_root_1.terraform_data.a, module.tfw_root_0.module.m.terraform_data.b",
                               names) == "tie with ../b: terraform_data.a, .: module.m.terraform_data.b");
    // Not a root's call: left as it is.
    BOOST_TEST(with_root_names("module.tfw_root_7.terraform_data.a and module.tfw_root_x.y", names) ==
               "module.tfw_root_7.terraform_data.a and module.tfw_root_x.y");
    BOOST_TEST(with_root_names("module.tfw_root_1", names) == "module.tfw_root_1");
}
