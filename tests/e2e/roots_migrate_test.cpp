// `tfw apply --root DIR`: the moves between root modules carried out on the states. Root A
// (roots_split_a) is split: a resource, a for_each resource and a whole module call go to
// root B (roots_split_b). tfw plans both roots, pairs the moves, has Terraform plan each
// root against its migrated state, asks, and pushes B's state (which gains) before A's
// (which loses). Plain terraform then judges both roots, and every object keeps its id.
// The same with both states in PostgreSQL (Terraform's pg backend), where a held lock in
// either root stops tfw before it changes anything.
#include <boost/test/unit_test.hpp>

#include "chaos.hpp"
#include "checks.hpp"
#include "tfw/core/render/moves_format.hpp"
#include "pg_server.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

// tfw apply in A's directory with B as the second root. States before a migration are
// kept under the workspace's scratch directory (XDG_STATE_HOME).
RunResult apply(SplitRoots& roots, const std::vector<std::string>& extra = {}, const std::string& input = "") {
    std::vector<std::string> args = {"apply", "-no-color", "--root", roots.b.dir().string()};
    if (roots.pg) args.push_back("-lock-timeout=60s");
    args.insert(args.end(), extra.begin(), extra.end());
    if (input.empty()) return roots.a.tfw(args);
    std::string script = "printf '%s\\n' " + tfw::core::shell_quote(input) + " | tfw";
    for (const auto& arg : args) script += " " + tfw::core::shell_quote(arg);
    return roots.a.bash(script);
}

const std::string judged_before_the_locks =
    "tfw: the states are those Terraform just planned the moves between roots against: those plans judge the migration\n";

void keep_states_in_scratch(SplitRoots& roots) {
    roots.a.set_environment("XDG_STATE_HOME", (roots.a.scratch() / "state").string());
}

