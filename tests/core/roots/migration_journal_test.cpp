#include "tfw/core/roots/migration_journal.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(a_journal_reads_back_as_written) {
    const MigrationJournal journal{"20261124T213000Z-42",
                                   {"/work/a", "/work/b \"quoted\""},
                                   {"default", "prod"},
                                   {{0, "terraform_data.subnet[\"a\"]", 1, "module.net.terraform_data.subnet[\"a\"]"},
                                    {1, "terraform_data.x", 0, "terraform_data.y"}}};
    const std::string text = render_journal(journal);
    const MigrationJournal back = parse_journal(text, "journal.json");
    BOOST_TEST(back.id == journal.id);
    BOOST_TEST(back.roots == journal.roots);
    BOOST_TEST(back.workspaces == journal.workspaces);
    BOOST_TEST_REQUIRE(back.transfers.size() == 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        BOOST_TEST(back.transfers[i].from_root == journal.transfers[i].from_root);
        BOOST_TEST(back.transfers[i].from == journal.transfers[i].from);
        BOOST_TEST(back.transfers[i].to_root == journal.transfers[i].to_root);
        BOOST_TEST(back.transfers[i].to == journal.transfers[i].to);
    }
    BOOST_TEST(render_journal(back) == text);
}

BOOST_AUTO_TEST_CASE(a_journal_without_workspaces_reads_as_every_workspace) {
    const std::string written_before = R"({"tfw_migration":1,"id":"x","roots":["/a","/b"],"transfers":[]})";
    const MigrationJournal back = parse_journal(written_before, "journal.json");
    BOOST_TEST(back.roots.size() == 2u);
    BOOST_TEST(back.workspaces.empty());
}

BOOST_AUTO_TEST_CASE(a_damaged_journal_is_refused_naming_its_file) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{", "not JSON"},
        {R"({"id":"x","roots":[],"transfers":[]})", "no \"tfw_migration\": 1"},
        {R"({"tfw_migration":2,"id":"x","roots":[],"transfers":[]})", "no \"tfw_migration\": 1"},
        {R"({"tfw_migration":1,"roots":[],"transfers":[]})", "no id"},
        {R"({"tfw_migration":1,"id":"x","roots":[1],"transfers":[]})", "a root that is not a directory name"},
        {R"({"tfw_migration":1,"id":"x","roots":["/a"],"transfers":[{"from_root":0,"from":"a.b","to_root":1,"to":"a.c"}]})",
         "a transfer without to_root"},
        {R"({"tfw_migration":1,"id":"x","roots":["/a","/b"],"transfers":[{"from_root":0,"to_root":1,"to":"a.c"}]})",
         "a transfer without from"},
        {R"({"tfw_migration":1,"id":"x","roots":["/a","/b"],"workspaces":["default"],"transfers":[]})",
         "workspaces that are not one per root"},
        {R"({"tfw_migration":1,"id":"x","roots":["/a"],"workspaces":[7],"transfers":[]})", "a workspace that is not a name"},
    };
    for (const auto& [text, why] : cases) {
        std::string message;
        try {
            parse_journal(text, "/s/journal.json");
        } catch (const std::runtime_error& error) {
            message = error.what();
        }
        BOOST_TEST(message == "/s/journal.json: not a tfw migration journal: " + why, text);
    }
}

BOOST_AUTO_TEST_CASE(each_step_has_its_own_file) {
    BOOST_TEST(state_file_name(0, StateStep::original) == "0.original.tfstate");
    BOOST_TEST(state_file_name(1, StateStep::gained) == "1.gained.tfstate");
    BOOST_TEST(state_file_name(2, StateStep::final_state) == "2.final.tfstate");
}
