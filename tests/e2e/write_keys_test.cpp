// tfw plan --write on instance keys and chains: count -> for_each (matched by attributes,
// one block per instance since the keys change), and a chain through the user's own
// moved block, appended after the user's bytes. Cases in support/write_cases.cpp.
#include <boost/test/unit_test.hpp>

#include "write_checks.hpp"

using namespace tfw::e2e;

// r[0], r[1] (count over a list) -> r["a"], r["b"] (for_each over a map).
BOOST_AUTO_TEST_CASE(count_to_for_each_writes_one_block_per_instance) { check_write_case("count_to_for_each"); }

// The user's moved.tf has a -> b (applied); b is renamed to c: b -> c is appended.
BOOST_AUTO_TEST_CASE(chain_through_a_user_block_appends_the_extension) { check_write_case("chain_after_apply"); }

// The same with the state still at a: Terraform follows a -> b -> c.
BOOST_AUTO_TEST_CASE(chain_through_an_unapplied_user_block_appends_the_extension) {
    check_write_case("chain_before_apply");
}

// The user's a -> b is in a module's moved.tf; b -> c is appended there, relative.
BOOST_AUTO_TEST_CASE(chain_in_a_module_directory_appends_to_the_users_file) { check_write_case("chain_in_module"); }

// `old` stays declared with count = 0 and `new` gets count = 2: every instance moved
// keeping its key, yet the whole-resource block old -> new would be refused by Terraform
// ("Moved object still exists"), so the blocks stay per instance.
BOOST_AUTO_TEST_CASE(old_resource_still_declared_keeps_instance_blocks) {
    check_write_case("old_resource_still_declared");
}

// The file is replaced atomically, and keeps its mode.
BOOST_AUTO_TEST_CASE(appending_keeps_the_files_mode) {
    const WriteCase& c = write_case("chain_after_apply");
    Workspace ws(c.fixture);
    c.prepare(ws);
    const fs::perms mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read;
    fs::permissions(ws.dir() / "moved.tf", mode, fs::perm_options::replace);

    const TfwPlan run = ws.tfw_plan({"--write"});
    BOOST_TEST(run.result.exit_code == 0, run.result.describe());
    BOOST_TEST(ws.read_file("moved.tf") == c.written.at("moved.tf"));
    BOOST_TEST((fs::status(ws.dir() / "moved.tf").permissions() == mode));
    BOOST_TEST(ws.snapshot({std::string(final_plan_file)}).size() == 2u, "a temporary file was left behind");
}
