// A migration between roots cut short, recovered from the states alone (issues 23 and
// 33): both states in PostgreSQL (Terraform's pg backend), `tfw apply --root` is killed by
// SIGKILL right after its first state push (a terraform wrapper kills tfw the moment that
// push returns, so the moment is certain).
//  - With this machine's pointer and journal, the single-root commands in the losing root
//    know: `tfw plan` says so in one line, `tfw apply` and `tfw tidy --write` refuse.
//  - From a fresh checkout (no pointer, no journal, the other root never initialised
//    here), the losing root's `.tfw.yaml` declares the other as a sibling (`roots:`): its
//    `tfw plan` names each object the sibling's state also holds, and `tfw apply`, of a
//    new plan or a saved one, refuses to destroy them.
//  - `tfw plan --root` says a migration was cut short and which root must not be applied.
//    `tfw apply --root` repairs it only with approval, never an object whose values differ
//    between the two states, and then finishes it: every id is in exactly one state, and
//    both roots plan no change.
// Then, on local states, one id with every value equal in two states that may be two
// objects; and, on PostgreSQL, a SIGKILL while the moves are judged on copies of the
// states, which leaves no file in either root (issue 48).
#include <boost/test/unit_test.hpp>

#include <regex>
#include <set>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "chaos.hpp"
#include "checks.hpp"
#include "roots_split.hpp"

using namespace tfw::e2e;

namespace {

// Pushes `state` as the root's state, at the serial after its own.
void push_state(const Workspace& ws, std::string state) {
    std::smatch serial;
    BOOST_TEST_REQUIRE(std::regex_search(state, serial, std::regex("\"serial\": *([0-9]+)")));
    state.replace(serial.position(1), serial.length(1), std::to_string(std::stoull(serial[1]) + 1));
    ws.write_file("edited.tfstate", state);
    const RunResult pushed = ws.terraform({"state", "push", "edited.tfstate"});
    BOOST_TEST_REQUIRE(pushed.exit_code == 0, pushed.describe());
    fs::remove(ws.dir() / "edited.tfstate");
}

// Pushes the root's state with `from` replaced by `to` in its text.
void edit_state(const Workspace& ws, const std::string& from, const std::string& to) {
    std::string state = ws.terraform({"state", "pull"}).out;
    const std::size_t at = state.find(from);
    BOOST_TEST_REQUIRE(at != std::string::npos, "no " << from << " in the state");
    state.replace(at, from.size(), to);
    push_state(ws, state);
}

// Pushes `to`'s state with a copy of the root resource `type.name` of `from`'s state (its
// instances, with their ids and values) added.
void copy_resource(const Workspace& from, const Workspace& to, const std::string& type, const std::string& name) {
    rapidjson::Document source, target;
    source.Parse(from.terraform({"state", "pull"}).out.c_str());
    target.Parse(to.terraform({"state", "pull"}).out.c_str());
    BOOST_TEST_REQUIRE((!source.HasParseError() && !target.HasParseError()));
    bool copied = false;
    for (const auto& resource : source["resources"].GetArray())
        if (!resource.HasMember("module") && resource["type"].GetString() == type && resource["name"].GetString() == name) {
            target["resources"].PushBack(rapidjson::Value(resource, target.GetAllocator()), target.GetAllocator());
            copied = true;
        }
    BOOST_TEST_REQUIRE(copied, "no " << type << "." << name << " in the state");
    rapidjson::StringBuffer text;
    rapidjson::Writer<rapidjson::StringBuffer> writer(text);
    target.Accept(writer);
    push_state(to, text.GetString());
}

}  // namespace

