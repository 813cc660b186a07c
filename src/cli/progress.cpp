#include "tfw/cli/progress.hpp"

#include <iostream>

#include "tfw/core/parse/plan_text.hpp"

namespace tfw::cli {

void ProgressLine::feed(std::string_view chunk) {
    if (!enabled_) return;
    partial_line_.append(chunk);
    std::size_t newline;
    bool changed = false;
    while ((newline = partial_line_.find('\n')) != std::string::npos) {
        std::string line = core::strip_ansi(std::string_view(partial_line_).substr(0, newline));
        partial_line_.erase(0, newline + 1);
        if (line.find(": Refreshing state...") != std::string::npos || line.find(": Reading...") != std::string::npos) {
            ++refreshed_;
            changed = true;
        } else if (line.find("Terraform will perform the following actions") != std::string::npos ||
                   line.find("No changes.") == 0) {
            ++plans_;
            changed = true;
        }
    }
    if (changed) draw();
}

void ProgressLine::draw() {
    std::cerr << "\r\x1b[Ktfw: planning: " << refreshed_ << " resources refreshed, " << plans_ << " plans done"
              << std::flush;
    drawn_ = true;
}

void ProgressLine::clear() {
    if (drawn_) std::cerr << "\r\x1b[K" << std::flush;
    drawn_ = false;
}

}  // namespace tfw::cli
