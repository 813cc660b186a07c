#include "tfw/core/render/cross_root_json.hpp"

#include <boost/test/unit_test.hpp>

#include "cross_root_tables.hpp"

#include <string>
#include <vector>

using namespace tfw::core;

using tfw::core::test::candidate;

BOOST_AUTO_TEST_CASE(every_array_is_present_when_empty) {
    BOOST_TEST(render_cross_root_json({{".", {}}, {"../b", {}}}, {}, {}) ==
               "{\"roots\":[\n {\"dir\":\".\",\"moves\":[]},\n {\"dir\":\"../b\",\"moves\":[]}],\n"
               "\"moves\":[],\n\"proposed\":[],\n\"refused\":[]}\n");
}

BOOST_AUTO_TEST_CASE(moves_inside_and_between_roots_and_refusals) {
    const std::vector<RootCandidate> candidates = {
        candidate(0, "terraform_data.web", true),
        candidate(1, "terraform_data.w[\"a\\\"b\"]", false),
        candidate(0, "terraform_data.db", true),
        candidate(1, "terraform_data.db1", false),
        candidate(1, "terraform_data.db2", false),
    };
    CrossRootResult result;
    result.moves = {{0, 1, 2, "all 2 known values are equal; Terraform planned it with no change"}};
    result.proposals = {{2, 3, 1, "Terraform would update it in place"}};
    result.refusals = {{2, "tie with ../b: terraform_data.db1, ../b: terraform_data.db2: 2 creations match equally; nothing moves"}};
    const std::vector<RootMoves> roots = {{".", {{"terraform_data.old", "terraform_data.new"}}}, {"../b", {}}};
    BOOST_TEST(render_cross_root_json(roots, result, candidates) ==
               "{\"roots\":[\n"
               " {\"dir\":\".\",\"moves\":[{\"from\":\"terraform_data.old\",\"to\":\"terraform_data.new\"}]},\n"
               " {\"dir\":\"../b\",\"moves\":[]}],\n"
               "\"moves\":[\n"
               " {\"from_root\":\".\",\"from\":\"terraform_data.web\",\"to_root\":\"../b\","
               "\"to\":\"terraform_data.w[\\\"a\\\\\\\"b\\\"]\",\"equal_values\":2,"
               "\"evidence\":\"all 2 known values are equal; Terraform planned it with no change\"}],\n"
               "\"proposed\":[\n"
               " {\"from_root\":\".\",\"from\":\"terraform_data.db\",\"to_root\":\"../b\",\"to\":\"terraform_data.db1\","
               "\"equal_values\":1,\"evidence\":\"Terraform would update it in place\"}],\n"
               "\"refused\":[\n"
               " {\"root\":\".\",\"address\":\"terraform_data.db\",\"reason\":\"tie with ../b: terraform_data.db1, "
               "../b: terraform_data.db2: 2 creations match equally; nothing moves\"}]}\n");
}
