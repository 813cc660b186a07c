// Where a moved block belongs: the closest common ancestor module of `from` and `to`,
// in that module's own source directory, with both addresses relative to it. Only
// directories that are the user's code qualify: local sources inside the root module's
// tree, never a download under .terraform/, and a directory shared by several module
// instances only when the move is the same for every one of them.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/write/collapse.hpp"
#include "tfw/core/model/plan.hpp"

namespace tfw::core::inline write {

// A module's source directory, as `.terraform/modules/modules.json` records it.
struct ModuleDir {
    std::string dir;  // relative to the root module directory ("." for the root)
    // A local source ("./", "../") called from a local module, all the way up from the
    // root: the user's own code. False for a download (registry, git, http) and for
    // anything inside one, wherever the data directory is (TF_DATA_DIR).
    bool local = true;
    bool operator==(const ModuleDir&) const = default;
};

// Module source directories by static key ("" root, "a", "a.b").
using ModuleDirs = std::map<std::string, ModuleDir>;

// A module instance path's key in ModuleDirs: its call names, dotted, without keys.
std::string static_key(const ModulePath& path);

struct Placement {
    MoveBlock block;          // absolute addresses
    ModulePath module;        // the module instance whose directory holds the block
    std::string dir;          // that directory, relative to the root module ("." for the root)
    Address from;             // relative to `module`
    Address to;
    std::string note;         // why it sits higher than the common ancestor, if it does

    bool operator==(const Placement&) const = default;
};

// `instances` are the module instances of the new configuration, and `objects` the prior
// objects before the moves (before_moves()), whose module instances read a directory's
// blocks too: a directory shared by several instances holds a block only when each of
// them makes the same move or holds nothing it would move, once the module blocks have
// moved what they move. `declared` are the resource instances the new configuration
// declares (declared_objects()): a block in a module's directory also moves from its
// `from` in every other instance, which Terraform refuses ("Moved object still exists")
// where that instance still declares it, so such a block goes to the caller instead.
std::vector<Placement> place_moves(const std::vector<MoveBlock>& blocks, const ModuleDirs& dirs,
                                   const std::vector<ModulePath>& instances, const std::vector<Address>& objects,
                                   const std::vector<Address>& declared = {});

// Every managed resource instance the new configuration of `plan` declares: each change
// that leaves an object (all but deletions).
std::vector<Address> declared_objects(const Plan& plan);

// Every module instance of the new configuration that holds an object, with ancestors.
std::vector<ModulePath> known_module_instances(const Plan& plan);

// Every managed object of the prior state at its address in `plan`, that is after every
// moved block the plan saw (the user's and the injected ones). collapse_moves() counts an
// object found at an inferred move's `to` at that move's `from`.
std::vector<Address> prior_objects(const Plan& plan);

// Parses modules.json text into ModuleDirs (throws std::runtime_error when malformed).
// A module is local when its Source starts with "./" or "../" and its parent is local.
ModuleDirs parse_modules_json(std::string& json_text);

// modules.json text with each module's Dir (the root's, key "", aside) replaced by
// `new_dir(key, dir)`, every other member as it was: the manifest of a private copy of
// the configuration, whose modules are read from the copy. Throws as parse_modules_json.
std::string with_module_dirs(const std::string& json_text,
                             const std::function<std::string(const std::string& key, const std::string& dir)>& new_dir);

// A directory tfw may write: inside the root module's tree and not under .terraform/.
bool is_user_directory(const std::string& dir);

}  // namespace tfw::core::write
