// Terraform's `-json` diagnostic stream, arbitrary: parsed, described and classified.
// Properties: a description is one line, and a diagnostic event is found whatever the
// lines around it hold.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "tfw/core/parse/diagnostics.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

namespace {

constexpr std::string_view known_event =
    R"({"@level":"error","type":"diagnostic","diagnostic":{"severity":"error","summary":"Known",)"
    R"("detail":"","range":{"filename":"main.tf","start":{"line":3,"column":1}}}})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view stream(reinterpret_cast<const char*>(data), size);

    std::vector<Diagnostic> diagnostics = parse_diagnostics(stream);
    for (const Diagnostic& diagnostic : diagnostics) {
        (void)describe(diagnostic);
        (void)is_cross_type_refusal(diagnostic);
    }
    (void)may_blame_injected_file(stream, "tfw_moved.tf");

    // The same stream with a known event on a line of its own after it.
    std::string extended(stream);
    extended += "\n";
    extended += known_event;
    std::vector<Diagnostic> more = parse_diagnostics(extended);
    require(!more.empty() && more.back().summary == "Known" && more.back().line == 3,
            "a diagnostic on its own line is read whatever comes before it");
    require(more.size() >= diagnostics.size(), "a line added after the stream loses none of its diagnostics");
    return 0;
}
