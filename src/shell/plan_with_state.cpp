#include "tfw/shell/plan_with_state.hpp"

#include <cstdlib>
#include <optional>

#include <rapidjson/document.h>
#include <stdexcept>
#include <unistd.h>

#include "tfw/core/model/address.hpp"
#include "tfw/core/parse/backend_config.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/config_files.hpp"
#include "tfw/shell/config_view.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::shell {
namespace {

namespace fs = std::filesystem;

// The local backend at `state_file` in the default workspace; any other workspace's state
// at `<workspace_dir>/<name>/terraform.tfstate`. Written in the root's view
// (config_view.hpp), removed with it.
void write_backend_override(const fs::path& view, const fs::path& state_file, const fs::path& workspace_dir) {
    write_file_atomically(view / (std::string(moved_file_prefix) + std::to_string(::getpid()) + std::string(override_file_suffix)),
                          std::string(override_file_header) + "\nterraform {\n  backend \"local\" {\n    path = " +
                              core::quote_hcl_string(fs::absolute(state_file).string()) + "\n    workspace_dir = " +
                              core::quote_hcl_string(fs::absolute(workspace_dir).string()) + "\n  }\n}\n");
}

void require_success(const ProcessResult& result, const std::string& what) {
    throw_if_interrupted();  // terraform stopped because of a Ctrl-C tfw forwarded to it
    if (result.exit_code == 0) return;
    throw std::runtime_error(what + " failed: " + core::first_error_line(result.stdout_text + result.stderr_text));
}

}  // namespace

fs::path data_dir_of(const fs::path& root_dir) {
    const char* data_dir = std::getenv("TF_DATA_DIR");
    if (!data_dir || !*data_dir) return root_dir / ".terraform";
    fs::path dir(data_dir);
    return dir.is_absolute() ? dir : root_dir / dir;
}

fs::path private_data_dir(const fs::path& root_dir, const fs::path& dir) {
    std::error_code missing;
    const fs::path data_dir = fs::absolute(dir);
    fs::create_directories(data_dir);
    const fs::path own = data_dir_of(root_dir);
    if (fs::is_directory(own / "modules", missing))
        fs::copy(own / "modules", data_dir / "modules", fs::copy_options::recursive);
    if (fs::is_directory(own / "providers", missing))
        fs::create_directory_symlink(fs::absolute(own / "providers"), data_dir / "providers");
    return data_dir;
}

std::string workspace_of(const fs::path& root_dir) {
    if (const char* chosen = std::getenv("TF_WORKSPACE"); chosen && *chosen) return chosen;
    const fs::path selected = data_dir_of(root_dir) / "environment";
    std::error_code missing;
    if (!fs::is_regular_file(selected, missing)) return "default";
    std::string name = read_file(selected);
    while (!name.empty() && (name.back() == '\n' || name.back() == '\r' || name.back() == ' ')) name.pop_back();
    return name.empty() ? "default" : name;
}

std::optional<core::BackendBlock> backend_block_of(const fs::path& root_dir) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& file : configuration_files(root_dir)) files.emplace_back(file.filename().string(), read_file(file));
    return core::effective_backend_block(files);
}

bool is_initialised(const fs::path& root_dir) {
    std::error_code missing;
    return fs::is_regular_file(data_dir_of(root_dir) / "terraform.tfstate", missing);
}

namespace {

// The backend the root was initialised with (the data directory's backend record), or
// "local" when it has none: a root without a backend block.
std::string backend_type(const fs::path& root_dir) {
    const fs::path record = data_dir_of(root_dir) / "terraform.tfstate";
    std::error_code missing;
    if (!fs::is_regular_file(record, missing)) return "local";
    rapidjson::Document parsed;
    const std::string text = read_file(record);
    parsed.Parse(text.data(), text.size());
    if (parsed.HasParseError() || !parsed.IsObject()) return "unknown";
    const rapidjson::Value& doc = parsed;
    auto backend = doc.FindMember("backend");
    if (backend == doc.MemberEnd() || !backend->value.IsObject()) return "local";
    auto type = backend->value.FindMember("type");
    return type != backend->value.MemberEnd() && type->value.IsString() ? type->value.GetString() : "unknown";
}

}  // namespace

core::Plan plan_with_state(Terraform& terraform, const fs::path& root_dir, const fs::path& state_file,
                           const fs::path& scratch, const std::vector<std::string>& plan_args) {
    const fs::path plan_file = fs::absolute(scratch / "check.tfplan");
    std::vector<std::string> plan = {"plan"};
    plan.insert(plan.end(), plan_args.begin(), plan_args.end());
    for (const char* ours : {"-input=false", "-no-color", "-lock=false"}) plan.push_back(ours);
    plan.push_back("-out=" + plan_file.string());
    ProcessOptions options;
    std::optional<fs::path> view;  // where terraform runs, when not in the root
    const auto run = [&](const std::vector<std::string>& args) {
        return view ? terraform.run_in(*view, args, options) : terraform.run(args, options);
    };
    std::error_code missing;
    if (backend_type(root_dir) == "local") {
        // The local backend reads another state file with -state, and the root's own
        // state file, whose lock tfw holds, is not touched.
        plan.push_back("-state=" + fs::absolute(state_file).string());
    } else {
        // `init` of the override takes a terraform.tfstate it finds in the root module
        // directory for the local backend's and empties it (checked, 1.11.4), even with
        // -reconfigure: a root on another backend with such a file is not checked.
        if (fs::exists(root_dir / "terraform.tfstate", missing))
            throw std::runtime_error("root module " + root_dir.string() + " uses the " + backend_type(root_dir) +
                                     " backend but also holds a terraform.tfstate, which checking the migration could "
                                     "empty; move that file away first");
        const fs::path data_dir = private_data_dir(root_dir, scratch / "data");
        // The same workspace as the root's, so that terraform.workspace reads the same: its
        // state where the local backend looks for that workspace's.
        const std::string workspace = workspace_of(root_dir);
        const fs::path workspaces = fs::absolute(scratch / "workspaces");
        if (workspace != "default") {
            fs::create_directories(workspaces / workspace);
            fs::copy_file(state_file, workspaces / workspace / "terraform.tfstate");
        }
        options.env_overrides = {{"TF_DATA_DIR", data_dir.string()}, {"TF_WORKSPACE", workspace}};
        view = make_config_view(root_dir, scratch);
        write_backend_override(*view, state_file, workspaces);
        require_success(run({"init", "-input=false", "-no-color", "-lockfile=readonly", "-reconfigure"}),
                        "terraform init against the migrated state");
    }
    require_success(run(plan), "terraform plan against the migrated state");
    ProcessResult shown = run({"show", "-json", plan_file.string()});
    require_success(shown, "terraform show -json of the plan against the migrated state");
    return core::load_plan_json(shown.stdout_text);
}

}  // namespace tfw::shell
