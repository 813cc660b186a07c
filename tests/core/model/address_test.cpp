#include "tfw/core/model/address.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using namespace tfw::core;

namespace {

// The parsed structure spelled out independently of to_string, so a parser and a
// printer that are wrong in the same way still fail: `module a<0> / module b<"x"> /
// data t.n<none>`. Key names print between <"..."> byte for byte.
std::string key_structure(const InstanceKey& key) {
    switch (key.kind) {
        case InstanceKey::Kind::none: return "<none>";
        case InstanceKey::Kind::index: return "<" + std::to_string(key.index) + ">";
        case InstanceKey::Kind::name: return "<\"" + key.name + "\">";
    }
    return "<?>";
}

std::string structure(const Address& address) {
    std::string out;
    for (const auto& step : address.module) {
        if (!out.empty()) out += " / ";
        out += "module " + step.name + key_structure(step.key);
    }
    if (address.resource) {
        if (!out.empty()) out += " / ";
        out += address.resource->mode == ResourceMode::data ? "data " : "managed ";
        out += address.resource->type + "." + address.resource->name + key_structure(address.resource->key);
    }
    return out;
}

std::string parse_error(std::string_view text) {
    auto parsed = parse_address(text);
    if (parsed.address) return "parsed as " + to_string(*parsed.address);
    return parsed.error;
}

ModulePath path(std::string_view text) { return text.empty() ? ModulePath{} : must_parse_address(text).module; }

Address resource_with_key(std::string key) {
    return Address{{}, ResourcePart{ResourceMode::managed, "terraform_data", "r", InstanceKey::of_name(std::move(key))}};
}

}  // namespace

