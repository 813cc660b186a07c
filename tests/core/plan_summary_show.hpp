// One-line descriptions of a PlanTextSummary for the table tests of the human scan
// (plan_text_test) and of the stream scan (plan_stream_test), which must agree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::testing {

// "address action[ deposed][ from previous][ [changed attribute]...]" per header.
inline std::vector<std::string> show_headers(const PlanTextSummary& summary) {
    std::vector<std::string> out;
    for (const auto& h : summary.headers) {
        std::string line = h.address + " " + std::string(to_string(h.action)) + (h.deposed ? " deposed" : "");
        if (!h.previous_address.empty()) line += " from " + h.previous_address;
        for (const auto& change : h.changed_attributes) line += " [" + change + "]";
        out.push_back(line);
    }
    return out;
}

// "add/change/destroy" ("-" when absent), then " no changes" and " unrecognised" as they apply.
inline std::string show_counts(const PlanTextSummary& summary) {
    auto n = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("-"); };
    return n(summary.to_add) + "/" + n(summary.to_change) + "/" + n(summary.to_destroy) +
           (summary.no_changes ? " no changes" : "") + (summary.recognised ? "" : " unrecognised");
}

inline std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

}  // namespace tfw::core::testing
