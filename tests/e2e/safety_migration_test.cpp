// A migration between roots cut short, recovered from the states alone (issue 23): both
// states in PostgreSQL (Terraform's pg backend), `tfw apply --root` is killed by SIGKILL
// right after its first state push (a terraform wrapper kills tfw the moment that push
// returns, so the moment is certain), and the machine's pointer and journal are deleted,
// as on a fresh checkout. `tfw plan --root` then says a migration was cut short and which
// root must not be applied; `tfw apply --root` finishes it: every id is in exactly one
// state, and both roots plan no change.
#include <boost/test/unit_test.hpp>

#include <set>

#include "chaos.hpp"
#include "roots_split.hpp"

using namespace tfw::e2e;

namespace {

std::multiset<std::string> ids_in_both(const SplitRoots& roots) {
    std::multiset<std::string> out;
    for (const Workspace* ws : {&roots.a, &roots.b})
        for (const auto& [address, id] : ids_of(*ws)) out.insert(id);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_migration_killed_after_its_first_push_is_finished_from_the_states_alone) {
    PgServer pg;
    OrphanCollector orphans;
    SplitRoots roots(&pg);
    const fs::path state_home = roots.a.scratch() / "state";
    roots.a.set_environment("XDG_STATE_HOME", state_home.string());
    const auto ids_before = ids_of(roots.a);
    const std::multiset<std::string> every_id = ids_in_both(roots);
    BOOST_TEST_REQUIRE(every_id.size() == 7u);
    roots.switch_both("after", "after");

    const std::string killing = write_terraform_killing_tfw_after_its_first_push(roots.a).string();
    const RunResult killed = roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s", "--root",
                                          roots.b.dir().string(), "--terraform-bin=" + killing});
    BOOST_TEST_REQUIRE(fs::exists(killing + ".fired"), "no push was made:\n" << killed.describe());
    BOOST_TEST(killed.exit_code == 128 + 9, killed.describe());
    orphans.wait_for_orphans();
    // B has gained the five objects; A still holds them: each is in two states.
    const std::multiset<std::string> split = ids_in_both(roots);
    BOOST_TEST(split.size() == 12u);
    for (const auto& id : every_id) BOOST_TEST(split.count(id) >= 1u, id);

    // A fresh checkout: no pointer in either root, no journal on this machine.
    for (const Workspace* ws : {&roots.a, &roots.b})
        for (const auto& entry : fs::directory_iterator(ws->dir() / ".terraform"))
            if (entry.path().filename().string().rfind("tfw-migration", 0) == 0) fs::remove(entry.path());
    fs::remove_all(state_home);
    const std::string untouched = roots.everything();

    const RunResult planned = roots.plan();
    BOOST_TEST(planned.exit_code == 0, planned.describe());
    BOOST_TEST(planned.err.find("tfw: a migration between root modules was cut short: terraform_data.network in . is the "
                                "object " + roots.b.dir().string() + " now manages as terraform_data.network") !=
                   std::string::npos,
               planned.describe());
    BOOST_TEST(planned.err.find("do not apply ., which would destroy it") != std::string::npos, planned.describe());
    BOOST_TEST(planned.out.find("between root modules:\n  .:") == std::string::npos,
               "the objects B holds are offered as moves again:\n" << planned.describe());
    BOOST_TEST(roots.everything() == untouched, "tfw plan --root changed a file or a state");

    const RunResult finished =
        roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s", "--root", roots.b.dir().string()});
    BOOST_TEST_REQUIRE(finished.exit_code == 0, finished.describe());
    BOOST_TEST(finished.err.find("tfw: finished a migration between root modules cut short: removed terraform_data.network "
                                 "from the state of .; root module " + roots.b.dir().string() + " keeps it") !=
                   std::string::npos,
               finished.describe());
    BOOST_TEST(finished.out.find("tfw: nothing to move between root modules") != std::string::npos, finished.describe());
    BOOST_TEST(ids_in_both(roots) == every_id, "an id is in no state or in two");
    check_split_carried_out(roots, ids_before);
}
