// Durations as Terraform's flags read them (`-lock-timeout=5m`): Go's time.ParseDuration.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace tfw::core::inline model {

// A sequence of decimal numbers, each with an optional fraction and a unit (ns, us, µs,
// μs, ms, s, m, h), with an optional sign in front: `300ms`, `1.5h`, `2h45m`, `-1s`. A
// plain `0` needs no unit. std::nullopt for anything Go refuses, including an empty text,
// a number without a unit and a value beyond about 292 years (int64 nanoseconds).
std::optional<std::chrono::nanoseconds> parse_go_duration(std::string_view text);

}  // namespace tfw::core::model
