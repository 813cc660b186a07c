#include "tfw/core/model/move.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(match_kind_names_round_trip) {
    struct Case {
        MatchKind kind;
        std::string name;
    };
    std::vector<Case> cases = {
        {MatchKind::exact, "exact"},
        {MatchKind::ignore_rules, "ignore"},
        {MatchKind::partial, "partial"},
        {MatchKind::cross_type, "cross_type"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(to_string(c.kind) == c.name);
            BOOST_TEST((parse_match_kind(c.name) == c.kind));
        }
    }
    BOOST_TEST(!parse_match_kind("ignore_rules"));
    BOOST_TEST(!parse_match_kind("Exact"));
    BOOST_TEST(!parse_match_kind(""));
}
