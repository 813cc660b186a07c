// `tfw tidy`: which moved blocks no state needs any more. A block is needed while any
// workspace's state holds an object at its `from` address or under it; a block in a
// chain (a → b, b → c) goes only with the whole chain; and a block in a module that other
// configurations use stays unless the user includes shared modules, because removing it
// breaks every consumer that has not applied it yet. Pure decisions; the shell reads the
// states and confirms each removal by replanning.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/parse/hcl_moved.hpp"
#include "tfw/core/write/placement.hpp"
#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::inline tidy {

struct TidyBlock {
    MovedBlock block;    // `file` as shown to the user, addresses relative to its module
    std::string dir;     // the module's source directory, relative to the root ("." root)
    std::string shared;  // why the module counts as used from outside this root; "" if not
    std::string text;    // the block's bytes as tidy read them: it removes only these
};

// The managed objects one workspace's state holds, at absolute addresses.
struct WorkspaceState {
    std::string workspace;
    std::vector<Address> objects;
};

struct TidyVerdict {
    bool remove = false;
    std::string reason;
    std::vector<std::string> needed_by;  // workspaces that still need the block

    bool operator==(const TidyVerdict&) const = default;
};

// Whether `inner` is `outer` or lies under it: a resource's instances, a module's
// resources. A side without an instance key stands for every key: when in doubt, a block
// is needed.
bool contains(const Address& outer, const Address& inner);

// Whether a block's `side` holds `object`, read as Terraform reads it against the block's
// `other` side: contains(), except that a keyless side facing a keyed one (x → x["main"],
// module.app → module.app["eu"]) is the no-key instance only.
bool side_holds(const Address& side, const Address& other, const Address& object);

// The objects of `objects` that a module in directory `dir` holds, each relative to its
// module instance; an object is seen once for each of its ancestors sourced from `dir`.
std::vector<Address> objects_seen_from(const std::vector<Address>& objects, const ModuleDirs& dirs,
                                       const std::string& dir);

// Blocks of one directory linked through their addresses (one's `to` at or under
// another's `from`, or two sharing a `from`), as groups of indices into `blocks`.
std::vector<std::vector<std::size_t>> chains_of(const std::vector<TidyBlock>& blocks);

// One verdict per block, in order.
std::vector<TidyVerdict> decide_tidy(const std::vector<TidyBlock>& blocks, const std::vector<WorkspaceState>& states,
                                     const ModuleDirs& dirs, bool include_shared);

// How closely a planned address must meet a block to touch it: at or under one of its
// sides, or (`resource`) in the same resource whatever the instance keys. The second is
// how Terraform decides that a block suppresses an implied move (worker[0] → worker):
// the difference then shows at an address that no side holds.
enum class TouchLevel { instance, resource };

// The removable blocks a difference between two plans touches: a planned address (or
// previous address) at or under their `from` or `to`. Unparseable addresses touch all.
std::vector<std::size_t> blocks_touched(const std::vector<TidyBlock>& blocks, const std::vector<TidyVerdict>& verdicts,
                                        const std::vector<std::string>& addresses, const ModuleDirs& dirs,
                                        TouchLevel level = TouchLevel::instance);

// Keeps `indices` and the rest of their chains: replanning `workspace` without them
// differed, as `difference` (a line of plan_differences()) says.
void keep_for_replan(std::vector<TidyVerdict>& verdicts, const std::vector<TidyBlock>& blocks,
                     const std::vector<std::size_t>& indices, const std::string& workspace,
                     const std::string& difference);

// The planned changes (address, previous address, action) of one plan that the other
// lacks, each as one printable line; the addresses involved go to `addresses`. Empty when
// both plans are the same. A rendering that was not recognised differs from everything.
std::vector<std::string> plan_differences(const PlanTextSummary& with_blocks, const PlanTextSummary& without_blocks,
                                          std::vector<std::string>* addresses = nullptr);

// The managed resource instances of a `terraform state pull` (state format 4), at their
// absolute addresses; an empty text (a workspace without state) holds none. Throws
// std::runtime_error when the text is not such a state.
std::vector<Address> state_objects(std::string_view state_json);

// `terraform workspace list`: the names, the current one's "*" taken off.
std::vector<std::string> parse_workspace_list(std::string_view output);

}  // namespace tfw::core::tidy
