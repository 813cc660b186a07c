// `--report=FILE`: the run as JSON. Schema (version 1):
//   {
//     "version": 1,
//     "moves":      [{"from", "to", "kind", "evidence", "by_dependency", "witnesses": [..],
//                     "tentative_because",        // "" when tfw's comparison settled it alone
//                     "confirmed_by_terraform",   // true: a tentative move Terraform planned with no change
//                     "rule"}],
//     "blocks":     [{"from", "to", "module", "dir", "note"}],   // where --write puts (or put) them,
//                                                               // addresses relative to "module"
//     "proposals":  [{"from", "to", "kind", "evidence", "verdict", "rule"}],
//     "dropped":    [{"from", "to", "reason"}],   // refused by terraform, unverified, or withdrawn
//                                                 // after a trial (the reason quotes what Terraform planned)
//     "unmatched":  [{"address", "side": "delete"|"create", "reason",
//                     "candidates": [{"address", "differing_paths": [..], "note"}]}],
//     "iterations": [{"moves_added"}],                       // one per show -json analysed
//     "hit_iteration_limit": bool,
//     "tie_trials": [{"round", "from", "to", "no_change", "verdict"}],   // every pair tried to break a tie
//     "tie_rounds": n,                            // the replans spent on them
//     "hit_trial_limit": bool,                    // the policy's trials.max_rounds stopped them
//     "undecided": [address, ..],                 // tied objects the limit left open
//     "terraform_runs": [{"args": [..], "exit_code", "seconds"}]
//   }
// Attribute values never appear, and a terraform run's args show the flags but not the
// values of -var, -backend-config or anything from TF_CLI_ARGS* (`from_environment`,
// cli/env_args.hpp; core/render/redacted_args.hpp), so nothing secret can leak into a report.
// The same objects appear in tfw's lines of the -json stream (ui_events.hpp), and
// --report-format=markdown renders the run for a pull request (report_markdown.hpp).
#pragma once

#include <string>
#include <vector>

#include "tfw/core/write/placement.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {

std::string render_report(const shell::ConvergeResult& result, const std::vector<core::Placement>& placements,
                          const std::vector<shell::TerraformCall>& calls, const std::vector<std::string>& from_environment);

}  // namespace tfw::cli
