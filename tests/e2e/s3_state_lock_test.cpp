// Whose is a state lock, on Terraform's S3 backend (moto's emulator), which records the
// holder: in the S3 lock file (`use_lockfile`) or in the DynamoDB table's item. tfw holds
// each root's lock through its own `terraform console` for the whole of `tfw apply
// --root`, prompt included, and knows that console's record for its own. Another run's
// lock (a real `terraform console` holding it), taken before tfw starts or between its
// plans and its migration, is named, ID and all, and refused, and nothing changes. A
// lock tfw's console took and then was refused, its answer lost on the way, is released.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <fstream>
#include <thread>

#include <rapidjson/document.h>

#include "checks.hpp"
#include "console_lock.hpp"
#include "gate.hpp"
#include "lossy_relay.hpp"
#include "moto_server.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

struct LockRecord {
    std::string id, operation, who;
};

// The lock record the backend keeps for a root's state; fails the test when there is none.
LockRecord require_lock_record(const MotoServer& moto, S3Lock lock, const std::string& root) {
    const std::optional<std::string> record = moto.lock_record(split_roots_state(lock, root));
    if (!record) throw E2eError("no lock is recorded for " + root);
    rapidjson::Document doc;
    doc.Parse(record->c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("ID") || !doc.HasMember("Operation") || !doc.HasMember("Who"))
        throw E2eError("the lock record of " + root + " is not Terraform's lock info: " + *record);
    return {doc["ID"].GetString(), doc["Operation"].GetString(), doc["Who"].GetString()};
}

// A plain terraform in the root is refused the lock, and its error names `holder`.
void check_refused_by(const Workspace& ws, const LockRecord& holder) {
    const RunResult refused = ws.terraform({"plan", "-input=false", "-no-color", "-lock-timeout=0s"});
    BOOST_TEST(refused.exit_code == 1, refused.describe());
    BOOST_TEST(contains(refused.err, "Error acquiring the state lock"), refused.describe());
    BOOST_TEST(contains(refused.err, "ID:        " + holder.id + "\n"), refused.describe());
}

void tfw_holds_both_locks_through_its_prompt(S3Lock lock) {
    MotoServer& moto = clean_moto_server();
    const auto split = split_roots_in_s3(moto, lock);
    SplitRoots& roots = *split;
    const std::string untouched = roots.everything();

    auto tfw = start_with_open_input(roots.a, tfw_binary(), {"apply", "-no-color", "--root", roots.b.dir().string()});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!contains(read_text_file(tfw->output_file()), "Do you want to move them?")) {
        BOOST_TEST_REQUIRE(tfw->running(), "tfw ended before its prompt:\n" << read_text_file(tfw->output_file()));
        BOOST_TEST_REQUIRE((std::chrono::steady_clock::now() < deadline), "no prompt:\n" << read_text_file(tfw->output_file()));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // At the prompt, both locks are held by tfw's consoles, as the backend records them,
    // and another run is refused them.
    for (const auto& [root, ws] : {std::pair{"root_a", &roots.a}, std::pair{"root_b", &roots.b}}) {
        BOOST_TEST_CONTEXT(root) {
            const LockRecord held = require_lock_record(moto, lock, root);
            BOOST_TEST(held.operation == "OperationTypeInvalid", "not a console's lock: " << held.operation);
            check_refused_by(*ws, held);
        }
    }
    // No answer (the input ends): nothing moves, and both locks are released.
    const int declined = tfw->finish();
    const std::string said = read_text_file(tfw->output_file());
    BOOST_TEST(declined == 1, said);
    BOOST_TEST(contains(said, "Move cancelled."), said);
    BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_a")).has_value());
    BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_b")).has_value());
    BOOST_TEST(roots.everything() == untouched, "a declined migration changed a file or a state");
}

