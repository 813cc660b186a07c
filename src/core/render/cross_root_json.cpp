#include "tfw/core/render/cross_root_json.hpp"

#include "tfw/core/render/moves_format.hpp"

namespace tfw::core::inline render {

std::string render_cross_root_json(const std::vector<RootMoves>& roots, const CrossRootResult& result,
                                   const std::vector<RootCandidate>& candidates) {
    std::vector<std::string> names;
    for (const auto& root : roots) names.push_back(root.dir);
    std::string out = "{\"roots\":[";
    for (std::size_t i = 0; i < roots.size(); ++i) {
        out += std::string(i ? "," : "") + "\n {\"dir\":" + json_quote(roots[i].dir) + ",\"moves\":[";
        for (std::size_t j = 0; j < roots[i].moves.size(); ++j)
            out += std::string(j ? "," : "") + "{\"from\":" + json_quote(roots[i].moves[j].first) +
                   ",\"to\":" + json_quote(roots[i].moves[j].second) + "}";
        out += "]}";
    }
    auto pairs = [&](const std::vector<CrossRootMove>& moves) {
        std::string listed;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const RootCandidate& from = candidates[moves[i].deletion];
            const RootCandidate& to = candidates[moves[i].creation];
            listed += std::string(i ? "," : "") + "\n {\"from_root\":" + json_quote(names[from.root]) +
                      ",\"from\":" + json_quote(from.address) + ",\"to_root\":" + json_quote(names[to.root]) +
                      ",\"to\":" + json_quote(to.address) +
                      ",\"equal_values\":" + std::to_string(moves[i].equal_values) +
                      ",\"evidence\":" + json_quote(moves[i].evidence) + "}";
        }
        return listed;
    };
    out += "],\n\"moves\":[" + pairs(result.moves);
    out += "],\n\"proposed\":[" + pairs(result.proposals);
    out += "],\n\"refused\":[";
    bool first = true;
    for (const auto& refusal : result.refusals) {
        const RootCandidate& self = candidates[refusal.candidate];
        out += std::string(first ? "" : ",") + "\n {\"root\":" + json_quote(names[self.root]) +
               ",\"address\":" + json_quote(self.address) +
               ",\"reason\":" + json_quote(refusal.reason) + "}";
        first = false;
    }
    out += "]}\n";
    return out;
}

}  // namespace tfw::core::render
