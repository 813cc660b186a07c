// tfw's own lines in the machine-readable stream of `tfw plan -json` and `tfw apply
// -json`. stdout is Terraform's own stream of the final plan, then these lines, then for
// apply Terraform's stream of the apply without its (second) version line. tfw's lines
// are in Terraform's envelope: "@level", "@message",
// "@module": "tfw", "@timestamp" (RFC 3339, as Terraform's) and a "type" of tfw's own.
// The objects inside are those of the --report schema (report.hpp):
//   {"type": "tfw_move",      "@level": "info", "move":      {from, to, kind, evidence, by_dependency, witnesses, rule}}
//   {"type": "tfw_proposal",  "@level": "warn", "proposal":  {from, to, kind, evidence, verdict, rule}}
//   {"type": "tfw_dropped",   "@level": "warn", "dropped":   {from, to, reason}}
//   {"type": "tfw_trial",     "@level": "info", "trial":     {round, from, to, no_change, verdict}}
//   {"type": "tfw_unmatched", "@level": "info", "unmatched": {address, side, reason, candidates}}
//   {"type": "tfw_summary",   "@level": "info", "summary":   {"moves", "proposals", "dropped", "unmatched",
//                                                             "iterations", "hit_iteration_limit", "tie_rounds",
//                                                             "hit_trial_limit", "undecided", "terraform_runs"}}
// One tfw_move per move in the final plan, one line per proposal, dropped move, tie trial
// and unmatched object of the last analysis, and always exactly one tfw_summary, last.
// Like the report, no attribute value appears.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/roots/cross_root.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {

// The lines, each ending in "\n", all stamped `timestamp`.
std::string render_ui_events(const shell::ConvergeResult& result, const std::vector<shell::TerraformCall>& calls,
                             std::string_view timestamp);

// `tfw plan --root … -json`: for each root, a line {"type": "tfw_root", "root": {"dir"}},
// then that root's Terraform stream and tfw lines; after every root, one line per move
// between roots, {"type": "tfw_root_move", "root_move": {from_root, from, to_root, to,
// equal_values}}, per pair proposed and not moved, {"type": "tfw_root_proposed",
// "root_move": {from_root, from, to_root, to, evidence}}, and per deletion left unpaired,
// {"type": "tfw_root_refused", "refused": {root, address, reason}}: the objects of
// cross_root_json.hpp.
std::string render_root_line(const std::string& dir, std::string_view timestamp);
std::string render_cross_root_events(const core::CrossRootResult& result, const std::vector<core::RootCandidate>& candidates,
                                     const std::vector<std::string>& root_names, std::string_view timestamp);

// Terraform's "@timestamp" format: 2026-11-23T11:29:05.783040Z.
std::string ui_timestamp(std::chrono::system_clock::time_point when);

}  // namespace tfw::cli
