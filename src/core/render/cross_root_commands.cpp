#include "tfw/core/render/cross_root_commands.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "tfw/core/render/moves_format.hpp"

namespace tfw::core::inline render {
namespace {

std::string copy_of(std::size_t root, std::string_view suffix = "") {
    return "\"$work/" + std::to_string(root) + std::string(suffix) + ".tfstate\"";
}

}  // namespace

std::string render_cross_root_commands(const CrossRootResult& result, const std::vector<RootCandidate>& candidates,
                                       const std::vector<std::string>& root_dirs) {
    if (result.moves.empty()) return "";
    std::set<std::size_t> losing, gaining;
    std::set<std::pair<std::size_t, std::string>> lost;
    for (const auto& move : result.moves) {
        losing.insert(candidates[move.deletion].root);
        gaining.insert(candidates[move.creation].root);
        lost.insert({candidates[move.deletion].root, candidates[move.deletion].address});
    }
    for (const auto& move : result.moves) {
        const RootCandidate& to = candidates[move.creation];
        if (lost.contains({to.root, to.address}))
            throw std::invalid_argument(
                "root module " + root_dirs[to.root] + " both loses and gains " + to.address +
                ": no order of state pushes keeps both objects in a state at every moment, so tfw prints no "
                "commands; move one of them to another address first");
    }
    std::set<std::size_t> involved = losing;
    involved.insert(gaining.begin(), gaining.end());

    std::string out = "# tfw: " + std::to_string(result.moves.size()) + " move" +
                      (result.moves.size() == 1 ? "" : "s") +
                      " between root modules. Run from the directory tfw ran in, with no other\n"
                      "# terraform running in these roots. The pulled states are kept as *.backup.tfstate\n"
                      "# in the printed directory; `terraform -chdir=DIR state push -force FILE` restores one.\n"
                      "# Two pushes: first each root that gains, with what it gains added; then each root\n"
                      "# that loses, without what it loses. Stopped anywhere, no object is in no state.\n"
                      "set -eu\n"
                      "work=$(mktemp -d)\n";
    for (std::size_t root : involved)
        out += "terraform -chdir=" + shell_quote(root_dirs[root]) + " state pull > " + copy_of(root) + "\n";
    for (std::size_t root : involved) out += "cp " + copy_of(root) + " " + copy_of(root, ".backup") + "\n";
    // The sources of the moves are throwaway copies: the first push takes nothing away.
    for (std::size_t root : gaining) out += "cp " + copy_of(root) + " " + copy_of(root, ".gained") + "\n";
    for (std::size_t root : losing) out += "cp " + copy_of(root) + " " + copy_of(root, ".source") + "\n";
    for (const auto& move : result.moves) {
        const RootCandidate& from = candidates[move.deletion];
        const RootCandidate& to = candidates[move.creation];
        out += "terraform state mv -state=" + copy_of(from.root, ".source") + " -state-out=" + copy_of(to.root, ".gained") +
               " " + shell_quote(from.address) + " " + shell_quote(to.address) + "\n";
    }
    for (std::size_t root : gaining)
        out += "terraform -chdir=" + shell_quote(root_dirs[root]) + " state push " + copy_of(root, ".gained") + "\n";
    // Pulled again after the first pushes: a push may raise the serial it is given, and
    // the second must come after it.
    for (std::size_t root : losing) {
        const std::string dir = shell_quote(root_dirs[root]);
        out += "terraform -chdir=" + dir + " state pull > " + copy_of(root, ".final") + "\n";
        for (const auto& [from_root, address] : lost)
            if (from_root == root)
                out += "terraform state rm -state=" + copy_of(root, ".final") + " " + shell_quote(address) + "\n";
        out += "terraform -chdir=" + dir + " state push " + copy_of(root, ".final") + "\n";
    }
    out += "echo \"tfw: moved; the states before are in $work\" >&2\n";
    return out;
}

}  // namespace tfw::core::render
