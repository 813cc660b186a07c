#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tfw/core/policy/policy_yaml.hpp"

using namespace tfw::core;

namespace {

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : ",") + items[i];
    return out;
}

// A policy as text, one rule a line, so a failing case shows what differs.
std::string dump(const Policy& policy, bool with_locations = true) {
    auto at = [&](const SourceLocation& where) { return with_locations ? " @" + to_string(where) : std::string(); };
    std::ostringstream out;
    if (with_locations) out << "origin " << policy.origin << "\n";
    for (const auto& rule : policy.accept) {
        std::vector<std::string> kinds;
        for (MatchKind kind : rule.kinds) kinds.emplace_back(to_string(kind));
        out << "accept kinds=" << join(kinds) << " types=" << join(rule.type_globs)
            << " modules=" << join(rule.module_globs) << at(rule.where) << "\n";
    }
    if (policy.max_moves) out << "max_moves " << *policy.max_moves << "\n";
    if (policy.partial_threshold != 0.0) out << "partial " << policy.partial_threshold << "\n";
    if (policy.max_trial_rounds != default_policy().max_trial_rounds) out << "trials " << policy.max_trial_rounds << "\n";
    if (policy.migration_keep_days != default_policy().migration_keep_days)
        out << "keep_days " << policy.migration_keep_days << "\n";
    for (const auto& rule : policy.ignore)
        out << "ignore type=" << rule.type_glob << " path=" << rule.path_glob << " kind=" << to_string(rule.kind)
            << (rule.kind == IgnoreKind::prefix ? ":" + rule.prefix : "") << at(rule.where) << "\n";
    for (const auto& rule : policy.deny)
        out << "deny address=" << rule.address_glob << " type=" << rule.type_glob << at(rule.where) << "\n";
    for (const auto& rule : policy.cross_type)
        out << "cross_type " << rule.from_type << "->" << rule.to_type << at(rule.where) << "\n";
    for (const auto& rule : policy.import_ids) out << "import_id " << rule.type << "=" << rule.id_template << at(rule.where) << "\n";
    for (const auto& root : policy.sibling_roots) out << "root " << root.dir << at(root.where) << "\n";
    return out.str();
}

const std::string defaults_line = "accept kinds=exact,ignore,confirmed types= modules= @built-in defaults\n";

std::string error_of(const std::string& yaml) {
    try {
        load_policy(yaml, "p.yaml");
    } catch (const PolicyError& error) {
        return error.what();
    }
    return "<loaded>";
}

