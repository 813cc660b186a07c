#include "tfw/core/match/match.hpp"

#include <boost/test/unit_test.hpp>

#include "match_tables.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace tfw::core;

namespace {

using namespace tfw::core::testing;

const Leaves web_1 = {{"ami", "\"ami-1\""}, {"id", "\"i-1\""}, {"instance_type", "\"t3.micro\""}};
const Leaves web_1_new = {{"ami", "\"ami-1\""}, {"id", "?"}, {"instance_type", "\"t3.micro\""}};
const Leaves web_2 = {{"ami", "\"ami-2\""}, {"id", "\"i-2\""}, {"instance_type", "\"t3.micro\""}};
const Leaves web_2_new = {{"ami", "\"ami-2\""}, {"id", "?"}, {"instance_type", "\"t3.micro\""}};
const Leaves same = {{"id", "\"x\""}, {"input", "\"same\""}, {"output", "\"same\""}, {"triggers_replace", "null"}};
const Leaves same_new = {{"id", "?"}, {"input", "\"same\""}, {"output", "?"}, {"triggers_replace", "null"}};

}  // namespace

BOOST_AUTO_TEST_CASE(equal_attributes) {
    run({
        {"nothing planned", PlanBuilder{}.plan, default_policy(), {}, {}},
        {"single rename",
         PlanBuilder{}.deletion("aws_instance.a", web_1).creation("aws_instance.b", web_1_new).plan, default_policy(),
         {"aws_instance.a -> aws_instance.b exact"}, {}},
        {"rename across modules and keys",
         PlanBuilder{}
             .deletion(R"(module.old["x y"].aws_instance.a[0])", web_1)
             .creation(R"(module.new[0].module.inner.aws_instance.b["q\"k"])", web_1_new)
             .plan,
         default_policy(), {R"(module.old["x y"].aws_instance.a[0] -> module.new[0].module.inner.aws_instance.b["q\"k"] exact)"}, {}},
        {"several renames, sorted by from",
         PlanBuilder{}
             .deletion("aws_instance.z", web_2)
             .deletion("aws_instance.c", web_1)
             .creation("aws_instance.y", web_1_new)
             .creation("aws_instance.x", web_2_new)
             .plan,
         default_policy(), {"aws_instance.c -> aws_instance.y exact", "aws_instance.z -> aws_instance.x exact"}, {}},
        {"sorted by address, not by text: index 2 before index 10, root before modules",
         PlanBuilder{}
             .deletion("module.m.aws_instance.a", {{"ami", "\"3\""}})
             .deletion("aws_instance.a[10]", {{"ami", "\"10\""}})
             .deletion("aws_instance.a[2]", {{"ami", "\"2\""}})
             .creation("aws_instance.b[10]", {{"ami", "\"10\""}})
             .creation("aws_instance.b[2]", {{"ami", "\"2\""}})
             .creation("aws_instance.c", {{"ami", "\"3\""}})
             .plan,
         default_policy(),
         {"aws_instance.a[2] -> aws_instance.b[2] exact", "aws_instance.a[10] -> aws_instance.b[10] exact",
          "module.m.aws_instance.a -> aws_instance.c exact"},
         {}},
        {"a changed attribute: only a tentative partial move",
         PlanBuilder{}
             .deletion("aws_instance.a", web_1)
             .creation("aws_instance.b", {{"ami", "\"ami-9\""}, {"id", "?"}, {"instance_type", "\"t3.micro\""}})
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in ami"}, {}},

        {"unknown paths are skipped, including everything below an unknown container",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}, {"arn", "\"arn:1\""}, {"id", "\"i-1\""},
                                          {"tags.Name", "\"web\""}, {"tags[\"a b\"]", "\"x\""}, {"ebs[0].size", "8"}})
             .creation("aws_instance.b", {{"ami", "\"ami-1\""}, {"arn", "?"}, {"id", "?"}, {"tags", "?"}, {"ebs[0]", "?"}})
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b exact"}, {}},
        {"an unknown prefix does not cover a longer name",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}, {"tags_all.Name", "\"web\""}})
             .creation("aws_instance.b", {{"ami", "\"ami-1\""}, {"tags", "?"}, {"tags_all.Name", "\"other\""}})
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in tags_all.Name"}, {}},

        {"a value on the old side only is a difference",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}, {"extra", "\"x\""}})
             .creation("aws_instance.b", {{"ami", "\"ami-1\""}})
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in extra"}, {}},

        {"a value on the new side only is a difference",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}})
             .creation("aws_instance.b", {{"ami", "\"ami-1\""}, {"extra", "null"}})
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in extra"},
         {}},

        {"an empty container is not an absent one",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}, {"tags", "{}"}})
             .creation("aws_instance.b", {{"ami", "\"ami-1\""}, {"tags", "null"}})
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in tags"}, {}},

        {"different types never pair without a cross_type rule",
         PlanBuilder{}.deletion("aws_instance.a", web_1).creation("aws_spot_instance.a", web_1_new).plan,
         default_policy(), {},
         {"D aws_instance.a: no creation of type aws_instance", "C aws_spot_instance.a: no deletion of type aws_spot_instance"}},
        {"different providers never pair",
         PlanBuilder{}
             .deletion("aws_instance.a", web_1)
             .creation("aws_instance.b", web_1_new, "registry.terraform.io/acme/aws")
             .plan,
         default_policy(), {},
         {"D aws_instance.a: no creation of type aws_instance has equal attributes, and none is its unique closest match "
          "{aws_instance.b (; another provider (registry.terraform.io/acme/aws))}",
          "C aws_instance.b: no deletion of type aws_instance has equal attributes, and none is its unique closest match "
          "{aws_instance.a (; another provider (registry.terraform.io/hashicorp/aws))}"}},
    });
}

