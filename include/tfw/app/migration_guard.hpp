// What stands between one root module and a destroy it must not make, read by every
// single-root command before it shows or applies a plan: a migration between roots cut
// short that the root takes part in (this machine's pointer or journal), and the declared
// sibling roots (the policy's `roots`) whose states hold an object this root's plan
// destroys: what a migration cut short leaves, seen from a fresh checkout.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tfw/core/parse/plan_text.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {

// One line naming the migration cut short and the command that finishes it, or nothing.
std::optional<std::string> migration_cut_short(const std::filesystem::path& root_dir);

// Whether that migration's journal is lost (shell::CutShortMigration::lost_by): only the
// states can tell what it left, which `tfw plan --root` reads and `apply --root` repairs.
bool journal_lost(const std::filesystem::path& root_dir);

struct SiblingCheck {
    std::vector<std::string> held;        // one line per object a sibling's state holds
    std::vector<std::string> unreadable;  // one line per sibling whose state tfw could not read
    bool blocks_apply() const { return !held.empty() || !unreadable.empty(); }
};

// With the policy's `roots`, the destroys of the plan in `plan_file` (a saved plan of
// `root_dir`) against every sibling's state. Costs nothing when the policy names no root
// or the plan, as `summary` recognised it, destroys nothing; otherwise `show -json` of
// the plan and one `state pull` per sibling (after a private `init` of a sibling this
// machine has not initialised). `terraform` runs in `root_dir`.
SiblingCheck check_sibling_roots(shell::Terraform& terraform, const std::filesystem::path& root_dir,
                                 const core::Policy& policy, const std::filesystem::path& plan_file,
                                 const core::PlanTextSummary& summary);

}  // namespace tfw::app