std::filesystem::path source_dir() {
    if (const char* dir = std::getenv("TFW_SOURCE_DIR"); dir && *dir) return dir;
    // Under CMake __FILE__ is absolute: <source>/tests/core/policy/policy_yaml_test.cpp.
    return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path().parent_path();
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_key_loads) {
    struct Case {
        std::string name;
        std::string yaml;
        std::string expected;  // dump() of the policy
    };
    std::vector<Case> cases = {
        {"version alone gives the default accept rule", "version: 1\n", "origin p.yaml\n" + defaults_line},
        {"a version key may be quoted", "\"version\": 1\n", "origin p.yaml\n" + defaults_line},
        {"document markers and comments", "# policy\n---\nversion: 1 # the schema\n...\n",
         "origin p.yaml\n" + defaults_line},
        {"accept with every field",
         "version: 1\n"
         "accept:\n"
         "  - kinds: [exact, ignore, partial, cross_type]\n"
         "    types: [\"aws_*\", null_resource, terraform_data]\n"
         "    modules: [\"\", \"module.net*\"]\n"
         "partial: {threshold: 0.5}\n"
         "cross_type: [{from: null_resource, to: terraform_data}]\n",
         "origin p.yaml\n"
         "accept kinds=exact,ignore,partial,cross_type types=aws_*,null_resource,terraform_data "
         "modules=,module.net* @p.yaml:3:5\n"
         "partial 0.5\n"
         "cross_type null_resource->terraform_data @p.yaml:7:14\n"},
        {"import IDs by type, in file order",
         "version: 1\n"
         "import_ids:\n"
         "  aws_lambda_permission: \"{function_name}/{statement_id}\"\n"
         "  terraform_data: '{{{input}}}'\n",
         "origin p.yaml\n" + defaults_line +
             "import_id aws_lambda_permission={function_name}/{statement_id} @p.yaml:3:3\n"
             "import_id terraform_data={{{input}}} @p.yaml:4:3\n"},
        {"import_ids left empty", "version: 1\nimport_ids:\n", "origin p.yaml\n" + defaults_line},
        {"sibling roots in file order", "version: 1\nroots: [../network, \"../plat form\"]\n",
         "origin p.yaml\n" + defaults_line + "root ../network @p.yaml:2:9\nroot ../plat form @p.yaml:2:21\n"},
        {"sibling roots left empty", "version: 1\nroots:\n", "origin p.yaml\n" + defaults_line},
        {"accept rules keep their order",
         "version: 1\naccept:\n  - kinds: [ignore]\n  - kinds: [exact]\n    types: [a]\n",
         "origin p.yaml\naccept kinds=ignore types= modules= @p.yaml:3:5\n"
         "accept kinds=exact types=a modules= @p.yaml:4:5\n"},
        {"accept: [] accepts nothing", "version: 1\naccept: []\n", "origin p.yaml\n"},
        {"accept with only comments accepts nothing", "version: 1\naccept:\n  # - kinds: [exact]\n",
         "origin p.yaml\n"},
        {"max_moves", "version: 1\nmax_moves: 50\n", "origin p.yaml\n" + defaults_line + "max_moves 50\n"},
        {"max_moves zero", "version: 1\nmax_moves: 0\n", "origin p.yaml\n" + defaults_line + "max_moves 0\n"},
        {"trial rounds", "version: 1\ntrials: {max_rounds: 3}\n", "origin p.yaml\n" + defaults_line + "trials 3\n"},
        {"no trial rounds", "version: 1\ntrials:\n  max_rounds: 0\n", "origin p.yaml\n" + defaults_line + "trials 0\n"},
        {"kept migrations", "version: 1\nmigrations: {keep_days: 7}\n", "origin p.yaml\n" + defaults_line + "keep_days 7\n"},
        {"migrations kept for a hundred years", "version: 1\nmigrations: {keep_days: 36500}\n",
         "origin p.yaml\n" + defaults_line + "keep_days 36500\n"},
        {"migrations removed at once", "version: 1\nmigrations:\n  keep_days: 0\n",
         "origin p.yaml\n" + defaults_line + "keep_days 0\n"},
        {"trials left empty", "version: 1\ntrials:\n", "origin p.yaml\n" + defaults_line},
        {"partial threshold", "version: 1\npartial:\n  threshold: 0.9\n",
         "origin p.yaml\n" + defaults_line + "partial 0.9\n"},
        {"partial threshold one", "version: 1\npartial: {threshold: 1}\n",
         "origin p.yaml\n" + defaults_line + "partial 1\n"},
        {"partial threshold exponent", "version: 1\npartial: {threshold: 5e-1}\n",
         "origin p.yaml\n" + defaults_line + "partial 0.5\n"},
        {"partial without threshold is off", "version: 1\npartial: {}\n", "origin p.yaml\n" + defaults_line},
        {"empty partial is off", "version: 1\npartial:\n", "origin p.yaml\n" + defaults_line},
        {"ignore with every kind",
         "version: 1\n"
         "ignore:\n"
         "  - paths: [a]\n    kind: everything\n"
         "  - paths: [b]\n    kind: whitespace\n"
         "  - paths: [c]\n    kind: \"prefix:arn:aws:\"\n"
         "  - paths: [d]\n    kind: case\n"
         "  - paths: [e]\n    kind: json\n"
         "  - paths: [f]\n    kind: null-equals-empty\n",
         "origin p.yaml\n" + defaults_line +
             "ignore type=* path=a kind=everything @p.yaml:3:5\n"
             "ignore type=* path=b kind=whitespace @p.yaml:5:5\n"
             "ignore type=* path=c kind=prefix:arn:aws: @p.yaml:7:5\n"
             "ignore type=* path=d kind=case @p.yaml:9:5\n"
             "ignore type=* path=e kind=json @p.yaml:11:5\n"
             "ignore type=* path=f kind=null-equals-empty @p.yaml:13:5\n"},
        {"ignore types times paths",
         "version: 1\n"
         "ignore:\n"
         "  - types: [aws_iam_policy, \"aws_iam_role_*\"]\n"
         "    paths: [policy, 'tags[\"a b\"]', \"ingress[*].from_port\"]\n"
         "    kind: json\n",
         "origin p.yaml\n" + defaults_line +
             "ignore type=aws_iam_policy path=policy kind=json @p.yaml:3:5\n"
             "ignore type=aws_iam_policy path=tags[\"a b\"] kind=json @p.yaml:3:5\n"
             "ignore type=aws_iam_policy path=ingress[*].from_port kind=json @p.yaml:3:5\n"
             "ignore type=aws_iam_role_* path=policy kind=json @p.yaml:3:5\n"
             "ignore type=aws_iam_role_* path=tags[\"a b\"] kind=json @p.yaml:3:5\n"
             "ignore type=aws_iam_role_* path=ingress[*].from_port kind=json @p.yaml:3:5\n"},
        {"deny by address, type or both",
         "version: 1\n"
         "deny:\n"
         "  - address: \"aws_db_instance.*\"\n"
         "  - type: aws_kms_key\n"
         "  - {address: \"module.sec*\", type: \"aws_*\"}\n",
         "origin p.yaml\n" + defaults_line +
             "deny address=aws_db_instance.* type= @p.yaml:3:5\n"
             "deny address= type=aws_kms_key @p.yaml:4:5\n"
             "deny address=module.sec* type=aws_* @p.yaml:5:5\n"},
        {"cross_type",
         "version: 1\ncross_type:\n  - from: null_resource\n    to: terraform_data\n"
         "  - from: aws_s3_bucket_object\n    to: aws_s3_object\n",
         "origin p.yaml\n" + defaults_line +
             "cross_type null_resource->terraform_data @p.yaml:3:5\n"
             "cross_type aws_s3_bucket_object->aws_s3_object @p.yaml:5:5\n"},
        {"empty lists", "version: 1\nignore: []\ndeny:\ncross_type: []\n", "origin p.yaml\n" + defaults_line},
        {"flow style throughout",
         "{version: 1, accept: [{kinds: [exact], types: [aws_instance]}], max_moves: 3, "
         "deny: [{type: aws_kms_key}]}\n",
         "origin p.yaml\naccept kinds=exact types=aws_instance modules= @p.yaml:1:23\nmax_moves 3\n"
         "deny address= type=aws_kms_key @p.yaml:1:86\n"},
        {"CRLF line endings", "version: 1\r\nmax_moves: 2\r\n",
         "origin p.yaml\n" + defaults_line + "max_moves 2\n"},
        {"a byte order mark", "\xef\xbb\xbfversion: 1\nmax_moves: 2\n",
         "origin p.yaml\n" + defaults_line + "max_moves 2\n"},
        {"keys in any order", "max_moves: 2\nversion: 1\n", "origin p.yaml\n" + defaults_line + "max_moves 2\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            try {
                BOOST_TEST(dump(load_policy(c.yaml, "p.yaml")) == c.expected);
            } catch (const PolicyError& error) {
                BOOST_ERROR("unexpected error: " << error.what());
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(every_error_is_one_line_with_its_position) {
    struct Case {
        std::string yaml;
        std::string error;
    };
    const std::string v = "version: 1\n";
    std::vector<Case> cases = {
        // YAML itself.
        {"a: b: c\n", "p.yaml:1:5: illegal map value"},
        {v + "accept: [\n", "p.yaml:3:1: end of sequence flow not found"},
        {v + "deny: [*undefined]\n", "p.yaml:2:8: the referenced anchor is not defined"},
        {v + "- a\n", "p.yaml:2:1: end of map not found"},
        {v + "accept:\n\t- kinds: [exact]\n", "p.yaml:3:2: illegal block entry"},
        // yaml-cpp 0.7 reads a stray "," as empty documents without end (found by fuzzing).
        {",\n", "p.yaml:1:1: unexpected ','"},
        // Issue 48: not UTF-8, said as such, not as yaml-cpp reads it in another encoding.
        {std::string("\xff\xfe") + "version: 1\n", "p.yaml:1:1: the file starts with a UTF-16 byte order mark; save it as UTF-8"},
        {std::string("\xfe\xff\x00v", 4), "p.yaml:1:1: the file starts with a UTF-16 byte order mark; save it as UTF-8"},
        {std::string("\xff\xfe\x00\x00", 4), "p.yaml:1:1: the file starts with a UTF-32 byte order mark; save it as UTF-8"},
        {v + std::string("deny: [a\x00]\n", 12), "p.yaml:2:9: a NUL byte: a policy file is UTF-8 text"},
        {v + "deny: [\"caf\xe9\"]\n", "p.yaml:2:12: the byte E9 is not UTF-8: a policy file is UTF-8 text"},
        {"{version: 1},x\n", "p.yaml:1:13: unexpected ','"},
        {v + "---\n,\n", "p.yaml:3:1: unexpected ','"},

        // The document.
        {"", "p.yaml:1:1: empty policy: write at least 'version: 1'"},
        {"# only a comment\n", "p.yaml:1:1: empty policy: write at least 'version: 1'"},
        {"~\n", "p.yaml:1:1: empty policy: write at least 'version: 1'"},
        {v + "---\nversion: 1\n", "p.yaml:3:1: a policy file holds one YAML document; another starts here"},
        {"- version: 1\n", "p.yaml:1:1: a policy must be a mapping, got a list"},
        {"version 1\n", "p.yaml:1:1: a policy must be a mapping, got 'version 1'"},

        // version.
        {"accept: []\n", "p.yaml:1:1: missing 'version: 1'"},
        {"version: 2\n", "p.yaml:1:10: unsupported version '2' (this tfw reads version 1)"},
        {"version: 2\nnew_key_of_version_2: x\n", "p.yaml:1:10: unsupported version '2' (this tfw reads version 1)"},
        {"version: 1.0\n", "p.yaml:1:10: unsupported version '1.0' (this tfw reads version 1)"},
        {"version: one\n", "p.yaml:1:10: unsupported version 'one' (this tfw reads version 1)"},
        {"version: \"1\"\n", "p.yaml:1:10: 'version' must be the number 1, got the string '1'"},
        {"version: [1]\n", "p.yaml:1:10: 'version' must be the number 1, got a list"},
        {"version:\n", "p.yaml:1:1: 'version' must be the number 1, got an empty value"},

        // Keys.
        {v + "acept: []\n",
         "p.yaml:2:1: unknown key 'acept' (expected version, accept, max_moves, partial, trials, migrations, ignore, deny, "
         "cross_type, import_ids or roots)"},
        {v + "accept: []\naccept: []\n", "p.yaml:3:1: duplicate key 'accept'"},
        {v + "version: 1\n", "p.yaml:2:1: duplicate key 'version'"},
        {v + "[a]: 1\n", "p.yaml:2:1: keys must be names, got a list"},

        // accept.
        {v + "accept: {kinds: [exact]}\n", "p.yaml:2:9: 'accept' must be a list, got a mapping"},
        {v + "accept: exact\n", "p.yaml:2:9: 'accept' must be a list, got 'exact'"},
        {v + "accept: [exact]\n", "p.yaml:2:10: an accept rule must be a mapping, got 'exact'"},
        {v + "accept:\n  - types: [a]\n", "p.yaml:3:5: an accept rule needs 'kinds'"},
        {v + "accept:\n  - kinds: exact\n", "p.yaml:3:12: 'kinds' must be a list, got 'exact'"},
        {v + "accept:\n  - kinds: []\n", "p.yaml:3:12: 'kinds' must not be empty"},
        {v + "accept:\n  - kinds:\n", "p.yaml:3:5: 'kinds' must not be empty"},
        {v + "accept:\n  - kinds: [exact, exakt]\n",
         "p.yaml:3:20: unknown match kind 'exakt' (expected exact, ignore, confirmed, partial or cross_type)"},
        {v + "accept:\n  - kinds: [ignore_rules]\n",
         "p.yaml:3:13: unknown match kind 'ignore_rules' (expected exact, ignore, confirmed, partial or cross_type)"},
        {v + "accept:\n  - kinds: [[exact]]\n", "p.yaml:3:13: 'kinds' entries must be names, got a list"},
        {v + "accept:\n  - kinds: [exact]\n    kind: [exact]\n",
         "p.yaml:4:5: unknown key 'kind' in an accept rule (expected kinds, types or modules)"},
        {v + "accept:\n  - kinds: [exact]\n    types: []\n",
         "p.yaml:4:12: 'types' must not be empty (leave it out to match any type)"},
        {v + "accept:\n  - kinds: [exact]\n    types: aws_*\n", "p.yaml:4:12: 'types' must be a list, got 'aws_*'"},
        {v + "accept:\n  - kinds: [exact]\n    types: [[a]]\n",
         "p.yaml:4:13: 'types' entries must be strings, got a list"},
        {v + "accept:\n  - kinds: [exact]\n    types: [\"aws_[\"]\n",
         "p.yaml:4:13: bad glob 'aws_[': '[' never closed"},
        {v + "accept:\n  - kinds: [exact]\n    types: [\"\"]\n", "p.yaml:4:13: empty glob in 'types' matches nothing"},
        {v + "accept:\n  - kinds: [exact]\n    modules: []\n",
         "p.yaml:4:14: 'modules' must not be empty (leave it out to match any module)"},
        {v + "accept:\n  - kinds: [exact]\n    modules: [\"module.a\", \"net*\"]\n",
         "p.yaml:4:27: module glob 'net*' can never match: module paths start with 'module.' (\"\" is the root "
         "module)"},
        {v + "accept:\n  - kinds: [exact]\n    modules: [\"module.a]\"]\n",
         "p.yaml:4:15: bad glob 'module.a]': ']' without '['"},
        {v + "accept:\n  - kinds: [exact, partial]\n",
         "p.yaml:3:20: kind 'partial' needs 'partial: {threshold: ...}' (partial matching is off without it)"},
        {v + "accept:\n  - kinds: [cross_type]\n",
         "p.yaml:3:13: kind 'cross_type' needs a 'cross_type' rule naming the types it may migrate"},

        // max_moves.
        {v + "max_moves: -1\n", "p.yaml:2:12: 'max_moves' must be a whole number of 0 or more, got '-1'"},
        {v + "max_moves: 1.5\n", "p.yaml:2:12: 'max_moves' must be a whole number of 0 or more, got '1.5'"},
        {v + "max_moves: \"5\"\n",
         "p.yaml:2:12: 'max_moves' must be a whole number of 0 or more, got the string '5'"},
        {v + "max_moves: 99999999999999999999999\n",
         "p.yaml:2:12: 'max_moves' must be a whole number of 0 or more, got '99999999999999999999999'"},
        {v + "max_moves: [5]\n", "p.yaml:2:12: 'max_moves' must be a whole number of 0 or more, got a list"},
        {v + "max_moves:\n", "p.yaml:2:1: 'max_moves' must be a whole number of 0 or more, got an empty value"},

        // partial.
        {v + "partial: 0.9\n", "p.yaml:2:10: 'partial' must be a mapping, got '0.9'"},
        {v + "partial: {treshold: 0.9}\n", "p.yaml:2:11: unknown key 'treshold' in 'partial' (expected threshold)"},
        {v + "trials: {rounds: 3}\n", "p.yaml:2:10: unknown key 'rounds' in 'trials' (expected max_rounds)"},
        {v + "migrations: {keep: 3}\n", "p.yaml:2:14: unknown key 'keep' in 'migrations' (expected keep_days)"},
        {v + "migrations: {keep_days: 1.5}\n", "p.yaml:2:25: 'keep_days' must be a whole number of 0 or more, got '1.5'"},
        {v + "migrations: 30\n", "p.yaml:2:13: 'migrations' must be a mapping, got '30'"},
        {v + "migrations: {keep_days: 36501}\n", "p.yaml:2:25: 'keep_days' must be at most 36500 (a hundred years), got '36501'"},
        {v + "migrations: {keep_days: 18446744073709551615}\n",
         "p.yaml:2:25: 'keep_days' must be at most 36500 (a hundred years), got '18446744073709551615'"},
        {v + "trials: {max_rounds: -1}\n", "p.yaml:2:22: 'max_rounds' must be a whole number of 0 or more, got '-1'"},
        {v + "trials: 3\n", "p.yaml:2:9: 'trials' must be a mapping, got '3'"},
        {v + "partial: {threshold: 0}\n",
         "p.yaml:2:22: 'threshold' must be a number greater than 0 and at most 1, got '0'"},
        {v + "partial: {threshold: 1.5}\n",
         "p.yaml:2:22: 'threshold' must be a number greater than 0 and at most 1, got '1.5'"},
        {v + "partial: {threshold: -0.5}\n",
         "p.yaml:2:22: 'threshold' must be a number greater than 0 and at most 1, got '-0.5'"},
        {v + "partial: {threshold: 90%}\n",
         "p.yaml:2:22: 'threshold' must be a number greater than 0 and at most 1, got '90%'"},
        {v + "partial: {threshold: nan}\n",
         "p.yaml:2:22: 'threshold' must be a number greater than 0 and at most 1, got 'nan'"},
        {v + "partial: {threshold: \"0.9\"}\n",
         "p.yaml:2:22: 'threshold' must be a number greater than 0 and at most 1, got the string '0.9'"},

        // ignore.
        {v + "ignore: {paths: [a]}\n", "p.yaml:2:9: 'ignore' must be a list, got a mapping"},
        {v + "ignore: [tags]\n", "p.yaml:2:10: an ignore rule must be a mapping, got 'tags'"},
        {v + "ignore:\n  - kind: json\n", "p.yaml:3:5: an ignore rule needs 'paths'"},
        {v + "ignore:\n  - paths: [tags]\n", "p.yaml:3:5: an ignore rule needs 'kind'"},
        {v + "ignore:\n  - paths: []\n    kind: json\n", "p.yaml:3:12: 'paths' must not be empty"},
        {v + "ignore:\n  - paths: [\"tags[\\\"a]\"]\n    kind: json\n",
         "p.yaml:3:13: bad glob 'tags[\"a]': quoted key never closed"},
        {v + "ignore:\n  - paths: [\"\"]\n    kind: json\n", "p.yaml:3:13: empty glob in 'paths' matches nothing"},
        {v + "ignore:\n  - paths: [a]\n    types: [\"a[\"]\n    kind: json\n",
         "p.yaml:4:13: bad glob 'a[': '[' never closed"},
        {v + "ignore:\n  - paths: [a]\n    kind: jsn\n",
         "p.yaml:4:11: unknown ignore kind 'jsn' (expected everything, whitespace, prefix:P, case, json or "
         "null-equals-empty)"},
        {v + "ignore:\n  - paths: [a]\n    kind: \"prefix:\"\n",
         "p.yaml:4:11: ignore kind 'prefix:' needs the prefix after the colon"},
        {v + "ignore:\n  - paths: [a]\n    kind: [json]\n", "p.yaml:4:11: 'kind' must be a string, got a list"},
        {v + "ignore:\n  - paths: [a]\n    kind: json\n    path: [b]\n",
         "p.yaml:5:5: unknown key 'path' in an ignore rule (expected types, paths or kind)"},

        // deny.
        {v + "deny: [aws_kms_key]\n", "p.yaml:2:8: a deny rule must be a mapping, got 'aws_kms_key'"},
        {v + "deny: [{}]\n", "p.yaml:2:8: a deny rule needs 'address' or 'type'"},
        {v + "deny:\n  - types: [aws_kms_key]\n",
         "p.yaml:3:5: unknown key 'types' in a deny rule (expected address or type)"},
        {v + "deny:\n  - address: [a]\n", "p.yaml:3:14: 'address' must be a string, got a list"},
        {v + "deny:\n  - address: \"\"\n", "p.yaml:3:14: empty glob in 'address' matches nothing"},
        {v + "deny:\n  - address: \"aws_db_instance.main[0\"\n",
         "p.yaml:3:14: bad glob 'aws_db_instance.main[0': '[' never closed"},
        {v + "deny:\n  - type:\n", "p.yaml:3:5: 'type' must be a string, got an empty value"},

        // cross_type.
        {v + "cross_type: [{from: a}]\n", "p.yaml:2:14: a cross_type rule needs 'to'"},
        {v + "cross_type: [{to: a}]\n", "p.yaml:2:14: a cross_type rule needs 'from'"},
        {v + "cross_type: [{from: a, to: a}]\n",
         "p.yaml:2:14: a cross_type rule needs two different types, got 'a' twice"},
        {v + "cross_type: [{from: \"aws_*\", to: b}]\n",
         "p.yaml:2:21: 'from' is an exact resource type, not a glob: 'aws_*'"},
        {v + "cross_type: [{from: a, to: \"\"}]\n", "p.yaml:2:28: 'to' must not be empty"},
        {v + "cross_type: [{from: a, to: b, via: c}]\n",
         "p.yaml:2:31: unknown key 'via' in a cross_type rule (expected from or to)"},
        {v + "cross_type: [[a, b]]\n", "p.yaml:2:14: a cross_type rule must be a mapping, got a list"},

        // Echoed text stays on one line and short.
        {v + "\"a\\nb\": 1\n",
         "p.yaml:2:1: unknown key 'a\\nb' (expected version, accept, max_moves, partial, trials, migrations, ignore, deny, "
         "cross_type, import_ids or roots)"},
        {v + "import_ids: [a]\n", "p.yaml:2:13: 'import_ids' must be a mapping of resource type to ID template, got a list"},
        {v + "roots: ../network\n", "p.yaml:2:8: 'roots' must be a list, got '../network'"},
        {v + "roots: [\"\"]\n", "p.yaml:2:9: 'roots' entries are root module directories, got the string ''"},
        {v + "roots: [{dir: a}]\n", "p.yaml:2:9: 'roots' entries are root module directories, got a mapping"},
        {v + "roots: [a, b, a]\n", "p.yaml:2:15: root 'a' is named twice"},
        {v + "import_ids:\n  aws_x: {id}\n",
         "p.yaml:3:10: the import ID of 'aws_x' must be a quoted template such as \"{id}\", got a mapping"},
        {v + "import_ids:\n  aws_x: \"{id\"\n",
         "p.yaml:3:10: the import ID template '{id' '{' at offset 0 is not closed"},
        {v + "import_ids:\n  aws_x: \"id\"\n", "p.yaml:3:10: the import ID template 'id' names no attribute, as {id} does"},
        {v + "import_ids:\n  aws_x: \"{}\"\n", "p.yaml:3:10: the import ID template '{}' '{' at offset 0 names no attribute"},
        {v + "import_ids:\n  aws_x: \"a}\"\n",
         "p.yaml:3:10: the import ID template 'a}' '}' at offset 1 closes nothing (write '}}' for a brace)"},
        {v + "import_ids:\n  \"aws_*\": \"{id}\"\n", "p.yaml:3:3: an import_ids key is an exact resource type, got 'aws_*'"},
        {v + "import_ids:\n  a: \"{id}\"\n  a: \"{x}\"\n", "p.yaml:4:3: duplicate key 'a'"},
        {v + "accept: [" + std::string(80, 'x') + "]\n",
         "p.yaml:2:10: an accept rule must be a mapping, got '" + std::string(60, 'x') + "...'"},
        // yaml-cpp's own messages echo text too (found by fuzzing).
        {v + "a: \"\\\r\"\n", "p.yaml:2:7: unknown escape character: \\r"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("yaml:\n" << c.yaml) {
            std::string error = error_of(c.yaml);
            BOOST_TEST(error == c.error);
            BOOST_TEST(error.find('\n') == std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_CASE(policy_error_keeps_position_and_message_apart) {
    try {
        load_policy("version: 1\nmax_moves: x\n", "dir/.tfw.yaml");
        BOOST_ERROR("expected a PolicyError");
    } catch (const PolicyError& error) {
        BOOST_TEST(error.where.file == "dir/.tfw.yaml");
        BOOST_TEST(error.where.line == 2);
        BOOST_TEST(error.where.column == 12);
        BOOST_TEST(error.message == "'max_moves' must be a whole number of 0 or more, got 'x'");
        BOOST_TEST(std::string(error.what()) == "dir/.tfw.yaml:2:12: " + error.message);
    }
}

BOOST_AUTO_TEST_CASE(rule_locations_name_the_file) {
    Policy policy = load_policy("version: 1\ndeny:\n  - type: a\n", "/abs/.tfw.yaml");
    BOOST_TEST(policy.origin == "/abs/.tfw.yaml");
    BOOST_TEST_REQUIRE(policy.deny.size() == 1u);
    BOOST_TEST(to_string(policy.deny[0].where) == "/abs/.tfw.yaml:3:5");
}

BOOST_AUTO_TEST_CASE(shipped_config_is_the_default_policy) {
    std::filesystem::path file = source_dir() / "config" / "policy.yaml";
    std::ifstream in(file);
    BOOST_TEST_REQUIRE(in.good(), "cannot read " << file << " (set TFW_SOURCE_DIR)");
    std::stringstream text;
    text << in.rdbuf();
    Policy loaded = load_policy(text.str(), "config/policy.yaml");
    BOOST_TEST(loaded.origin == "config/policy.yaml");
    BOOST_TEST(dump(loaded, false) == dump(default_policy(), false));

    // Rule locations aside, nothing differs.
    for (auto& rule : loaded.accept) rule.where = default_policy().accept.at(0).where;
    loaded.origin = default_policy().origin;
    BOOST_TEST((loaded == default_policy()));
}

BOOST_AUTO_TEST_CASE(shipped_config_documents_every_key) {
    // Each key needs a comment line that starts with it: `# max_moves: ...`, `#   kinds  ...`.
    std::ifstream in(source_dir() / "config" / "policy.yaml");
    std::vector<std::string> comment_words;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] != '#') continue;
        std::size_t start = line.find_first_not_of("# ");
        if (start == std::string::npos) continue;
        std::size_t end = line.find_first_of(" :", start);
        comment_words.push_back(line.substr(start, end - start));
    }
    for (std::string key : {"version", "accept", "kinds", "types", "modules", "max_moves", "partial", "threshold", "trials", "max_rounds",
                            "migrations", "keep_days", "ignore", "paths", "kind", "deny", "address", "type", "cross_type", "from", "to", "import_ids"}) {
        BOOST_TEST_CONTEXT(key) {
            BOOST_TEST((std::find(comment_words.begin(), comment_words.end(), key) != comment_words.end()));
        }
    }
}
