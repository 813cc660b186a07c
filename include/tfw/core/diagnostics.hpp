// Terraform's diagnostics as they appear in `-json` event streams.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfw::core {

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

}  // namespace tfw::core