void migrate_and_judge(const PgServer* pg) {
    SplitRoots roots(pg);
    keep_states_in_scratch(roots);
    const auto ids_before = ids_of(roots.a);
    BOOST_TEST_REQUIRE(ids_before.size() == 6u);
    roots.switch_both("after", "after");
    const std::string untouched = roots.everything();

    // A "no" at the question changes nothing; so does -input=false without -auto-approve.
    const RunResult declined = apply(roots, {}, "no");
    BOOST_TEST(declined.exit_code == 1, declined.describe());
    BOOST_TEST(contains(declined.out, "Do you want to move them?"), declined.describe());
    BOOST_TEST(contains(declined.out, "Move cancelled."), declined.describe());
    BOOST_TEST(roots.everything() == untouched, "a declined migration changed a file or a state");
    const RunResult no_input = apply(roots, {"-input=false"});
    BOOST_TEST(no_input.exit_code == 1, no_input.describe());
    BOOST_TEST(contains(no_input.err, "-input=false needs -auto-approve"), no_input.describe());
    BOOST_TEST(roots.everything() == untouched);

    if (pg) {
        // A held state lock in either root stops the run before it changes anything,
        // naming the root and the lock.
        for (const std::string schema : {"root_a", "root_b"}) {
            BOOST_TEST_CONTEXT("lock held in " << schema) {
                auto held = pg->hold_state_lock(schema == "root_a" ? roots.a : roots.b, schema);
                const RunResult locked = apply(roots, {"-auto-approve", "-lock-timeout=2s"});
                BOOST_TEST(locked.exit_code == 1, locked.describe());
                const std::string root = schema == "root_a" ? "." : roots.b.dir().string();
                BOOST_TEST(contains(locked.err, "root module " + root), locked.describe());
                BOOST_TEST(contains(locked.err, "Error acquiring the state lock"), locked.describe());
                BOOST_TEST(!contains(locked.out, "tfw: moved"), locked.describe());
                held->release();
                BOOST_TEST(roots.everything() == untouched);
            }
        }
    }

    const RunResult moved = apply(roots, {"-auto-approve"});
    BOOST_TEST_REQUIRE(moved.exit_code == 0, moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: 5 moves between root modules:\n"), moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: moved 5 objects between root modules\n"), moved.describe());
    // Terraform judged both roots before the push, and the user is told how to go back.
    // Under the locks the states are those the plans between roots were made against, so
    // those plans judge the migration and no root is planned again.
    BOOST_TEST(contains(moved.err, judged_before_the_locks), moved.describe());
    BOOST_TEST(!contains(moved.err, "against its state after the migration"), moved.describe());
    BOOST_TEST(contains(moved.err, "tfw: the states before the migration are in " + (roots.a.scratch() / "state").string()),
               moved.describe());
    BOOST_TEST(contains(moved.err, "state push -force "), moved.describe());
    // The user's files are as they were: no moved, removed or import block, no override.
    BOOST_TEST(roots.a.tfw_temp_files().empty());
    BOOST_TEST(roots.b.tfw_temp_files().empty());

    // Plain terraform plans nothing in either root, and every object kept its id.
    check_split_carried_out(roots, ids_before);

    // A second run moves nothing and changes no byte of any file or state.
    const std::string after = roots.everything();
    const RunResult again = apply(roots, {"-auto-approve"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(contains(again.out, "tfw: nothing to move between root modules\n"), again.describe());
    BOOST_TEST(roots.everything() == after, "a second run changed a file or a state");

    // The kept states hold secrets: only their owner can enter or read them.
    const fs::path kept = roots.a.scratch() / "state" / "tfw" / "migrations";
    std::size_t files = 0;
    const bool home_private = (fs::status(kept).permissions() & fs::perms::all) == fs::perms::owner_all;
    BOOST_TEST(home_private);
    for (const auto& entry : fs::recursive_directory_iterator(kept)) {
        const auto mode = entry.status().permissions() & fs::perms::all;
        const auto expected = entry.is_directory() ? fs::perms::owner_all : fs::perms::owner_read | fs::perms::owner_write;
        const bool private_entry = mode == expected;
        BOOST_TEST(private_entry, entry.path().string());
        files += entry.is_regular_file() ? 1 : 0;
    }
    BOOST_TEST(files >= 5u, "the journal and the states of every step");
    // A finished migration goes after the policy's retention (here none).
    const std::string none_kept = roots.a.write_scratch_file("keep-none.yaml", "version: 1\nmigrations: {keep_days: 0}\n");
    const RunResult expired = apply(roots, {"-auto-approve", "--policy=" + none_kept});
    BOOST_TEST(expired.exit_code == 0, expired.describe());
    BOOST_TEST(contains(expired.err, "tfw: removed the kept states of 1 migration finished more than 0 days ago"),
               expired.describe());
    BOOST_TEST(fs::is_empty(kept));
}

}  // namespace

BOOST_AUTO_TEST_CASE(split_a_root_with_local_state) { migrate_and_judge(nullptr); }

BOOST_AUTO_TEST_CASE(split_a_root_with_both_states_in_postgresql) {
    PgServer pg;
    migrate_and_judge(&pg);
}

BOOST_AUTO_TEST_CASE(a_tie_stays_and_a_failing_root_moves_nothing) {
    SplitRoots roots;
    keep_states_in_scratch(roots);
    // A root that fails to plan stops the whole run before anything changes.
    roots.switch_both("after", "broken");
    const std::string before_broken = roots.everything();
    const RunResult broken = apply(roots, {"-auto-approve"});
    BOOST_TEST(broken.exit_code == 1, broken.describe());
    BOOST_TEST(broken.err.rfind("tfw: error: root module ", 0) == 0u, broken.describe());
    BOOST_TEST(broken.err.ends_with("tfw: nothing is moved for any root, since a root module failed to plan\n"),
               broken.describe());
    BOOST_TEST(roots.everything() == before_broken, "a failed run changed a file or a state");

    // B declares two resources with the network's values: a tie, so the network stays in
    // A's state (its destroy stands), and the other four objects move.
    roots.switch_both("after", "after_tie");
    const RunResult tie = apply(roots, {"-auto-approve"});
    BOOST_TEST_REQUIRE(tie.exit_code == 0, tie.describe());
    BOOST_TEST(contains(tie.out, "  .: terraform_data.network: identical to "), tie.describe());
    BOOST_TEST(contains(tie.out, "tfw: moved 4 objects between root modules\n"), tie.describe());
    const auto ids_a = ids_of(roots.a);
    const auto ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.contains("terraform_data.network"));
    BOOST_TEST(!ids_b.contains("terraform_data.network"));
    BOOST_TEST(!ids_b.contains("terraform_data.network_twin"));
    BOOST_TEST(ids_b.contains("module.app.terraform_data.server"));
}

