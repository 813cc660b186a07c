#include "tfw/core/model/duration.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace tfw::core;

// What Go's time.ParseDuration, and so terraform's -lock-timeout, accepts and refuses.
BOOST_AUTO_TEST_CASE(durations_as_go_parses_them) {
    struct Case {
        std::string text;
        std::optional<std::int64_t> nanoseconds;  // std::nullopt: refused
    };
    const std::int64_t s = 1'000'000'000;
    const std::vector<Case> cases = {
        {"0", 0},
        {"0s", 0},
        {"-0", 0},
        {"+0", 0},
        {"120s", 120 * s},
        {"5m", 300 * s},
        {"1h", 3600 * s},
        {"2h45m", (2 * 3600 + 45 * 60) * s},
        {"1h1m1s", 3661 * s},
        {"300ms", 300'000'000},
        {"1.5h", 5400 * s},
        {"1.s", s},
        {".5s", s / 2},
        {"1.0000000001s", s},  // below a nanosecond: dropped
        {"10us", 10'000},
        {"10\xc2\xb5s", 10'000},
        {"10\xce\xbcs", 10'000},
        {"7ns", 7},
        {"-1s", -s},
        {"+1s", s},
        {"1m-1s", std::nullopt},
        {"9223372036854775807ns", INT64_MAX},
        {"-9223372036854775808ns", INT64_MIN},
        {"9223372036854775808ns", std::nullopt},
        {"2562048h", std::nullopt},
        {"", std::nullopt},
        {"-", std::nullopt},
        {"s", std::nullopt},
        {".s", std::nullopt},
        {"5", std::nullopt},
        {"1.5", std::nullopt},
        {"5 s", std::nullopt},
        {"5S", std::nullopt},
        {"5sec", std::nullopt},
        {"3d", std::nullopt},
        {" 5s", std::nullopt},
        {"5s ", std::nullopt},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("\"" << c.text << "\"") {
            auto parsed = parse_go_duration(c.text);
            BOOST_TEST(parsed.has_value() == c.nanoseconds.has_value());
            if (parsed && c.nanoseconds) BOOST_TEST(parsed->count() == *c.nanoseconds);
        }
    }
}