// A configured attribute whose planned value is unknown (it depends on something not yet
// created) cannot be shown equal to the deletion's value: no exact match rests on it.
BOOST_AUTO_TEST_CASE(configured_unknowns_are_not_evidence) {
    const Leaves logs = {{"bucket", "\"logs-a\""}, {"force_destroy", "false"}, {"id", "\"logs-a\""}};
    const Leaves artifacts = {{"bucket", "?"}, {"force_destroy", "false"}, {"id", "?"}};
    const Leaves unnamed = {{"bucket", "null"}, {"force_destroy", "false"}, {"id", "\"b-1\""}};
    run({
        {"configured unknown against a set value: tentative, for Terraform to judge",
         PlanBuilder{}
             .deletion("aws_s3_bucket.logs_old", logs)
             .creation("aws_s3_bucket.artifacts", artifacts)
             .configures("aws_s3_bucket.artifacts", {"bucket", "force_destroy"})
             .plan,
         default_policy(), {"aws_s3_bucket.logs_old -> aws_s3_bucket.artifacts exact tentative"}, {}},

        {"computed unknown (not configured): skipped, the pair matches",
         PlanBuilder{}
             .deletion("aws_s3_bucket.logs_old", logs)
             .creation("aws_s3_bucket.artifacts", artifacts)
             .configures("aws_s3_bucket.artifacts", {"force_destroy"})
             .plan,
         default_policy(), {"aws_s3_bucket.logs_old -> aws_s3_bucket.artifacts exact"}, {}},
        {"configured unknown where the deletion has null: not blocking",
         PlanBuilder{}
             .deletion("aws_s3_bucket.old", unnamed)
             .creation("aws_s3_bucket.new", artifacts)
             .configures("aws_s3_bucket.new", {"bucket", "force_destroy"})
             .plan,
         default_policy(), {"aws_s3_bucket.old -> aws_s3_bucket.new exact"}, {}},
    });
}

// Past 16 distinct sets of unknown paths in a type, matching switches to one coarse
// signature plus a full comparison per candidate: the same pairs must come out.
BOOST_AUTO_TEST_CASE(many_distinct_unknown_sets) {
    PlanBuilder builder;
    std::vector<std::string> expected;
    for (int i = 0; i < 20; ++i) {
        std::string n = std::to_string(i);
        builder.deletion("aws_instance.old_" + n, {{"name", "\"" + n + "\""}, {"extra_" + n, "\"v\""}})
            .creation("aws_instance.new_" + n, {{"name", "\"" + n + "\""}, {"extra_" + n, "?"}});
        expected.push_back("aws_instance.old_" + n + " -> aws_instance.new_" + n + " exact");
    }
    // Equal outside every creation's unknown paths, but not outside its own: no equal
    // pair, only the last pair of its type, left for Terraform to judge.
    builder.deletion("aws_instance.stray", {{"name", "\"s\""}, {"extra_0", "\"v\""}, {"extra_1", "\"w\""}})
        .creation("aws_instance.lookalike", {{"name", "\"s\""}, {"extra_0", "?"}, {"extra_1", "\"x\""}});
    expected.push_back("aws_instance.stray -> aws_instance.lookalike partial tentative differs in extra_1");
    std::sort(expected.begin(), expected.end());
    MatchResult result = match_moves(builder.plan, default_policy());
    BOOST_TEST(show_moves(result) == expected, boost::test_tools::per_element());
    BOOST_TEST(result.unmatched.empty());
}