// Someone applies A after tfw planned the moves between roots and before it takes the
// state locks (a terraform wrapper changes A's state as tfw starts the console that takes
// the first lock): the network's value in A's state is another now. The plans made before
// judge states that are gone, so each root is planned again under the locks, and
// Terraform's plan of B, which would update the network, withdraws that move alone.
BOOST_AUTO_TEST_CASE(a_state_changed_before_the_locks_is_judged_again_under_them) {
    SplitRoots roots;
    keep_states_in_scratch(roots);
    roots.switch_both("after", "after");
    const auto ids_before = ids_of(roots.a);
    BOOST_TEST_REQUIRE(contains(roots.a.read_file("terraform.tfstate"), "\"vpc-main\""));
    const fs::path changing = write_terraform_changing_a_state_before_the_locks(roots.a, roots.a.dir() / "terraform.tfstate",
                                                                              "s/\"vpc-main\"/\"vpc-changed\"/g");

    const RunResult moved = apply(roots, {"-auto-approve", "--terraform-bin=" + changing.string()});
    BOOST_TEST_REQUIRE(moved.exit_code == 0, moved.describe());
    BOOST_TEST_REQUIRE(fs::exists(changing.string() + ".changed"), "no console was started");
    BOOST_TEST(!contains(moved.err, judged_before_the_locks), moved.describe());
    BOOST_TEST(contains(moved.err, "tfw: planning . against its state after the migration\n"), moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: not moved: .: terraform_data.network: Terraform plans an update for "
                                   "terraform_data.network where it arrives, not no change\n"),
               moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: moved 4 objects between root modules\n"), moved.describe());
    const auto ids_a = ids_of(roots.a);
    const auto ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.contains("terraform_data.network"));
    BOOST_TEST(!ids_b.contains("terraform_data.network"));
    BOOST_TEST(contains(roots.a.read_file("terraform.tfstate"), "\"vpc-changed\""));
    for (const auto& address : split_moved_addresses)
        if (address != "terraform_data.network") BOOST_TEST(ids_b.at(address) == ids_before.at(address), address);
}

