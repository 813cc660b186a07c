// The moves as a Mermaid flowchart, for the Markdown report: a reviewer reads a refactor
// of dozens of moves across modules at a glance, where GitHub renders the diagram.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/write/collapse.hpp"

namespace tfw::core::inline render {

// A Mermaid node label, quoted: every character that could end the label, start a
// comment or an entity, or close the Markdown fence around the diagram (", #, ;, %, `,
// <, >, &) is an entity code (#quot;, #35;, ...), and a line break is a space.
std::string mermaid_label(std::string_view text);

// `blocks`: the moves as collapse_moves gives them. A module move is one edge of its own;
// resource moves are grouped in a box per module (the deepest module holding both ends),
// labelled relative to it. At most `max_edges` edges are drawn, module moves first, then
// a node says how many more there are. Node ids are synthetic (n1, n2, ...; boxes g1,
// ...), so no address can break the syntax. "" when there is no move.
std::string moves_flowchart(const std::vector<MoveBlock>& blocks, std::size_t max_edges = 30);

}  // namespace tfw::core::render
