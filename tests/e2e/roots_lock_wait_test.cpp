// -lock-timeout=D for tfw's own lock on the root module: runs started together in one
// root take turns, as terraform's state lock makes them, instead of all but one failing.
// Without the option the second run still fails at once (chaos_concurrent_test.cpp).
//
// The overlap is certain, not timed: the first run's terraform is held at a gate (see
// gate.hpp) until both other runs have said that they wait.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "chaos.hpp"
#include "gate.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

std::vector<std::string> plan_to(const std::string& plan_file, const std::string& lock_timeout) {
    std::vector<std::string> args = {"plan", "-input=false", "-no-color", "-out=" + plan_file};
    if (!lock_timeout.empty()) args.push_back("-lock-timeout=" + lock_timeout);
    return args;
}

bool says_it_waits(const std::string& err) {
    return err.find("tfw: another tfw run holds the lock on ") != std::string::npos &&
           err.find("; waiting up to 120s (-lock-timeout=120s)\n") != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_CASE(three_runs_with_a_lock_timeout_take_turns) {
    Workspace ws("rename_several");
    ws.apply_before();
    ws.switch_to("after");
    const std::vector<std::pair<std::string, std::string>> expected = moves(ws.plan_with_reference_moves());
    BOOST_TEST_REQUIRE(expected.size() == 3u);
    const std::vector<std::string> plan_files = {"first.tfplan", "second.tfplan", "third.tfplan"};
    const Snapshot before = ws.snapshot(plan_files);
    const std::string state = ws.read_file("terraform.tfstate");
    ws.set_environment("TFW_TERRAFORM_BIN", write_gated_terraform(ws).string());
    const fs::path gate = ws.scratch() / "gate";
    fs::create_directories(gate);

    ws.set_environment("TFW_TEST_GATE", gate.string());
    auto first = ws.start_tfw(plan_to(plan_files[0], "120s"));
    ws.set_environment("TFW_TEST_GATE", "");
    if (!wait_for_file(gate / "entered", *first))
        BOOST_FAIL("the first run never reached the gate:\n" << first->wait().describe());

    // Without the option a run fails at once while the first holds the lock.
    const RunResult impatient = ws.tfw(plan_to("impatient.tfplan", ""));
    BOOST_TEST(impatient.exit_code == 1, impatient.describe());
    BOOST_TEST(impatient.err.starts_with("tfw: error: another tfw run is active in "), impatient.describe());
    BOOST_TEST(line_count(impatient.err) == 1u, impatient.describe());
    BOOST_TEST(!ws.exists("impatient.tfplan"));

    // A timeout shorter than the first run's hold: it waits, then names the lock.
    const RunResult short_wait = ws.tfw(plan_to("short.tfplan", "1s"));
    BOOST_TEST(short_wait.exit_code == 1, short_wait.describe());
    BOOST_TEST(short_wait.err.find("waiting up to 1s (-lock-timeout=1s)\n") != std::string::npos, short_wait.describe());
    BOOST_TEST(short_wait.err.find("tfw: error: tfw's lock on the root module ") != std::string::npos,
               short_wait.describe());
    BOOST_TEST(short_wait.err.find("was still held by another tfw run after -lock-timeout=1s") != std::string::npos,
               short_wait.describe());
    BOOST_TEST(line_count(short_wait.err) == 2u, short_wait.describe());
    BOOST_TEST(!ws.exists("short.tfplan"));

    auto second = ws.start_tfw(plan_to(plan_files[1], "120s"));
    auto third = ws.start_tfw(plan_to(plan_files[2], "120s"));
    // (A message argument is evaluated even when the check passes: no wait() in it.)
    if (!wait_while_running(*second, [&] { return says_it_waits(second->errors_so_far()); }))
        BOOST_FAIL("the second run did not wait:\n" << second->wait().describe());
    if (!wait_while_running(*third, [&] { return says_it_waits(third->errors_so_far()); }))
        BOOST_FAIL("the third run did not wait:\n" << third->wait().describe());
    BOOST_TEST(first->running());
    std::ofstream(gate / "open").close();

    const std::vector<RunResult> results = {first->wait(), second->wait(), third->wait()};
    for (std::size_t i = 0; i < results.size(); ++i) {
        BOOST_TEST_CONTEXT(plan_files[i]) {
            BOOST_TEST_REQUIRE(results[i].exit_code == 0, results[i].describe());
            BOOST_TEST_REQUIRE(ws.exists(plan_files[i]), results[i].describe());
            const tfw::core::Plan plan = ws.show_plan(plan_files[i]);
            BOOST_TEST((moves(plan) == expected), describe(plan));
            BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
            BOOST_TEST(count_actions(plan, tfw::core::Action::create) == 0u, describe(plan));
        }
    }
    BOOST_TEST(says_it_waits(results[1].err), results[1].describe());
    BOOST_TEST(says_it_waits(results[2].err), results[2].describe());
    BOOST_TEST(ws.tfw_temp_files().empty());
    BOOST_TEST(snapshot_difference(before, ws.snapshot({"impatient.tfplan", "short.tfplan", plan_files[0], plan_files[1],
                                                        plan_files[2]})) == "");
    BOOST_TEST(ws.read_file("terraform.tfstate") == state);
}

// Issue 48: `tfw tidy -lock-timeout=D` waits for tfw's lock as plan does, where it used to
// fail at once; without the option it still fails at once.
BOOST_AUTO_TEST_CASE(tidy_with_a_lock_timeout_waits_for_a_plan) {
    Workspace ws("tidy_keyless");
    ws.apply_before();
    ws.switch_to("after");
    ws.set_environment("TFW_TERRAFORM_BIN", write_gated_terraform(ws).string());
    const fs::path gate = ws.scratch() / "gate";
    fs::create_directories(gate);
    ws.set_environment("TFW_TEST_GATE", gate.string());
    auto planning = ws.start_tfw(plan_to("planned.tfplan", "120s"));
    ws.set_environment("TFW_TEST_GATE", "");
    if (!wait_for_file(gate / "entered", *planning))
        BOOST_FAIL("the plan never reached the gate:\n" << planning->wait().describe());

    const RunResult impatient = ws.tfw({"tidy"});
    BOOST_TEST(impatient.exit_code == 1, impatient.describe());
    BOOST_TEST(impatient.err.starts_with("tfw: error: another tfw run is active in "), impatient.describe());

    auto tidying = ws.start_tfw({"tidy", "-lock-timeout=120s"});
    if (!wait_while_running(*tidying, [&] { return says_it_waits(tidying->errors_so_far()); }))
        BOOST_FAIL("tidy did not wait:\n" << tidying->wait().describe());
    BOOST_TEST(planning->running());
    std::ofstream(gate / "open").close();
    const RunResult planned = planning->wait();
    BOOST_TEST(planned.exit_code == 0, planned.describe());
    const RunResult tidied = tidying->wait();
    BOOST_TEST(tidied.exit_code == 0, tidied.describe());
    BOOST_TEST(says_it_waits(tidied.err), tidied.describe());
    BOOST_TEST(tidied.out.find("tfw tidy: read the states of workspace default") != std::string::npos, tidied.describe());
}
