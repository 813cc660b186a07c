// What the user's plan options mean for the plans tfw makes besides the one it shows.
#pragma once

#include <string>
#include <vector>

namespace tfw::core::inline parse {

// True when plans made with these options refresh, so that tfw's intermediate plans may
// skip it: no `-refresh=false` (in any of Go's boolean spellings, the last occurrence
// winning, one dash or two) and no `-refresh-only` (whose plans are all refreshing).
bool plans_refresh(const std::vector<std::string>& args);

}  // namespace tfw::core::parse