// One id in two states with every value equal is not always a migration cut short (issue
// 48): a namespace, a role or a parameter of one name in two clusters or accounts behind
// one provider alias. A's `stays` is copied into B's state, and B declares it too: Terraform
// plans no change for it in either root, so tfw says what it may be, changes neither state,
// and still moves the rest. Once B's configuration drops it, B plans to destroy it: tfw takes
// it for one object (the guess that destroys nothing) and removes it from B's state, saying
// that the states cannot tell, and where B's state before is kept.
BOOST_AUTO_TEST_CASE(one_id_with_every_value_equal_in_two_states_may_be_two_objects) {
    SplitRoots roots;
    copy_resource(roots.a, roots.b, "terraform_data", "stays");
    const std::string stays_id = ids_of(roots.a).at("terraform_data.stays");
    BOOST_TEST_REQUIRE(ids_of(roots.b).at("terraform_data.stays") == stays_id);
    roots.switch_both("after", "after");
    roots.b.write_file("stays.tf", "resource \"terraform_data\" \"stays\" {\n  input = \"stays-in-a\"\n}\n");
    const std::string b_dir = roots.b.dir().string();
    const std::string both_keep = "terraform_data.stays (.) and terraform_data.stays (" + b_dir + ") share the id " +
                                  stays_id + " and every value; Terraform plans no change for it in . and no change in " +
                                  b_dir + ", and a destroy in neither: two objects that share an id (as in two accounts "
                                  "or clusters behind one provider), or one that both roots manage, so tfw changes "
                                  "neither state";

    const RunResult planned = roots.plan();
    BOOST_TEST(planned.exit_code == 0, planned.describe());
    BOOST_TEST(contains(planned.err, "tfw: not repaired: " + both_keep), planned.describe());
    BOOST_TEST(contains(planned.out, "tfw: 5 moves between root modules:\n"), planned.describe());
    const RunResult applied = roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", b_dir});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    BOOST_TEST(contains(applied.err, "tfw: not repaired: " + both_keep), applied.describe());
    BOOST_TEST(ids_of(roots.a).size() == 1u, "A still holds what moves to B:\n" << applied.describe());
    BOOST_TEST(ids_of(roots.a).at("terraform_data.stays") == stays_id);
    BOOST_TEST(ids_of(roots.b).at("terraform_data.stays") == stays_id);

    fs::remove(roots.b.dir() / "stays.tf");
    const RunResult repaired = roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", b_dir});
    BOOST_TEST_REQUIRE(repaired.exit_code == 0, repaired.describe());
    BOOST_TEST(contains(repaired.err, "tfw: finished a migration between root modules cut short: removed "
                                      "terraform_data.stays from the state of " + b_dir + "; root module . keeps it as "
                                      "terraform_data.stays (id " + stays_id + "), where Terraform plans no change for "
                                      "it. The states alone cannot tell this from two objects that share an id and "
                                      "every value (as in two accounts or clusters); were they two, the one " + b_dir +
                                      " managed is in no state now, and its state before is kept (below)\n"
                                      "tfw: the states before are in "),
               repaired.describe());
    BOOST_TEST(ids_of(roots.b).count("terraform_data.stays") == 0u);
    BOOST_TEST(ids_of(roots.a).at("terraform_data.stays") == stays_id);
}