// Text as Terraform prints it parses to the expected structure and prints back
// byte-identical.
BOOST_AUTO_TEST_CASE(parse_and_print_round_trip) {
    struct Case {
        std::string name;
        std::string text;
        std::string structure;
    };
    const std::vector<Case> cases = {
        {"plain resource", "terraform_data.a", "managed terraform_data.a<none>"},
        {"count index", "terraform_data.a[0]", "managed terraform_data.a<0>"},
        {"large count index", "terraform_data.a[1234567]", "managed terraform_data.a<1234567>"},
        {"for_each key", R"(terraform_data.a["k"])", R"(managed terraform_data.a<"k">)"},
        {"empty string key", R"(terraform_data.a[""])", R"(managed terraform_data.a<"">)"},
        {"string key that looks like a number", R"(terraform_data.a["0"])", R"(managed terraform_data.a<"0">)"},
        {"names with dashes and digits", "aws_s3-bucket2.web-1_x", "managed aws_s3-bucket2.web-1_x<none>"},
        {"data source", "data.terraform_remote_state.s", "data terraform_remote_state.s<none>"},
        {"data source with a key", "data.aws_ami.x[3]", "data aws_ami.x<3>"},
        {"resource named data", "terraform_data.data", "managed terraform_data.data<none>"},
        {"resource named module", "terraform_data.module", "managed terraform_data.module<none>"},
        {"module call", "module.a", "module a<none>"},
        {"module instance by index", "module.a[0]", "module a<0>"},
        {"module instance by key", R"(module.a["x y"])", R"(module a<"x y">)"},
        {"nested module calls", "module.a.module.b", "module a<none> / module b<none>"},
        {"nested module instances", R"(module.a[2].module.b["k"])", R"(module a<2> / module b<"k">)"},
        {"resource in a module", "module.a.terraform_data.x", "module a<none> / managed terraform_data.x<none>"},
        {"keys at every depth",
         R"(module.a[0].module.b["x"].module.c[12].terraform_data.n["k"])",
         R"(module a<0> / module b<"x"> / module c<12> / managed terraform_data.n<"k">)"},
        {"data source deep in modules", R"(module.a["q\"z"].module.b.data.t.n[1])",
         R"(module a<"q"z"> / module b<none> / data t.n<1>)"},
        // Keys exactly as Terraform 1.11 printed them in `state list` and `show -json`.
        {"escaped quote", R"(terraform_data.r["q\"uote"])", R"(managed terraform_data.r<"q"uote">)"},
        {"escaped backslash", R"(terraform_data.r["back\\sl"])", R"(managed terraform_data.r<"back\sl">)"},
        {"escaped template introducer", R"(terraform_data.r["$${x}"])", R"(managed terraform_data.r<"${x}">)"},
        {"escaped template directive", R"(terraform_data.r["%%{if}"])", R"(managed terraform_data.r<"%{if}">)"},
        {"dollar not before a brace", R"(terraform_data.r["a$b$"])", R"(managed terraform_data.r<"a$b$">)"},
        {"percent not before a brace", R"(terraform_data.r["100%"])", R"(managed terraform_data.r<"100%">)"},
        {"dollar before an escaped introducer", R"(terraform_data.r["$$${x}"])",
         R"(managed terraform_data.r<"$${x}">)"},
        {"lone brace", R"(terraform_data.r["{x}"])", R"(managed terraform_data.r<"{x}">)"},
        {"newline", R"(terraform_data.r["a\nb"])", "managed terraform_data.r<\"a\nb\">"},
        {"tab", R"(terraform_data.r["tab\t"])", "managed terraform_data.r<\"tab\t\">"},
        {"carriage return", R"(terraform_data.r["cr\r"])", "managed terraform_data.r<\"cr\r\">"},
        {"space", R"(terraform_data.r["with space"])", R"(managed terraform_data.r<"with space">)"},
        {"unicode kept as is", "terraform_data.r[\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"]",
         "managed terraform_data.r<\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\">"},
        {"no-break space escaped", R"(terraform_data.r["a\u00a0b"])", "managed terraform_data.r<\"a\xC2\xA0" "b\">"},
        {"control character escaped", R"(terraform_data.r["\u0001"])", "managed terraform_data.r<\"\x01\">"},
        {"delete escaped", R"(terraform_data.r["\u007f"])", "managed terraform_data.r<\"\x7f\">"},
        {"C1 control escaped", R"(terraform_data.r["\u0085"])", "managed terraform_data.r<\"\xC2\x85\">"},
        {"line separator escaped", R"(terraform_data.r["\u2028"])", "managed terraform_data.r<\"\xE2\x80\xA8\">"},
        {"zero width space escaped", R"(terraform_data.r["\u200b"])", "managed terraform_data.r<\"\xE2\x80\x8B\">"},
        {"byte order mark escaped", R"(terraform_data.r["\ufeff"])", "managed terraform_data.r<\"\xEF\xBB\xBF\">"},
        {"ideographic space escaped", R"(terraform_data.r["\u3000"])", "managed terraform_data.r<\"\xE3\x80\x80\">"},
        {"plane 14 tag escaped with \\U", R"(terraform_data.r["\U000e0001"])",
         "managed terraform_data.r<\"\xF3\xA0\x80\x81\">"},
        {"everything at once", R"(module.m["$${a}\"\\%%{b}\n"].terraform_data.r["\t\u00a0"])",
         "module m<\"${a}\"\\%{b}\n\"> / managed terraform_data.r<\"\t\xC2\xA0\">"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            auto parsed = parse_address(c.text);
            BOOST_TEST(parsed.address.has_value(), "error: " << parsed.error);
            if (!parsed.address) continue;
            BOOST_TEST(parsed.error.empty());
            BOOST_TEST(structure(*parsed.address) == c.structure);
            BOOST_TEST(to_string(*parsed.address) == c.text);
            BOOST_TEST(to_string(must_parse_address(c.text)) == c.text);
        }
    }
}

