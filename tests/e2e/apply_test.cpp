// tfw apply: the same loop as tfw plan, then exactly the plan it showed is applied. For
// every --write fixture the state ends at the new addresses and a plain plan then shows
// no changes. Cases in support/write_cases.cpp.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "roots_split.hpp"
#include "write_checks.hpp"

using namespace tfw::e2e;
namespace data = boost::unit_test::data;

namespace {

std::vector<std::string> case_names() {
    std::vector<std::string> names;
    for (const auto& c : write_cases()) names.push_back(c.name);
    return names;
}

// Every object the state held before the apply is still there with its id, and each
// expected move's object is at its new address: a destroy and a re-create would also end
// at the new addresses with a clean plan, but with new ids.
void check_every_object_kept(const std::map<std::string, std::string>& before, const Workspace& ws,
                             const WriteCase& c, const RunResult& applied) {
    const std::map<std::string, std::string> after = ids_of(ws);
    std::multiset<std::string> ids_before, ids_after;
    for (const auto& [address, id] : before) ids_before.insert(id);
    for (const auto& [address, id] : after) ids_after.insert(id);
    BOOST_TEST(ids_before == ids_after, "the ids changed:\n" << applied.describe());
    for (const auto& [from, to] : c.moves) {
        BOOST_TEST_CONTEXT(from << " -> " << to) {
            BOOST_TEST_REQUIRE(before.count(from) == 1u);
            BOOST_TEST(after.count(to) == 1u);
            if (after.count(to) == 1u) BOOST_TEST(after.at(to) == before.at(from));
        }
    }
    BOOST_TEST(applied.out.find("Apply complete! Resources: 0 added, 0 changed, 0 destroyed.") != std::string::npos,
               applied.describe());
}

void check_no_changes_left(const Workspace& ws) {
    const PlainPlan plain = plain_plan(ws);
    BOOST_TEST(plain.result.exit_code == 0, "a plain plan after the apply:\n" << plain.result.describe());
}

}  // namespace

BOOST_DATA_TEST_CASE(apply_with_write_leaves_the_state_at_the_new_addresses, data::make(case_names()), name) {
    const WriteCase& c = write_case(name);
    DataDirOverride data_dir(c.data_dir);
    Workspace ws(c.fixture);
    c.prepare(ws);
    const Snapshot before = ws.snapshot();
    const Snapshot data_before = tree_snapshot(ws, c.data_dir);
    const std::map<std::string, std::string> ids_before = ids_of(ws);

    const RunResult applied = ws.tfw({"apply", "--write", "-auto-approve", "-input=false", "-no-color"});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    BOOST_TEST(applied.out.find("Apply complete!") != std::string::npos, applied.describe());
    BOOST_TEST(state_list(ws) == c.state_after_apply);
    check_every_object_kept(ids_before, ws, c, applied);

    const Snapshot after = ws.snapshot();
    BOOST_TEST(sorted_lines(snapshot_difference(before, after)) == expected_file_changes(c, before),
               snapshot_difference(before, after));
    for (const auto& [path, content] : c.written) BOOST_TEST(ws.read_file(path) == content, path);
    BOOST_TEST(snapshot_difference(data_before, tree_snapshot(ws, c.data_dir)) == "");
    BOOST_TEST(ws.tfw_temp_files().empty());
    check_no_changes_left(ws);
}

// Without --write the moves live only in the applied plan: the state still ends at the
// new addresses, no file changes, and a plain plan has nothing to do.
BOOST_AUTO_TEST_CASE(apply_without_write_changes_no_file) {
    for (const char* name : {"module_rename", "count_to_for_each"}) {
        BOOST_TEST_CONTEXT(name) {
            const WriteCase& c = write_case(name);
            Workspace ws(c.fixture);
            c.prepare(ws);
            const Snapshot before = ws.snapshot();
            const std::map<std::string, std::string> ids_before = ids_of(ws);

            const RunResult applied = ws.tfw({"apply", "-auto-approve", "-input=false", "-no-color"});
            BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
            BOOST_TEST(state_list(ws) == c.state_after_apply);
            check_every_object_kept(ids_before, ws, c, applied);
            BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
            BOOST_TEST(ws.tfw_temp_files().empty());
            check_no_changes_left(ws);
        }
    }
}

// As terraform does: -input=false without -auto-approve is no approval. Nothing applied.
BOOST_AUTO_TEST_CASE(apply_without_approval_refuses) {
    const WriteCase& c = write_case("module_rename");
    Workspace ws(c.fixture);
    c.prepare(ws);
    const std::vector<std::string> state_before = state_list(ws);
    const Snapshot before = ws.snapshot();

    const RunResult refused = ws.tfw({"apply", "-input=false", "-no-color"});
    BOOST_TEST(refused.exit_code == 1, refused.describe());
    BOOST_TEST(state_list(ws) == state_before);
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    BOOST_TEST(ws.tfw_temp_files().empty());
}
