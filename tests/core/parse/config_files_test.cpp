#include "tfw/core/parse/config_files.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(the_names_terraform_reads_as_configuration) {
    struct Case {
        std::string name;
        bool configuration;
        bool override_file;
        bool json;
    };
    const std::vector<Case> cases = {
        {"main.tf", true, false, false},
        {"main.tf.json", true, false, true},
        {"moved.tf", true, false, false},
        {"override.tf", true, true, false},
        {"override.tf.json", true, true, true},
        {"backend_override.tf", true, true, false},
        {"backend_override.tf.json", true, true, true},
        {"_override.tf", true, true, false},
        {"overrides.tf", true, false, false},
        {"my-override.tf", true, false, false},
        // Hidden, backups and auto-saves: terraform skips them.
        {".old-moves.tf", false, false, false},
        {".#main.tf", false, false, false},  // an editor's lock link
        {".tf", false, false, false},
        {"main.tf~", false, false, false},
        {"#main.tf#", false, false, false},
        // Only starting with `#`: terraform reads it.
        {"#main.tf", true, false, false},
        // Not a configuration file at all.
        {"main.tf.bak", false, false, false},
        {"main.tfvars", false, false, false},
        {"main.tftest.hcl", false, false, false},
        {"tf", false, false, false},
        {"main.json", false, false, false},
        {"moved.tf.tfw-12-0123456789abcdef.tmp", false, false, false},
        {"", false, false, false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(is_configuration_file_name(c.name) == c.configuration);
            BOOST_TEST(is_override_file_name(c.name) == c.override_file);
            BOOST_TEST(is_json_configuration_file_name(c.name) == c.json);
        }
    }
}

BOOST_AUTO_TEST_CASE(the_names_terraform_ignores_whatever_their_extension) {
    for (const std::string name : {".x", ".#main.tf", "a~", "#a#", ".terraform"})
        BOOST_TEST_CONTEXT(name) { BOOST_TEST(is_ignored_file_name(name)); }
    for (const std::string name : {"a", "#a", "a#", "a~b", "main.tf"})
        BOOST_TEST_CONTEXT(name) { BOOST_TEST(!is_ignored_file_name(name)); }
}
