// Moves between root modules written as code (Terraform 1.7 and later): in the source
// root `removed { from = X  lifecycle { destroy = false } }`, in the destination root
// `import { to = Y  id = "…" }`. Pure: which moves can be written so, the blocks, and
// whether Terraform's plans with the blocks confirm them.
//
// A removed block names a whole resource or module call, never an instance (Terraform:
// "Resource instance keys not allowed", "Module instance keys not allowed"), and only
// what the configuration no longer declares ("Removed resource still exists"). So a move
// is written only when every object of its resource (or of its whole module call) leaves
// the root, and every one of them is written: one refused object withdraws the block's
// other objects too, or the removed block would forget it and no state would hold it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/roots/cross_root.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline roots {

struct DeclarativeMove {
    std::size_t move = 0;  // index into CrossRootResult::moves
    Address removed_from;  // in the source root: a resource or a module call, no keys
    Address import_to;     // in the destination root: the instance
    std::string import_id;
};

struct DeclarativeRefusal {
    std::size_t move = 0;
    std::string reason;
};

struct DeclarativePlan {
    std::vector<DeclarativeMove> moves;        // by move index
    std::vector<DeclarativeRefusal> refusals;  // by move index
};

// True from Terraform 1.7, the first with `removed` blocks.
bool supports_removed_blocks(std::string_view terraform_version);

// The moves that can be written as removed/import blocks, and why the others cannot.
// `root_plans[r]` is root r's final plan (show -json); `import_rules[r]` its policy's
// import_ids (the destination's decide a move's import ID).
DeclarativePlan plan_declarative(const CrossRootResult& paired, const std::vector<RootCandidate>& candidates,
                                 const std::vector<const Plan*>& root_plans,
                                 const std::vector<std::vector<ImportIdRule>>& import_rules);

// A root's plan with the blocks in place, or why it failed (then `plan` is null).
struct RootVerification {
    const Plan* plan = nullptr;
    std::string failure;
};

// What Terraform confirms: in the source the object is planned "no longer managed"
// (forget), never deleted; in the destination the instance is imported with the ID
// written. Anything else withdraws the move (and the rest of its removed block).
DeclarativePlan judge_declarative(const DeclarativePlan& planned, const CrossRootResult& paired,
                                  const std::vector<RootCandidate>& candidates,
                                  const std::vector<RootVerification>& verifications);

// One block in `terraform fmt` layout, ending with a newline.
std::string render_removed_block(const Address& from);
std::string render_import_block(const Address& to, std::string_view id);

// Root `root`'s blocks: the removed blocks of what leaves it (each once), then the import
// blocks of what it receives, in move order.
std::vector<std::string> declarative_blocks_for(std::size_t root, const DeclarativePlan& plan,
                                                const CrossRootResult& paired,
                                                const std::vector<RootCandidate>& candidates);

}  // namespace tfw::core::roots
