#include "tfw/core/match/key_trail.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <utility>
#include <vector>

using namespace tfw::core;

namespace {

std::vector<std::pair<Address, Address>> moves_of(const std::vector<std::pair<std::string, std::string>>& texts) {
    std::vector<std::pair<Address, Address>> out;
    for (const auto& [from, to] : texts) out.push_back({must_parse_address(from), must_parse_address(to)});
    return out;
}

std::string followed(const KeyTrail& trail, const std::string& resource, const std::string& old_key) {
    const Address probe = must_parse_address("x.y" + old_key);
    const auto key = trail.follow(resource, probe.resource->key);
    return key ? to_string(*key) : "none";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_trail_follows_the_keys_a_resources_moves_took) {
    const struct {
        std::string name;
        std::vector<std::pair<std::string, std::string>> moves;
        std::string resource;
        std::string old_key;
        std::string expected;
    } cases[] = {
        {"count to for_each", {{"aws_subnet.a[0]", "aws_subnet.a[\"x\"]"}, {"aws_subnet.a[1]", "aws_subnet.a[\"y\"]"}},
         "aws_subnet.a", "[1]", "[\"y\"]"},
        {"by the new resource's config address, renamed too", {{"aws_subnet.old[0]", "aws_subnet.new[\"x\"]"}},
         "aws_subnet.new", "[0]", "[\"x\"]"},
        {"inside a module instance, by the call's config address",
         {{"module.net[0].aws_subnet.a[0]", "module.network[\"eu\"].aws_subnet.a[\"x\"]"}}, "module.network.aws_subnet.a",
         "[0]", "[\"x\"]"},
        {"a key not on the trail", {{"aws_subnet.a[0]", "aws_subnet.a[\"x\"]"}}, "aws_subnet.a", "[1]", "none"},
        {"a resource with no trail", {{"aws_subnet.a[0]", "aws_subnet.a[\"x\"]"}}, "aws_vpc.main", "[0]", "none"},
        {"a move without keys on either side lays no trail", {{"aws_subnet.a", "aws_subnet.b[\"x\"]"}}, "aws_subnet.b", "[0]",
         "none"},
        {"one key sent two ways (two module instances): no trail",
         {{"module.n[0].aws_subnet.a[0]", "module.n[0].aws_subnet.a[\"x\"]"},
          {"module.n[1].aws_subnet.a[0]", "module.n[1].aws_subnet.a[\"y\"]"}},
         "module.n.aws_subnet.a", "[0]", "none"},
        {"two keys sent to one: no trail",
         {{"module.n[0].aws_subnet.a[0]", "module.n[0].aws_subnet.a[\"x\"]"},
          {"module.n[1].aws_subnet.a[1]", "module.n[1].aws_subnet.a[\"x\"]"}},
         "module.n.aws_subnet.a", "[1]", "none"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(followed(KeyTrail(moves_of(c.moves)), c.resource, c.old_key) == c.expected); }
}

BOOST_AUTO_TEST_CASE(signatures_tell_deletions_apart_only_when_each_differs) {
    const struct {
        std::vector<std::string> signatures;
        bool apart;
    } cases[] = {
        {{"subnet_id=\"s1\"\n", "subnet_id=\"s2\"\n"}, true},
        {{"subnet_id=\"s1\"\n", "subnet_id=\"s1\"\n"}, false},
        {{"subnet_id=\"s1\"\n", "subnet_id=\"s2\"\n", "subnet_id=\"s1\"\n"}, false},
        {{"subnet_id=\"s1\"\n", ""}, false},
        {{}, true},
    };
    for (const auto& c : cases) BOOST_TEST(signatures_tell_apart(c.signatures) == c.apart);
}
