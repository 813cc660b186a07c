#include "tfw/core/roots/state_lock.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;
using namespace std::chrono;

namespace {

system_clock::time_point at_utc(int h, int m, int s, int nanos = 0) {
    return time_point_cast<system_clock::duration>(sys_days(year(2026) / 11 / 26) + hours(h) + minutes(m) + seconds(s) +
                                                   nanoseconds(nanos));
}

// As `terraform state mv -dry-run` prints it on the local backend, while a console holds the lock.
const std::string local_refusal = R"(
Error: Error acquiring the state lock

Error message: resource temporarily unavailable
Lock Info:
  ID:        a6a8bd85-240e-660f-29b7-c7820f881e81
  Path:      terraform.tfstate
  Operation: OperationTypeInvalid
  Who:       root@vm
  Version:   1.11.4
  Created:   2026-11-26 09:46:06.110864424 +0000 UTC
  Info:      


Terraform acquires a state lock to protect the state from being written
by multiple users at the same time.
)";

}  // namespace

BOOST_AUTO_TEST_CASE(reads_go_times) {
    struct Case {
        std::string text;
        std::optional<system_clock::time_point> expected;
    };
    const std::vector<Case> cases = {
        {"2026-11-26 09:46:06.110864424 +0000 UTC", at_utc(9, 46, 6, 110864424)},
        {"2026-11-26 09:46:06 +0000 UTC", at_utc(9, 46, 6)},
        {"2026-11-26 10:46:06.5 +0100 CET", at_utc(9, 46, 6, 500000000)},
        {"2026-11-26 05:16:06 -0430 -0430", at_utc(9, 46, 6)},
        {"2026-11-26 09:46:06.110864424 +0000 UTC m=+0.003", at_utc(9, 46, 6, 110864424)},
        {"2026-11-26 09:46:06 +0000", at_utc(9, 46, 6)},
        {"2026-11-26T09:46:06Z", std::nullopt},
        {"2026-02-30 09:46:06 +0000 UTC", std::nullopt},
        {"2026-11-26 24:00:00 +0000 UTC", std::nullopt},
        {"2026-11-26 09:46:06. +0000 UTC", std::nullopt},
        {"2026-11-26 09:46:06 UTC", std::nullopt},
        {"", std::nullopt},
    };
    for (const auto& c : cases) BOOST_TEST((parse_go_time(c.text) == c.expected), c.text);
}

BOOST_AUTO_TEST_CASE(reads_the_lock_info_of_a_refusal) {
    const auto lock = parse_lock_info(local_refusal);
    BOOST_TEST_REQUIRE(lock.has_value());
    BOOST_TEST(lock->id == "a6a8bd85-240e-660f-29b7-c7820f881e81");
    BOOST_TEST(lock->operation == "OperationTypeInvalid");
    BOOST_TEST(lock->who == "root@vm");
    BOOST_TEST(lock->created == "2026-11-26 09:46:06.110864424 +0000 UTC");
    BOOST_TEST((lock->created_at == at_utc(9, 46, 6, 110864424)));
    BOOST_TEST(describe_lock(*lock) == "ID: a6a8bd85-240e-660f-29b7-c7820f881e81, Who: root@vm, "
                                       "Operation: OperationTypeInvalid, Created: 2026-11-26 09:46:06.110864424 +0000 UTC");
    BOOST_TEST(!parse_lock_info("Error: Invalid source address\n").has_value());
    const auto odd = parse_lock_info("Lock Info:\n  ID: x\n  Created: yesterday\n\n  Who: not read\n");
    BOOST_TEST_REQUIRE(odd.has_value());
    BOOST_TEST(odd->id == "x");
    BOOST_TEST(odd->who.empty());
    BOOST_TEST(!odd->created_at.has_value());
}

BOOST_AUTO_TEST_CASE(reads_how_far_the_console_got_with_the_lock) {
    const std::string asked = "2026-11-26T09:46:44.727Z [TRACE] backend/local: requesting state lock for workspace \"default\"\n";
    const std::string read = "2026-11-26T09:46:44.728Z [TRACE] backend/local: reading remote state for workspace \"default\"\n";
    struct Case {
        std::string name, log;
        ConsoleLockStep expected;
    };
    const std::vector<Case> cases = {
        {"empty log", "", ConsoleLockStep::not_asked},
        {"still starting", "[TRACE] Meta.Backend: using default local state only\n", ConsoleLockStep::not_asked},
        {"asked, waiting or refused", asked + "[TRACE] statemgr.Filesystem: locking terraform.tfstate\n", ConsoleLockStep::asked},
        {"lock call returned", asked + read, ConsoleLockStep::acquired},
        {"reading before asking is not taking", read + asked, ConsoleLockStep::asked},
        {"another version's words are not recognised", "[TRACE] backend: lock acquired\n", ConsoleLockStep::not_asked},
    };
    for (const auto& c : cases) BOOST_TEST((console_lock_step(c.log) == c.expected), c.name);
}

// The console's lock call in the S3 backend's trace log (DynamoDB table), shortened.
std::string lock_request(const std::string& id, const std::string& operation = "Lock") {
    return "2026-11-29T11:05:56.231Z [DEBUG] backend-s3: HTTP Request Sent: aws.region=us-east-1 rpc.method=PutItem "
           "tf_backend.lock.id=" + id + " tf_backend.lock.info=\"\" tf_backend.lock.operation=OperationTypeInvalid "
           "tf_backend.lock.who=root@vm tf_backend.operation=" + operation + " tf_backend.req_id=bb22038b "
           "http.user_agent=\"APN/1.0 HashiCorp/1.0 Terraform/1.11.4\"\n";
}

