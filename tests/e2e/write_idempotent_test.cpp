// Reruns and dry runs: `tfw plan --write` run again and again changes no byte, and
// `tfw plan` without --write never changes a user file, even where --write would write
// into module directories or append to the user's own moved.tf.
#include <boost/test/unit_test.hpp>

#include <string>

#include "write_checks.hpp"

using namespace tfw::e2e;

namespace {

// Every file of the root module, the data directory and the state included.
Snapshot everything(const Workspace& ws, const WriteCase& c) {
    Snapshot all = ws.snapshot({std::string(final_plan_file)});
    for (auto& [path, bytes] : tree_snapshot(ws, c.data_dir)) all[path] = std::move(bytes);
    if (ws.exists("terraform.tfstate")) all["terraform.tfstate"] = ws.read_file("terraform.tfstate");
    return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(three_write_runs_leave_every_file_byte_identical) {
    for (const char* name : {"chain_after_apply", "module_split", "shared_source"}) {
        BOOST_TEST_CONTEXT(name) {
            const WriteCase& c = write_case(name);
            DataDirOverride data_dir(c.data_dir);
            Workspace ws(c.fixture);
            c.prepare(ws);

            const TfwPlan first = ws.tfw_plan({"--write"});
            BOOST_TEST_REQUIRE(first.result.exit_code == 0, first.result.describe());
            check_tfw_plan(first, c);
            for (const auto& [path, content] : c.written) BOOST_TEST(ws.read_file(path) == content, path);
            const Snapshot after_first = everything(ws, c);

            for (int run = 2; run <= 3; ++run) {
                BOOST_TEST_CONTEXT("run " << run) {
                    const TfwPlan again = ws.tfw_plan({"--write"});
                    BOOST_TEST(again.result.exit_code == 0, again.result.describe());
                    BOOST_TEST(again.files_changed == "", again.files_changed);
                    BOOST_TEST(snapshot_difference(after_first, everything(ws, c)) == "");
                    check_tfw_plan(again, c);
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(plan_without_write_never_modifies_a_user_file) {
    for (const char* name : {"chain_after_apply", "module_split", "shared_source", "remote_inner_moved"}) {
        BOOST_TEST_CONTEXT(name) {
            const WriteCase& c = write_case(name);
            DataDirOverride data_dir(c.data_dir);
            Workspace ws(c.fixture);
            c.prepare(ws);
            const Snapshot before = everything(ws, c);

            // As a user would type it, and as the tests usually run it (with -out).
            const RunResult bare = ws.tfw({"plan", "-input=false", "-no-color"});
            BOOST_TEST(bare.exit_code == 0, bare.describe());
            BOOST_TEST(bare.out.find("has moved to") != std::string::npos, bare.describe());
            BOOST_TEST(snapshot_difference(before, everything(ws, c)) == "");

            const TfwPlan saved = ws.tfw_plan({"-detailed-exitcode"});
            BOOST_TEST(saved.result.exit_code == 2, saved.result.describe());
            BOOST_TEST(saved.files_changed == "", saved.files_changed);
            check_tfw_plan(saved, c);
            BOOST_TEST(snapshot_difference(before, everything(ws, c)) == "");
            BOOST_TEST(ws.tfw_temp_files().empty());
        }
    }
}
