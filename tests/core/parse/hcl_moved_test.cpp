#include "tfw/core/parse/hcl_moved.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using namespace tfw::core;

namespace {

struct ExpectedBlock {
    std::string from;
    std::string to;
    int line;
};

// The blocks as "from -> to @line", so a failing case prints the whole difference.
std::string describe(const std::vector<MovedBlock>& blocks) {
    std::string out;
    for (const auto& b : blocks) out += to_string(b.from) + " -> " + to_string(b.to) + " @" + std::to_string(b.line) + "\n";
    return out;
}

std::string describe(const std::vector<ExpectedBlock>& blocks) {
    std::string out;
    for (const auto& b : blocks) out += b.from + " -> " + b.to + " @" + std::to_string(b.line) + "\n";
    return out;
}

std::string read_error(std::string_view input) {
    try {
        read_moved_blocks(input, "main.tf");
    } catch (const HclError& e) {
        return e.what();
    }
    return "no error";
}

Address resource_with_key(std::string key) {
    return Address{{}, ResourcePart{ResourceMode::managed, "terraform_data", "r", InstanceKey::of_name(std::move(key))}};
}

using Moves = std::vector<std::pair<Address, Address>>;

Moves moves_of(const std::vector<std::pair<std::string, std::string>>& texts) {
    Moves out;
    for (const auto& [from, to] : texts) out.emplace_back(must_parse_address(from), must_parse_address(to));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(reads_top_level_moved_blocks) {
    struct Case {
        std::string name;
        std::string input;
        std::vector<ExpectedBlock> expected;
    };
    const std::vector<Case> cases = {
        {"empty file", "", {}},
        {"comments only", "# moved {\n// x\n", {}},
        {"plain block", "moved {\n  from = aws_instance.a\n  to   = aws_instance.b\n}\n",
         {{"aws_instance.a", "aws_instance.b", 1}}},
        {"no final newline", "moved {\n  from = a.b\n  to   = a.c\n}", {{"a.b", "a.c", 1}}},
        {"attributes in either order", "moved {\n  to   = a.c\n  from = a.b\n}\n", {{"a.b", "a.c", 1}}},
        {"indented keyword", "  moved {\n  from = a.b\n  to = a.c\n}\n", {{"a.b", "a.c", 1}}},
        {"blank lines and comments inside",
         "moved {\n\n  # why\n  from = a.b # old name\n  /* block */\n\n  to = a.c // new name\n  // end\n}\n",
         {{"a.b", "a.c", 1}}},
        {"comment between keyword and brace", "moved /* x */ {\n  from = a.b\n  to = a.c\n}\n", {{"a.b", "a.c", 1}}},
        {"several blocks with their lines",
         "moved {\n  from = a.b\n  to   = a.c\n}\n\nmoved {\n  from = module.x\n  to   = module.y\n}\n",
         {{"a.b", "a.c", 1}, {"module.x", "module.y", 6}}},
        {"among resources and nested blocks",
         "terraform {\n  required_version = \">= 1.5\"\n}\n\n"
         "resource \"aws_instance\" \"b\" {\n  ami = \"x\"\n  ebs_block_device {\n    device_name = \"y\"\n  }\n  tags = {\n"
         "    Name = \"z\"\n  }\n}\n\nmoved {\n  from = aws_instance.a\n  to   = aws_instance.b\n}\n\n"
         "module \"m\" {\n  source = \"./m\"\n  list = [\n    1,\n    2,\n  ]\n}\n",
         {{"aws_instance.a", "aws_instance.b", 15}}},
        {"nested moved blocks do not count",
         "resource \"x\" \"y\" {\n  moved {\n    from = a.b\n    to = a.c\n  }\n  dynamic \"d\" {\n    content {\n"
         "      moved {\n        from = a.d\n        to = a.e\n      }\n    }\n  }\n}\n",
         {}},
        {"moved in comments does not count",
         "# moved {\n#   from = a.b\n# }\n// moved {\n/*\nmoved {\n  from = a.b\n  to = a.c\n}\n*/\n", {}},
        {"moved in strings does not count",
         "locals {\n  a = \"moved {\"\n  b = \"}\\\"\\n moved { from = a.b\"\n}\nx = \"moved\"\n", {}},
        {"moved in heredocs does not count",
         "x = <<EOF\nmoved {\n  from = a.b\n  to = a.c\n}\nEOF\n"
         "resource \"r\" \"s\" {\n  y = <<-EOT\n    moved {\n    EOT\n}\n",
         {}},
        {"heredoc with unbalanced braces and quotes before a block",
         "locals {\n  x = <<EOF\n} \" {{ ${ \"}\" }\n  EOF\n}\nmoved {\n  from = a.b\n  to = a.c\n}\n",
         {{"a.b", "a.c", 6}}},
        {"interpolations with nested quotes and braces before a block",
         "locals {\n  a = \"${ {k = \"}\"}[\"k\"] }\"\n  b = \"%{ if x }}%{ endif }${ \"${ \"{\" }\" }\"\n}\n"
         "moved {\n  from = a.b\n  to = a.c\n}\n",
         {{"a.b", "a.c", 5}}},
        {"an attribute named moved is not a block", "moved = {\n  from = a.b\n}\n", {}},
        {"other arguments and nested blocks are skipped",
         "moved {\n  from = a.b\n  note = { to = \"x\" }\n  extra {\n    to = x.y\n  }\n  to = a.c\n}\n",
         {{"a.b", "a.c", 1}}},
        {"escaped keys", "moved {\n  from = module.a[\"x\\\"y\"].aws_instance.b[0]\n  to = r.s[\"back\\\\sl\"]\n}\n",
         {{"module.a[\"x\\\"y\"].aws_instance.b[0]", "r.s[\"back\\\\sl\"]", 1}}},
        {"template escapes in keys", "moved {\n  from = r.s[\"$${x}\"]\n  to = r.s[\"%%{y}\"]\n}\n",
         {{"r.s[\"$${x}\"]", "r.s[\"%%{y}\"]", 1}}},
        {"unicode keys", "moved {\n  from = module.m[\"\xE2\x82\xAC\"].r.s\n  to = r.s[\"\\u00e9\"]\n}\n",
         {{"module.m[\"\xE2\x82\xAC\"].r.s", "r.s[\"\xC3\xA9\"]", 1}}},
        {"address split over lines inside brackets", "moved {\n  from = module.a[\n    0\n  ].r.s\n  to = r.t\n}\n",
         {{"module.a[0].r.s", "r.t", 1}}},
        {"spaces inside a traversal", "moved {\n  from = module.a [ \"k\" ] . r . s\n  to = r.t\n}\n",
         {{"module.a[\"k\"].r.s", "r.t", 1}}},
        {"crlf line endings",
         "locals {\r\n  x = <<EOF\r\nmoved {\r\nEOF\r\n}\r\n\r\nmoved {\r\n  from = a.b\r\n  to   = a.c\r\n}\r\n",
         {{"a.b", "a.c", 7}}},
        {"byte order mark", "\xEF\xBB\xBFmoved {\n  from = a.b\n  to = a.c\n}\n", {{"a.b", "a.c", 1}}},
        {"data sources", "moved {\n  from = data.x.y\n  to = data.x.z\n}\n", {{"data.x.y", "data.x.z", 1}}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::vector<MovedBlock> blocks = read_moved_blocks(c.input, "main.tf");
            BOOST_TEST(describe(blocks) == describe(c.expected));
            for (const auto& b : blocks) BOOST_TEST(b.file == "main.tf");
        }
    }
}

// The printed form above could hide a key decoded wrongly but printed back the same way.
BOOST_AUTO_TEST_CASE(decodes_escaped_keys) {
    struct Case {
        std::string name;
        std::string written;
        std::string key;
    };
    const std::vector<Case> cases = {
        {"quote", R"(r.s["x\"y"])", "x\"y"},
        {"backslash", R"(r.s["a\\b"])", "a\\b"},
        {"dollar template escape", R"(r.s["$${x}"])", "${x}"},
        {"percent template escape", R"(r.s["%%{x}"])", "%{x}"},
        {"unicode escape", R"(r.s["\u00e9"])", "\xC3\xA9"},
        {"raw unicode", "r.s[\"\xE2\x82\xAC\"]", "\xE2\x82\xAC"},
        {"newline escape", R"(r.s["a\nb"])", "a\nb"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            auto blocks = read_moved_blocks("moved {\n  from = " + c.written + "\n  to = r.t\n}\n", "main.tf");
            BOOST_TEST_REQUIRE(blocks.size() == 1u);
            BOOST_TEST_REQUIRE(blocks[0].from.resource.has_value());
            BOOST_TEST(blocks[0].from.resource->key.name == c.key);
        }
    }
}