BOOST_AUTO_TEST_CASE(only_plain_deletions_and_creations_are_candidates) {
    run({
        {"a replace is not a rename",
         PlanBuilder{}
             .change("aws_instance.a", Action::delete_then_create)
             .creation("aws_instance.b", web_1_new)
             .plan,
         default_policy(), {}, {"C aws_instance.b: no deletion of type aws_instance"}},
        {"a create-before-destroy replace is not a rename",
         PlanBuilder{}
             .deletion("aws_instance.a", web_1)
             .change("aws_instance.b", Action::create_then_delete)
             .plan,
         default_policy(), {}, {"D aws_instance.a: no creation of type aws_instance"}},
        {"data sources are never candidates",
         PlanBuilder{}
             .deletion("data.aws_ami.a", {{"id", "\"ami-1\""}})
             .creation("data.aws_ami.b", {{"id", "\"ami-1\""}})
             .change("data.aws_ami.c", Action::read)
             .plan,
         default_policy(), {}, {}},
        {"a deposed object is never the old half",
         PlanBuilder{}.deletion("aws_instance.a", web_1).deposed().creation("aws_instance.b", web_1_new).plan,
         default_policy(), {}, {"C aws_instance.b: no deletion of type aws_instance"}},
        {"a deposed twin does not make a tie",
         PlanBuilder{}
             .deletion("aws_instance.a", web_1)
             .deletion("aws_instance.a", web_1)
             .deposed()
             .creation("aws_instance.b", web_1_new)
             .plan,
         default_policy(), {"aws_instance.a -> aws_instance.b exact"}, {}},
        {"updates, no-ops, forgets and moves are not candidates",
         PlanBuilder{}
             .change("aws_instance.u", Action::update)
             .change("aws_instance.n", Action::no_op)
             .change("aws_instance.f", Action::forget)
             .moved("aws_instance.m", "aws_instance.m2")
             .creation("aws_instance.b", web_1_new)
             .plan,
         default_policy(), {}, {"C aws_instance.b: no deletion of type aws_instance"}},
    });
}

BOOST_AUTO_TEST_CASE(identical_twins) {
    run({
        {"two twins: no move, both sides tied",
         PlanBuilder{}
             .deletion("terraform_data.old1", same)
             .deletion("terraform_data.old2", same)
             .creation("terraform_data.new1", same_new)
             .creation("terraform_data.new2", same_new)
             .plan,
         default_policy(), {},
         {"D terraform_data.old1: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.new1 (); terraform_data.new2 ()}",
          "D terraform_data.old2: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.new1 (); terraform_data.new2 ()}",
          "C terraform_data.new1: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}",
          "C terraform_data.new2: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}"}},
        {"two deletions, one creation: a tie, not a guess",
         PlanBuilder{}
             .deletion("terraform_data.old1", same)
             .deletion("terraform_data.old2", same)
             .creation("terraform_data.new", same_new)
             .plan,
         default_policy(), {},
         {"D terraform_data.old1: tie: 1 creations match equally and neither dependencies nor reference structure tell them apart {terraform_data.new ()}",
          "D terraform_data.old2: tie: 1 creations match equally and neither dependencies nor reference structure tell them apart {terraform_data.new ()}",
          "C terraform_data.new: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}"}},
        {"a tie does not block an unrelated unique pair",
         PlanBuilder{}
             .deletion("terraform_data.old1", same)
             .deletion("terraform_data.old2", same)
             .deletion("terraform_data.solo", {{"id", "\"s\""}, {"input", "\"solo\""}})
             .creation("terraform_data.new1", same_new)
             .creation("terraform_data.new2", same_new)
             .creation("terraform_data.solo2", {{"id", "?"}, {"input", "\"solo\""}})
             .plan,
         default_policy(), {"terraform_data.solo -> terraform_data.solo2 exact"},
         {"D terraform_data.old1: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.new1 (); terraform_data.new2 ()}",
          "D terraform_data.old2: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.new1 (); terraform_data.new2 ()}",
          "C terraform_data.new1: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}",
          "C terraform_data.new2: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}"}},
    });
}

