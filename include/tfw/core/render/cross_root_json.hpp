// `tfw plan --root DIR --format=json`: the run over several root modules as one JSON
// object on stdout, for scripts (UTF-8, keys in this order, a final newline):
//   {
//     "roots": [                         // in the run's order: the current root first
//       {"dir": ".",                     // as the user named it
//        "moves": [{"from": "terraform_data.a", "to": "terraform_data.b"}]}  // inside it
//     ],
//     "moves": [                         // between roots, confirmed by Terraform: what
//       {"from_root": ".", "from": "terraform_data.web",   // --format=commands carries out
//        "to_root": "../b", "to": "module.app.terraform_data.web",
//        "equal_values": 2,              // known values of both that are equal
//        "evidence": "all 2 known values are equal; Terraform planned it with no change; …"}
//     ],
//     "proposed": [ … ],                 // the same fields: pairs Terraform would update,
//                                        // which no policy rule accepts; never carried out
//     "refused": [                       // deletions not paired with another root
//       {"root": ".", "address": "terraform_data.x",
//        "reason": "tie with ../b: terraform_data.y, …: 2 creations match equally …; nothing moves"}
//     ]
//   }
// Every array is present, empty when there is nothing.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tfw/core/roots/cross_root.hpp"

namespace tfw::core::inline render {

struct RootMoves {
    std::string dir;
    std::vector<std::pair<std::string, std::string>> moves;  // (from, to) inside the root
};

std::string render_cross_root_json(const std::vector<RootMoves>& roots, const CrossRootResult& result,
                                   const std::vector<RootCandidate>& candidates);

}  // namespace tfw::core::render
