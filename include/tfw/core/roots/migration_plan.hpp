// Moving objects between the states of several root modules, as `terraform state mv
// -state=A -state-out=B` moves them, in two pushes per root so that a run cut short at
// any point leaves every object in at least one state: first each root that gains
// objects gets them (its "gained" state), and only then does each root that loses
// objects lose them (its "final" state). Each new state keeps its lineage and has the
// serial after the one before, so Terraform accepts it as the next version of that
// state and refuses it over any other. Pure: state JSON in, state JSON out.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline roots {

// One object instance going from one root's state to another's.
struct StateTransfer {
    std::size_t from_root = 0;
    std::string from;  // a resource instance address, as Terraform prints it
    std::size_t to_root = 0;
    std::string to;
    // Not `auto`: older libc++ has no operator<=> for std::string (model/address.hpp).
    std::strong_ordering operator<=>(const StateTransfer&) const = default;
};

// A root's state at each step of the migration. `gained` is set when the root gains
// objects, `final_state` when it loses some; each is pushed in its own phase.
struct RootStates {
    std::string original;
    std::optional<std::string> gained;
    std::optional<std::string> final_state;

    // What the root holds once the migration is complete.
    const std::string& last() const { return final_state ? *final_state : gained ? *gained : original; }
};

struct StateMigrationError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// `originals[i]` is root i's state as pulled. Throws StateMigrationError naming the root
// index and the address when a state is not a version 4 state, an object to move is not
// in its state, or its new address already holds one.
std::vector<RootStates> plan_migration(const std::vector<std::string>& originals,
                                       const std::vector<StateTransfer>& transfers);

// Where a root's state is in the migration, judged from its lineage, its serial and the
// values of every object it holds: the original has its serial and objects; a pushed step
// has that step's objects and a higher serial (Terraform may raise the pushed serial once
// more as it writes the state). Anything else is a change by someone else.
enum class StateStep { original, gained, final_state, unknown };
StateStep step_of(std::string_view state, const RootStates& steps);

// A root that has no state yet (`state pull` prints nothing) takes part with an empty
// state of its own: a new lineage, serial 0 and no objects. Its first push creates it.
bool is_no_state(std::string_view pulled);
std::string empty_state(std::string_view lineage, std::string_view terraform_version);
std::string terraform_version_of(std::string_view state);

// A state's serial (0 for no state), and the state with another: each push is the serial after the one
// the root holds at that moment, as Terraform accepts only a newer state.
std::uint64_t serial_of(std::string_view state);
std::string with_serial(std::string_view state, std::uint64_t serial);

// The pushes that take every root from where it is now to its last step, in order: the
// gained states first, then the final ones. From the start, that is the whole migration;
// after a run cut short, the rest of it. Throws StateMigrationError naming the root when
// a state is at no step of the migration (someone else changed it since).
struct StatePush {
    std::size_t root = 0;
    StateStep step = StateStep::gained;  // gained or final_state
    auto operator<=>(const StatePush&) const = default;
};
std::vector<StatePush> pushes_left(const std::vector<RootStates>& states, const std::vector<StateStep>& now);

// Why the plans of both roots against their states after the migration refute a
// transfer, or "" when they confirm it: the object must plan no change at its new address
// (a move inside the new root is not this transfer), and nothing where it left.
std::string transfer_refutation(const StateTransfer& transfer, const Plan& from_plan, const Plan& to_plan);

// Terraform's plans of a set of transfers made before the state locks were taken (the
// final plan between roots): each root involved planned against its copy of `states`
// with `transfers` carried out.
struct JudgedTransfers {
    std::vector<std::string> states;  // every root's state as pulled then, by root
    std::vector<StateTransfer> transfers;
    std::map<std::size_t, Plan> plans;  // by root, for each root the transfers involve
};

// Whether those plans judge `transfers` on the states pulled now, under the locks (by
// root): the same transfers, in any order, and every root they involve holding a plan and
// byte for byte the state it held then. Planning again would then plan the same
// configuration against the same states; only the real objects could have changed, in
// the seconds since, and a refresh finds that only where the roots' own plans found drift
// (between_roots_refresh.hpp), in which case those plans refreshed too.
bool plans_still_judge(const JudgedTransfers& judged, const std::vector<StateTransfer>& transfers,
                       const std::map<std::size_t, std::string>& pulled_now);

// The resource instance addresses a state holds, sorted (managed ones; data sources are
// read again by every plan).
std::vector<std::string> state_addresses(std::string_view state);

// A managed object of a state by its identity: the provider's `id` for its type.
struct StateObjectId {
    std::string address;  // a resource instance, as Terraform prints it
    std::string type;
    std::string id;
    std::string provider;  // the provider's source address: registry.terraform.io/hashicorp/aws
    std::string values;    // its `attributes`, as compact JSON
    bool operator==(const StateObjectId&) const = default;
};

// The current (not deposed) managed instances of a state that have an `id`.
std::vector<StateObjectId> object_ids(std::string_view state);

// The source address in a provider configuration's address, as states and plans write it:
// `provider["registry.terraform.io/hashicorp/aws"].east` and
// `module.m.provider["registry.terraform.io/hashicorp/aws"]` are both
// registry.terraform.io/hashicorp/aws; a bare source address is itself.
std::string provider_source(std::string_view provider_config);

// The top-level attributes whose values differ between two objects' `values` (in any
// member order), sorted; empty when every value is equal.
std::vector<std::string> differing_values(std::string_view values, std::string_view other_values);

// `state` without the instances at `addresses` (and their resources once empty), at
// `serial`. Throws StateMigrationError when one is not there.
std::string without_instances(std::string_view state, const std::vector<std::string>& addresses, std::uint64_t serial);

}  // namespace tfw::core::roots