BOOST_AUTO_TEST_CASE(dependency_evidence) {
    auto twins = [] {
        return PlanBuilder{}
            .deletion("terraform_data.old1", same, builtin)
            .deletion("terraform_data.old2", same, builtin)
            .creation("terraform_data.new1", same_new, builtin)
            .creation("terraform_data.new2", same_new, builtin);
    };
    const std::string tie_old1 =
        "D terraform_data.old1: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
        "{terraform_data.new1 (); terraform_data.new2 ()}";
    const std::string tie_old2 =
        "D terraform_data.old2: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
        "{terraform_data.new1 (); terraform_data.new2 ()}";
    const std::string tie_new1 =
        "C terraform_data.new1: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
        "{terraform_data.old1 (); terraform_data.old2 ()}";
    const std::string tie_new2 =
        "C terraform_data.new2: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
        "{terraform_data.old1 (); terraform_data.old2 ()}";
    const std::vector<std::string> both_moves = {"terraform_data.old1 -> terraform_data.new1 exact by dependency tentative",
                                                 "terraform_data.old2 -> terraform_data.new2 exact by dependency tentative"};
    run({
        // Terraform refreshes an anchor's depends_on to hold its new dependencies too:
        // `terraform_data.dep` showed ["terraform_data.new", "terraform_data.old"].
        {"one anchor per twin: dependents tell them apart",
         twins()
             .change("terraform_data.a1", Action::update)
             .change("terraform_data.a2", Action::update)
             .depends("terraform_data.a1", {"terraform_data.new1", "terraform_data.old1"})
             .depends("terraform_data.a2", {"terraform_data.new2", "terraform_data.old2"})
             .refers("terraform_data.a1", {"terraform_data.new1"})
             .refers("terraform_data.a2", {"terraform_data.new2"})
             .plan,
         default_policy(), both_moves, {}},
        {"one anchor is enough for two twins",
         twins()
             .change("terraform_data.a1", Action::no_op)
             .depends("terraform_data.a1", {"terraform_data.old1"})
             .refers("terraform_data.a1", {"terraform_data.new1"})
             .plan,
         default_policy(), both_moves, {}},
        {"the twins' own dependencies tell them apart",
         twins()
             .change("terraform_data.base", Action::no_op)
             .depends("terraform_data.old2", {"terraform_data.base"})
             .refers("terraform_data.new2", {"terraform_data.base"})
             .plan,
         default_policy(), both_moves, {}},
        {"a certain move serves as an anchor",
         twins()
             .deletion("terraform_data.solo", {{"id", "\"s\""}, {"input", "\"solo\""}}, builtin)
             .creation("terraform_data.solo2", {{"id", "?"}, {"input", "\"solo\""}}, builtin)
             .depends("terraform_data.solo", {"terraform_data.old1"})
             .refers("terraform_data.solo2", {"terraform_data.new1"})
             .plan,
         default_policy(),
         {"terraform_data.old1 -> terraform_data.new1 exact by dependency tentative",
          "terraform_data.old2 -> terraform_data.new2 exact by dependency tentative",
          "terraform_data.solo -> terraform_data.solo2 exact"},
         {}},
        {"anchors in modules",
         PlanBuilder{}
             .deletion("module.m.terraform_data.old1", same, builtin)
             .deletion("module.m.terraform_data.old2", same, builtin)
             .creation("module.m.terraform_data.new1", same_new, builtin)
             .creation("module.m.terraform_data.new2", same_new, builtin)
             .change("module.m.terraform_data.a", Action::update)
             .depends("module.m.terraform_data.a", {"module.m.terraform_data.old2"})
             .refers("module.m.terraform_data.a", {"terraform_data.new2"})
             .plan,
         default_policy(),
         {"module.m.terraform_data.old1 -> module.m.terraform_data.new1 exact by dependency tentative",
          "module.m.terraform_data.old2 -> module.m.terraform_data.new2 exact by dependency tentative"},
         {}},
        {"an anchor tied to both sides does not discriminate",
         twins()
             .change("terraform_data.a", Action::update)
             .depends("terraform_data.a", {"terraform_data.old1", "terraform_data.old2"})
             .refers("terraform_data.a", {"terraform_data.new1", "terraform_data.new2"})
             .plan,
         default_policy(), {}, {tie_old1, tie_old2, tie_new1, tie_new2}},
        {"no anchors: the tie stays",
         twins().depends("terraform_data.old1", {"terraform_data.gone"}).refers("terraform_data.new2", {"terraform_data.x"}).plan,
         default_policy(), {}, {tie_old1, tie_old2, tie_new1, tie_new2}},
        {"a dependent that is itself created is no anchor",
         twins()
             .creation("terraform_data.fresh", {{"id", "?"}, {"input", "\"fresh\""}, {"output", "?"}, {"triggers_replace", "null"}}, builtin)
             .refers("terraform_data.fresh", {"terraform_data.new1"})
             .plan,
         default_policy(), {},
         {tie_old1, tie_old2, tie_new1, tie_new2, "C terraform_data.fresh: no deletion of type terraform_data has equal attributes, and none is its unique closest match "
          "{terraform_data.old1 (input); terraform_data.old2 (input)}"}},
        // Terraform 1.11 (checked): with `moved { from = z_old, to = z_new }`, prior_state
        // holds the anchor at z_new with depends_on ["terraform_data.new1",
        // "terraform_data.old1"], and the change is an update with previous_address z_old.
        {"an anchor that moved in this plan still tells the twins apart",
         twins()
             .moved("terraform_data.z_old", "terraform_data.z_new", Action::update)
             .depends("terraform_data.z_new", {"terraform_data.new1", "terraform_data.old1"})
             .refers("terraform_data.z_new", {"terraform_data.new1"})
             .plan,
         default_policy(), both_moves, {}},
        // Same shape, plus an anchor u that stayed and referred to old1 only, and now
        // refers to both new twins. The moved anchor z is the only evidence that old1 is
        // new1; losing it must not turn into a move of old1 to new2.
        {"a moved anchor's evidence is not lost into a wrong pairing",
         twins()
             .moved("terraform_data.z_old", "terraform_data.z_new", Action::update)
             .change("terraform_data.u", Action::update)
             .depends("terraform_data.z_new", {"terraform_data.new1", "terraform_data.old1"})
             .depends("terraform_data.u", {"terraform_data.new1", "terraform_data.new2", "terraform_data.old1"})
             .refers("terraform_data.z_new", {"terraform_data.new1"})
             .refers("terraform_data.u", {"terraform_data.new1", "terraform_data.new2"})
             .plan,
         default_policy(), {"terraform_data.old1 -> terraform_data.new1 exact by dependency tentative"}, {tie_old2, tie_new2}},
    });
}

