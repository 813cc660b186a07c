// SIGKILL at random moments of a migration between the split roots (`tfw apply --root`),
// shared by the chaos tests of migrations on local states (roots_migrate_faults_test) and
// on S3 (s3_migrate_faults_test). The moments are drawn from a seed (TFW_CHAOS_SEED
// overrides it; it is printed), uniformly over the migration itself: from tfw's first line
// about it (the plans between roots judge it, the states under the locks being those
// they were made against) to its end, as an uninterrupted run takes.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "chaos.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

namespace tfw::e2e {

// tfw's line when the migration proper begins: the moments are measured from it.
extern const std::string migration_begins;

// TFW_CHAOS_SEED where set, else `default_seed`; printed on stdout and in the test log.
unsigned chaos_seed(unsigned default_seed);

// TFW_CHAOS_ROUNDS where set, else `default_rounds`; printed like the seed. The suite runs
// few rounds (scripts/test's time budget); the long runs RELIABILITY.md records set more.
int chaos_rounds(int default_rounds);

// The ids in a root's state by address (ids_of(), or read from the backend directly).
using IdsReader = std::function<std::map<std::string, std::string>(const Workspace& root, const std::string& name)>;
// By `terraform state pull` (ids_of).
IdsReader ids_by_state_pull();

struct MigrationKills {
    // `args`: tfw's, run in A. `restore_states`: puts both states back as they were before
    // the migration, and no pointer to a migration.
    MigrationKills(SplitRoots& roots, std::vector<std::string> args, std::function<void()> restore_states,
                   IdsReader ids = ids_by_state_pull());

    SplitRoots& roots;
    std::vector<std::string> args;
    std::function<void()> restore_states;
    IdsReader ids;

    // Set by run_uninterrupted(): what every round must end with, and how long the
    // migration proper takes.
    std::set<std::string> every_id;
    std::map<std::string, std::string> final_a, final_b;
    double migration_seconds = 0;

    // The migration without a kill (from the states as restore_states() leaves them).
    void run_uninterrupted();
    // States restored, tfw started with `args` (plus `extra`), killed `delay` seconds into
    // the migration unless it ended before, and its orphans waited for; then every object
    // must be in at least one state.
    void kill_at(double delay, OrphanCollector& orphans, const std::vector<std::string>& extra = {});
    // The next run in A's checkout: it finishes or rolls back what the journal shows, in
    // one line, then moves what is left. Returns "finished", "rolled back" or "killed
    // before the journal". Fails the test, with both states, if the run fails.
    std::string resume_in_place(double delay);
    // A and B (or their fresh clones) hold what the uninterrupted run left.
    void check_final(const Workspace& a, const Workspace& b);
};

}  // namespace tfw::e2e
