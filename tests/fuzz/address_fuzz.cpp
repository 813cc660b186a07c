// parse_address on arbitrary text. Property: what parses prints back to text that
// parses to the same address, and that text is a fixed point of printing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/model/address.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    AddressParseResult parsed = parse_address(text);
    require(parsed.address.has_value() != !parsed.error.empty(), "a parse gives an address or an error, not both");
    if (!parsed.address) return 0;

    std::string printed = to_string(*parsed.address);
    AddressParseResult reparsed = parse_address(printed);
    require(reparsed.address.has_value(), "a printed address parses");
    require(*reparsed.address == *parsed.address, "parse, print, parse gives the same address");
    require(to_string(*reparsed.address) == printed, "printing a printed address changes nothing");

    // The module arithmetic the matcher does on every address.
    const Address& address = *parsed.address;
    for (std::size_t depth = 0; depth <= address.module.size(); ++depth) {
        ModulePath base(address.module.begin(), address.module.begin() + static_cast<std::ptrdiff_t>(depth));
        require(starts_with(address.module, base), "a module path starts with its prefixes");
        require(common_ancestor(address.module, base) == base, "a prefix is the common ancestor with its path");
        require(absolute_from(relative_to(address, base), base) == address, "relative_to and absolute_from invert");
    }
    return 0;
}
