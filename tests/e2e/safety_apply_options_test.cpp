// `tfw apply` applies the plan it showed with every option of the user's that `terraform
// apply PLANFILE` takes (issue 33), each seen at work, from the command line,
// TF_CLI_ARGS_apply and TF_CLI_ARGS alike: -lock-timeout and -lock=false against a held
// state lock, -parallelism, -no-color, -compact-warnings, -var and -var-file (ephemeral
// variables, which a saved plan needs again), -state, -backup and -state-out.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <fstream>
#include <thread>

#include <rapidjson/document.h>

#include "checks.hpp"
#include "gate.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

constexpr const char* lock_info = ".terraform.tfstate.lock.info";

// With TFW_TEST_HOLD_LOCK naming a gate directory, a `terraform console` takes the state
// lock just before each `apply` runs and holds it until the test creates `open` in the gate;
// the apply starts once the lock is held (or the wrapper fails, so that a lock never taken
// cannot pass for one waited for).
fs::path lock_holding_terraform(const Workspace& ws) {
    const fs::path file = ws.scratch() / "terraform-holding-the-lock";
    const std::string terraform = "'" + terraform_binary().string() + "'";
    const std::string wait_for_lock = "i=0; while [ ! -e " + std::string(lock_info) +
                                      " ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done";
    // The holder runs apart, every descriptor of its own: the shell keeps copies of the
    // wrapper's, and tfw reads terraform's output until the last copy closes.
    std::ofstream(file) << "#!/bin/sh\n"
                           "if [ -n \"$TFW_TEST_HOLD_LOCK\" ]; then case \" $* \" in *\" apply \"*)\n"
                           "  TFW_TEST_TF=" << terraform << " sh -c '{ " << wait_for_lock
                        << "; while [ ! -e \"$TFW_TEST_HOLD_LOCK/open\" ]; do sleep 0.05; done; } | \"$TFW_TEST_TF\" console' "
                           "</dev/null >/dev/null 2>&1 &\n"
                           "  " << wait_for_lock << "\n"
                           "  [ -e " << lock_info << " ] || { echo 'the console took no lock' >&2; exit 1; };;\n"
                           "esac; fi\n"
                           "exec " << terraform << " \"$@\"\n";
    fs::permissions(file, fs::perms::owner_all);
    return file;
}

// A new closed gate for the lock holder (lock_holding_terraform).
fs::path closed_gate(Workspace& ws, const std::string& name) {
    const fs::path gate = ws.scratch() / name;
    fs::create_directories(gate);
    ws.set_environment("TFW_TEST_HOLD_LOCK", gate.string());
    return gate;
}

void open_gate(const fs::path& gate) { std::ofstream(gate / "open").close(); }

void wait_for_lock_release(const Workspace& ws) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (ws.exists(lock_info) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    BOOST_TEST_REQUIRE(!ws.exists(lock_info), "the console still holds the state lock");
}