// One report covers every root: --report as JSON and as Markdown, and -json's stream.
BOOST_AUTO_TEST_CASE(one_report_covers_every_root) {
    SplitRoots roots;
    roots.switch_both("after", "after");
    const std::string json_file = (roots.a.scratch() / "roots.json").string();
    const std::string markdown_file = (roots.a.scratch() / "roots.md").string();
    const RunResult json = roots.plan({"--report=" + json_file});
    BOOST_TEST_REQUIRE(json.exit_code == 0, json.describe());
    const std::string report = roots.a.read_file(json_file);
    BOOST_TEST(report.starts_with("{\"roots\":["), report);
    for (const auto& address : split_moved_addresses)
        BOOST_TEST(contains(report, "{\"from_root\":\".\",\"from\":" + tfw::core::json_quote(address) + ",\"to_root\":" +
                                        tfw::core::json_quote(roots.b.dir().string()) + ",\"to\":" + tfw::core::json_quote(address)),
                   address << "\n" << report);
    const RunResult markdown = roots.plan({"--report=" + markdown_file, "--report-format=markdown"});
    BOOST_TEST_REQUIRE(markdown.exit_code == 0, markdown.describe());
    const std::string md = roots.a.read_file(markdown_file);
    BOOST_TEST(md.starts_with("### tfw: 5 moves between 2 root modules\n"), md);
    BOOST_TEST(contains(md, "| `.` | `module.app.terraform_data.disk` | `" + roots.b.dir().string() +
                                "` | `module.app.terraform_data.disk` |"),
               md);

    const RunResult stream = roots.plan({"-json"});
    BOOST_TEST_REQUIRE(stream.exit_code == 0, stream.describe());
    std::size_t root_lines = 0, moves = 0, planned = 0, lines = 0;
    std::size_t start = 0;
    for (std::size_t end; (end = stream.out.find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string line = stream.out.substr(start, end - start);
        ++lines;
        BOOST_TEST(line.starts_with("{"), line);
        root_lines += contains(line, "\"type\":\"tfw_root\"");
        moves += contains(line, "\"type\":\"tfw_root_move\"");
        planned += contains(line, "\"type\":\"planned_change\"");
    }
    BOOST_TEST(root_lines == 2u, stream.out);
    BOOST_TEST(moves == 5u, stream.out);
    BOOST_TEST(planned == 10u, stream.out);  // 5 destroys in A, 5 creates in B
    BOOST_TEST(start == stream.out.size());
}

// A new root that has no state yet (the usual split: new roots, one old one) gets a state
// of its own from the migration, with a lineage of its own.
BOOST_AUTO_TEST_CASE(a_new_root_without_a_state_receives_its_objects) {
    SplitRoots roots;
    keep_states_in_scratch(roots);
    roots.switch_both("after", "after");
    Workspace fresh("roots_split_b");
    fresh.switch_to("after");
    BOOST_TEST_REQUIRE(fresh.terraform({"state", "pull"}).out == "");
    const auto ids_before = ids_of(roots.a);
    const RunResult moved =
        roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", fresh.dir().string()});
    BOOST_TEST_REQUIRE(moved.exit_code == 0, moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: moved 5 objects between root modules\n"), moved.describe());
    const auto ids_fresh = ids_of(fresh);
    BOOST_TEST(ids_fresh.size() == 5u);  // `existing` was never applied there: a create
    for (const auto& address : split_moved_addresses) BOOST_TEST(ids_fresh.at(address) == ids_before.at(address));
    const RunResult plain = fresh.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(plain.exit_code == 2, plain.describe());
    BOOST_TEST(contains(plain.out, "Plan: 1 to add, 0 to change, 0 to destroy."), plain.describe());
    const std::string lineage_a = roots.a.terraform({"state", "pull"}).out;
    const std::string lineage_fresh = fresh.terraform({"state", "pull"}).out;
    auto lineage = [](const std::string& state) { return state.substr(state.find("\"lineage\""), 60); };
    BOOST_TEST(lineage(lineage_a) != lineage(lineage_fresh));
}

// The AWS mirror (state written by the recipe of TERRAFORM.md, -refresh=false): A's
// aws_s3_bucket_object leaves, and B declares an aws_s3_object with every known value
// equal. Another resource type is another object as far as a state move goes: refused,
// with the reason, and no state changes.
BOOST_AUTO_TEST_CASE(a_type_mismatch_across_roots_is_refused_with_a_reason) {
    Workspace a("aws_cross_type", {.aws_provider = true});
    a.set_environment("XDG_STATE_HOME", (a.scratch() / "state").string());
    a.copy_from_fixture("terraform.tfstate", "terraform.tfstate");
    a.switch_to("after", Workspace::Init::skip);
    // A keeps only its provider: the object is gone from its configuration.
    const std::string after = a.read_file("main.tf");
    a.write_file("main.tf", after.substr(0, after.find("# The deprecated aws_s3_bucket_object")));
    a.init();
    Workspace b("aws_cross_type", {.aws_provider = true});
    b.switch_to("after");
    const std::string state_a = a.read_file("terraform.tfstate");

    for (const std::string command : {"plan", "apply"}) {
        BOOST_TEST_CONTEXT(command) {
            std::vector<std::string> args = {command, "-no-color", "-refresh=false", "--root", b.dir().string()};
            if (command == "apply") args.push_back("-auto-approve");
            const RunResult run = a.tfw(args);
            BOOST_TEST(run.exit_code == 0, run.describe());
            BOOST_TEST(contains(run.out, "  .: aws_s3_bucket_object.readme: type mismatch: " + b.dir().string() +
                                             ": aws_s3_object.readme has equal values but is a aws_s3_object, not a "
                                             "aws_s3_bucket_object"),
                       run.describe());
            BOOST_TEST(!contains(run.out, "between root modules:\n"), run.describe());
        }
    }
    BOOST_TEST(a.read_file("terraform.tfstate") == state_a);
    BOOST_TEST(b.terraform({"state", "pull"}).out == "");
}