BOOST_AUTO_TEST_CASE(a_migration_killed_after_its_first_push_is_finished_from_the_states_alone) {
    PgServer pg;
    OrphanCollector orphans;
    SplitRoots roots(&pg);
    const fs::path state_home = roots.a.scratch() / "state";
    roots.a.set_environment("XDG_STATE_HOME", state_home.string());
    const auto ids_before = ids_of(roots.a);
    const std::multiset<std::string> every_id = ids_in_both_roots(roots);
    BOOST_TEST_REQUIRE(every_id.size() == 7u);
    roots.switch_both("after", "after");

    const std::string killing = write_terraform_killing_tfw_after_its_first_push(roots.a).string();
    const RunResult killed = roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s", "--root",
                                          roots.b.dir().string(), "--terraform-bin=" + killing});
    BOOST_TEST_REQUIRE(fs::exists(killing + ".fired"), "no push was made:\n" << killed.describe());
    BOOST_TEST(killed.exit_code == 128 + 9, killed.describe());
    orphans.wait_for_orphans();
    // B has gained the five objects; A still holds them: each is in two states.
    const std::multiset<std::string> split = ids_in_both_roots(roots);
    BOOST_TEST(split.size() == 12u);
    for (const auto& id : every_id) BOOST_TEST(split.count(id) >= 1u, id);

    const std::string b_dir = roots.b.dir().string();
    {
        // The losing root alone, on this machine: its pointer and the journal tell.
        const std::string before = roots.everything();
        const RunResult planned = roots.a.tfw({"plan", "-no-color", "-input=false", "-lock-timeout=60s"});
        BOOST_TEST(planned.exit_code == 0, planned.describe());
        BOOST_TEST(occurrences(planned.err, "takes part in a migration between root modules that was cut short") == 1u,
                   planned.describe());
        BOOST_TEST(planned.err.find("tfw apply --root='" + b_dir + "' here finishes it") != std::string::npos,
                   planned.describe());
        const RunResult applied = roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s"});
        BOOST_TEST(applied.exit_code == 1, applied.describe());
        BOOST_TEST(applied.err.find("tfw: error: root module " + roots.a.dir().string() +
                                    " takes part in a migration between root modules that was cut short") != std::string::npos,
                   applied.describe());
        BOOST_TEST(applied.err.find("nothing was applied") != std::string::npos, applied.describe());
        const RunResult tidied = roots.a.tfw({"tidy", "--write"});
        BOOST_TEST(tidied.exit_code == 1, tidied.describe());
        BOOST_TEST(tidied.err.find("tfw tidy --write removes nothing until then") != std::string::npos, tidied.describe());
        BOOST_TEST(roots.everything() == before, "a single-root command changed a file or a state");
    }

    // A fresh checkout: no pointer in either root, no journal on this machine.
    for (const Workspace* ws : {&roots.a, &roots.b})
        for (const auto& entry : fs::directory_iterator(ws->dir() / ".terraform"))
            if (entry.path().filename().string().rfind("tfw-migration", 0) == 0) fs::remove(entry.path());
    fs::remove_all(state_home);
    {
        // The losing root alone, from a fresh checkout that declares its sibling, which this
        // machine has never initialised: only the states tell.
        const std::string sibling = fs::relative(roots.b.dir(), roots.a.dir()).string();
        roots.a.write_file(".tfw.yaml", "version: 1\nroots: [\"" + sibling + "\"]\n");
        const std::string before = roots.everything();
        const fs::path aside = roots.b.scratch() / "data-dir-aside";
        fs::rename(roots.b.dir() / ".terraform", aside);
        const Snapshot b_files = roots.b.snapshot();
        const std::string network_id = ids_before.at("terraform_data.network");
        const RunResult planned = roots.a.tfw({"plan", "-no-color", "-input=false", "-lock-timeout=60s"});
        BOOST_TEST(planned.exit_code == 0, planned.describe());
        BOOST_TEST(planned.err.find("tfw: warning: this plan destroys terraform_data.network (id " + network_id +
                                    "), which the state of sibling root " + sibling +
                                    " also holds as terraform_data.network") != std::string::npos,
                   planned.describe());
        BOOST_TEST(occurrences(planned.err, "which the state of sibling root") == split_moved_addresses.size(),
                   planned.describe());
        const RunResult applied = roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s"});
        BOOST_TEST(applied.exit_code == 1, applied.describe());
        BOOST_TEST(occurrences(applied.err, "tfw: error: this plan destroys") == split_moved_addresses.size(),
                   applied.describe());
        BOOST_TEST(applied.err.find("tfw: nothing was applied") != std::string::npos, applied.describe());
        const RunResult saved = roots.a.tfw({"plan", "-no-color", "-input=false", "-lock-timeout=60s", "-out=saved.tfplan"});
        BOOST_TEST_REQUIRE(saved.exit_code == 0, saved.describe());
        const RunResult applied_saved = roots.a.tfw({"apply", "-no-color", "-lock-timeout=60s", "saved.tfplan"});
        BOOST_TEST(applied_saved.exit_code == 1, applied_saved.describe());
        BOOST_TEST(applied_saved.err.find("tfw: nothing was applied") != std::string::npos, applied_saved.describe());
        BOOST_TEST(snapshot_difference(b_files, roots.b.snapshot()) == "", "the sibling's checkout changed");
        fs::remove(roots.a.dir() / "saved.tfplan");
        fs::rename(aside, roots.b.dir() / ".terraform");
        BOOST_TEST(roots.everything() == before, "a single-root command changed a file or a state");
    }
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

    // The repair takes the approval a move takes: no answer (stdin is /dev/null), no change.
    const RunResult unapproved = roots.a.tfw({"apply", "-no-color", "-lock-timeout=60s", "--root", b_dir});
    BOOST_TEST(unapproved.exit_code == 1, unapproved.describe());
    BOOST_TEST(unapproved.out.find("  .: terraform_data.network (id " + ids_before.at("terraform_data.network") +
                                   "), kept by " + b_dir + " as terraform_data.network") != std::string::npos,
               unapproved.describe());
    BOOST_TEST(unapproved.out.find("Repair cancelled: no state was changed.") != std::string::npos, unapproved.describe());
    BOOST_TEST(roots.everything() == untouched, "a repair without approval changed a file or a state");

    // One id in both states with other values is two objects, or one changed since: never repaired.
    edit_state(roots.b, "\"vpc-main\"", "\"vpc-elsewhere\"");
    const RunResult differing =
        roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s", "--root", b_dir});
    BOOST_TEST(differing.exit_code == 0, differing.describe());
    BOOST_TEST(differing.err.find("tfw: not repaired: terraform_data.network (.) and terraform_data.network (" + b_dir +
                                  ") share the id " + ids_before.at("terraform_data.network") +
                                  " but have other values (input)") != std::string::npos,
               differing.describe());
    BOOST_TEST(ids_of(roots.a).count("terraform_data.network") == 1u, "the differing object left A's state");
    BOOST_TEST(ids_of(roots.a).size() == 2u, "the four others stay split:\n" << differing.describe());
    edit_state(roots.b, "\"vpc-elsewhere\"", "\"vpc-main\"");

    const RunResult finished =
        roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s", "--root", roots.b.dir().string()});
    BOOST_TEST_REQUIRE(finished.exit_code == 0, finished.describe());
    BOOST_TEST(finished.err.find("tfw: finished a migration between root modules cut short: removed terraform_data.network "
                                 "from the state of .; root module " + roots.b.dir().string() + " keeps it") !=
                   std::string::npos,
               finished.describe());
    BOOST_TEST(finished.out.find("tfw: nothing to move between root modules") != std::string::npos, finished.describe());
    BOOST_TEST(ids_in_both_roots(roots) == every_id, "an id is in no state or in two");
    check_split_carried_out(roots, ids_before);
}