// terraform_data.round's input in a state file of the root module.
int round_in(const Workspace& ws, const std::string& state_file) {
    rapidjson::Document state;
    state.Parse(ws.read_file(state_file).c_str());
    if (state.HasParseError() || !state.HasMember("resources")) throw E2eError(state_file + " is not a state");
    for (const auto& resource : state["resources"].GetArray())
        if (std::string(resource["name"].GetString()) == "round")
            return resource["instances"][0]["attributes"]["input"]["value"].GetInt();  // a dynamic value
    throw E2eError(state_file + " has no terraform_data.round");
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_final_apply_gets_every_option_that_applies_to_a_saved_plan) {
    Workspace ws("apply_options");
    ws.apply_before();
    ws.switch_to("after");
    ws.copy_from_fixture("token.tfvars", "token.tfvars");
    const std::string bin = "--terraform-bin=" + lock_holding_terraform(ws).string();

    // The control: with the state lock held and no -lock-timeout, the apply fails, so the
    // lock the wrapper holds is one the apply must wait for.
    const fs::path control_gate = closed_gate(ws, "gate-control");
    const RunResult impatient = ws.tfw({"apply", "-auto-approve", bin, "-no-color", "-var=round=1", "-var=token=given",
                                        "-var-file=token.tfvars"});
    BOOST_TEST(impatient.exit_code == 1, impatient.describe());
    BOOST_TEST(contains(impatient.output(), "Error acquiring the state lock"), impatient.describe());
    open_gate(control_gate);
    wait_for_lock_release(ws);
    BOOST_TEST_REQUIRE(round_in(ws, "terraform.tfstate") == 0, "the control run applied");

    // The command line, the state lock held as the apply starts, and released only once
    // terraform says that it waits for it: -lock-timeout made it wait.
    const fs::path gate = closed_gate(ws, "gate-line");
    auto waiting = ws.start_tfw({"apply", "-auto-approve", bin, "-no-color", "-compact-warnings", "-parallelism=1",
                                 "-lock-timeout=60s", "-var=round=1", "-var=token=given", "-var-file=token.tfvars"});
    const bool waited = wait_while_running(*waiting, [&] { return contains(waiting->output_so_far(), "Acquiring state lock"); });
    open_gate(gate);
    const RunResult line = waiting->wait();
    BOOST_TEST(waited, "the apply did not wait for the lock:\n" << line.describe());
    BOOST_TEST(line.exit_code == 0, line.describe());
    BOOST_TEST(!contains(line.output(), "Error acquiring the state lock"), "-lock-timeout:\n" << line.describe());
    BOOST_TEST(!contains(line.output(), "must also be set during the apply phase"), "-var, -var-file:\n" << line.describe());
    BOOST_TEST(!contains(line.output(), "provisioner error"), "-parallelism:\n" << line.describe());
    BOOST_TEST(!contains(line.output(), "\x1b["), "-no-color:\n" << line.describe());
    const std::size_t apply_starts = line.out.rfind("Plan:");
    BOOST_TEST_REQUIRE(apply_starts != std::string::npos, line.describe());
    const std::string applied = line.out.substr(apply_starts);
    BOOST_TEST(contains(applied, "- Check block assertion failed"), "-compact-warnings:\n" << line.describe());
    BOOST_TEST(!contains(applied, "Warning: Check block assertion failed"), "-compact-warnings:\n" << line.describe());
    BOOST_TEST(contains(applied, "Apply complete! Resources: 2 added, 1 changed, 0 destroyed."), line.describe());
    BOOST_TEST(round_in(ws, "terraform.tfstate") == 1);
    wait_for_lock_release(ws);

    // TF_CLI_ARGS_apply: another state file, and its backup.
    ws.set_environment("TFW_TEST_HOLD_LOCK", "");
    ws.write_file("custom.tfstate", ws.read_file("terraform.tfstate"));
    ws.set_environment("TF_CLI_ARGS_apply", "-state=custom.tfstate -backup=custom.backup -var=round=2");
    const RunResult specific = ws.tfw({"apply", "-auto-approve", "-no-color", bin});
    BOOST_TEST(specific.exit_code == 0, specific.describe());
    BOOST_TEST(round_in(ws, "custom.tfstate") == 2, "-state");
    BOOST_TEST(round_in(ws, "terraform.tfstate") == 1, "-state");
    BOOST_TEST_REQUIRE(ws.exists("custom.backup"), "-backup:\n" << specific.describe());
    BOOST_TEST(round_in(ws, "custom.backup") == 1, "-backup");
    ws.set_environment("TF_CLI_ARGS_apply", "");

    // TF_CLI_ARGS: no lock, the state lock held as the apply starts and still held when
    // it has ended: it ran without the lock.
    const fs::path no_lock_gate = closed_gate(ws, "gate-no-lock");
    ws.set_environment("TF_CLI_ARGS", "-lock=false -var=round=3");
    const RunResult general = ws.tfw({"apply", "-auto-approve", "-no-color", bin});
    BOOST_TEST(general.exit_code == 0, general.describe());
    BOOST_TEST(!contains(general.output(), "Error acquiring the state lock"), "-lock=false:\n" << general.describe());
    BOOST_TEST(ws.exists(lock_info), "the lock was not held throughout the apply");
    BOOST_TEST(round_in(ws, "terraform.tfstate") == 3);
    ws.set_environment("TF_CLI_ARGS", "");
    ws.set_environment("TFW_TEST_HOLD_LOCK", "");
    open_gate(no_lock_gate);
    wait_for_lock_release(ws);

    // The command line again, the value as the next argument: the new state elsewhere.
    const RunResult elsewhere = ws.tfw({"apply", "-auto-approve", "-no-color", bin, "-state-out", "out.tfstate", "-var=round=4"});
    BOOST_TEST(elsewhere.exit_code == 0, elsewhere.describe());
    BOOST_TEST_REQUIRE(ws.exists("out.tfstate"), "-state-out:\n" << elsewhere.describe());
    BOOST_TEST(round_in(ws, "out.tfstate") == 4, "-state-out");
    BOOST_TEST(round_in(ws, "terraform.tfstate") == 3, "-state-out");
}
