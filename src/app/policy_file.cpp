#include "tfw/app/policy_file.hpp"

#include <stdexcept>

#include "tfw/core/policy/policy_yaml.hpp"
#include "tfw/shell/file_io.hpp"

namespace tfw::app {

core::Policy load_policy_file(const std::filesystem::path& root_dir, const std::string& policy_file) {
    std::filesystem::path file = policy_file;
    if (file.empty()) {
        std::filesystem::path discovered = root_dir / ".tfw.yaml";
        std::error_code error;
        const auto status = std::filesystem::status(discovered, error);
        if (status.type() == std::filesystem::file_type::not_found) return core::default_policy();
        // A root this user cannot read: said of the root, not of a file that may not exist.
        if (error)
            throw std::runtime_error("cannot look for the policy file .tfw.yaml in the root module " +
                                     shell::absolute_directory(root_dir).string() + ": " + error.message());
        file = discovered;
    }
    return core::load_policy(shell::read_file(file), file.string());
}

}  // namespace tfw::app