BOOST_AUTO_TEST_CASE(ignore_rules) {
    const Leaves before = {{"ami", "\"ami-1\""}, {"id", "\"i-1\""}, {"user_data", "\"a\""}, {"tags.Name", "\"Web  Server\""}};
    const Leaves after = {{"ami", "\"ami-1\""}, {"id", "?"}, {"user_data", "\"b\""}, {"tags.Name", "\"Web  Server\""}};
    const Leaves after_spaces = {{"ami", "\"ami-1\""}, {"id", "?"}, {"user_data", "\"a\""}, {"tags.Name", "\"Web Server\""}};
    run({
        {"without a rule: a tentative partial move", PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", after).plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in user_data"}, {}},

        {"ignore everything at a path", PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", after).plan,
         with_ignore("*", "user_data"), {"aws_instance.a -> aws_instance.b ignore"}, {}},
        {"ignore by type glob", PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", after).plan,
         with_ignore("aws_*", "user_data"), {"aws_instance.a -> aws_instance.b ignore"}, {}},
        {"a rule for another type does not apply",
         PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", after).plan,
         with_ignore("google_*", "user_data"), {"aws_instance.a -> aws_instance.b partial tentative differs in user_data"},
         {}},

        {"a rule for another path does not apply",
         PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", after).plan,
         with_ignore("*", "user_data_base64"), {"aws_instance.a -> aws_instance.b partial tentative differs in user_data"},
         {}},

        {"a rule on a container covers its leaves",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}, {"tags.Name", "\"a\""}, {"tags.Env", "\"x\""}})
             .creation("aws_instance.b", {{"ami", "\"ami-1\""}, {"tags.Name", "\"b\""}})
             .plan,
         with_ignore("*", "tags"), {"aws_instance.a -> aws_instance.b ignore"}, {}},
        {"whitespace rule", PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", after_spaces).plan,
         with_ignore("*", "tags.Name", IgnoreKind::whitespace), {"aws_instance.a -> aws_instance.b ignore"}, {}},
        {"an exact pair stays exact with rules around",
         PlanBuilder{}.deletion("aws_instance.a", before).creation("aws_instance.b", {{"ami", "\"ami-1\""}, {"id", "?"}, {"user_data", "\"a\""}, {"tags.Name", "\"Web  Server\""}}).plan,
         with_ignore("*", "user_data"), {"aws_instance.a -> aws_instance.b exact"}, {}},
        {"ignoring can make twins: still a tie",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"ami", "\"ami-1\""}, {"user_data", "\"1\""}})
             .deletion("aws_instance.b", {{"ami", "\"ami-1\""}, {"user_data", "\"2\""}})
             .creation("aws_instance.c", {{"ami", "\"ami-1\""}, {"user_data", "\"3\""}})
             .plan,
         with_ignore("*", "user_data"), {},
         {"D aws_instance.a: tie: 1 creations match equally and neither dependencies nor reference structure tell them apart {aws_instance.c ()}",
          "D aws_instance.b: tie: 1 creations match equally and neither dependencies nor reference structure tell them apart {aws_instance.c ()}",
          "C aws_instance.c: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{aws_instance.a (); aws_instance.b ()}"}},
    });
}

