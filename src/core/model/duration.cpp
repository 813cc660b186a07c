#include "tfw/core/model/duration.hpp"

#include <cstdint>
#include <limits>

namespace tfw::core::inline model {
namespace {

constexpr std::uint64_t nanoseconds_per(std::string_view unit) {
    if (unit == "ns") return 1;
    if (unit == "us" || unit == "\xc2\xb5s" || unit == "\xce\xbcs") return 1'000;  // u, micro sign, Greek mu
    if (unit == "ms") return 1'000'000;
    if (unit == "s") return 1'000'000'000;
    if (unit == "m") return 60'000'000'000;
    if (unit == "h") return 3'600'000'000'000;
    return 0;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::optional<std::chrono::nanoseconds> parse_go_duration(std::string_view text) {
    // Go's bound: the magnitude fits int64, and -2^63 is allowed for a negative duration.
    constexpr std::uint64_t limit = std::uint64_t{1} << 63;
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    if (text == "0") return std::chrono::nanoseconds(0);
    if (text.empty()) return std::nullopt;

    std::uint64_t total = 0;
    while (!text.empty()) {
        std::uint64_t whole = 0;
        bool whole_overflows = false;
        std::size_t pos = 0;
        for (; pos < text.size() && is_digit(text[pos]); ++pos) {
            std::uint64_t digit = static_cast<std::uint64_t>(text[pos] - '0');
            if (whole_overflows || whole > (limit - digit) / 10) whole_overflows = true;
            else whole = whole * 10 + digit;
        }
        bool has_whole = pos > 0;
        // The fraction: Go keeps its digits while they fit, and drops the rest.
        std::uint64_t fraction = 0;
        std::uint64_t scale = 1;
        bool has_fraction = false;
        if (pos < text.size() && text[pos] == '.') {
            ++pos;
            std::size_t start = pos;
            for (; pos < text.size() && is_digit(text[pos]); ++pos) {
                if (scale > std::numeric_limits<std::uint64_t>::max() / 100) continue;
                fraction = fraction * 10 + static_cast<std::uint64_t>(text[pos] - '0');
                scale *= 10;
            }
            has_fraction = pos > start;
        }
        if (!has_whole && !has_fraction) return std::nullopt;  // ".s" or a unit alone
        std::size_t unit_start = pos;
        for (; pos < text.size() && text[pos] != '.' && !is_digit(text[pos]); ++pos) {
        }
        std::uint64_t unit = nanoseconds_per(text.substr(unit_start, pos - unit_start));
        if (unit == 0 || whole_overflows) return std::nullopt;
        if (whole > limit / unit) return std::nullopt;
        std::uint64_t value = whole * unit;
        if (fraction > 0) {
            // fraction / scale of a unit, without overflow: unit <= 3.6e12 and scale is
            // kept below 1.8e17, so the product is split.
            long double part = static_cast<long double>(fraction) * static_cast<long double>(unit) /
                               static_cast<long double>(scale);
            value += static_cast<std::uint64_t>(part);
            if (value > limit) return std::nullopt;
        }
        if (value > limit - total) return std::nullopt;
        total += value;
        text.remove_prefix(pos);
    }
    if (total == limit && !negative) return std::nullopt;
    if (total == limit) return std::chrono::nanoseconds(std::numeric_limits<std::int64_t>::min());
    auto magnitude = static_cast<std::int64_t>(total);
    return std::chrono::nanoseconds(negative ? -magnitude : magnitude);
}

}  // namespace tfw::core::model
