#include "tfw/cli/prompt.hpp"

#include <iostream>
#include <memory>
#include <string>

#include <unistd.h>

#include "tfw/core/render/verdict_words.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::cli {

std::function<bool(const core::Move&, const core::Decision&)> make_move_prompt(ProgressLine& progress) {
    auto all = std::make_shared<bool>(false);
    return [all, &progress](const core::Move& move, const core::Decision& decision) {
        if (*all) return true;
        progress.clear();
        std::cerr << "tfw: " << core::to_string(move.from) << " -> " << core::to_string(move.to) << "\n"
                  << "     " << core::plain_evidence(move.evidence) << "\n"
                  << "     " << core::plain_decision(move, decision) << "\n"
                  << "     Move it? [y]es, [n]o, [a]ll remaining: " << std::flush;
        const std::optional<std::string> read = shell::read_answer(STDIN_FILENO);
        if (!read) return false;
        const std::string& answer = *read;
        if (answer == "a" || answer == "all") *all = true;
        return *all || answer == "y" || answer == "yes";
    };
}

bool ask_approval(const std::string& question, const std::string& what_happens) {
    std::cout << "\n" << question << "\n  " << what_happens
              << "\n  Only 'yes' will be accepted to approve.\n\n"
                 "  Enter a value: "
              << std::flush;
    const std::optional<std::string> answer = shell::read_answer(STDIN_FILENO);
    return answer && *answer == "yes";
}

bool ask_apply_approval() {
    return ask_approval("Do you want to perform these actions?", "Terraform will perform the actions described above.");
}

}  // namespace tfw::cli
