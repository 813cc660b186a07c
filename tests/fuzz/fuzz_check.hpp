// What the fuzz targets share: a property that must hold for every input. A violation
// aborts, which libFuzzer reports as a crash and saves the input that caused it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace tfw::fuzz {

inline void require(bool holds, std::string_view property) {
    if (holds) return;
    std::fprintf(stderr, "fuzz property violated: %.*s\n", static_cast<int>(property.size()), property.data());
    std::abort();
}

}  // namespace tfw::fuzz
