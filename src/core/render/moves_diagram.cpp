#include "tfw/core/render/moves_diagram.hpp"

#include <map>

namespace tfw::core::inline render {

std::string mermaid_label(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
            case '"': out += "#quot;"; break;
            case '#': out += "#35;"; break;  // would start an entity code
            case ';': out += "#59;"; break;  // ends a statement
            case '%': out += "#37;"; break;  // %% starts a comment or a directive
            case '`': out += "#96;"; break;  // a Markdown string, or the end of the fence
            case '<': out += "#lt;"; break;  // labels are HTML
            case '>': out += "#gt;"; break;
            case '&': out += "#amp;"; break;
            case '\n':
            case '\r':
            case '\t': out += ' '; break;
            default: out += c;
        }
    }
    return out + "\"";
}

std::string moves_flowchart(const std::vector<MoveBlock>& blocks, std::size_t max_edges) {
    if (blocks.empty()) return "";
    std::vector<const MoveBlock*> module_moves;
    std::map<ModulePath, std::vector<const MoveBlock*>> resource_moves;  // by the module that holds both ends
    for (const auto& block : blocks) {
        if (block.from.is_module() || block.to.is_module()) module_moves.push_back(&block);
        else resource_moves[common_ancestor(block.from.module, block.to.module)].push_back(&block);
    }

    std::string out = "flowchart LR\n";
    std::size_t nodes = 0, edges = 0;
    auto edge = [&](const std::string& indent, const Address& from, const Address& to) {
        std::string a = "n" + std::to_string(++nodes), b = "n" + std::to_string(++nodes);
        out += indent + a + "[" + mermaid_label(to_string(from)) + "] --> " + b + "[" + mermaid_label(to_string(to)) + "]\n";
        ++edges;
    };
    for (const auto* block : module_moves) {
        if (edges == max_edges) break;
        edge("    ", block->from, block->to);
    }
    std::size_t boxes = 0;
    for (const auto& [module, moves] : resource_moves) {
        if (edges == max_edges) break;
        out += "    subgraph g" + std::to_string(++boxes) + "[" +
               mermaid_label(module.empty() ? "root module" : to_string(module)) + "]\n        direction LR\n";
        for (const auto* block : moves) {
            if (edges == max_edges) break;
            edge("        ", relative_to(block->from, module), relative_to(block->to, module));
        }
        out += "    end\n";
    }
    if (edges < blocks.size()) {
        std::size_t more = blocks.size() - edges;
        out += "    n" + std::to_string(++nodes) + "[" +
               mermaid_label("… and " + std::to_string(more) + " more move" + (more == 1 ? "" : "s")) + "]\n";
    }
    return out;
}

}  // namespace tfw::core::render
