#include "tfw/core/cross_root_commands.hpp"

#include <algorithm>
#include <set>

#include "tfw/core/moves_format.hpp"

namespace tfw::core {
namespace {

std::string copy_of(std::size_t root, std::string_view suffix = "") {
    return "\"$work/" + std::to_string(root) + std::string(suffix) + ".tfstate\"";
}

}  // namespace

std::string render_cross_root_commands(const CrossRootResult& result, const std::vector<RootCandidate>& candidates,
                                       const std::vector<std::string>& root_dirs) {
    if (result.moves.empty()) return "";
    std::set<std::size_t> losing, gaining;
    for (const auto& move : result.moves) {
        losing.insert(candidates[move.deletion].root);
        gaining.insert(candidates[move.creation].root);
    }
    std::set<std::size_t> involved = losing;
    involved.insert(gaining.begin(), gaining.end());
    // Roots that only gain, then roots that both gain and lose, then roots that only lose.
    std::vector<std::size_t> push_order(involved.begin(), involved.end());
    auto rank = [&](std::size_t root) { return (losing.contains(root) ? 1 : 0) + (gaining.contains(root) ? 0 : 1); };
    std::stable_sort(push_order.begin(), push_order.end(),
                     [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });

    std::string out = "# tfw: " + std::to_string(result.moves.size()) + " move" +
                      (result.moves.size() == 1 ? "" : "s") +
                      " between root modules. Run from the directory tfw ran in, with no other\n"
                      "# terraform running in these roots. The pulled states are kept as *.backup.tfstate\n"
                      "# in the printed directory; `terraform -chdir=DIR state push -force FILE` restores one.\n"
                      "set -eu\n"
                      "work=$(mktemp -d)\n";
    for (std::size_t root : involved)
        out += "terraform -chdir=" + shell_quote(root_dirs[root]) + " state pull > " + copy_of(root) + "\n";
    for (std::size_t root : involved) out += "cp " + copy_of(root) + " " + copy_of(root, ".backup") + "\n";
    for (const auto& move : result.moves) {
        const RootCandidate& from = candidates[move.deletion];
        const RootCandidate& to = candidates[move.creation];
        out += "terraform state mv -state=" + copy_of(from.root) + " -state-out=" + copy_of(to.root) + " " +
               shell_quote(from.address) + " " + shell_quote(to.address) + "\n";
    }
    for (std::size_t root : push_order)
        out += "terraform -chdir=" + shell_quote(root_dirs[root]) + " state push " + copy_of(root) + "\n";
    out += "echo \"tfw: moved; the states before are in $work\" >&2\n";
    return out;
}

}  // namespace tfw::core