// Printing a key from its raw text: what Terraform writes for each for_each key.
BOOST_AUTO_TEST_CASE(quote_hcl_string_as_terraform_prints) {
    struct Case {
        std::string name;
        std::string raw;
        std::string quoted;
    };
    const std::vector<Case> cases = {
        {"plain", "abc", R"("abc")"},
        {"empty", "", R"("")"},
        {"quote", "q\"uote", R"("q\"uote")"},
        {"backslash", "back\\sl", R"("back\\sl")"},
        {"template introducer", "${x}", R"("$${x}")"},
        {"template directive", "%{x}", R"("%%{x}")"},
        {"already doubled introducer", "$${x}", R"("$$${x}")"},
        {"dollar at the end", "a$", R"("a$")"},
        {"percent at the end", "a%", R"("a%")"},
        {"dollar then percent brace", "$%{", R"("$%%{")"},
        {"brace alone", "{}", R"("{}")"},
        {"newline", "a\nb", R"("a\nb")"},
        {"carriage return", "a\rb", R"("a\rb")"},
        {"tab", "tab\t", R"("tab\t")"},
        {"space kept", "with space", R"("with space")"},
        {"two-byte unicode kept", "\xC3\xA9", "\"\xC3\xA9\""},
        {"three-byte unicode kept", "\xE2\x82\xAC", "\"\xE2\x82\xAC\""},
        {"four-byte unicode kept", "\xF0\x9F\x98\x80", "\"\xF0\x9F\x98\x80\""},
        {"combining mark kept", "e\xCC\x81", "\"e\xCC\x81\""},
        {"NUL", std::string("a\0b", 3), R"("a\u0000b")"},
        {"bell", "\a", R"("\u0007")"},
        {"escape", "\x1b[0m", R"("\u001b[0m")"},
        {"delete", "\x7f", R"("\u007f")"},
        {"C1 control", "\xC2\x85", R"("\u0085")"},
        {"no-break space", "a\xC2\xA0" "b", R"("a\u00a0b")"},
        {"soft hyphen", "\xC2\xAD", R"("\u00ad")"},
        {"en quad", "\xE2\x80\x80", R"("\u2000")"},
        {"zero width joiner", "\xE2\x80\x8D", R"("\u200d")"},
        {"line separator", "\xE2\x80\xA8", R"("\u2028")"},
        {"paragraph separator", "\xE2\x80\xA9", R"("\u2029")"},
        {"narrow no-break space", "\xE2\x80\xAF", R"("\u202f")"},
        {"ideographic space", "\xE3\x80\x80", R"("\u3000")"},
        {"byte order mark", "\xEF\xBB\xBF", R"("\ufeff")"},
        {"private use", "\xEE\x80\x80", R"("\ue000")"},
        {"plane 14 language tag", "\xF3\xA0\x80\x81", R"("\U000e0001")"},
        {"plane 15 private use", "\xF3\xB0\x80\x80", R"("\U000f0000")"},
        {"mixed", "a\"b\\c${d}%{e}\n\xC2\xA0\xC3\xA9", R"("a\"b\\c$${d}%%{e}\n\u00a0)" "\xC3\xA9\""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(quote_hcl_string(c.raw) == c.quoted);
            // And the printed form reads back to the raw key.
            Address address = resource_with_key(c.raw);
            std::string printed = to_string(address);
            BOOST_TEST(printed == "terraform_data.r[" + c.quoted + "]");
            auto parsed = parse_address(printed);
            BOOST_TEST(parsed.address.has_value(), "error: " << parsed.error);
            if (!parsed.address) continue;
            BOOST_TEST((*parsed.address == address));
        }
    }
}

BOOST_AUTO_TEST_CASE(instance_key_and_module_path_printing) {
    BOOST_TEST(to_string(InstanceKey::none()) == "");
    BOOST_TEST(to_string(InstanceKey::of_index(3)) == "[3]");
    BOOST_TEST(to_string(InstanceKey::of_name("k")) == R"(["k"])");
    BOOST_TEST(to_string(InstanceKey::of_name("${k}")) == R"(["$${k}"])");
    BOOST_TEST(to_string(ModulePath{}) == "");
    BOOST_TEST(to_string(ModulePath{{"a", InstanceKey::of_index(0)}, {"b", InstanceKey::none()}}) ==
               "module.a[0].module.b");
    BOOST_TEST(to_string(Address{}) == "");
    BOOST_TEST(InstanceKey::none().empty());
    BOOST_TEST(!InstanceKey::of_index(0).empty());
    BOOST_TEST(!InstanceKey::of_name("").empty());
    // Index 0 and key "0" are different instances.
    BOOST_TEST((InstanceKey::of_index(0) != InstanceKey::of_name("0")));
    BOOST_TEST((must_parse_address("a.b[0]") != must_parse_address(R"(a.b["0"])")));
    BOOST_TEST((must_parse_address("a.b") != must_parse_address("a.b[0]")));
    BOOST_TEST((must_parse_address("data.a.b") != must_parse_address("a.b")));
}

BOOST_AUTO_TEST_CASE(module_only_addresses) {
    struct Case {
        std::string text;
        bool is_module;
        std::string module_path;  // to_string(module_of(...))
    };
    const std::vector<Case> cases = {
        {"module.a", true, "module.a"},
        {"module.a[0].module.b", true, "module.a[0].module.b"},
        {R"(module.a["k"])", true, R"(module.a["k"])"},
        {"terraform_data.x", false, ""},
        {"module.a[1].terraform_data.x[0]", false, "module.a[1]"},
        {"module.a.data.x.y", false, "module.a"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.text) {
            Address address = must_parse_address(c.text);
            BOOST_TEST(address.is_module() == c.is_module);
            BOOST_TEST(to_string(module_of(address)) == c.module_path);
        }
    }
}

BOOST_AUTO_TEST_CASE(parse_errors) {
    struct Case {
        std::string name;
        std::string text;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"empty", "", "empty address at offset 0"},
        {"leading space", " terraform_data.a", "expected a name at offset 0"},
        {"starts with a digit", "1abc.x", "expected a name at offset 0"},
        {"type only", "terraform_data", "expected a resource name after the type at offset 14"},
        {"type and dot", "terraform_data.", "expected a resource name after the type at offset 15"},
        {"data without type", "data", "expected a data source type after \"data.\" at offset 4"},
        {"data without name", "data.x", "expected a resource name after the type at offset 6"},
        {"module without name", "module", "expected a module name after \"module.\" at offset 6"},
        {"module with dot only", "module.", "expected a module name after \"module.\" at offset 7"},
        {"module with trailing dot", "module.a.", "expected a name at offset 9"},
        {"module with junk after key", "module.a[0]x", "expected \".\" after a module step at offset 11"},
        {"module then module keyword only", "module.a.module", "expected a module name after \"module.\" at offset 15"},
        {"trailing attribute", "terraform_data.a.id", "unexpected text after the resource at offset 16"},
        {"junk after key", "terraform_data.a[0]x", "unexpected text after the resource at offset 19"},
        {"two keys", "terraform_data.a[0][1]", "unexpected text after the resource at offset 19"},
        {"trailing space", "terraform_data.a ", "unexpected text after the resource at offset 16"},
        {"trailing newline", "terraform_data.a\n", "unexpected text after the resource at offset 16"},
        {"negative index", "terraform_data.a[-1]",
         "expected a non-negative integer or a quoted string key at offset 17"},
        // Terraform reads `[-0]` as an expression, not a static index.
        {"negative zero", "terraform_data.a[-0]",
         "expected a non-negative integer or a quoted string key at offset 17"},
        {"plus sign", "terraform_data.a[+1]", "expected a non-negative integer or a quoted string key at offset 17"},
        {"empty brackets", "terraform_data.a[]", "expected a non-negative integer or a quoted string key at offset 17"},
        {"open bracket at end", "terraform_data.a[", "expected a non-negative integer or a quoted string key at offset 17"},
        {"index out of range", "terraform_data.a[99999999999999999999]",
         "expected a non-negative integer or a quoted string key at offset 17"},
        {"bare word key", "terraform_data.a[k]", "expected a non-negative integer or a quoted string key at offset 17"},
        {"fractional index", "terraform_data.a[1.5]", "expected \"]\" at offset 18"},
        {"unclosed index", "terraform_data.a[0", "expected \"]\" at offset 18"},
        {"unclosed key bracket", R"(terraform_data.a["k")", "expected \"]\" at offset 20"},
        {"unterminated string", R"(terraform_data.a["abc)", "unterminated string key at offset 21"},
        {"unterminated after escaped quote", R"(terraform_data.a["abc\")", "unterminated string key at offset 23"},
        {"backslash at the end", R"(terraform_data.a["abc\)", "unterminated string key at offset 21"},
        {"bare template introducer", R"(terraform_data.a["${x}"])",
         "a template sequence is not a static key; write it as \"$${\" at offset 18"},
        {"bare template directive", R"(terraform_data.a["a%{x}"])",
         "a template sequence is not a static key; write it as \"%%{\" at offset 19"},
        {"bare introducer after text", R"(module.m["a${b}"].x.y)",
         "a template sequence is not a static key; write it as \"$${\" at offset 11"},
        {"unknown escape", R"(terraform_data.a["a\q"])", "unknown escape \\q at offset 21"},
        {"short unicode escape", R"(terraform_data.a["\u12)", "short unicode escape at offset 20"},
        {"bad unicode escape", R"(terraform_data.a["\u12zz"])", "bad unicode escape at offset 20"},
        {"short long unicode escape", R"(terraform_data.a["\U0001f6"])", "bad unicode escape at offset 20"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(parse_error(c.text) == c.error);
            BOOST_CHECK_THROW(must_parse_address(c.text), std::invalid_argument);
        }
    }
}

// Spellings HCL accepts but Terraform never prints: they read as the same address and
// print in Terraform's canonical form.
BOOST_AUTO_TEST_CASE(non_canonical_input_prints_canonically) {
    struct Case {
        std::string name;
        std::string text;
        std::string printed;
    };
    const std::vector<Case> cases = {
        {"leading zero index", "terraform_data.a[007]", "terraform_data.a[7]"},
        {"upper-case hex escape", R"(terraform_data.a["\u00A0"])", R"(terraform_data.a["\u00a0"])"},
        {"escaped printable", R"(terraform_data.a["\u0041\u00e9"])", "terraform_data.a[\"A\xC3\xA9\"]"},
        {"long escape of an emoji", R"(terraform_data.a["\U0001F600"])", "terraform_data.a[\"\xF0\x9F\x98\x80\"]"},
        {"raw tab", "terraform_data.a[\"\t\"]", R"(terraform_data.a["\t"])"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            auto parsed = parse_address(c.text);
            BOOST_TEST(parsed.address.has_value(), "error: " << parsed.error);
            if (!parsed.address) continue;
            BOOST_TEST(to_string(*parsed.address) == c.printed);
            BOOST_TEST((must_parse_address(c.printed) == *parsed.address));
        }
    }
}

BOOST_AUTO_TEST_CASE(must_parse_address_names_the_text) {
    try {
        must_parse_address("terraform_data.a[-1]");
        BOOST_FAIL("no exception");
    } catch (const std::invalid_argument& e) {
        BOOST_TEST(std::string(e.what()) ==
                   "invalid address \"terraform_data.a[-1]\": expected a non-negative integer or a quoted string key "
                   "at offset 17");
    }
}

BOOST_AUTO_TEST_CASE(common_ancestor_table) {
    struct Case {
        std::string name;
        std::string a, b;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"both root", "", "", ""},
        {"root and a module", "", "module.a", ""},
        {"a module and root", "module.a[0]", "", ""},
        {"same path", R"(module.a["x"].module.b)", R"(module.a["x"].module.b)", R"(module.a["x"].module.b)"},
        {"siblings", "module.a[0].module.b", "module.a[0].module.c", "module.a[0]"},
        {"parent and child", "module.a.module.b", "module.a", "module.a"},
        {"child and parent", "module.a", "module.a.module.b", "module.a"},
        {"different instances share nothing", "module.a[0].module.b", "module.a[1].module.b", ""},
        {"no key differs from index", "module.a.module.b", "module.a[0].module.b", ""},
        {"index differs from string key", "module.a[0]", R"(module.a["0"])", ""},
        {"deep divergence", R"(module.a.module.b["k"].module.c)", R"(module.a.module.b["k"].module.d[1])",
         R"(module.a.module.b["k"])"},
        {"different names", "module.a", "module.b", ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(to_string(common_ancestor(path(c.a), path(c.b))) == c.expected);
            BOOST_TEST(to_string(common_ancestor(path(c.b), path(c.a))) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(starts_with_table) {
    struct Case {
        std::string path;
        std::string prefix;
        bool expected;
    };
    const std::vector<Case> cases = {
        {"", "", true},
        {"module.a", "", true},
        {"", "module.a", false},
        {"module.a", "module.a", true},
        {"module.a[0].module.b", "module.a[0]", true},
        {"module.a[0]", "module.a[0].module.b", false},
        {"module.a[1].module.b", "module.a[0]", false},
        {"module.a[0].module.b", "module.a", false},
        {"module.a.module.b", "module.a[0]", false},
        {"module.ab", "module.a", false},
        {R"(module.a["k"].module.b)", R"(module.a["k"])", true},
        {R"(module.a["k"].module.b)", R"(module.a["K"])", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("\"" << c.path << "\" starts with \"" << c.prefix << "\"") {
            BOOST_TEST(starts_with(path(c.path), path(c.prefix)) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(relative_to_and_absolute_from) {
    struct Case {
        std::string name;
        std::string address;
        std::string base;
        std::string relative;
    };
    const std::vector<Case> cases = {
        {"root base", "module.a.terraform_data.x", "", "module.a.terraform_data.x"},
        {"root resource", R"(terraform_data.x["k"])", "", R"(terraform_data.x["k"])"},
        {"one level", "module.a[0].module.b.terraform_data.x", "module.a[0]", "module.b.terraform_data.x"},
        {"own module", R"(module.a[0].module.b["k"].terraform_data.x[2])", R"(module.a[0].module.b["k"])",
         "terraform_data.x[2]"},
        {"data source", "module.a.data.t.n", "module.a", "data.t.n"},
        {"module address", "module.a.module.b[1]", "module.a", "module.b[1]"},
        {"whole module call", "module.a.module.b.module.c", "module.a", "module.b.module.c"},
        {"module address itself", "module.a.module.b", "module.a.module.b", ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Address absolute = must_parse_address(c.address);
            Address relative = relative_to(absolute, path(c.base));
            BOOST_TEST(to_string(relative) == c.relative);
            BOOST_TEST((absolute_from(relative, path(c.base)) == absolute));
        }
    }
}

BOOST_AUTO_TEST_CASE(relative_to_outside_the_base_throws) {
    struct Case {
        std::string address;
        std::string base;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"terraform_data.x", "module.a", "terraform_data.x is not inside module.a"},
        {"module.a[1].terraform_data.x", "module.a[0]", "module.a[1].terraform_data.x is not inside module.a[0]"},
        {"module.a.terraform_data.x", "module.a[0]", "module.a.terraform_data.x is not inside module.a[0]"},
        {"module.b.terraform_data.x", "module.a", "module.b.terraform_data.x is not inside module.a"},
        {"module.a", "module.a.module.b", "module.a is not inside module.a.module.b"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.address << " from " << c.base) {
            try {
                relative_to(must_parse_address(c.address), path(c.base));
                BOOST_FAIL("no exception");
            } catch (const std::invalid_argument& e) {
                BOOST_TEST(std::string(e.what()) == c.message);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(absolute_from_table) {
    struct Case {
        std::string relative;
        std::string base;
        std::string absolute;
    };
    const std::vector<Case> cases = {
        {"terraform_data.x", "", "terraform_data.x"},
        {"terraform_data.x", "module.a[0]", "module.a[0].terraform_data.x"},
        {R"(module.b["k"].terraform_data.x[1])", "module.a", R"(module.a.module.b["k"].terraform_data.x[1])"},
        {"module.c", R"(module.a.module.b["x"])", R"(module.a.module.b["x"].module.c)"},
        {"data.t.n", "module.a", "module.a.data.t.n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.relative << " in " << c.base) {
            BOOST_TEST(to_string(absolute_from(must_parse_address(c.relative), path(c.base))) == c.absolute);
        }
    }
}

// Terraform's own moves, with no block: `count` added (x to x[0]) or removed (x[0] to x).
BOOST_AUTO_TEST_CASE(implied_moves) {
    struct Case {
        std::string from, to;
        bool implied;
    };
    const std::vector<Case> cases = {
        {"terraform_data.x", "terraform_data.x[0]", true},
        {"terraform_data.x[0]", "terraform_data.x", true},
        {"module.a[\"k\"].terraform_data.x", "module.a[\"k\"].terraform_data.x[0]", true},
        {"terraform_data.x", "terraform_data.x[1]", false},
        {"terraform_data.x", "terraform_data.x[\"0\"]", false},
        {"terraform_data.x", "terraform_data.y[0]", false},
        {"module.a.terraform_data.x", "module.b.terraform_data.x[0]", false},
        {"terraform_data.x[0]", "terraform_data.x[0]", false},
        {"data.terraform_data.x", "terraform_data.x[0]", false},
    };
    for (const auto& c : cases)
        BOOST_TEST(is_implied_move(must_parse_address(c.from), must_parse_address(c.to)) == c.implied, c.from + " -> " + c.to);
}
