// Fills in what show -json leaves out of a plan's configuration and tfw needs to judge a
// plan with no change: each resource's `ignore_changes`, read from its module's .tf files.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "tfw/core/model/plan.hpp"
#include "tfw/core/write/placement.hpp"

namespace tfw::shell {

class ConfigLifecycles {
public:
    // `root_dir`: the root module's directory; its modules' directories come from the
    // data directory's module manifest, as terraform init left it.
    explicit ConfigLifecycles(std::filesystem::path root_dir);

    // Sets every managed resource's ignored_changes. A module whose directory is unknown
    // (not installed) is left as show -json gave it. Throws core::HclError, naming the file
    // and line, on a .tf file it cannot read (terraform rejects it too).
    void fill(core::Plan& plan);

private:
    // By `type.name`, for every .tf file of the directory; read once a run.
    const std::map<std::string, core::IgnoredChanges>& of_dir(const std::string& dir);

    void fill_module(core::ConfigModule& module, const std::string& key);

    std::filesystem::path root_dir_;
    std::optional<core::ModuleDirs> dirs_;
    std::map<std::string, std::map<std::string, core::IgnoredChanges>> by_dir_;
};

}  // namespace tfw::shell
