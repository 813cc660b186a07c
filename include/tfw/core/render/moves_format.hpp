// What `tfw moves` prints: the inferred moves the policy accepts, in three renderings,
// and the ones it does not accept, kept apart so a script never mistakes a proposal for
// a move. Pure text in, text out.
//
// Equal values are evidence, not a verdict (an attribute turned into a map, a value newly
// sensitive, a replace_triggered_by look equal), and `tfw moves` plans nothing: each move
// it prints that Terraform has not judged says so, in every format.
//
// --format=hcl (the default): on stdout, one `moved` block per accepted move, exactly as
//   `terraform fmt` lays it out, one blank line apart, with full (root-relative)
//   addresses, each after a `# not judged by Terraform …: EVIDENCE` line. Proposals go to
//   stderr as `#` comments (see render_proposals_comments).
//
// --format=commands: on stdout, one line per accepted move,
//     terraform state mv 'FROM' 'TO'
//   with both addresses in POSIX single quotes (a `'` inside is written `'\''`), so `$`,
//   backticks, `"` and `\` in for_each keys reach terraform unchanged, each after the same
//   `#` line. Proposals go to stderr as `#` comments.
//
// --format=json: on stdout, one JSON object (UTF-8, keys in this order, one line per
// move, then a final newline):
//   {
//     "moves": [            // accepted by the policy; what hcl and commands print
//       {"from": "terraform_data.a",          // full addresses as Terraform prints them
//        "to": "module.m.terraform_data.a",
//        "kind": "exact",                     // exact | ignore | partial | cross_type
//        "evidence": "4 known attribute values equal",
//        "by_dependency": false,              // dependencies broke a tie between twins
//        "remaining_differences": [],         // paths a partial match still updates
//        "judged_by_terraform": false,        // Terraform planned with it (never, here)
//        "rule": "accept[0] at .tfw.yaml:3:5"}  // the policy rule that accepted it
//     ],
//     "proposals": [        // found, but not accepted: never applied without a person
//       {"from": …, "to": …, "kind": …, "evidence": …, "by_dependency": …,
//        "remaining_differences": […], "judged_by_terraform": false,
//        "verdict": "proposed",               // proposed | denied
//        "rule": "no accept rule matches kind partial"}
//     ],
//     "unmatched": [        // deletions and creations that stay so, and why
//       {"address": "terraform_data.x",
//        "action": "delete",                  // delete | create
//        "reason": "tie: 2 creations match equally and dependencies do not tell them apart",
//        "candidates": [{"address": "terraform_data.y", "differing_paths": ["input"]}]}
//     ]
//   }
//   Every array is present, empty when there is nothing; sorted by `from` (moves,
//   proposals) and as the matcher reports them (unmatched: deletions, then creations).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/match/match.hpp"
#include "tfw/core/model/text.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/core/policy/policy_decide.hpp"

namespace tfw::core::inline render {

enum class MovesFormat { hcl, json, commands };

std::optional<MovesFormat> parse_moves_format(std::string_view name);

struct DecidedMove {
    Move move;
    Decision decision;
};

// The matcher's result split by the policy's verdicts.
struct MovesReport {
    std::vector<DecidedMove> accepted;
    std::vector<DecidedMove> proposals;  // proposed and denied
    std::vector<Unmatched> unmatched;
};

// A pairing resolved out of a tie is only proposed: it needs tfw plan's replan check.
MovesReport decide_report(const Policy& policy, MatchResult matched);

// The accepted moves in one format, for stdout. hcl and commands print nothing at all
// when there is no accepted move; json always prints the object.
std::string render_moves(const MovesReport& report, MovesFormat format);

// For stderr with hcl and commands: the proposals as `#` comments (a proposed move as a
// commented-out block or command a person may enable; a denied one as a single line),
// or "" when there are none.
std::string render_proposals_comments(const MovesReport& report, MovesFormat format);

}  // namespace tfw::core::render