BOOST_AUTO_TEST_CASE(reads_the_id_of_the_lock_the_console_asked_for) {
    const std::string id = "eea58ce6-797c-d267-2f50-6a12411915c6";
    struct Case {
        std::string name, log;
        std::optional<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"the lock call's request", "[TRACE] starting\n" + lock_request(id), id},
        {"at the end of the log, no newline", lock_request(id).substr(0, lock_request(id).size() - 1), id},
        {"the unlock call is not the lock call", lock_request(id, "Unlock"), std::nullopt},
        {"an operation named like it is not it", lock_request(id, "LockTable"), std::nullopt},
        {"the first lock call, where the log has two", lock_request(id) + lock_request("other"), id},
        {"a field that only ends like it", "x tf_backend.operation=Lock my.tf_backend.lock.id=" + id + "\n", std::nullopt},
        {"a backend that does not log it (local, pg)",
         "2026-11-26T09:46:44.727Z [TRACE] backend/local: requesting state lock for workspace \"default\"\n", std::nullopt},
        {"an empty ID", "a tf_backend.lock.id= tf_backend.operation=Lock\n", std::nullopt},
        {"empty log", "", std::nullopt},
    };
    for (const auto& c : cases) BOOST_TEST((console_lock_id(c.log) == c.expected), c.name);
}

BOOST_AUTO_TEST_CASE(knows_a_lock_left_by_its_own_lost_write) {
    const std::string id = "a6a8bd85-240e-660f-29b7-c7820f881e81";  // the holder in local_refusal
    struct Case {
        std::string name, refusal, log;
        bool expected;
    };
    const std::vector<Case> cases = {
        {"the refusal names the lock the console asked for", local_refusal, lock_request(id), true},
        {"another run's lock, the same user and operation", local_refusal, lock_request("b7f0c2aa-1111-2222-3333-444455556666"), false},
        {"a log that names no lock (pg, local)", local_refusal, "[TRACE] backend/local: requesting state lock\n", false},
        {"a failure that is no refusal", "Error: Invalid expression\n", lock_request(id), false},
        {"a refusal without an ID", "Lock Info:\n  Who: root@vm\n", lock_request(id), false},
    };
    for (const auto& c : cases) BOOST_TEST(refused_by_its_own_lock(c.refusal, c.log) == c.expected, c.name);
}

BOOST_AUTO_TEST_CASE(owns_the_lock_only_on_positive_evidence) {
    const auto console_started = at_utc(9, 46, 0);
    const auto probe_started = at_utc(9, 46, 10);
    LockInfo console_lock{"a6a8", "OperationTypeInvalid", "root@vm", "(console)", at_utc(9, 46, 6)};
    LockInfo pg_asker{"e13d", "state-mv", "root@vm", "(probe)", at_utc(9, 46, 10, 5)};
    LockInfo apply_lock{"77f0", "OperationTypeApply", "ci@runner", "(apply)", at_utc(9, 45, 0)};
    LockInfo older_console{"0bad", "OperationTypeInvalid", "root@vm", "(old)", at_utc(9, 40, 0)};
    LockInfo other_host_console{"c0de", "OperationTypeInvalid", "root@laptop", "(laptop)", at_utc(9, 46, 6)};
    LockInfo unreadable_time{"d00d", "OperationTypeApply", "ci@runner", "yesterday", std::nullopt};
    struct Case {
        std::string name;
        ConsoleLockStep step;
        bool refused;
        std::optional<LockInfo> holder;
        LockOwnership expected;
    };
    const std::vector<Case> cases = {
        {"console still starting", ConsoleLockStep::not_asked, true, apply_lock, LockOwnership::not_yet},
        {"console asked, no answer yet", ConsoleLockStep::asked, true, apply_lock, LockOwnership::not_yet},
        {"the console's record names it", ConsoleLockStep::acquired, true, console_lock, LockOwnership::ours},
        {"pg shows the probe itself", ConsoleLockStep::acquired, true, pg_asker, LockOwnership::ours},
        {"a refusal without details", ConsoleLockStep::acquired, true, std::nullopt, LockOwnership::ours},
        {"a time tfw cannot read", ConsoleLockStep::acquired, true, unreadable_time, LockOwnership::ours},
        {"an apply holds it", ConsoleLockStep::acquired, true, apply_lock, LockOwnership::someone_else},
        {"a console from before this one", ConsoleLockStep::acquired, true, older_console, LockOwnership::someone_else},
        {"a console on another machine", ConsoleLockStep::acquired, true, other_host_console, LockOwnership::someone_else},
        {"a lock that keeps no one out", ConsoleLockStep::acquired, false, std::nullopt, LockOwnership::unknown},
    };
    for (const auto& c : cases) {
        const LockJudgement judgement =
            judge_lock_ownership({c.step, c.refused, c.holder, "root@vm", console_started, probe_started});
        BOOST_TEST((judgement.ownership == c.expected), c.name);
        const bool refused = c.expected == LockOwnership::someone_else || c.expected == LockOwnership::unknown;
        BOOST_TEST(judgement.reason.empty() == !refused, c.name);
    }
    const auto held = judge_lock_ownership({ConsoleLockStep::acquired, true, apply_lock, "root@vm", console_started, probe_started});
    BOOST_TEST(held.reason == "the state lock is held by another run (ID: 77f0, Who: ci@runner, Operation: OperationTypeApply, "
                              "Created: (apply))");
}
