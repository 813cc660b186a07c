// Several root modules in one run: `tfw plan --root DIR`. Root A (roots_split_a) is split:
// a resource, a for_each resource and a whole module call go to root B (roots_split_b).
// tfw plans both roots, pairs A's deletions with B's creations, reports the moves, and
// with --format=commands prints the commands that carry them out by hand. The commands
// are then run as a user would; plain terraform judges the result in both roots. The
// same with both states in PostgreSQL (Terraform's pg backend).
#include <boost/test/unit_test.hpp>

#include "chaos.hpp"
#include "checks.hpp"
#include "roots_split.hpp"

using namespace tfw::e2e;

namespace {

void split_and_carry_out(const PgServer* pg) {
    SplitRoots roots(pg);
    const auto ids_before = ids_of(roots.a);
    BOOST_TEST_REQUIRE(ids_before.size() == 6u);
    roots.switch_both("after", "after");
    if (pg) BOOST_TEST(!roots.a.exists("terraform.tfstate"));
    const std::string untouched = roots.everything();

    const RunResult report = roots.plan();
    BOOST_TEST_REQUIRE(report.exit_code == 0, report.describe());
    BOOST_TEST(report.out.find("tfw: 5 moves between root modules:\n") != std::string::npos, report.describe());
    for (const auto& address : split_moved_addresses)
        BOOST_TEST(report.out.find("  .: " + address + " -> " + roots.b.dir().string() + ": " + address + "  (") !=
                       std::string::npos,
                   address << "\n" << report.describe());
    const std::string cross_section = report.out.substr(report.out.find("tfw: 5 moves between root modules:"));
    BOOST_TEST(cross_section.find("terraform_data.stays") == std::string::npos, report.describe());
    BOOST_TEST(cross_section.find("not paired") == std::string::npos, report.describe());
    BOOST_TEST(roots.everything() == untouched, "tfw plan --root changed a file or a state");
    const RunResult json = roots.plan({"--format=json"});
    BOOST_TEST_REQUIRE(json.exit_code == 0, json.describe());
    for (const auto& address : split_moved_addresses)
        BOOST_TEST(json.out.find("{\"from_root\":\".\",\"from\":" + quoted_string(address) + ",\"to_root\":" +
                                 quoted_string(roots.b.dir().string()) + ",\"to\":" + quoted_string(address) +
                                 ",\"equal_values\":") != std::string::npos,
                   address << "\n" << json.out);
    BOOST_TEST(json.out.ends_with("\"refused\":[]}\n"), json.out);
    // -detailed-exitcode: 2, as both roots plan changes.
    const RunResult detailed = roots.plan({"-detailed-exitcode"});
    BOOST_TEST(detailed.exit_code == 2, detailed.describe());

    if (pg) {
        // A held state lock in either root stops the run before anything, naming the root and the lock.
        for (const std::string schema : {"root_a", "root_b"}) {
            BOOST_TEST_CONTEXT("lock held in " << schema) {
                auto held = pg->hold_state_lock(schema == "root_a" ? roots.a : roots.b, schema);
                const RunResult locked = roots.plan({"--format=commands", "-lock-timeout=2s"});
                BOOST_TEST(locked.exit_code == 1, locked.describe());
                BOOST_TEST(locked.out == "", locked.describe());
                const std::string root = schema == "root_a" ? "." : roots.b.dir().string();
                BOOST_TEST(locked.err.starts_with("tfw: error: root module "), locked.describe());
                BOOST_TEST(contains(locked.err, "tfw: error: root module " + root +
                                                    " failed to plan: Error: Error acquiring the state lock\n"),
                           locked.describe());
                // The other root may fail too, but only where its lock attempt met the held
                // root's at the pg backend's database-wide creation lock (-1), which both
                // take for an instant, and in step, as tfw starts them together
                // (hashicorp/terraform#33217): never for the held lock itself.
                const std::size_t failed = occurrences(locked.err, "tfw: error: root module ");
                BOOST_TEST(occurrences(locked.err, "Workspace is already locked: default") == 1u, locked.describe());
                BOOST_TEST(failed == 1u + occurrences(locked.err, "Cannot lock workspace; already locked for workspace creation"),
                           locked.describe());
                held->release();
                BOOST_TEST(roots.everything() == untouched);
            }
        }
    }

    const RunResult commands = roots.plan({"--format=commands"});
    BOOST_TEST_REQUIRE(commands.exit_code == 0, commands.describe());
    BOOST_TEST(commands.err == "", commands.describe());
    BOOST_TEST(roots.everything() == untouched, "--format=commands changed a file or a state");
    // The user runs them, in the directory tfw ran in.
    const RunResult carried = roots.a.bash(commands.out);
    BOOST_TEST_REQUIRE(carried.exit_code == 0, carried.describe() << "\n" << commands.out);

    // Plain terraform now plans nothing in either root, and every object kept its id.
    check_split_carried_out(roots, ids_before);

    // A second run finds nothing to move and prints no command, and no root plans a change.
    const RunResult again = roots.plan({"--format=commands"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(again.out == "", again.describe());
    const RunResult no_changes = roots.plan({"-detailed-exitcode"});
    BOOST_TEST(no_changes.exit_code == 0, no_changes.describe());
    BOOST_TEST(no_changes.out.find("between root modules") == std::string::npos, no_changes.describe());
}

}  // namespace

BOOST_AUTO_TEST_CASE(split_a_root_with_local_state) { split_and_carry_out(nullptr); }

BOOST_AUTO_TEST_CASE(split_a_root_with_both_states_in_postgresql) {
    PgServer pg;
    split_and_carry_out(&pg);
}

// From a directory with no configuration (a monorepo's top), --root names every root:
// the current directory is not one. With a single --root there is nothing between roots.
BOOST_AUTO_TEST_CASE(roots_from_a_directory_without_configuration) {
    SplitRoots roots;
    roots.switch_both("after", "after");
    const std::string untouched = roots.everything();
    const std::string top = roots.a.scratch().string();
    const std::string a = roots.a.dir().string(), b = roots.b.dir().string();
    const RunResult report =
        roots.a.bash("cd '" + top + "' && tfw plan -input=false -no-color --root '" + a + "' --root '" + b + "'");
    BOOST_TEST_REQUIRE(report.exit_code == 0, report.describe());
    BOOST_TEST(report.out.find("tfw: 5 moves between root modules:\n") != std::string::npos, report.describe());
    for (const auto& address : split_moved_addresses)
        BOOST_TEST(report.out.find("  " + a + ": " + address + " -> " + b + ": " + address + "  (") != std::string::npos,
                   address << "\n" << report.describe());
    BOOST_TEST(report.out.find("── root module " + top) == std::string::npos, report.describe());
    BOOST_TEST(report.err.find("No configuration files") == std::string::npos, report.describe());
    BOOST_TEST(roots.everything() == untouched, "tfw plan --root changed a file or a state");

    const RunResult one = roots.a.bash("cd '" + top + "' && tfw plan -input=false --root '" + a + "'");
    BOOST_TEST(one.exit_code == 1, one.describe());
    BOOST_TEST(one.err == "tfw: error: --root moves objects between root modules, and " + top +
                              " holds no configuration (no .tf or .tf.json file), so it is not one: give two --root "
                              "directories or more (see tfw --help)\n",
               one.describe());
}

// B declares two resources with the network's values: a tie, so the network moves
// nowhere (and says why); the others still move.
BOOST_AUTO_TEST_CASE(a_tie_across_roots_moves_nothing) {
    SplitRoots roots;
    roots.switch_both("after", "after_tie");
    const RunResult report = roots.plan();
    BOOST_TEST_REQUIRE(report.exit_code == 0, report.describe());
    BOOST_TEST(report.out.find("tfw: 4 moves between root modules:\n") != std::string::npos, report.describe());
    // Both twins are the network as far as its values tell, named in B: identical, which
    // no plan was spent on, and said so (issue 47).
    BOOST_TEST(report.out.find("  .: terraform_data.network: identical to " + roots.b.dir().string() +
                               ": terraform_data.network and to " + roots.b.dir().string() +
                               ": terraform_data.network_twin: every known value equal") != std::string::npos,
               report.describe());
    const RunResult commands = roots.plan({"--format=commands"});
    BOOST_TEST_REQUIRE(commands.exit_code == 0, commands.describe());
    BOOST_TEST(commands.out.find("'terraform_data.network'") == std::string::npos, commands.out);
    BOOST_TEST(commands.out.find("'terraform_data.subnet[\"a\"]'") != std::string::npos, commands.out);
    BOOST_TEST(commands.err.find("# tfw: not moved: .: terraform_data.network: identical to ") == 0u, commands.describe());
}

// A root that fails to plan stops the whole run: nothing is reported, nothing changes.
BOOST_AUTO_TEST_CASE(a_root_that_fails_to_plan_stops_the_run) {
    SplitRoots roots;
    roots.switch_both("after", "broken");
    const std::string untouched = roots.everything();
    for (const std::string format : {"--format=text", "--format=commands"}) {
        BOOST_TEST_CONTEXT(format) {
            const RunResult run = roots.plan({format});
            BOOST_TEST(run.exit_code == 1, run.describe());
            BOOST_TEST(run.out == "", run.describe());
            // One line naming the root and Terraform's first error, then the whole diagnostic.
            const std::string first_line = run.err.substr(0, run.err.find('\n'));
            BOOST_TEST(first_line.rfind("tfw: error: root module " + roots.b.dir().string() + " failed to plan: Error: ", 0) == 0u,
                       run.describe());
            BOOST_TEST(run.err.find("undefined_variable_here", first_line.size()) != std::string::npos, run.describe());
            BOOST_TEST(run.err.ends_with("tfw: nothing is reported for any root, since a root module failed to plan\n"),
                       run.describe());
            BOOST_TEST(roots.everything() == untouched);
        }
    }
}

BOOST_AUTO_TEST_CASE(several_roots_refuse_what_they_cannot_do_yet) {
    SplitRoots roots;
    for (const std::vector<std::string>& extra :
         {std::vector<std::string>{"--write", "--format=json"}, {"-out=x.tfplan"}, {"--format=hcl"}}) {
        BOOST_TEST_CONTEXT(extra[0]) {
            const RunResult run = roots.plan(extra);
            BOOST_TEST(run.exit_code == 1, run.describe());
            BOOST_TEST(run.out == "");
            BOOST_TEST(line_count(run.err) == 1u, run.describe());
        }
    }
    const RunResult twice = roots.a.tfw({"plan", "--root", ".", "-input=false"});
    BOOST_TEST(twice.exit_code == 1, twice.describe());
    BOOST_TEST(twice.err.find("is given twice") != std::string::npos, twice.describe());
}
