// Terraform's human plan rendering, arbitrary: the header scanner, the move-candidate
// count check, the error-line finder and the trailer rewriting. Properties: the
// candidates never outnumber the "Plan:" counts they were checked against, and text
// without the private plan's trailer passes through the rewriting unchanged.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/parse/plan_text.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

namespace {

// The private plan path the dictionary spells, so the fuzzer can reach the trailer.
constexpr std::string_view private_plan = "/tmp/tfw/plan.tfplan";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view output(reinterpret_cast<const char*>(data), size);

    PlanTextSummary summary = scan_plan_text(output);
    if (std::optional<MoveCandidates> candidates = move_candidates(summary); candidates && summary.to_add) {
        require(static_cast<long long>(candidates->created.size()) <= *summary.to_add, "no more creations than planned");
        require(summary.to_destroy && static_cast<long long>(candidates->destroyed.size()) <= *summary.to_destroy,
                "no more destructions than planned");
    }

    std::string error_line = first_error_line(output);
    require(error_line.find('\n') == std::string::npos, "the first error line is one line");

    // Without the private plan, one pass-through check: the trailer search compares at
    // every position, and under libFuzzer's comparison hooks three of them cost most of
    // the run.
    if (output.find(private_plan) == std::string_view::npos) {
        require(strip_plan_trailer(output, private_plan) == output,
                "output without the private plan passes through unchanged");
        return 0;
    }
    (void)rewrite_plan_trailer(output, private_plan, std::string_view("out.tfplan"));
    (void)rewrite_plan_trailer(output, private_plan, std::nullopt);
    (void)strip_plan_trailer(output, private_plan);
    return 0;
}
