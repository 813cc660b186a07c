// A migration pointer whose journal is gone (issue 48): `tfw apply --root` is killed by
// SIGKILL right after its first state push, and then the journal directory is lost, as
// under sudo with another HOME or on a CI runner that cached `.terraform`. The root's
// pointer (.terraform/tfw-migration) still names it.
//  - The single-root commands say what happened and what to do in one line: `tfw plan`
//    warns, `tfw apply` and `tfw tidy --write` refuse; `tfw plan --root` reads the states.
//  - `tfw apply --root` repairs the roots from their states alone, as from a fresh
//    checkout, removes the pointer and says so: every id is in one state, and the losing
//    root's own commands no longer warn.
#include <boost/test/unit_test.hpp>

#include <set>

#include "chaos.hpp"
#include "checks.hpp"
#include "roots_split.hpp"

using namespace tfw::e2e;

BOOST_AUTO_TEST_CASE(a_pointer_without_its_journal_is_repaired_from_the_states_alone) {
    OrphanCollector orphans;
    SplitRoots roots;
    const fs::path state_home = roots.a.scratch() / "state";
    roots.a.set_environment("XDG_STATE_HOME", state_home.string());
    const std::multiset<std::string> every_id = ids_in_both_roots(roots);
    roots.switch_both("after", "after");

    const std::string killing = write_terraform_killing_tfw_after_its_first_push(roots.a).string();
    const RunResult killed = roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string(),
                                          "--terraform-bin=" + killing});
    BOOST_TEST_REQUIRE(fs::exists(killing + ".fired"), "no push was made:\n" << killed.describe());
    orphans.wait_for_orphans();
    BOOST_TEST_REQUIRE(ids_in_both_roots(roots).size() > every_id.size(), "no object is in two states");
    const fs::path pointer = roots.a.dir() / ".terraform" / "tfw-migration";
    BOOST_TEST_REQUIRE(fs::exists(pointer));
    fs::remove_all(state_home);  // the journal is lost

    const std::string line = "points to a migration between root modules cut short whose journal is not on this machine (" +
                             pointer.string() + " names ";
    {
        const std::string before = roots.everything();
        const RunResult planned = roots.a.tfw({"plan", "-no-color", "-input=false"});
        BOOST_TEST(planned.exit_code == 0, planned.describe());
        BOOST_TEST(occurrences(planned.err, line) == 1u, planned.describe());
        BOOST_TEST(contains(planned.err, "tfw apply --root=DIR here, with every root of that migration, repairs it from the "
                                         "states and removes the pointer"),
                   planned.describe());
        const RunResult applied = roots.a.tfw({"apply", "-no-color", "-auto-approve"});
        BOOST_TEST(applied.exit_code == 1, applied.describe());
        BOOST_TEST(contains(applied.err, "tfw: error: root module " + roots.a.dir().string() + " " + line), applied.describe());
        BOOST_TEST(contains(applied.err, "nothing was applied"), applied.describe());
        const RunResult tidied = roots.a.tfw({"tidy", "--write"});
        BOOST_TEST(tidied.exit_code == 1, tidied.describe());
        BOOST_TEST(contains(tidied.err, line), tidied.describe());
        // The states tell what the migration left, without its journal.
        const RunResult between = roots.plan();
        BOOST_TEST(between.exit_code == 0, between.describe());
        BOOST_TEST(contains(between.err, "tfw: warning: root module " + roots.a.dir().string() + " " + line), between.describe());
        BOOST_TEST(contains(between.err, "tfw: a migration between root modules was cut short: "), between.describe());
        BOOST_TEST(roots.everything() == before, "a command changed a file or a state");
    }

    const RunResult repaired = roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()});
    BOOST_TEST_REQUIRE(repaired.exit_code == 0, repaired.describe());
    BOOST_TEST(contains(repaired.err, "tfw: " + pointer.string() + " names a migration between root modules whose journal is "
                                      "not on this machine; tfw repairs the roots from their states alone"),
               repaired.describe());
    BOOST_TEST(contains(repaired.err, "tfw: finished a migration between root modules cut short: removed "), repaired.describe());
    BOOST_TEST(contains(repaired.err, "tfw: removed " + pointer.string()), repaired.describe());
    BOOST_TEST(!fs::exists(pointer));
    BOOST_TEST(ids_in_both_roots(roots) == every_id, "an id is in no state or in two");

    const RunResult planned = roots.a.tfw({"plan", "-no-color", "-input=false", "-detailed-exitcode"});
    BOOST_TEST(planned.exit_code == 0, planned.describe());
    BOOST_TEST(!contains(planned.err, "migration"), planned.describe());
}