BOOST_AUTO_TEST_CASE(partial_matching) {
    const Leaves d4 = {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}};
    const Leaves d5 = {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "5"}};
    run({
        {"found by default, tentative", PlanBuilder{}.deletion("aws_instance.a", d4).creation("aws_instance.b", d5).plan,
         default_policy(), {"aws_instance.a -> aws_instance.b partial tentative differs in d"}, {}},

        {"above the threshold", PlanBuilder{}.deletion("aws_instance.a", d4).creation("aws_instance.b", d5).plan,
         with_partial(0.75), {"aws_instance.a -> aws_instance.b partial tentative differs in d"},
         {}},

        {"below the threshold: still tried, the policy decides after", PlanBuilder{}.deletion("aws_instance.a", d4).creation("aws_instance.b", d5).plan,
         with_partial(0.8), {"aws_instance.a -> aws_instance.b partial tentative differs in d"},
         {}},

        {"unknown values are not counted against",
         PlanBuilder{}
             .deletion("aws_instance.a", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}, {"id", "\"i-1\""}})
             .creation("aws_instance.b", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "5"}, {"id", "?"}})
             .plan,
         with_partial(0.75), {"aws_instance.a -> aws_instance.b partial tentative differs in d"},
         {}},

        {"not strictly best: two creations score the same",
         PlanBuilder{}
             .deletion("aws_instance.a", d4)
             .creation("aws_instance.b", d5)
             .creation("aws_instance.c", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "6"}})
             .plan,
         with_partial(0.5), {},
         {"D aws_instance.a: no creation of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.b (d); aws_instance.c (d)}",
          "C aws_instance.b: no deletion of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.a (d)}",
          "C aws_instance.c: no deletion of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.a (d)}"}},
        {"not mutual: the creation prefers another deletion",
         PlanBuilder{}
             .deletion("aws_instance.far", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "0"}, {"e", "0"}})
             .deletion("aws_instance.near", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}, {"e", "0"}})
             .creation("aws_instance.new", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}, {"e", "5"}})
             .plan,
         with_partial(0.5), {"aws_instance.near -> aws_instance.new partial tentative differs in e"},
         {"D aws_instance.far: no creation of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.new (d, e)}"}},
        {"best for the deletion but shared on the creation's side",
         PlanBuilder{}
             .deletion("aws_instance.a", d4)
             .deletion("aws_instance.b", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "9"}})
             .creation("aws_instance.c", d5)
             .plan,
         with_partial(0.5), {},
         {"D aws_instance.a: no creation of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.c (d)}",
          "D aws_instance.b: no creation of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.c (d)}",
          "C aws_instance.c: no deletion of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.a (d); aws_instance.b (d)}"}},
        {"only within a type",
         PlanBuilder{}.deletion("aws_instance.a", d4).creation("aws_spot_instance.b", d5).plan, with_partial(0.5), {},
         {"D aws_instance.a: no creation of type aws_instance", "C aws_spot_instance.b: no deletion of type aws_spot_instance"}},
        {"never across providers",
         PlanBuilder{}
             .deletion("aws_instance.a", d4)
             .creation("aws_instance.b", d5, "registry.terraform.io/acme/aws")
             .plan,
         with_partial(0.5), {},
         {"D aws_instance.a: no creation of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.b (; another provider (registry.terraform.io/acme/aws))}",
          "C aws_instance.b: no deletion of type aws_instance has equal attributes, and none is its unique closest match {aws_instance.a (; another provider (registry.terraform.io/hashicorp/aws))}"}},
        {"tied objects are not partially matched",
         PlanBuilder{}
             .deletion("terraform_data.old1", same)
             .deletion("terraform_data.old2", same)
             .creation("terraform_data.new1", same_new)
             .creation("terraform_data.new2", same_new)
             .plan,
         with_partial(0.1), {},
         {"D terraform_data.old1: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.new1 (); terraform_data.new2 ()}",
          "D terraform_data.old2: tie: 2 creations match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.new1 (); terraform_data.new2 ()}",
          "C terraform_data.new1: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}",
          "C terraform_data.new2: tie: 2 deletions match equally and neither dependencies nor reference structure tell them apart "
          "{terraform_data.old1 (); terraform_data.old2 ()}"}},
    });
}

// One null_resource to migrate, among `pool` terraform_data creations of which only
// terraform_data.n0 shares its values.
Plan crowded_cross_type(std::size_t pool) {
    PlanBuilder builder;
    builder.deletion("null_resource.n0", {{"id", "\"1\""}, {"triggers.x", "\"0\""}}, "registry.terraform.io/hashicorp/null");
    for (std::size_t i = 0; i < pool; ++i)
        builder.creation("terraform_data.n" + std::to_string(i), {{"id", "?"}, {"triggers.x", "\"" + std::to_string(i) + "\""}},
                         builtin);
    return builder.plan;
}

// What stays unmatched in crowded_cross_type: everything from `from` on.
std::vector<std::string> crowded_cross_type_unmatched(std::size_t pool, const std::string& suffix, std::size_t from = 0) {
    std::vector<std::string> out;
    if (from == 0) out.push_back("D null_resource.n0: no creation of type null_resource" + suffix);
    for (std::size_t i = from; i < pool; ++i)
        out.push_back("C terraform_data.n" + std::to_string(i) + ": no deletion of type terraform_data" + suffix);
    return out;
}

