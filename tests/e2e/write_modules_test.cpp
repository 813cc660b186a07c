// tfw plan --write with local modules: each block in the closest common ancestor module's
// own directory, relative to it, collapsed where exactly equivalent. The cases and their
// expected files are in support/write_cases.cpp; check_write_case() runs the issue's
// "Done when" on each.
#include <boost/test/unit_test.hpp>

#include "write_checks.hpp"

using namespace tfw::e2e;

// module "old" renamed to "new": one whole-module block in the root's moved.tf.
BOOST_AUTO_TEST_CASE(module_rename_writes_one_module_block) { check_write_case("module_rename"); }

// module "a" gains for_each: module.a -> module.a["k"].
BOOST_AUTO_TEST_CASE(module_gaining_for_each_writes_an_instance_block) { check_write_case("module_for_each"); }

// The same where show -json omits the call's for_each (toset of a literal), with a
// nested module inside: module.a -> module.a["first"].
BOOST_AUTO_TEST_CASE(module_gaining_for_each_over_a_literal_set_writes_an_instance_block) {
    check_write_case("module_for_each_toset");
}

// module "a" gains count (length of a literal, also omitted): module.a -> module.a[0].
BOOST_AUTO_TEST_CASE(module_gaining_count_writes_an_instance_block) { check_write_case("module_count"); }

// The call gaining for_each is inside module.parent: the block is in modules/parent/moved.tf.
BOOST_AUTO_TEST_CASE(module_gaining_for_each_in_a_child_is_written_in_the_child) {
    check_write_case("module_for_each_in_child");
}

// module.app's resources split into module.app.module.web and module.app.module.db: the
// blocks go to modules/app/moved.tf, relative to module.app, one per resource (web has
// count = 2 and moves whole).
BOOST_AUTO_TEST_CASE(child_module_split_writes_relative_blocks_in_the_child_directory) {
    check_write_case("module_split");
}

// A resource moved from module.mid.module.left to module.mid.module.right: the common
// ancestor is module.mid, so the block is in modules/mid/moved.tf.
BOOST_AUTO_TEST_CASE(move_between_grandchildren_is_written_in_the_middle_module) { check_write_case("grandchildren"); }

// One source directory read by two module blocks and a for_each module, with the same
// rename inside: a single block in modules/svc/moved.tf.
BOOST_AUTO_TEST_CASE(source_called_several_times_gets_one_block) { check_write_case("shared_source"); }

// module.m["a"]'s object re-keyed k1 -> k2 where module.m["b"] now declares a new k1: a
// block in modules/m would move b's k1 too, which b still declares, and plain terraform
// refuses that ("Moved object still exists"). The block is written in the root, with
// full addresses (issue 47).
BOOST_AUTO_TEST_CASE(a_block_another_instance_contradicts_goes_to_the_caller) {
    Workspace ws("write_shared_declared");
    ws.apply_before();
    ws.switch_to("after");
    const RunResult written = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST_REQUIRE(written.exit_code == 0, written.describe());
    BOOST_TEST(!ws.exists("modules/m/moved.tf"), written.describe());
    BOOST_TEST(ws.read_file("moved.tf").find("from = module.m[\"a\"].terraform_data.x[\"k1\"]") != std::string::npos,
               written.describe());
    BOOST_TEST(written.out.find("which still declares module.m[\"b\"].terraform_data.x[\"k1\"]") != std::string::npos,
               written.describe());
    const RunResult planned = ws.terraform({"plan", "-input=false", "-no-color"});
    BOOST_TEST(planned.exit_code == 0, planned.describe());
    BOOST_TEST(planned.out.find("Plan: 1 to add, 0 to change, 0 to destroy.") != std::string::npos, planned.describe());
    BOOST_TEST(planned.out.find("module.m[\"a\"].terraform_data.x[\"k1\"] has moved to module.m[\"a\"].terraform_data.x[\"k2\"]") !=
                   std::string::npos,
               planned.describe());
    const Snapshot after_write = ws.snapshot();
    const RunResult again = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(snapshot_difference(after_write, ws.snapshot()) == "");
}

