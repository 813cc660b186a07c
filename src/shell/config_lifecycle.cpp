#include "tfw/shell/config_lifecycle.hpp"

#include <algorithm>
#include <vector>

#include "tfw/core/parse/config_files.hpp"
#include "tfw/core/parse/hcl_lifecycle.hpp"
#include "tfw/core/parse/json_config.hpp"
#include "tfw/shell/config_files.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/moved_writer.hpp"

namespace tfw::shell {

ConfigLifecycles::ConfigLifecycles(std::filesystem::path root_dir) : root_dir_(std::move(root_dir)) {}

void ConfigLifecycles::fill(core::Plan& plan) {
    if (!dirs_) dirs_ = read_module_dirs(root_dir_);
    fill_module(plan.configuration, "");
}

void ConfigLifecycles::fill_module(core::ConfigModule& module, const std::string& key) {
    if (const auto dir = dirs_->find(key); dir != dirs_->end()) {
        const auto& ignored = of_dir(dir->second.dir);
        for (auto& resource : module.resources) {
            if (resource.mode != core::ResourceMode::managed) continue;
            const auto found = ignored.find(resource.type + "." + resource.name);
            resource.ignored_changes = found == ignored.end() ? core::IgnoredChanges{} : found->second;
        }
    }
    for (auto& call : module.calls) fill_module(call.module, key.empty() ? call.name : key + "." + call.name);
}

const std::map<std::string, core::IgnoredChanges>& ConfigLifecycles::of_dir(const std::string& dir) {
    if (const auto known = by_dir_.find(dir); known != by_dir_.end()) return known->second;
    std::error_code error;  // a directory gone: nothing of it is ignored
    std::map<std::string, core::IgnoredChanges> out;
    for (const auto& file : configuration_files(root_dir_ / dir, error)) {
        const std::string text = read_file(file);
        for (auto& [resource, ignored] : core::is_json_configuration_file_name(file.filename().string())
                                             ? core::read_ignored_changes_json(text, file.string())
                                             : core::read_ignored_changes(text, file.string()))
            out[resource] = std::move(ignored);
    }
    return by_dir_[dir] = std::move(out);
}

}  // namespace tfw::shell
