#include "tfw/core/render/moves_diagram.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

std::vector<MoveBlock> blocks_of(const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::vector<MoveBlock> out;
    for (const auto& [from, to] : pairs) out.push_back({must_parse_address(from), must_parse_address(to)});
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(labels_escape_what_would_break_the_diagram_or_the_fence) {
    struct Case {
        std::string text, expected;
    };
    const std::vector<Case> cases = {
        {"terraform_data.a", R"("terraform_data.a")"},
        {R"(r["q\"uote"])", R"("r[#quot;q\#quot;uote#quot;]")"},
        {"r[\"a b\"]", R"("r[#quot;a b#quot;]")"},
        {"r[\"#x;y\"]", R"("r[#quot;#35;x#59;y#quot;]")"},
        {"r[\"%%{init}%%\"]", R"("r[#quot;#37;#37;{init}#37;#37;#quot;]")"},
        {"r[\"```\"]", R"("r[#quot;#96;#96;#96;#quot;]")"},
        {"r[\"<b>&amp;</b>\"]", R"("r[#quot;#lt;b#gt;#amp;amp#59;#lt;/b#gt;#quot;]")"},
        {"r[\"a\nb\"]", R"("r[#quot;a b#quot;]")"},
        {"r[\"[x](y) {z} \\\\ |\"]", R"("r[#quot;[x](y) {z} \\ |#quot;]")"},
        {"", R"("")"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.text) { BOOST_TEST(mermaid_label(c.text) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(module_moves_are_edges_and_resource_moves_are_boxed_per_module) {
    struct Case {
        std::string name;
        std::vector<std::pair<std::string, std::string>> moves;
        std::size_t max_edges;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"no move", {}, 40, ""},
        {"a module move and resource moves in two modules",
         {{"module.old", "module.new"},
          {"terraform_data.a", "terraform_data.b"},
          {"module.app.terraform_data.x", "module.app.terraform_data.y[\"k\"]"},
          {"terraform_data.c", "module.app.terraform_data.c"}},
         40,
         "flowchart LR\n"
         "    n1[\"module.old\"] --> n2[\"module.new\"]\n"
         "    subgraph g1[\"root module\"]\n"
         "        direction LR\n"
         "        n3[\"terraform_data.a\"] --> n4[\"terraform_data.b\"]\n"
         "        n5[\"terraform_data.c\"] --> n6[\"module.app.terraform_data.c\"]\n"
         "    end\n"
         "    subgraph g2[\"module.app\"]\n"
         "        direction LR\n"
         "        n7[\"terraform_data.x\"] --> n8[\"terraform_data.y[#quot;k#quot;]\"]\n"
         "    end\n"},
        {"the cap: module moves first, then a note of the rest",
         {{"module.a", "module.b"}, {"terraform_data.a", "terraform_data.b"}, {"terraform_data.c", "terraform_data.d"},
          {"terraform_data.e", "terraform_data.f"}},
         2,
         "flowchart LR\n"
         "    n1[\"module.a\"] --> n2[\"module.b\"]\n"
         "    subgraph g1[\"root module\"]\n"
         "        direction LR\n"
         "        n3[\"terraform_data.a\"] --> n4[\"terraform_data.b\"]\n"
         "    end\n"
         "    n5[\"… and 2 more moves\"]\n"},
        {"the cap met exactly: no note",
         {{"terraform_data.a", "terraform_data.b"}},
         1,
         "flowchart LR\n"
         "    subgraph g1[\"root module\"]\n"
         "        direction LR\n"
         "        n1[\"terraform_data.a\"] --> n2[\"terraform_data.b\"]\n"
         "    end\n"},
        {"a cap reached before a box: the box is left out, not drawn empty",
         {{"module.a", "module.b"}, {"terraform_data.a", "terraform_data.b"}},
         1,
         "flowchart LR\n"
         "    n1[\"module.a\"] --> n2[\"module.b\"]\n"
         "    n3[\"… and 1 more move\"]\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(moves_flowchart(blocks_of(c.moves), c.max_edges) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(two_hundred_moves_draw_the_cap_and_count_the_rest) {
    std::vector<std::pair<std::string, std::string>> moves;
    for (int i = 0; i < 200; ++i)
        moves.push_back({"terraform_data.old[\"k\\\"" + std::to_string(i) + "\"]", "terraform_data.new[\"k\\\"" + std::to_string(i) + "\"]"});
    std::string chart = moves_flowchart(blocks_of(moves));
    std::size_t edges = 0;
    for (std::size_t at = chart.find("-->"); at != std::string::npos; at = chart.find("-->", at + 1)) ++edges;
    BOOST_TEST(edges == 30u);
    BOOST_TEST(chart.find("\"… and 170 more moves\"") != std::string::npos);
    BOOST_TEST(chart.find("\\\"") == std::string::npos);  // the keys' \" became \#quot;
    BOOST_TEST(chart.find("[#quot;k\\#quot;0#quot;]") != std::string::npos);
}
