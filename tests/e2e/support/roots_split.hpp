// The two roots of the split fixtures (roots_split_a is split, roots_split_b receives a
// resource, a for_each resource and a whole module call), shared by the tests of moves
// between root modules: set up, run tfw in A with B as the second root, and judge states.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "moto_server.hpp"
#include "pg_server.hpp"
#include "workspace.hpp"

namespace tfw::e2e {

// What leaves A for B, by address (the same in both roots).
extern const std::vector<std::string> split_moved_addresses;

// The ids of the objects in a root's state, by address, from one `terraform state pull`
// (empty when the root has no state): an id is what says an object was kept.
std::map<std::string, std::string> ids_of(const Workspace& ws);
// The same from a state's JSON text (empty text: no state).
std::map<std::string, std::string> ids_in_state(const std::string& state);

// Writes a root's backend settings into it; `root` is "root_a" or "root_b".
using BackendWriter = std::function<void(Workspace& ws, const std::string& root)>;

// Each root's state in the emulator's bucket `tfstate`, at `<root>/terraform.tfstate`,
// locked by `lock`. The bucket (and the lock table) must exist: split_roots_in_s3().
// Terraform reaches the server at `endpoint` where one is given (a LossyRelay).
BackendWriter s3_backend(const MotoServer& moto, S3Lock lock, const std::string& endpoint = "");
S3State split_roots_state(S3Lock lock, const std::string& root);

// Both roots applied at their `before` stage. With a remote backend (pg, s3), each root's
// backend block is written after every stage switch (a stage replaces all user files),
// then init.
struct SplitRoots {
    Workspace a;
    Workspace b;
    const PgServer* pg = nullptr;
    BackendWriter backend;  // none: local states

    // Other fixtures with the same stages (`before`, `after`) may stand in for the split ones.
    explicit SplitRoots(const PgServer* server = nullptr, const std::string& fixture_a = "roots_split_a",
                        const std::string& fixture_b = "roots_split_b");
    explicit SplitRoots(BackendWriter writer, const std::string& fixture_a = "roots_split_a",
                        const std::string& fixture_b = "roots_split_b");
    // A fresh checkout of roots whose states a remote backend already holds: both at
    // `stage`, initialised, nothing applied, and a tfw journal directory of its own, empty
    // (XDG_STATE_HOME in A's scratch dir).
    struct FreshCheckout {
        std::string stage;
    };
    SplitRoots(FreshCheckout checkout, BackendWriter writer, const std::string& fixture_a = "roots_split_a",
               const std::string& fixture_b = "roots_split_b");
    void switch_one(Workspace& ws, const std::string& stage, const std::string& root);
    void switch_both(const std::string& stage_a, const std::string& stage_b);
    // tfw run in A's directory with B as the second root.
    // With both states in one PostgreSQL database, -lock-timeout: Terraform's pg backend
    // takes a database-wide advisory lock (-1) for an instant whenever it locks a state,
    // so two roots planned at the same moment can collide ("Cannot lock workspace; already
    // locked for workspace creation") unless terraform may retry. A later -lock-timeout
    // in `extra` wins.
    RunResult plan(const std::vector<std::string>& extra = {}) const;
    // `tfw ARGS` in A's directory, past the emulator's lost answer to one of its terraform
    // runs taking a state lock (own_lock_lost_to_a_retry), where the run's terraform debug
    // log shows the SDK's retry: that lock, in whichever root holds it, is released and the
    // run made again, once.
    RunResult tfw_past_a_lost_lock_answer(const std::vector<std::string>& args);
    // The user's files and both states, to show a run changed nothing.
    std::string everything() const;
};

// Every id in both roots' states, once per state that holds it: an object in two states
// shows twice.
std::multiset<std::string> ids_in_both_roots(const SplitRoots& roots);
// Both roots' states in the emulator (the store created, each root applied at `before`
// in its own key), switched to `after`, with A's journals in its scratch dir.
std::unique_ptr<SplitRoots> split_roots_in_s3(const MotoServer& moto, S3Lock lock, const std::string& endpoint = "");

// After a split is carried out (by commands, blocks or tfw apply --root): A holds only
// `stays` and B every moved object, each with the id it had in `ids_before`, and plain
// terraform plans no change in either root.
void check_split_carried_out(const SplitRoots& roots, const std::map<std::string, std::string>& ids_before);

}  // namespace tfw::e2e
