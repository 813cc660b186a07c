#include "tfw/core/converge/trial_order.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "match_tables.hpp"

using namespace tfw::core;
using tfw::core::testing::move_of;

BOOST_AUTO_TEST_CASE(trail_depth_follows_where_the_instance_went) {
    struct Case {
        const char* name;
        std::vector<std::pair<std::string, std::string>> standing;
        std::string from, to;
        std::size_t depth;
    };
    const std::vector<Case> cases = {
        {"nothing stands", {}, "module.a[1].terraform_data.x", "module.a[\"b\"].terraform_data.x", 0},
        {"a sibling went to the candidate's instance",
         {{"module.a[1].terraform_data.s", "module.a[\"b\"].terraform_data.s"}},
         "module.a[1].terraform_data.x", "module.a[\"b\"].terraform_data.y", 1},
        {"a sibling went elsewhere",
         {{"module.a[1].terraform_data.s", "module.a[\"c\"].terraform_data.s"}},
         "module.a[1].terraform_data.x", "module.a[\"b\"].terraform_data.y", 0},
        {"a move in a child instance takes its ancestors along, at one depth",
         {{"module.a[1].module.u[\"k\"].terraform_data.s", "module.a[\"b\"].module.u[\"k\"].terraform_data.s"}},
         "module.a[1].terraform_data.x", "module.a[\"b\"].terraform_data.x", 1},
        {"the deepest ancestor that went there counts",
         {{"module.a[1].module.c.terraform_data.s", "module.a[\"b\"].module.c[0].terraform_data.s"}},
         "module.a[1].module.c.terraform_data.x", "module.a[\"b\"].module.c[0].terraform_data.x", 2},
        {"a hoist maps only the whole path: the parent of a hoisted instance is not mapped",
         {{"module.a[1].module.c.terraform_data.s", "module.a[\"b\"].terraform_data.s"}},
         "module.a[1].terraform_data.x", "module.a[\"b\"].terraform_data.x", 0},
        {"a hoist: the candidate under where the instance went",
         {{"module.a[1].terraform_data.s", "module.a[\"b\"].terraform_data.s"}},
         "module.a[1].module.c[\"g\"].module.d.terraform_data.x", "module.a[\"b\"].module.d[\"g\"].terraform_data.x", 1},
        {"objects renamed in place keep their instance",
         {{"module.a[1].terraform_data.s", "module.a[1].terraform_data.t"}},
         "module.a[1].terraform_data.x", "module.a[1].terraform_data.y", 1},
        {"the root module tells nothing", {{"terraform_data.s", "terraform_data.t"}}, "terraform_data.x",
         "terraform_data.y", 0},
        {"a module instance moved whole", {{"module.a[1]", "module.b[\"x\"]"}}, "module.a[1].terraform_data.x",
         "module.b[\"x\"].terraform_data.x", 1},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::vector<Move> standing;
            for (const auto& [from, to] : c.standing) standing.push_back(move_of(from, to));
            BOOST_TEST(trail_depth(instance_trail(standing), move_of(c.from, c.to)) == c.depth);
        }
    }
}

BOOST_AUTO_TEST_CASE(shared_names_counts_names_and_keys_both_addresses_have) {
    struct Case {
        std::string from, to;
        std::size_t shared;
    };
    const std::vector<Case> cases = {
        {"terraform_data.a", "terraform_data.b", 0},
        {"terraform_data.a", "terraform_data.a", 1},
        {"terraform_data.a[\"red\"]", "module.m[\"x\"].terraform_data.a[\"red\"]", 2},
        {"module.k[1].module.c[\"g\"].terraform_data.lb[\"red\"]", "module.k[\"e\"].module.c2[\"g\"].terraform_data.lb[\"red\"]", 4},
        {"module.k[1].terraform_data.a[1]", "module.k[0].terraform_data.a[1]", 3},
        {"terraform_data.a[1]", "terraform_data.a[\"1\"]", 1},
        {"module.a.module.a.terraform_data.a", "module.a.terraform_data.b", 1},
    };
    for (const Case& c : cases)
        BOOST_TEST(shared_names(must_parse_address(c.from), must_parse_address(c.to)) == c.shared, c.from << " / " << c.to);
}
