// Terraform's diagnostics as they appear in `-json` event streams.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline parse {

struct Diagnostic {
    std::string severity;  // "error" or "warning"
    std::string summary;
    std::string detail;
    std::string filename;  // empty when the diagnostic has no source range
    int line = 0;
    int column = 0;
};

// Every `diagnostic` event of a `terraform ... -json` stream; other lines are skipped.
std::vector<Diagnostic> parse_diagnostics(std::string_view json_lines);

// One line: "Error: summary (file:line)".
std::string describe(const Diagnostic& diagnostic);

// Terraform's first error of a failed command, in one line: the first error diagnostic
// of a `-json` stream on stdout, else the first "Error:" line of its human output
// (stderr, then stdout), else "" when it said nothing at all.
std::string first_error(std::string_view stdout_text, std::string_view stderr_text);

// A refusal of a cross-type move: Terraform's own, or the provider's ("Move Resource
// State Not Supported"), which has no source range.
bool is_cross_type_refusal(const Diagnostic& diagnostic);

// Whether the human output of a failed plan may hold a diagnostic against tfw's
// injected file `file_name`: it names the file, or it holds a cross-type refusal. When
// false the failure is the configuration's own, and replanning with -json to find out
// which block was blamed would only cost another plan. Colour codes do not matter.
bool may_blame_injected_file(std::string_view human_output, std::string_view file_name);

}  // namespace tfw::core::parse
