#include "tfw/cli/policy_file.hpp"

#include "tfw/core/policy/policy_yaml.hpp"
#include "tfw/shell/file_io.hpp"

namespace tfw::cli {

core::Policy load_policy_file(const Invocation& invocation) {
    std::filesystem::path file = invocation.options.policy_file;
    if (file.empty()) {
        std::filesystem::path discovered = invocation.root_dir / ".tfw.yaml";
        if (!std::filesystem::exists(discovered)) return core::default_policy();
        file = discovered;
    }
    return core::load_policy(shell::read_file(file), file.string());
}

}  // namespace tfw::cli
