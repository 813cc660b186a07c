// Whose is a root's state lock. tfw holds the lock through `terraform console`
// (shell/state_lock_holder.hpp) and proceeds only when it knows the console holds it:
// the console's own trace log says its lock call returned, the console still runs, and
// another command's attempt is refused. Where the backend records the holder (local, s3,
// gcs, azurerm, consul), the refusal names it, and it must be that console. The `pg`
// backend records none: its refusal shows the asking command's own details.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace tfw::core::inline roots {

// Go's time.Time.String(), as Terraform prints a lock's Created:
// "2026-11-26 09:46:06.110864424 +0000 UTC". std::nullopt for anything else.
std::optional<std::chrono::system_clock::time_point> parse_go_time(std::string_view text);

// The "Lock Info:" block of Terraform's "Error acquiring the state lock".
struct LockInfo {
    std::string id, operation, who, created;  // as printed
    std::optional<std::chrono::system_clock::time_point> created_at;
};

// std::nullopt when the output has no "Lock Info:" block.
std::optional<LockInfo> parse_lock_info(std::string_view terraform_output);

// "ID: …, Who: …, Operation: …, Created: …", the fields that were printed.
std::string describe_lock(const LockInfo& lock);

// How far `terraform console` got with the state lock, read from its TF_LOG=trace log.
// `acquired` only when "reading remote state" follows "requesting state lock": Terraform
// logs it after the lock call returned without error, and the console keeps the lock
// until its input ends.
enum class ConsoleLockStep { not_asked, asked, acquired };
ConsoleLockStep console_lock_step(std::string_view trace_log);

// The ID of the lock the console tried to take, where its trace log says it: the S3
// backend (lock file or DynamoDB table) logs each request of its lock call with
// "tf_backend.operation=Lock" and "tf_backend.lock.id=…". std::nullopt elsewhere.
std::optional<std::string> console_lock_id(std::string_view trace_log);

// Whether a console that ended because it was refused the lock (`refusal` is its output)
// was refused by the lock it took itself: the network lost the backend's answer to its
// conditional write, and the AWS SDK's retry of that write found the lock the first one
// had written. Its ID is a random UUID the console made, so only the console's own log and
// the refusal naming that ID decide; the lock is left behind, and only tfw knows it is
// nobody's.
bool refused_by_its_own_lock(std::string_view refusal, std::string_view trace_log);

// What tfw saw, in this order: the console started, its log said `console_step`, then
// a probe (a command that needs the lock) began at `probe_started` and was refused or not.
struct LockEvidence {
    ConsoleLockStep console_step = ConsoleLockStep::not_asked;
    bool probe_refused = false;
    std::optional<LockInfo> holder;  // from the probe's refusal
    std::string who;                 // this run's user@host, as Terraform writes Who
    std::chrono::system_clock::time_point console_started, probe_started;
};

enum class LockOwnership {
    ours,          // the console holds it
    not_yet,       // the console has not taken it yet: look again
    someone_else,  // another run holds it
    unknown,       // the backend does not keep other runs out
};

struct LockJudgement {
    LockOwnership ownership;
    std::string reason;  // for someone_else and unknown: why, in one clause
};

// The caller checks afterwards that the console still runs: the lock it took is then held.
LockJudgement judge_lock_ownership(const LockEvidence& evidence);

}  // namespace tfw::core::roots
