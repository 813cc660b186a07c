#include "tfw/app/migration_guard.hpp"

#include <algorithm>

#include "tfw/core/model/text.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/roots/sibling_roots.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/plan_with_state.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/state_migration.hpp"
#include "tfw/shell/temp_dir.hpp"

namespace tfw::app {
namespace {

namespace fs = std::filesystem;

// `tfw apply --root=A --root=B`, run in the root itself.
std::string finishing_command(const std::vector<std::string>& other_roots) {
    std::string command = "tfw apply";
    for (const auto& root : other_roots) command += " --root=" + core::shell_quote(root);
    return command;
}

// Whether the summary shows for certain that the plan destroys nothing.
bool destroys_nothing(const core::PlanTextSummary& summary) {
    if (!summary.recognised) return false;
    if (summary.no_changes) return true;
    return std::none_of(summary.headers.begin(), summary.headers.end(), [](const core::PlanHeader& header) {
        return header.action == core::HeaderAction::destroy || header.action == core::HeaderAction::replace;
    });
}

}  // namespace

std::optional<std::string> migration_cut_short(const fs::path& root_dir) {
    const auto migration = shell::cut_short_migration(root_dir);
    if (!migration) return std::nullopt;
    if (!migration->lost_by.empty())
        return "root module " + shell::absolute_directory(root_dir).string() + " points to a migration between root modules " +
               "cut short whose journal is not on this machine (" + migration->lost_by.string() + " names " +
               migration->kept_in.string() + ": another HOME or XDG_STATE_HOME, a .terraform from another machine, " +
               "or a journal removed): its state may still hold objects another root now manages, and applying it " +
               "would destroy them; tfw apply --root=DIR here, with every root of that migration, repairs it from " +
               "the states and removes the pointer (or remove the pointer if no migration of this root was cut short)";
    const std::string finish = migration->other_roots.empty()
                                   ? "tfw apply with the --root options of that migration finishes it"
                                   : finishing_command(migration->other_roots) + " here finishes it";
    return "root module " + shell::absolute_directory(root_dir).string() +
           " takes part in a migration between root modules that was cut short (" + migration->kept_in.string() +
           "): its state may still hold objects another root now manages, and applying it would destroy them; " + finish;
}

bool journal_lost(const fs::path& root_dir) {
    const auto migration = shell::cut_short_migration(root_dir);
    return migration && !migration->lost_by.empty();
}

SiblingCheck check_sibling_roots(shell::Terraform& terraform, const fs::path& root_dir, const core::Policy& policy,
                                 const fs::path& plan_file, const core::PlanTextSummary& summary) {
    SiblingCheck check;
    if (policy.sibling_roots.empty() || destroys_nothing(summary)) return check;
    shell::ProcessResult shown = terraform.run({"show", "-json", plan_file.string()});
    shell::throw_if_interrupted();
    if (shown.exit_code != 0)
        throw std::runtime_error("terraform show -json failed: " + core::first_error_line(shown.stderr_text));
    const std::vector<core::DestroyedObject> destroyed = core::destroyed_objects(core::load_plan_json(shown.stdout_text));
    if (destroyed.empty()) return check;

    const std::string workspace = shell::workspace_of(root_dir);
    shell::TempDir scratch;
    std::vector<std::string> states;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < policy.sibling_roots.size(); ++i) {
        const core::SiblingRoot& sibling = policy.sibling_roots[i];
        const fs::path dir = fs::path(sibling.dir).is_absolute() ? fs::path(sibling.dir) : root_dir / sibling.dir;
        names.push_back(sibling.dir);
        states.emplace_back();
        try {
            if (!fs::is_directory(dir)) throw std::runtime_error("no such directory");
            states.back() = shell::pull_state_of_root(terraform.binary(), dir, workspace, scratch.path() / std::to_string(i));
        } catch (const shell::Interrupted&) {
            throw;
        } catch (const std::exception& error) {
            check.unreadable.push_back("cannot read the state of sibling root " + sibling.dir + " (" +
                                       core::to_string(sibling.where) + "): " + error.what() +
                                       "; this plan destroys objects that root might manage");
        }
    }
    for (const auto& held : core::held_by_siblings(destroyed, states))
        check.held.push_back("this plan destroys " + held.object.address + " (id " + held.object.id +
                             "), which the state of sibling root " + names[held.sibling] + " also holds as " +
                             held.sibling_address + ": a migration between root modules was cut short, and applying "
                             "this plan would destroy the object that root manages; " +
                             finishing_command({names[held.sibling]}) + " here finishes the migration");
    return check;
}

}  // namespace tfw::app
