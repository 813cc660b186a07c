#include "tfw/core/model/attributes.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(path_covers_table) {
    struct Case {
        std::string prefix;
        std::string path;
        bool expected;
    };
    const std::vector<Case> cases = {
        {"", "", true},
        {"", "input", true},
        {"tags", "tags", true},
        {"tags", "tags.Name", true},
        {"tags", R"(tags["a b"])", true},
        {"tags", "tags[0]", true},
        {"tags", "tags_all", false},
        {"tags", "tag", false},
        {"tags", "tagsName", false},
        {"tags.Name", "tags", false},
        {"tags.Name", "tags.Name", true},
        {"tags.Name", "tags.Names", false},
        {"ingress[0]", "ingress[0].from_port", true},
        {"ingress[0]", "ingress[0]", true},
        {"ingress[1]", "ingress[10]", false},
        {"ingress[1]", "ingress[10].x", false},
        {"ingress", "ingress[10].x", true},
        {R"(tags["a b"])", R"(tags["a b"].x)", true},
        {R"(tags["a b"])", R"(tags["a bc"])", false},
        {"input.list", "input.list[1]", true},
        {"input", "output", false},
        {"input", "in", false},
        {"input.a", "input.b", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("\"" << c.prefix << "\" covers \"" << c.path << "\"") {
            BOOST_TEST(path_covers(c.prefix, c.path) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(child_path_table) {
    struct Case {
        std::string name;
        std::string parent;
        std::string member;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"top-level attribute", "", "input", "input"},
        {"nested identifier", "input", "name", "input.name"},
        {"deeper", "input.tags", "Name", "input.tags.Name"},
        {"underscore start", "tags", "_x", "tags._x"},
        {"dash inside", "tags", "a-b", "tags.a-b"},
        {"digits inside", "tags", "a1", "tags.a1"},
        {"space needs quotes", "tags", "a b", R"(tags["a b"])"},
        {"leading digit needs quotes", "tags", "1a", R"(tags["1a"])"},
        {"leading dash needs quotes", "tags", "-a", R"(tags["-a"])"},
        {"dot needs quotes", "tags", "a.b", R"(tags["a.b"])"},
        {"empty key needs quotes", "tags", "", R"(tags[""])"},
        {"quote escaped", "tags", "q\"uote", R"(tags["q\"uote"])"},
        {"backslash escaped", "tags", "back\\sl", R"(tags["back\\sl"])"},
        {"template escaped", "tags", "${x}", R"(tags["$${x}"])"},
        {"newline escaped", "tags", "a\nb", R"(tags["a\nb"])"},
        {"unicode kept", "tags", "\xC3\xA9", "tags[\"\xC3\xA9\"]"},
        {"non-printable escaped", "tags", "a\xC2\xA0", R"(tags["a\u00a0"])"},
        {"quoted key at the top", "", "a b", R"(["a b"])"},
        {"after an index", "ingress[0]", "from_port", "ingress[0].from_port"},
        {"after a quoted key", R"(tags["a b"])", "c", R"(tags["a b"].c)"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(child_path(c.parent, c.member) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(index_path_table) {
    struct Case {
        std::string parent;
        std::size_t index;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"list", 0, "list[0]"},
        {"list", 12, "list[12]"},
        {"input.list", 1, "input.list[1]"},
        {"ingress[0].cidr", 3, "ingress[0].cidr[3]"},
        {"m[1]", 2, "m[1][2]"},
        {R"(tags["a b"])", 0, R"(tags["a b"][0])"},
        {"", 0, "[0]"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.parent << " " << c.index) { BOOST_TEST(index_path(c.parent, c.index) == c.expected); }
    }
}

// A path built by child_path and index_path is covered by every prefix it was built
// from, and by nothing that merely shares its spelling.
BOOST_AUTO_TEST_CASE(built_paths_are_covered_by_their_parents) {
    std::string tags = child_path("", "tags");
    std::string spaced = child_path(tags, "a b");
    std::string element = index_path(spaced, 2);
    std::string leaf = child_path(element, "x");
    for (const auto& prefix : {tags, spaced, element, leaf}) {
        BOOST_TEST_CONTEXT(prefix) { BOOST_TEST(path_covers(prefix, leaf)); }
    }
    BOOST_TEST(!path_covers(child_path("", "tag"), leaf));
    BOOST_TEST(!path_covers(index_path(spaced, 20), index_path(spaced, 2)));
    BOOST_TEST(!path_covers(leaf, element));
}