BOOST_AUTO_TEST_CASE(cross_type_matching) {
    const Leaves null_before = {{"id", "\"123\""}, {"triggers.x", "\"1\""}};
    const Leaves data_after = {{"id", "?"}, {"input", "\"v\""}, {"output", "?"}, {"triggers_replace", "null"}};
    run({
        {"not allowed by default",
         PlanBuilder{}
             .deletion("null_resource.a", null_before, "registry.terraform.io/hashicorp/null")
             .creation("terraform_data.a", data_after, builtin)
             .plan,
         default_policy(), {},
         {"D null_resource.a: no creation of type null_resource", "C terraform_data.a: no deletion of type terraform_data"}},
        {"allowed by a rule, same name",
         PlanBuilder{}
             .deletion("null_resource.a", null_before, "registry.terraform.io/hashicorp/null")
             .creation("terraform_data.a", data_after, builtin)
             .plan,
         with_cross_type("null_resource", "terraform_data"), {"null_resource.a -> terraform_data.a cross_type"}, {}},
        {"a rule is one way",
         PlanBuilder{}
             .deletion("null_resource.a", null_before, "registry.terraform.io/hashicorp/null")
             .creation("terraform_data.a", data_after, builtin)
             .plan,
         with_cross_type("terraform_data", "null_resource"), {},
         {"D null_resource.a: no creation of type null_resource", "C terraform_data.a: no deletion of type terraform_data"}},
        {"different names and nothing shared: no evidence",
         PlanBuilder{}
             .deletion("null_resource.a", null_before, "registry.terraform.io/hashicorp/null")
             .creation("terraform_data.b", data_after, builtin)
             .plan,
         with_cross_type("null_resource", "terraform_data"), {},
         {"D null_resource.a: no creation of type null_resource", "C terraform_data.b: no deletion of type terraform_data"}},
        {"shared attributes equal",
         PlanBuilder{}
             .deletion("aws_s3_bucket_object.a", {{"bucket", "\"b\""}, {"key", "\"k\""}, {"id", "\"k\""}})
             .creation("aws_s3_object.b", {{"bucket", "\"b\""}, {"key", "\"k\""}, {"id", "?"}, {"checksum", "null"}})
             .plan,
         with_cross_type("aws_s3_bucket_object", "aws_s3_object"), {"aws_s3_bucket_object.a -> aws_s3_object.b cross_type"}, {}},
        {"a shared attribute differs",
         PlanBuilder{}
             .deletion("aws_s3_bucket_object.a", {{"bucket", "\"b\""}, {"key", "\"k\""}})
             .creation("aws_s3_object.a", {{"bucket", "\"b\""}, {"key", "\"other\""}})
             .plan,
         with_cross_type("aws_s3_bucket_object", "aws_s3_object"), {},
         {"D aws_s3_bucket_object.a: no creation of type aws_s3_bucket_object",
          "C aws_s3_object.a: no deletion of type aws_s3_object"}},
        {"two possible targets: not unique",
         PlanBuilder{}
             .deletion("null_resource.a", null_before, "registry.terraform.io/hashicorp/null")
             .creation("terraform_data.a", data_after, builtin)
             .creation("terraform_data.a2", {{"id", "?"}, {"triggers.x", "\"1\""}}, builtin)
             .plan,
         with_cross_type("null_resource", "terraform_data"), {},
         {"D null_resource.a: no creation of type null_resource", "C terraform_data.a: no deletion of type terraform_data",
          "C terraform_data.a2: no deletion of type terraform_data"}},
        {"only where the types' pools are small", crowded_cross_type(65), with_cross_type("null_resource", "terraform_data"),
         {}, crowded_cross_type_unmatched(65, " (too many candidates to compare across types)")},
        {"a match in a small pool is not unique when another allowed pool went uncompared",
         [] {
             Plan plan = crowded_cross_type(65);
             plan.changes.push_back(PlanBuilder{}
                                        .creation("other_type.x", {{"id", "?"}, {"triggers.x", "\"0\""}}, builtin)
                                        .plan.changes.front());
             return plan;
         }(),
         [] {
             Policy policy = with_cross_type("null_resource", "terraform_data");
             policy.cross_type.push_back({"null_resource", "other_type", {}});
             return policy;
         }(),
         {},
         [] {
             auto out = crowded_cross_type_unmatched(65, " (too many candidates to compare across types)");
             out.push_back("C other_type.x: no deletion of type other_type");
             return out;
         }()},
        {"a pool at the cap is compared", crowded_cross_type(64), with_cross_type("null_resource", "terraform_data"),
         {"null_resource.n0 -> terraform_data.n0 cross_type"}, crowded_cross_type_unmatched(64, "", 1)},
    });
}

