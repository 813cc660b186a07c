// read_ignored_changes on arbitrary .tf text: each resource's ignore_changes, or HclError
// naming the file. Properties, for text that reads: every resource read is `type.name`
// with a listed path or `all`, no path is empty, and `all` (or the old "*") is never a
// path, so that covers() never takes a wildcard for an attribute.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/parse/hcl_lifecycle.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::map<std::string, IgnoredChanges> read;
    try {
        read = read_ignored_changes(text, "main.tf");
    } catch (const HclError& error) {
        require(std::string_view(error.what()).starts_with("main.tf:"), "an HCL error names the file");
        return 0;
    }
    for (const auto& [resource, ignored] : read) {
        require(resource.find('.') != std::string::npos, "a resource is read as type.name");
        require(ignored.all || !ignored.paths.empty(), "only a resource that ignores something is read");
        for (const auto& path : ignored.paths) {
            require(!path.empty(), "no listed path is empty");
            require(path != "*" && path != "all", "a wildcard is all, never a path");
            require(ignored.covers(path), "a listed path is ignored");
        }
    }
    return 0;
}