BOOST_AUTO_TEST_CASE(reports_errors_with_file_line_and_column) {
    struct Case {
        std::string name;
        std::string input;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"missing to", "moved {\n  from = a.b\n}\n", "main.tf:1:1: moved block has no \"to\" attribute"},
        {"missing from", "x = 1\n\n  moved {\n    to = a.b\n  }\n", "main.tf:3:3: moved block has no \"from\" attribute"},
        {"missing both", "moved {\n}\n", "main.tf:1:1: moved block has no \"from\" attribute"},
        {"one-line block", "moved { from = a.b }\n", "main.tf:1:1: moved block has no \"to\" attribute"},
        {"duplicate from", "moved {\n  from = a.b\n  to = a.c\n  from = a.d\n}\n",
         "main.tf:4:3: duplicate \"from\" attribute; the first is on line 2"},
        {"duplicate to", "moved {\n  to = a.b\n  from = a.c\n  to = a.b\n}\n",
         "main.tf:4:3: duplicate \"to\" attribute; the first is on line 2"},
        {"empty value", "moved {\n  from =\n  to = a.c\n}\n", "main.tf:2:9: expected an address after \"from =\""},
        {"empty value before the brace", "moved { to = }\n", "main.tf:1:14: expected an address after \"to =\""},
        {"incomplete address", "moved {\n  from = aws_instance.\n  to = a.c\n}\n",
         "main.tf:2:10: invalid \"from\" address `aws_instance.`: expected a resource name after the type at offset 13"},
        {"quoted address", "moved {\n  from = a.b\n  to = \"a.c\"\n}\n",
         "main.tf:3:8: invalid \"to\" address `\"a.c\"`: expected a name at offset 0"},
        {"template in a key", "moved {\n  from = r.s[\"${var.x}\"]\n  to = a.c\n}\n",
         "main.tf:2:10: invalid \"from\" address `r.s[\"${var.x}\"]`: a template sequence is not a static key; write it "
         "as \"$${\" at offset 5"},
        {"expression, not an address", "moved {\n  from = a.b\n  to = a.c + 1\n}\n",
         "main.tf:3:8: invalid \"to\" address `a.c+1`: unexpected text after the resource at offset 3"},
        {"negative index", "moved {\n  from = a.b[-1]\n  to = a.c\n}\n",
         "main.tf:2:10: invalid \"from\" address `a.b[-1]`: expected a non-negative integer or a quoted string key at "
         "offset 4"},
        {"unterminated string in a key", "moved {\n  from = r.s[\"x]\n  to = a.c\n}\n",
         "main.tf:2:14: unterminated string"},
        {"unterminated comment", "moved {\n  from = a.b /* old\n  to = a.c\n}\n", "main.tf:2:14: unterminated comment"},
        {"unterminated heredoc", "x = <<EOF\nmoved {\n", "main.tf:1:5: unterminated heredoc: no line closes it with \"EOF\""},
        {"a heredoc opened at the end of the file (found by fuzzing)", "moved{from=u.b\nto=_.a}<<r",
         "main.tf:2:8: unterminated heredoc: no line closes it with \"r\""},
        {"unclosed block", "moved {\n  from = a.b\n  to = a.c\n", "main.tf:1:7: \"{\" is never closed"},
        {"stray closing brace", "moved {\n  from = a.b\n  to = a.c\n}\n}\n", "main.tf:5:1: unexpected \"}\""},
        {"crlf lines and columns", "moved {\r\n  from = a.\r\n  to = a.c\r\n}\r\n",
         "main.tf:2:10: invalid \"from\" address `a.`: expected a resource name after the type at offset 2"},
        {"columns count code points", "/* \xC3\xA9\xE2\x82\xAC */ moved {\n}\n",
         "main.tf:1:10: moved block has no \"from\" attribute"},
        {"byte order mark takes no column", "\xEF\xBB\xBF moved {\n}\n", "main.tf:1:2: moved block has no \"from\" attribute"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(read_error(c.input) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(renders_blocks_as_terraform_fmt_does) {
    struct Case {
        std::string name;
        std::string from;
        std::string to;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"resources", "aws_instance.a", "aws_instance.b", "moved {\n  from = aws_instance.a\n  to   = aws_instance.b\n}\n"},
        {"modules with keys", "module.a[0]", "module.b[\"x\"]", "moved {\n  from = module.a[0]\n  to   = module.b[\"x\"]\n}\n"},
        {"escaped keys", "module.a[\"x\\\"y\"].r.s[\"$${z}\"]", "r.s[\"back\\\\sl\"]",
         "moved {\n  from = module.a[\"x\\\"y\"].r.s[\"$${z}\"]\n  to   = r.s[\"back\\\\sl\"]\n}\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(render_moved_block(must_parse_address(c.from), must_parse_address(c.to)) == c.expected);
        }
    }
    BOOST_CHECK_THROW(render_moved_block(Address{}, must_parse_address("a.b")), std::invalid_argument);
    BOOST_CHECK_THROW(render_moved_block(must_parse_address("a.b"), Address{}), std::invalid_argument);
}

// Each expected text was checked with `terraform fmt -check` (Terraform 1.11.4): all are
// already formatted.
BOOST_AUTO_TEST_CASE(appends_blocks_as_terraform_fmt_leaves_them) {
    struct Case {
        std::string name;
        std::string existing;
        std::vector<std::pair<std::string, std::string>> moves;
        std::string comment;
        std::string expected;
    };
    const std::string comment = "# Generated by tfw: review, then keep or delete.";
    const std::string block_ab = "moved {\n  from = a.b\n  to   = a.c\n}\n";
    const std::string block_module = "moved {\n  from = module.x[\"k\"]\n  to   = module.y\n}\n";
    const std::vector<Case> cases = {
        {"empty file", "", {{"a.b", "a.c"}}, comment, comment + "\n" + block_ab},
        {"empty file, two blocks", "", {{"a.b", "a.c"}, {"module.x[\"k\"]", "module.y"}}, comment,
         comment + "\n" + block_ab + "\n" + block_module},
        {"no comment", "", {{"a.b", "a.c"}}, "", block_ab},
        {"slash comment", "", {{"a.b", "a.c"}}, "// tfw", "// tfw\n" + block_ab},
        {"file without a final newline", "locals {\n  x = 1\n}", {{"a.b", "a.c"}}, comment,
         "locals {\n  x = 1\n}\n\n" + comment + "\n" + block_ab},
        {"file with existing blocks", "# old\n" + block_ab, {{"module.x[\"k\"]", "module.y"}}, comment,
         "# old\n" + block_ab + "\n" + comment + "\n" + block_module},
        {"file already ending in a blank line", "locals {\n  x = 1\n}\n\n", {{"a.b", "a.c"}}, comment,
         "locals {\n  x = 1\n}\n\n" + comment + "\n" + block_ab},
        {"file that is one blank line", "\n", {{"a.b", "a.c"}}, comment, "\n" + comment + "\n" + block_ab},
        {"crlf file", "locals {\r\n  x = 1\r\n}\r\n", {{"a.b", "a.c"}}, "# c",
         "locals {\r\n  x = 1\r\n}\r\n\r\n# c\r\nmoved {\r\n  from = a.b\r\n  to   = a.c\r\n}\r\n"},
        {"crlf file without a final newline", "locals {\r\n  x = 1\r\n}", {{"a.b", "a.c"}}, "# c",
         "locals {\r\n  x = 1\r\n}\r\n\r\n# c\r\nmoved {\r\n  from = a.b\r\n  to   = a.c\r\n}\r\n"},
        {"no moves leaves the file alone", "locals {\n  x = 1\n}", {}, comment, "locals {\n  x = 1\n}"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(append_moved_blocks(c.existing, moves_of(c.moves), c.comment) == c.expected);
        }
    }
}

// Any rendered blocks (removed and import blocks) are appended the same way.
BOOST_AUTO_TEST_CASE(appends_other_blocks_the_same_way) {
    const std::string removed = "removed {\n  from = a.b\n\n  lifecycle {\n    destroy = false\n  }\n}\n";
    const std::string imported = "import {\n  to = a.c\n  id = \"1\"\n}\n";
    struct Case {
        std::string name;
        std::string existing;
        std::vector<std::string> blocks;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"new file", "", {removed, imported}, "# c\n" + removed + "\n" + imported},
        {"after content without a final newline", "locals {}", {imported}, "locals {}\n\n# c\n" + imported},
        {"no blocks", "locals {}", {}, "locals {}"},
        {"crlf file", "locals {}\r\n", {imported}, "locals {}\r\n\r\n# c\r\nimport {\r\n  to = a.c\r\n  id = \"1\"\r\n}\r\n"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(append_blocks(c.existing, c.blocks, "# c") == c.expected); }
}

BOOST_AUTO_TEST_CASE(rejects_a_comment_that_is_not_one_comment_line) {
    const std::vector<std::string> bad = {"Generated by tfw", "# two\n# lines", "# carriage\r", "/ not a comment"};
    for (const auto& comment : bad) {
        BOOST_TEST_CONTEXT(comment) {
            BOOST_CHECK_THROW(append_moved_blocks("", moves_of({{"a.b", "a.c"}}), comment), std::invalid_argument);
        }
    }
}

BOOST_AUTO_TEST_CASE(reads_back_what_it_renders) {
    struct Case {
        std::string name;
        Address from;
        Address to;
    };
    const std::vector<Case> cases = {
        {"resources", must_parse_address("aws_instance.a"), must_parse_address("aws_instance.b[3]")},
        {"deep modules", must_parse_address("module.a[0].module.b[\"x\"].terraform_data.c"),
         must_parse_address("module.c.terraform_data.d")},
        {"whole modules", must_parse_address("module.old"), must_parse_address("module.new")},
        {"quote and backslash", resource_with_key("q\"uote\\"), resource_with_key("back\\\\sl")},
        {"template sequences", resource_with_key("${x} %{y}"), resource_with_key("$${not} $ % {}")},
        {"unicode", resource_with_key("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"), resource_with_key("\xE2\x80\x8B")},
        {"control characters", resource_with_key("a\nb\tc\rd"), resource_with_key(std::string("\x01\x7f", 2))},
        {"comment and brace characters", resource_with_key("# } /* { //"), resource_with_key("<<EOF")},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            auto blocks = read_moved_blocks(render_moved_block(c.from, c.to), "moved.tf");
            BOOST_TEST_REQUIRE(blocks.size() == 1u);
            BOOST_TEST((blocks[0] == MovedBlock{c.from, c.to, "moved.tf", 1}));
        }
    }
}

BOOST_AUTO_TEST_CASE(reads_back_what_it_appends) {
    struct Case {
        std::string name;
        std::string existing;
        std::vector<ExpectedBlock> expected;
    };
    const Moves moves = moves_of({{"a.b", "a.c"}, {"module.x[\"k\"]", "module.y"}});
    const std::vector<Case> cases = {
        {"empty file", "", {{"a.b", "a.c", 2}, {"module.x[\"k\"]", "module.y", 7}}},
        {"file with a block and no final newline", "moved {\n  from = r.s\n  to   = r.t\n}",
         {{"r.s", "r.t", 1}, {"a.b", "a.c", 7}, {"module.x[\"k\"]", "module.y", 12}}},
        {"crlf file", "locals {\r\n  x = 1\r\n}\r\n", {{"a.b", "a.c", 6}, {"module.x[\"k\"]", "module.y", 11}}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            auto blocks = read_moved_blocks(append_moved_blocks(c.existing, moves, "# tfw"), "moved.tf");
            BOOST_TEST(describe(blocks) == describe(c.expected));
        }
    }
}

namespace {

// Removes the blocks whose `from` is in `gone`, as a prune does.
std::string remove_by_from(const std::string& text, const std::vector<std::string>& gone) {
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (const auto& span : read_moved_block_spans(text, "moved.tf"))
        for (const auto& from : gone)
            if (to_string(span.block.from) == from) ranges.emplace_back(span.begin, span.end);
    return remove_moved_blocks(text, ranges);
}

}  // namespace

BOOST_AUTO_TEST_CASE(spans_cover_the_keyword_through_the_closing_brace) {
    const std::string text = "\xEF\xBB\xBF# c\nmoved {\n  from = a.b\n  to   = a.c\n}\nmoved { from = a.d\n to = a.e }\n";
    auto spans = read_moved_block_spans(text, "m.tf");
    BOOST_TEST_REQUIRE(spans.size() == 2u);
    BOOST_TEST(text.substr(spans[0].begin, spans[0].end - spans[0].begin) == "moved {\n  from = a.b\n  to   = a.c\n}");
    BOOST_TEST(text.substr(spans[1].begin, spans[1].end - spans[1].begin) == "moved { from = a.d\n to = a.e }");
    BOOST_TEST(spans[1].block.line == 6);
}

BOOST_AUTO_TEST_CASE(removes_blocks_and_leaves_every_other_byte) {
    struct Case {
        std::string name;
        std::string text;
        std::vector<std::string> gone;
        std::string expected;
    };
    const std::string a = "moved {\n  from = a.a\n  to   = a.b\n}\n";
    const std::string c = "moved {\n  from = a.c\n  to   = a.d\n}\n";
    const std::string r = "resource \"terraform_data\" \"x\" {}\n";
    const std::vector<Case> cases = {
        {"nothing to remove", r + "\n" + a, {}, r + "\n" + a},
        {"the last block with the blank line before it", r + "\n" + a, {"a.a"}, r},
        {"a middle block keeps one blank line", r + "\n" + a + "\n" + c, {"a.a"}, r + "\n" + c},
        {"both blocks", r + "\n" + a + "\n" + c, {"a.a", "a.c"}, r},
        {"a comment before the block stays", r + "\n# why\n" + a, {"a.a"}, r + "\n# why\n"},
        {"CRLF line breaks", "x = 1\r\n\r\nmoved {\r\n  from = a.a\r\n  to   = a.b\r\n}\r\n", {"a.a"}, "x = 1\r\n"},
        {"no final newline", r + "\n" + "moved {\n  from = a.a\n  to   = a.b\n}", {"a.a"}, r},
        {"a block sharing its line keeps the rest of the line", "moved { \n from = a.a\n to = a.b } # note\n", {"a.a"}, " # note\n"},
        {"only blocks", a + "\n" + c, {"a.a", "a.c"}, ""},
    };
    for (const auto& test : cases) BOOST_TEST(remove_by_from(test.text, test.gone) == test.expected, test.name);
}

BOOST_AUTO_TEST_CASE(a_file_of_comments_and_blanks_has_no_configuration) {
    BOOST_TEST(has_no_configuration("", "f.tf"));
    BOOST_TEST(has_no_configuration("\n# Generated by tfw\n// x\n/* y */\n\n", "f.tf"));
    BOOST_TEST(!has_no_configuration("# c\nlocals {}\n", "f.tf"));
}