BOOST_AUTO_TEST_CASE(evidence_text) {
    struct Case {
        std::string name;
        Plan plan;
        Policy policy;
        std::string evidence;
    };
    const std::vector<Case> cases = {
        {"one value compared", PlanBuilder{}.deletion("a.x", {{"v", "1"}, {"id", "\"1\""}}).creation("a.y", {{"v", "1"}, {"id", "?"}}).plan,
         default_policy(), "1 known attribute value equal"},
        {"several values compared", PlanBuilder{}.deletion("aws_instance.a", web_1).creation("aws_instance.b", web_1_new).plan,
         default_policy(), "2 known attribute values equal"},
        {"ignore rules named", PlanBuilder{}.deletion("a.x", {{"v", "1"}, {"w", "1"}}).creation("a.y", {{"v", "1"}, {"w", "2"}}).plan,
         with_ignore("*", "w"), "2 known attribute values equal after ignore rules"},
        {"partial names what differs",
         PlanBuilder{}.deletion("a.x", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}}).creation("a.y", {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "5"}}).plan,
         with_partial(0.5), "75% of known attribute values equal; differs in d; the only pair of its type left"},
        {"cross type names the types",
         PlanBuilder{}.deletion("null_resource.a", {{"id", "\"1\""}}).creation("terraform_data.a", {{"id", "?"}}).plan,
         with_cross_type("null_resource", "terraform_data"), "null_resource \xE2\x86\x92 terraform_data allowed by policy; shared attributes equal"},
        {"dependencies named",
         PlanBuilder{}
             .deletion("terraform_data.old1", same, builtin)
             .deletion("terraform_data.old2", same, builtin)
             .creation("terraform_data.new1", same_new, builtin)
             .creation("terraform_data.new2", same_new, builtin)
             .change("terraform_data.a1", Action::no_op)
             .depends("terraform_data.a1", {"terraform_data.old1"})
             .refers("terraform_data.a1", {"terraform_data.new1"})
             .plan,
         default_policy(), "2 known attribute values equal; dependencies tell it from its identical twins"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            MatchResult result = match_moves(c.plan, c.policy);
            BOOST_TEST(!result.moves.empty());
            if (result.moves.empty()) continue;
            BOOST_TEST(result.moves[0].evidence == c.evidence);
        }
    }
}

BOOST_AUTO_TEST_CASE(differing_paths_table) {
    struct Case {
        std::string name;
        Leaves before;
        Leaves after;
        std::vector<IgnoreRule> rules;
        std::vector<std::string> expected;
    };
    IgnoreRule ignore_tags;
    ignore_tags.path_glob = "tags";
    IgnoreRule case_name;
    case_name.path_glob = "name";
    case_name.kind = IgnoreKind::case_insensitive;
    IgnoreRule json_policy;
    json_policy.path_glob = "policy";
    json_policy.kind = IgnoreKind::json;
    const std::vector<Case> cases = {
        {"both empty", {}, {}, {}, {}},
        {"equal", {{"a", "1"}, {"b", "\"x\""}}, {{"a", "1"}, {"b", "\"x\""}}, {}, {}},
        {"one value differs", {{"a", "1"}, {"b", "\"x\""}}, {{"a", "1"}, {"b", "\"y\""}}, {}, {"b"}},
        {"type differs", {{"a", "1"}}, {{"a", "\"1\""}}, {}, {"a"}},
        {"null is a value", {{"a", "null"}}, {{"a", "\"\""}}, {}, {"a"}},
        {"old side only", {{"a", "1"}, {"b", "2"}}, {{"a", "1"}}, {}, {"b"}},
        {"new side only", {{"a", "1"}}, {{"a", "1"}, {"c", "3"}}, {}, {"c"}},
        {"all in path order", {{"a", "1"}, {"c", "3"}, {"e", "5"}}, {{"b", "2"}, {"c", "4"}, {"d", "4"}}, {},
         {"a", "b", "c", "d", "e"}},
        {"unknown on the new side is skipped", {{"a", "1"}, {"id", "\"i\""}}, {{"a", "1"}, {"id", "?"}}, {}, {}},
        {"unknown new-only leaf is skipped", {{"a", "1"}}, {{"a", "1"}, {"arn", "?"}}, {}, {}},
        {"leaves below an unknown container are skipped", {{"tags.a", "\"1\""}, {"tags[\"b c\"]", "\"2\""}, {"x[0].y", "1"}},
         {{"tags", "?"}, {"x[0]", "?"}}, {}, {}},
        {"an unknown sibling covers nothing else", {{"tags_all.a", "\"1\""}}, {{"tags", "?"}}, {}, {"tags_all.a"}},
        {"ignored paths", {{"a", "1"}, {"tags.x", "\"1\""}}, {{"a", "1"}, {"tags.x", "\"2\""}, {"tags.y", "\"3\""}},
         {ignore_tags}, {}},
        {"ignore rules leave other paths", {{"a", "1"}, {"tags.x", "\"1\""}}, {{"a", "2"}, {"tags.x", "\"2\""}}, {ignore_tags},
         {"a"}},
        {"normalizing rule", {{"name", "\"Web\""}}, {{"name", "\"wEB\""}}, {case_name}, {}},
        {"normalizing rule still sees real differences", {{"name", "\"Web\""}}, {{"name", "\"Web2\""}}, {case_name}, {"name"}},
        {"json rule", {{"policy", R"("{\"b\": 1, \"a\": [1, 2]}")"}}, {{"policy", R"("{\"a\":[1,2],\"b\":1}")"}}, {json_policy},
         {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::vector<const IgnoreRule*> rules;
            for (const auto& rule : c.rules) rules.push_back(&rule);
            BOOST_TEST(differing_paths(attributes(c.before), attributes(c.after), rules) == c.expected,
                       boost::test_tools::per_element());
        }
    }
}