void another_runs_lock_is_named_and_refused(S3Lock lock) {
    MotoServer& moto = clean_moto_server();
    const auto split = split_roots_in_s3(moto, lock);
    SplitRoots& roots = *split;
    const std::string untouched = roots.everything();
    const std::vector<std::string> migrate = {"apply", "-no-color", "-auto-approve", "-lock-timeout=2s", "--root",
                                              roots.b.dir().string()};
    {
        // Held before tfw starts: Terraform refuses to plan B, and its error, which tfw
        // shows after a line naming the root, names the holder.
        TerraformConsoleLock other(roots.b);
        const LockRecord holder = require_lock_record(moto, lock, "root_b");
        const RunResult refused = roots.a.tfw(migrate);
        BOOST_TEST(refused.exit_code == 1, refused.describe());
        BOOST_TEST(refused.err.starts_with("tfw: error: root module " + roots.b.dir().string() +
                                           " failed to plan: Error: Error acquiring the state lock\n"),
                   refused.describe());
        BOOST_TEST(contains(refused.err, "ID:        " + holder.id + "\n"), refused.describe());
        BOOST_TEST(contains(refused.err, "tfw: nothing is moved for any root"), refused.describe());
        // In B alone, tfw plan and tfw apply the same.
        for (const std::vector<std::string>& command :
             {std::vector<std::string>{"plan", "-input=false", "-no-color"},
              std::vector<std::string>{"apply", "-input=false", "-no-color", "-auto-approve"}}) {
            BOOST_TEST_CONTEXT("tfw " << command[0]) {
                const RunResult alone = roots.b.tfw(command);
                BOOST_TEST(alone.exit_code == 1, alone.describe());
                BOOST_TEST(contains(alone.err, "Error acquiring the state lock"), alone.describe());
                BOOST_TEST(contains(alone.err, "ID:        " + holder.id + "\n"), alone.describe());
            }
        }
        BOOST_TEST(require_lock_record(moto, lock, "root_b").id == holder.id, "the other run's lock was taken from it");
        other.release();
        BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_b")).has_value());
        BOOST_TEST(roots.everything() == untouched, "a refused run changed a file or a state");
    }
    {
        // Taken after tfw planned both roots, before its console locks A (a gate holds
        // that console): tfw's console cannot take the lock, and after -lock-timeout tfw
        // names the holder from the backend's record.
        const fs::path gate = roots.a.scratch() / "console-gate";
        fs::create_directories(gate);
        roots.a.set_environment("TFW_TEST_GATE", gate.string());
        roots.a.set_environment("TFW_TEST_GATE_COMMAND", "console");
        std::vector<std::string> gated = migrate;
        gated.push_back("--terraform-bin=" + write_gated_terraform(roots.a).string());
        auto tfw = roots.a.start_tfw(gated);
        BOOST_TEST_REQUIRE(wait_for_file(gate / "entered", *tfw), "tfw started no console:\n" << tfw->errors_so_far());
        TerraformConsoleLock other(roots.a);
        const LockRecord holder = require_lock_record(moto, lock, "root_a");
        std::ofstream(gate / "open").close();
        const RunResult refused = tfw->wait();
        roots.a.set_environment("TFW_TEST_GATE", "");
        BOOST_TEST(refused.exit_code == 1, refused.describe());
        BOOST_TEST(contains(refused.err, "tfw: error: root module .: the state lock is held by another run (ID: " +
                                             holder.id + ", Who: " + holder.who +
                                             ", Operation: OperationTypeInvalid, Created: "),
                   refused.describe());
        BOOST_TEST(contains(refused.err, "; nothing was changed."), refused.describe());
        BOOST_TEST(!contains(refused.out, "tfw: moved"), refused.describe());
        BOOST_TEST(require_lock_record(moto, lock, "root_a").id == holder.id, "the other run's lock was taken from it");
        BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_b")).has_value(), "tfw left B locked");
        other.release();
        BOOST_TEST(roots.everything() == untouched, "a refused run changed a file or a state");
    }
}

// The network loses the backend's answer to the write of tfw's console taking a lock: the
// write took the lock, and the AWS SDK's retry of it is refused by that lock. The console
// ends, leaving it. tfw knows it for its console's own (the ID its trace log names),
// releases it, says so, and migrates; no lock is left.
void a_lock_its_console_lost_to_a_retry_is_released(S3Lock lock) {
    MotoServer& moto = clean_moto_server();
    LossyRelay network(moto.port());
    const auto split = split_roots_in_s3(moto, lock, network.endpoint());
    SplitRoots& roots = *split;
    // A console's lock (OperationTypeInvalid) in a DynamoDB item or an S3 lock file.
    if (lock == S3Lock::dynamodb) network.lose_next_answer_to({"DynamoDB_20120810.PutItem", "OperationTypeInvalid"});
    else network.lose_next_answer_to({"PUT /tfstate/", ".tflock", "OperationTypeInvalid"});
    const RunResult moved = roots.a.tfw({"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()});
    BOOST_TEST_REQUIRE(network.answers_lost() == 1, "no answer was lost:\n" << moved.describe());
    BOOST_TEST_REQUIRE(moved.exit_code == 0, moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: moved 5 objects between root modules\n"), moved.describe());
    // Never a lock removed in silence.
    BOOST_TEST(contains(moved.err, "lost the backend's answer and its retry found the lock it had just taken (ID: "),
               moved.describe());
    BOOST_TEST(contains(moved.err, "; tfw released it by its ID and asks for the lock again\n"), moved.describe());
    BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_a")).has_value(), "A is left locked");
    BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_b")).has_value(), "B is left locked");
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode", "-lock-timeout=0s"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(tfw_holds_both_locks_through_its_prompt_with_s3_lock_files, *moto_server_required()) {
    tfw_holds_both_locks_through_its_prompt(S3Lock::lockfile);
}

BOOST_AUTO_TEST_CASE(tfw_holds_both_locks_through_its_prompt_with_a_dynamodb_table, *moto_server_required()) {
    tfw_holds_both_locks_through_its_prompt(S3Lock::dynamodb);
}

BOOST_AUTO_TEST_CASE(another_runs_lock_is_named_and_refused_with_s3_lock_files, *moto_server_required()) {
    another_runs_lock_is_named_and_refused(S3Lock::lockfile);
}

BOOST_AUTO_TEST_CASE(another_runs_lock_is_named_and_refused_with_a_dynamodb_table, *moto_server_required()) {
    another_runs_lock_is_named_and_refused(S3Lock::dynamodb);
}

BOOST_AUTO_TEST_CASE(a_lock_its_console_lost_to_a_retry_is_released_with_s3_lock_files, *moto_server_required()) {
    a_lock_its_console_lost_to_a_retry_is_released(S3Lock::lockfile);
}

BOOST_AUTO_TEST_CASE(a_lock_its_console_lost_to_a_retry_is_released_with_a_dynamodb_table, *moto_server_required()) {
    a_lock_its_console_lost_to_a_retry_is_released(S3Lock::dynamodb);
}
