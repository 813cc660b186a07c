// Carrying out moves between root modules on their states (issue 17's state migration):
// with every involved root's state lock held, pull the states, move the objects in local
// copies (core/roots/state_migration.hpp), let Terraform judge the copies (each root planned
// against its new state: every moved object must plan no change where it arrives, and
// nothing where it left), ask, write the journal and the states of every step, then push:
// the roots that gain first, the roots that lose second. Each push is checked against
// where the state is first, and Terraform's own push refuses a state that is not the next
// serial of its lineage. A run cut short leaves every object in at least one state and a
// journal; the next run finishes the migration (finish_interrupted_migrations).
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/roots/migration_plan.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::shell {

struct MigrationRoot {
    std::filesystem::path dir;  // absolute
    std::string name;           // as the user gave it
    std::vector<std::string> global_args;  // with -chdir
};

struct WithdrawnTransfer {
    core::StateTransfer transfer;
    std::string reason;
};

struct MigrationRequest {
    std::filesystem::path terraform_binary;
    std::vector<MigrationRoot> roots;
    std::vector<core::StateTransfer> transfers;
    std::vector<std::string> plan_args;  // the user's plan options, for the checking plans
    // The plans between roots that judged these transfers before the locks were taken:
    // they stand, and no checking plan is made, while the states are as they were then.
    std::optional<core::JudgedTransfers> judged;
    std::chrono::nanoseconds lock_timeout{0};
    // Asked once Terraform has confirmed the transfers, with the state locks held; false
    // cancels and nothing changes.
    std::function<bool(const std::vector<core::StateTransfer>&, const std::vector<WithdrawnTransfer>&)> confirm;
    std::function<void(const std::string&)> say;  // one line of progress
};

struct MigrationOutcome {
    std::vector<core::StateTransfer> carried;
    std::vector<WithdrawnTransfer> withdrawn;
    bool cancelled = false;
    std::filesystem::path kept_in;  // the states of every step, and the journal
};

MigrationOutcome migrate_states(const MigrationRequest& request);

// Where migrations keep their journal and states: $XDG_STATE_HOME/tfw/migrations (an
// absolute one), else ~/.local/state/tfw/migrations of $HOME or, without it, of the
// user's home in the password database; never a shared directory such as /tmp: throws a
// one-line error when none of them is set. The states hold secrets: directories 0700,
// files 0600.
std::filesystem::path migrations_home();

// One object a migration cut short left in two states, and the root Terraform says keeps it.
struct SplitRemoval {
    std::size_t keeping_root = 0;  // index into the roots given
    std::string keeping_address;
    std::size_t losing_root = 0;
    std::string losing_address;
    std::string id;
};

// The state of each root (`terraform state pull`; "" for none), in order: read-only.
std::vector<std::string> pull_states(const std::filesystem::path& terraform_binary, const std::vector<MigrationRoot>& roots);

// The state of a root this run does not plan (a sibling named by the policy's `roots`),
// read-only, in `workspace`: `state pull` where the root is initialised or has no backend
// block (the local backend needs no init), else after `init` into a private data
// directory at `scratch`, providers as its lock file pins them, so that its checkout
// stays as it is. "" when it has no state. Throws with terraform's first error line.
std::string pull_state_of_root(const std::filesystem::path& terraform_binary, const std::filesystem::path& root_dir,
                               const std::string& workspace, const std::filesystem::path& scratch);

// Finishes migrations cut short as the states alone show them: with the state locks of
// the roots involved held, checks that each object is still in both states with its id,
// keeps the losing roots' states (0600, for restoring), and pushes each losing root's
// state without the objects it lost, signals deferred until the pushes end. Says one line
// per object. Throws when a state changed since it was judged (nothing is pushed then).
void finish_split_objects(const std::filesystem::path& terraform_binary, const std::vector<MigrationRoot>& roots,
                          const std::vector<SplitRemoval>& removals, std::chrono::nanoseconds lock_timeout,
                          const std::function<void(const std::string&)>& say);

// Removes the kept states of migrations that finished (or were rolled back) longer than
// `keep` ago; a migration cut short is never removed. Returns what it removed.
std::vector<std::filesystem::path> remove_expired_migrations(std::chrono::hours keep);

// A migration between roots cut short that a root takes part in (in its current
// workspace): where its journal and states are kept, and the other roots it named.
struct CutShortMigration {
    std::filesystem::path kept_in;
    std::vector<std::string> other_roots;  // absolute; empty when its journal cannot be read
    // The root's pointer names a migration whose kept directory is not on this machine
    // (another HOME or XDG_STATE_HOME under sudo, a .terraform cached from another
    // machine, a journal removed): only the states can tell what it left.
    std::filesystem::path lost_by;  // the pointer, when lost; empty otherwise
};

// The migration cut short a root takes part in: the pointer in its data directory, else
// an unfinished journal of this machine's migrations_home() that names the root; or none.
// Every command that plans or applies a root asks first: until the migration is finished,
// the root may hold objects another root now manages, and applying it destroys them.
std::optional<CutShortMigration> cut_short_migration(const std::filesystem::path& root_dir);

// Finishes the interrupted migrations of these roots, with their state locks held, and
// says for each in one line whether it finished it or, when nothing had been pushed,
// rolled it back. Throws when a state has changed since (nothing is pushed then). A
// migration whose journal is lost (CutShortMigration::lost_by) is left to the repair from
// the states alone, which the caller makes next (pointers_to_lost_journals).
void finish_interrupted_migrations(const std::filesystem::path& terraform_binary, const std::vector<MigrationRoot>& roots,
                                   std::chrono::nanoseconds lock_timeout,
                                   const std::function<void(const std::string&)>& say);

// The pointers of these roots that name a migration whose journal is lost.
std::vector<std::filesystem::path> pointers_to_lost_journals(const std::vector<MigrationRoot>& roots);

// Removes those pointers, once the repair from the states alone has left no object in
// two states; says one line per pointer.
void remove_lost_pointers(const std::vector<std::filesystem::path>& pointers,
                          const std::function<void(const std::string&)>& say);

}  // namespace tfw::shell