// SIGKILL while Terraform judges the moves between roots on copies of the states (issue
// 48), in `tfw plan --root` and in `tfw apply --root`. On a remote backend that plan needs
// a backend override pointing the root at tfw's copy of its state: tfw writes it in a view
// of the root (shell/config_view.hpp), never in the root, so the kill leaves no file there
// that plain terraform would read. Both roots still plan with their own backend, nothing
// changed, and the next run moves everything. Each root also calls a module outside its
// directory (`../shared`), which the view must resolve as the root does: the kill comes
// only after Terraform's `init` in the view succeeded.
BOOST_AUTO_TEST_CASE(sigkill_while_the_moves_are_judged_leaves_no_file_in_a_root) {
    PgServer pg;
    OrphanCollector orphans;
    SplitRoots roots(&pg);
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
    const auto ids_before = ids_of(roots.a);
    roots.switch_both("after", "after");
    for (Workspace* ws : {&roots.a, &roots.b}) {
        fs::create_directory(ws->dir() / ".." / "shared");
        ws->write_file("../shared/main.tf", "variable \"unused\" {\n  default = \"\"\n}\n");
        ws->write_file("shared.tf", "module \"shared\" {\n  source = \"../shared\"\n}\n");
        ws->init();
    }
    const std::string untouched = roots.everything();
    for (const std::vector<std::string>& command : {std::vector<std::string>{"plan", "-input=false"}, {"apply", "-auto-approve"}}) {
        BOOST_TEST_CONTEXT("tfw " << command[0] << " --root") {
            // The first `init` of an override: it is in place, and Terraform has read it.
            const std::string killing =
                write_terraform_killing_tfw_after(roots.a, "terraform-killing-" + command[0], "*\" init \"*\" -reconfigure \"*")
                    .string();
            std::vector<std::string> args = command;
            args.insert(args.end(), {"-no-color", "-lock-timeout=60s", "--root", roots.b.dir().string(), "--terraform-bin=" + killing});
            const RunResult killed = roots.a.tfw(args);
            BOOST_TEST_REQUIRE(fs::exists(killing + ".fired"), "no move was judged on a copy of a state:\n" << killed.describe());
            BOOST_TEST(killed.exit_code == 128 + 9, killed.describe());
            orphans.wait_for_orphans();
            for (const Workspace* ws : {&roots.a, &roots.b}) {
                BOOST_TEST(ws->tfw_temp_files().empty(), ws->dir().string() << " holds a file of the killed run");
                const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color", "-lock-timeout=60s"});
                BOOST_TEST(plain.exit_code == 0, plain.describe());
                BOOST_TEST(!contains(plain.out + plain.err, "Backend"), plain.describe());
            }
            BOOST_TEST(roots.everything() == untouched, "the killed run changed a file or a state");
        }
    }
    const RunResult finished =
        roots.a.tfw({"apply", "-no-color", "-auto-approve", "-lock-timeout=60s", "--root", roots.b.dir().string()});
    BOOST_TEST_REQUIRE(finished.exit_code == 0, finished.describe());
    check_split_carried_out(roots, ids_before);
}
