#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <vector>

#include "tfw/core/policy/policy.hpp"

using namespace tfw::core;

namespace {

std::string show(const std::optional<std::string>& value) { return value ? *value : "<ignored>"; }

IgnoreRule rule(std::string path_glob, IgnoreKind kind, std::string prefix = "") {
    IgnoreRule out;
    out.path_glob = std::move(path_glob);
    out.kind = kind;
    out.prefix = std::move(prefix);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(ignore_kind_names) {
    BOOST_TEST(to_string(IgnoreKind::everything) == "everything");
    BOOST_TEST(to_string(IgnoreKind::whitespace) == "whitespace");
    BOOST_TEST(to_string(IgnoreKind::prefix) == "prefix");
    BOOST_TEST(to_string(IgnoreKind::case_insensitive) == "case");
    BOOST_TEST(to_string(IgnoreKind::json) == "json");
    BOOST_TEST(to_string(IgnoreKind::null_equals_empty) == "null-equals-empty");
}

BOOST_AUTO_TEST_CASE(source_locations_print_like_compilers) {
    BOOST_TEST(to_string(SourceLocation{".tfw.yaml", 3, 5}) == ".tfw.yaml:3:5");
    BOOST_TEST(to_string(SourceLocation{"built-in defaults", 0, 0}) == "built-in defaults");
}

BOOST_AUTO_TEST_CASE(describe_names_an_ignore_rule_and_where_it_is) {
    IgnoreRule json_rule = rule("policy", IgnoreKind::json);
    json_rule.type_glob = "aws_iam_policy";
    json_rule.where = {".tfw.yaml", 7, 5};
    BOOST_TEST(describe(json_rule) == "ignore (type aws_iam_policy, path policy, kind json) at .tfw.yaml:7:5");
    IgnoreRule prefix_rule = rule("arn", IgnoreKind::prefix, "arn:aws:");
    prefix_rule.where = {"p.yaml", 1, 3};
    BOOST_TEST(describe(prefix_rule) == "ignore (type *, path arn, kind prefix:arn:aws:) at p.yaml:1:3");
}

BOOST_AUTO_TEST_CASE(default_policy_accepts_exact_ignore_and_confirmed_only) {
    Policy policy = default_policy();
    BOOST_TEST(policy.origin == "built-in defaults");
    BOOST_TEST_REQUIRE(policy.accept.size() == 1u);
    BOOST_TEST((policy.accept[0].kinds == std::vector<MatchKind>{MatchKind::exact, MatchKind::ignore_rules, MatchKind::confirmed}));
    BOOST_TEST(policy.accept[0].type_globs.empty());
    BOOST_TEST(policy.accept[0].module_globs.empty());
    BOOST_TEST(policy.accept[0].where.file == "built-in defaults");
    BOOST_TEST(policy.accept[0].where.line == 0);
    BOOST_TEST(!policy.max_moves);
    BOOST_TEST(policy.partial_threshold == 0.0);
    BOOST_TEST(policy.ignore.empty());
    BOOST_TEST(policy.deny.empty());
    BOOST_TEST(policy.cross_type.empty());
}

BOOST_AUTO_TEST_CASE(glob_match_table) {
    struct Case {
        std::string glob;
        std::string text;
        bool matches;
    };
    std::vector<Case> cases = {
        {"", "", true},
        {"", "a", false},
        {"a", "", false},
        {"*", "", true},
        {"*", "anything.at[0].all", true},
        {"**", "x", true},
        {"aws_*", "aws_instance", true},
        {"aws_*", "aws_", true},
        {"aws_*", "google_compute", false},
        {"aws_*", "xaws_instance", false},
        {"*_instance", "aws_instance", true},
        {"*_instance", "aws_instance_x", false},
        {"a*b*c", "aXXbYYc", true},
        {"a*b*c", "abcbc", true},
        {"a*b*c", "acb", false},
        {"a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false},
        {"?", "a", true},
        {"?", "", false},
        {"?", "ab", false},
        {"a?c", "abc", true},
        {"a?c", "ac", false},
        // `?` is one character, not one byte.
        {"?", "\xc3\xa9", true},
        {"??", "\xc3\xa9", false},
        {"*??", "\xe2\x82\xac", false},
        {"*?", "\xe2\x82\xac", true},
        {"tags[\"?\"]", "tags[\"\xc3\xa9\"]", true},
        // `*` crosses `.`, `[`, `]` and `"`.
        {"tags*", "tags", true},
        {"tags*", "tags.Name", true},
        {"tags*", "tags[\"a b\"]", true},
        {"tags*", "tags_all.Name", true},
        {"tags.*", "tags.Name", true},
        {"tags.*", "tags[\"a b\"]", false},
        {"module.net*", "module.net[0].module.sub", true},
        {"module.net*", "module.network", true},
        {"module.net*", "", false},
        // Brackets are literal: Terraform indices, not character classes.
        {"ingress[0].from_port", "ingress[0].from_port", true},
        {"ingress[0].from_port", "ingress0.from_port", false},
        {"ingress[*].from_port", "ingress[12].from_port", true},
        {"ingress[*].from_port", "ingress[1].to_port", false},
        {"tags[\"a b\"]", "tags[\"a b\"]", true},
        {"tags[\"a b\"]", "tags[a]", false},
        {"aws_instance.web[0]", "aws_instance.web[0]", true},
        {"aws_instance.web[0]", "aws_instance.web[1]", false},
        {"[abc]", "a", false},
        {"[abc]", "[abc]", true},
        {"aws_db_instance.*", "aws_db_instance.main", true},
        {"aws_db_instance.*", "module.a.aws_db_instance.main", false},
        {"*aws_db_instance.*", "module.a.aws_db_instance.main", true},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("glob '" << c.glob << "' text '" << c.text << "'") {
            BOOST_TEST(glob_match(c.glob, c.text) == c.matches);
        }
    }
}

BOOST_AUTO_TEST_CASE(glob_syntax_error_table) {
    struct Case {
        std::string glob;
        std::string error;
    };
    std::vector<Case> cases = {
        {"", ""},
        {"*", ""},
        {"aws_*", ""},
        {"ingress[0].from_port", ""},
        {"ingress[*].x", ""},
        {"tags[\"a b\"]", ""},
        {"tags[\"a]b\"]", ""},           // `]` inside a quoted key is part of the key
        {"tags[\"a\\\"]\"]", ""},         // so is an escaped quote
        {"module.a[0].module.b[\"k\"].x.y[1]", ""},
        {"aws_[", "'[' never closed"},
        {"ingress[0.from_port", "'[' never closed"},
        {"a]", "']' without '['"},
        {"a[0]]", "']' without '['"},
        {"a[[0]]", "'[' inside '[...]'"},
        {"tags[\"a b]", "quoted key never closed"},
        {"tags[\"a\\\"]", "quoted key never closed"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("glob '" << c.glob << "'") { BOOST_TEST(glob_syntax_error(c.glob) == c.error); }
    }
}

BOOST_AUTO_TEST_CASE(path_globs_cover_what_the_path_contains) {
    struct Case {
        std::string glob;
        std::string path;
        bool matches;
    };
    std::vector<Case> cases = {
        {"tags", "tags", true},
        {"tags", "tags.Name", true},
        {"tags", "tags[\"a b\"]", true},
        {"tags", "tags_all", false},
        {"tags", "tags_all.Name", false},
        {"tags", "x.tags", false},
        {"tags.Name", "tags.Name", true},
        {"tags.Name", "tags.Names", false},
        {"tags.Name", "tags", false},
        {"ingress[0]", "ingress[0].from_port", true},
        {"ingress[0]", "ingress[10].from_port", false},
        {"ingress", "ingress[0].from_port", true},
        {"ingress[*].from_port", "ingress[3].from_port", true},
        {"ingress[*].from_port", "ingress[3].to_port", false},
        // A `.` or `[` inside a quoted key is not a boundary.
        {"tags[\"a", "tags[\"a.b\"]", false},
        {"tags[\"a.b\"]", "tags[\"a.b\"].x", true},
        {"tags[\"a\\\"b\"]", "tags[\"a\\\"b\"].x", true},
        {"*", "anything", true},
        {"", "anything", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("glob '" << c.glob << "' path '" << c.path << "'") {
            BOOST_TEST(path_glob_match(c.glob, c.path) == c.matches);
        }
    }
}

BOOST_AUTO_TEST_CASE(ignore_rules_for_selects_by_type_glob_in_order) {
    Policy policy;
    IgnoreRule a = rule("tags", IgnoreKind::everything);
    a.type_glob = "aws_*";
    IgnoreRule b = rule("policy", IgnoreKind::json);
    b.type_glob = "aws_iam_policy";
    IgnoreRule c = rule("name", IgnoreKind::case_insensitive);  // every type
    policy.ignore = {a, b, c};

    std::vector<const IgnoreRule*> iam = ignore_rules_for(policy, "aws_iam_policy");
    BOOST_TEST_REQUIRE(iam.size() == 3u);
    BOOST_TEST(iam[0] == &policy.ignore[0]);
    BOOST_TEST(iam[1] == &policy.ignore[1]);
    BOOST_TEST(iam[2] == &policy.ignore[2]);

    std::vector<const IgnoreRule*> google = ignore_rules_for(policy, "google_compute_instance");
    BOOST_TEST_REQUIRE(google.size() == 1u);
    BOOST_TEST(google[0] == &policy.ignore[2]);
}

BOOST_AUTO_TEST_CASE(normalizer_table) {
    struct Case {
        std::string name;
        std::vector<IgnoreRule> rules;
        std::string path;
        std::string value;
        std::string expected;  // "<ignored>" for std::nullopt
    };
    // A fuzzer's find: a long significand whose value, about 5.6e-549, no double holds.
    const std::string long_significand = "5555555.5559555" + std::string(40, '0') + std::string(36, '6') + "1" +
                                         std::string(30, '0') + "666666" + std::string(80, '0') + "666666" +
                                         std::string(40, '0') + "5555555554555555555555" + "1e-0555";
    std::vector<Case> cases = {
        {"no rules", {}, "a", "\"A  b\"", "\"A  b\""},
        {"other path", {rule("b", IgnoreKind::everything)}, "a", "1", "1"},

        {"everything", {rule("a", IgnoreKind::everything)}, "a", "1", "<ignored>"},
        {"everything covers children", {rule("tags", IgnoreKind::everything)}, "tags.Name", "\"x\"", "<ignored>"},
        {"everything covers empty container", {rule("tags", IgnoreKind::everything)}, "tags", "{}", "<ignored>"},
        {"everything not siblings", {rule("tags", IgnoreKind::everything)}, "tags_all.Name", "\"x\"", "\"x\""},
        {"everything by star", {rule("tags*", IgnoreKind::everything)}, "tags_all.Name", "\"x\"", "<ignored>"},

        {"whitespace collapses and trims", {rule("a", IgnoreKind::whitespace)}, "a",
         "\"  one \\t\\n two   three \"", "\"one two three\""},
        {"whitespace all blank", {rule("a", IgnoreKind::whitespace)}, "a", "\" \\n \"", "\"\""},
        {"whitespace leaves numbers", {rule("a", IgnoreKind::whitespace)}, "a", "12", "12"},
        {"whitespace leaves other characters", {rule("a", IgnoreKind::whitespace)}, "a", "\"a\\u00a0b\"",
         "\"a\xc2\xa0" "b\""},

        {"prefix strips", {rule("a", IgnoreKind::prefix, "arn:aws:")}, "a", "\"arn:aws:iam::1:role/x\"",
         "\"iam::1:role/x\""},
        {"prefix absent", {rule("a", IgnoreKind::prefix, "arn:aws:")}, "a", "\"iam::1:role/x\"", "\"iam::1:role/x\""},
        {"prefix only at start", {rule("a", IgnoreKind::prefix, "x")}, "a", "\"axb\"", "\"axb\""},
        {"prefix repeated strips all", {rule("a", IgnoreKind::prefix, "x")}, "a", "\"xxab\"", "\"ab\""},
        {"prefix leaves non-strings", {rule("a", IgnoreKind::prefix, "1")}, "a", "123", "123"},

        {"case", {rule("a", IgnoreKind::case_insensitive)}, "a", "\"MiXeD Case\"", "\"mixed case\""},
        {"case ascii only", {rule("a", IgnoreKind::case_insensitive)}, "a", "\"\xc3\x89T\xc3\x89\"",
         "\"\xc3\x89t\xc3\x89\""},
        {"case leaves literals", {rule("a", IgnoreKind::case_insensitive)}, "a", "true", "true"},

        {"json sorts keys and drops whitespace", {rule("p", IgnoreKind::json)}, "p",
         "\"{\\\"b\\\":1, \\\"a\\\": [2, {\\\"d\\\":null,\\\"c\\\":true}]}\"",
         "\"{\\\"a\\\":[2,{\\\"c\\\":true,\\\"d\\\":null}],\\\"b\\\":1}\""},
        {"json keeps array order", {rule("p", IgnoreKind::json)}, "p", "\"[2,1]\"", "\"[2,1]\""},
        {"json integral doubles", {rule("p", IgnoreKind::json)}, "p", "\"[1.0, 2.5, -0.0, 1e2]\"",
         "\"[1,2.5,0,100]\""},
        {"json invalid compares as itself", {rule("p", IgnoreKind::json)}, "p", "\"{not json\"", "\"{not json\""},
        {"json scalar document", {rule("p", IgnoreKind::json)}, "p", "\" 5 \"", "\"5\""},
        {"json leaves non-strings", {rule("p", IgnoreKind::json)}, "p", "{}", "{}"},
        // Found by fuzzing: a number is read correctly rounded, so its shortest form reads
        // back as the same number and a second application changes nothing.
        {"json long decimal", {rule("p", IgnoreKind::json)}, "p", "\"3.08850162724898779781796933792\"",
         "\"3.088501627248988\""},
        {"json long decimal twice", {rule("p", IgnoreKind::json), rule("p*", IgnoreKind::json)}, "p",
         "\"3.08850162724898779781796933792\"", "\"3.088501627248988\""},
        // Found by fuzzing: RapidJSON 1.1.0's own exact conversion reads out of bounds here.
        {"json number with a long significand", {rule("p", IgnoreKind::json)}, "p",
         "\"[1." + std::string(300, '0') + "1]\"", "\"[1]\""},
        {"json number past a double's range compares as itself", {rule("p", IgnoreKind::json)}, "p",
         "\"[" + long_significand + "]\"", "\"[" + long_significand + "]\""},
        {"json overflow compares as itself", {rule("p", IgnoreKind::json)}, "p", "\"[1e400]\"", "\"[1e400]\""},
        {"json integers past 64 bits are doubles", {rule("p", IgnoreKind::json)}, "p",
         "\"[-9223372036854775808, 18446744073709551615, 18446744073709551616]\"",
         "\"[-9223372036854775808,18446744073709551615,18446744073709553000.0]\""},

        {"null-equals-empty string", {rule("a", IgnoreKind::null_equals_empty)}, "a", "\"\"", "null"},
        {"null-equals-empty list", {rule("a", IgnoreKind::null_equals_empty)}, "a", "[]", "null"},
        {"null-equals-empty map", {rule("a", IgnoreKind::null_equals_empty)}, "a", "{}", "null"},
        {"null-equals-empty null", {rule("a", IgnoreKind::null_equals_empty)}, "a", "null", "null"},
        {"null-equals-empty leaves values", {rule("a", IgnoreKind::null_equals_empty)}, "a", "\" \"", "\" \""},
        {"null-equals-empty leaves zero", {rule("a", IgnoreKind::null_equals_empty)}, "a", "0", "0"},

        {"rules apply in order: whitespace then null-equals-empty",
         {rule("a", IgnoreKind::whitespace), rule("a", IgnoreKind::null_equals_empty)}, "a", "\"   \"", "null"},
        {"rules apply in order: null-equals-empty then whitespace",
         {rule("a", IgnoreKind::null_equals_empty), rule("a", IgnoreKind::whitespace)}, "a", "\"   \"", "\"\""},
        {"rules combine", {rule("a", IgnoreKind::prefix, "ARN:"), rule("a", IgnoreKind::case_insensitive)}, "a",
         "\"ARN:X\"", "\"x\""},
        {"json then whitespace keeps a string", {rule("p", IgnoreKind::json), rule("p", IgnoreKind::whitespace)},
         "p", "\"{ \\\"a b\\\" : 1 }\"", "\"{\\\"a b\\\":1}\""},
        {"everything wins after others", {rule("a", IgnoreKind::case_insensitive), rule("a", IgnoreKind::everything)},
         "a", "\"X\"", "<ignored>"},
        {"idempotent under a duplicate rule",
         {rule("a", IgnoreKind::prefix, "x"), rule("a*", IgnoreKind::prefix, "x")}, "a", "\"xab\"", "\"ab\""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::vector<const IgnoreRule*> rules;
            for (const auto& r : c.rules) rules.push_back(&r);
            BOOST_TEST(show(normalize_for_comparison(rules, c.path, c.value)) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(json_kind_equates_reordered_documents) {
    IgnoreRule json_rule = rule("policy", IgnoreKind::json);
    std::vector<const IgnoreRule*> rules = {&json_rule};
    auto a = normalize_for_comparison(rules, "policy", "\"{\\\"b\\\":1, \\\"a\\\":2}\"");
    auto b = normalize_for_comparison(rules, "policy", "\"{\\\"a\\\":2,\\\"b\\\":1}\"");
    auto c = normalize_for_comparison(rules, "policy", "\"{\\\"a\\\":2,\\\"b\\\":3}\"");
    BOOST_TEST(show(a) == show(b));
    BOOST_TEST(show(a) != show(c));
}

BOOST_AUTO_TEST_CASE(json_kind_leaves_hostile_nesting_alone) {
    IgnoreRule json_rule = rule("p", IgnoreKind::json);
    std::vector<const IgnoreRule*> rules = {&json_rule};
    std::string deep = "\"" + std::string(100000, '[') + std::string(100000, ']') + "\"";
    BOOST_TEST(show(normalize_for_comparison(rules, "p", deep)) == deep);
}

BOOST_AUTO_TEST_CASE(json_kind_normalizes_reasonable_nesting) {
    IgnoreRule json_rule = rule("p", IgnoreKind::json);
    std::vector<const IgnoreRule*> rules = {&json_rule};
    std::string open, close, compact_open, compact_close;
    for (int i = 0; i < 256; ++i) {
        open += "[ ";
        close += " ]";
        compact_open += "[";
        compact_close += "]";
    }
    BOOST_TEST(show(normalize_for_comparison(rules, "p", "\"" + open + close + "\"")) ==
               "\"" + compact_open + compact_close + "\"");
    // One level deeper is past the limit: compared as text.
    BOOST_TEST(show(normalize_for_comparison(rules, "p", "\"[" + open + close + "]\"")) ==
               "\"[" + open + close + "]\"");
}

BOOST_AUTO_TEST_CASE(cross_type_allowed_needs_the_exact_pair) {
    Policy policy;
    policy.cross_type.push_back({"null_resource", "terraform_data", {}});
    BOOST_TEST(cross_type_allowed(policy, "null_resource", "terraform_data"));
    BOOST_TEST(!cross_type_allowed(policy, "terraform_data", "null_resource"));
    BOOST_TEST(!cross_type_allowed(policy, "null_resource", "terraform_data_x"));
    BOOST_TEST(!cross_type_allowed(default_policy(), "null_resource", "terraform_data"));
}

// What std::from_chars takes for a double, and nothing else (strtod takes more); no
// number outside a double's range, but its subnormals.
BOOST_AUTO_TEST_CASE(parse_double_reads_what_from_chars_reads) {
    struct Case {
        std::string text;
        std::optional<double> value;
    };
    std::vector<Case> cases = {
        {"0.9", 0.9},
        {"-0.5", -0.5},
        {"5e-1", 0.5},
        {"1E+2", 100.0},
        {".5", 0.5},
        {"5.", 5.0},
        {"3.08850162724898779781796933792", 3.088501627248988},  // correctly rounded
        {"1.7976931348623157e308", 1.7976931348623157e308},
        {"4.9e-324", 4.9e-324},  // the smallest subnormal
        {"0e99999", 0.0},
        {"1.7976931348623159e308", std::nullopt},  // too large
        {"1e400", std::nullopt},
        {"2e-324", std::nullopt},  // too small to be anything but 0
        {"-1e-400", std::nullopt},
        {"", std::nullopt},
        {"-", std::nullopt},
        {".", std::nullopt},
        {"e5", std::nullopt},
        {"1e", std::nullopt},
        {"1e+", std::nullopt},
        {"+1", std::nullopt},
        {" 1", std::nullopt},
        {"1 ", std::nullopt},
        {"0x10", std::nullopt},
        {"inf", std::nullopt},
        {"nan", std::nullopt},
        {"1,5", std::nullopt},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("text '" << c.text << "'") { BOOST_TEST((parse_double(c.text) == c.value)); }
    }
}