// module.a.module.b -> module.x.module.y (both calls renamed): module.a -> module.x in
// the root's moved.tf, module.b -> module.y in modules/a/moved.tf, where call b lives.
BOOST_AUTO_TEST_CASE(two_level_rename_writes_one_block_per_level_in_its_own_module) {
    check_write_case("module_rename_nested");
}

// The outer call re-keyed (module.a -> module.a["k"]) and the inner one renamed.
BOOST_AUTO_TEST_CASE(rekey_and_rename_write_one_block_per_level_in_its_own_module) {
    check_write_case("module_rekey_nested");
}

// module.svc (count) -> module.service (for_each), server renamed main inside: a block per
// instance in the root's moved.tf, and server -> main once in modules/svc/moved.tf.
BOOST_AUTO_TEST_CASE(rekeyed_call_with_a_rename_inside_writes_instance_blocks_and_one_rename) {
    check_write_case("module_rekeyed_with_rename");
}

// --moved-file=NAME: the blocks go to that file instead of moved.tf.
BOOST_AUTO_TEST_CASE(moved_file_option_names_the_file) {
    const WriteCase& c = write_case("module_rename");
    Workspace ws(c.fixture);
    c.prepare(ws);
    const TfwPlan run = ws.tfw_plan({"--write", "--moved-file=refactoring.tf"});
    BOOST_TEST(run.result.exit_code == 0, run.result.describe());
    BOOST_TEST(run.files_changed == "added: refactoring.tf\n", run.files_changed);
    BOOST_TEST(ws.read_file("refactoring.tf") == c.written.at("moved.tf"));
    const PlainPlan plain = plain_plan(ws);
    BOOST_TEST_REQUIRE(plain.plan.has_value(), plain.result.describe());
    BOOST_TEST(moves(*plain.plan) == c.moves, describe(*plain.plan));
    BOOST_TEST(count_destroying(*plain.plan) == 0u);
}

// One source read by module.many["x"] and module.many["y"], but only x's object can be
// proven to move (y's changes its input): the block cannot go into the shared directory,
// it goes to the root with the instance key, and y's destroy/create stays as it was.
BOOST_AUTO_TEST_CASE(move_not_shared_by_every_instance_goes_to_the_root_with_keys) {
    Workspace ws("write_shared_non_uniform");
    ws.apply_before();
    ws.switch_to("after");
    const std::vector<std::pair<std::string, std::string>> expected_moves = {
        {R"(module.many["x"].terraform_data.old)", R"(module.many["x"].terraform_data.new)"}};

    const TfwPlan run = ws.tfw_plan({"--write"});
    BOOST_TEST(run.result.exit_code == 0, run.result.describe());
    BOOST_TEST(run.result.out.find(R"(shared with module.many["y"])") != std::string::npos, run.result.describe());
    BOOST_TEST(run.files_changed == "added: moved.tf\n", run.files_changed);
    BOOST_TEST(ws.read_file("moved.tf") == generated_file({expected_moves.front()}));
    BOOST_TEST(!ws.exists("modules/svc/moved.tf"));

    const PlainPlan plain = plain_plan(ws);
    BOOST_TEST(plain.result.exit_code == 2, plain.result.describe());
    BOOST_TEST_REQUIRE(plain.plan.has_value(), plain.result.describe());
    BOOST_TEST(moves(*plain.plan) == expected_moves, describe(*plain.plan));
    BOOST_TEST(count_actions(*plain.plan, tfw::core::Action::remove) == 1u, describe(*plain.plan));
    BOOST_TEST(find_change(*plain.plan, R"(module.many["y"].terraform_data.old)") != nullptr);

    const TfwPlan again = ws.tfw_plan({"--write"});
    BOOST_TEST(again.result.exit_code == 0, again.result.describe());
    BOOST_TEST(again.files_changed == "", again.files_changed);
}
