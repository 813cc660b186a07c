// The policy model: which inferred moves tfw may apply on its own. Plain data, loaded
// from YAML by policy_yaml and evaluated by policy_decide.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/model/move.hpp"

namespace tfw::core::inline policy {

// Where a rule stands in its file, for messages. Line 0 means "not from a file"
// (the built-in defaults, or a default a file left implicit).
struct SourceLocation {
    std::string file;
    int line = 0;    // 1-based
    int column = 0;  // 1-based

    bool operator==(const SourceLocation&) const = default;
};

// `file:line:column`, or just `file` for line 0.
std::string to_string(const SourceLocation& where);

enum class IgnoreKind { everything, whitespace, prefix, case_insensitive, json, null_equals_empty };

// The policy-file spelling, without the prefix of `prefix:P`.
std::string_view to_string(IgnoreKind kind);

struct IgnoreRule {
    std::string type_glob = "*";
    std::string path_glob;
    IgnoreKind kind = IgnoreKind::everything;
    std::string prefix;  // for IgnoreKind::prefix
    SourceLocation where;

    bool operator==(const IgnoreRule&) const = default;
};

// `ignore (type aws_iam_policy, path policy, kind json) at .tfw.yaml:7:5`
std::string describe(const IgnoreRule& rule);

struct AcceptRule {
    // Empty: any kind but cross_type, which a rule must name to accept.
    std::vector<MatchKind> kinds;
    // Empty: any type. Otherwise both the old and the new type must match one.
    std::vector<std::string> type_globs;
    // Empty: any module path. Otherwise both the old and the new module path must match
    // one; the root module is "".
    std::vector<std::string> module_globs;
    SourceLocation where;

    bool operator==(const AcceptRule&) const = default;
};

// A move is denied when either of its addresses, or a module or resource containing
// it, matches address_glob, and either of its types matches type_glob. An empty glob
// is no constraint; a loaded rule always has at least one.
struct DenyRule {
    std::string address_glob;
    std::string type_glob;
    SourceLocation where;

    bool operator==(const DenyRule&) const = default;
};

// Exact type names, not globs: a cross-type move must be a migration someone named.
struct CrossTypeRule {
    std::string from_type;
    std::string to_type;
    SourceLocation where;

    bool operator==(const CrossTypeRule&) const = default;
};

// The import ID of a resource type, as a template over the object's attributes:
// `{role}/{policy_arn}`. See core/import_id.hpp.
struct ImportIdRule {
    std::string type;         // an exact resource type
    std::string id_template;  // `{path}` is an attribute's value, `{{` and `}}` are braces
    SourceLocation where;
    bool operator==(const ImportIdRule&) const = default;
};

// A root module this one exchanges objects with (`roots:`), as the file names it: a
// directory relative to the root module tfw plans.
struct SiblingRoot {
    std::string dir;
    SourceLocation where;
    bool operator==(const SiblingRoot&) const = default;
};

struct Policy {
    std::string origin = "built-in defaults";  // the file it came from
    std::vector<AcceptRule> accept;
    std::optional<std::size_t> max_moves;      // cap on accepted moves per run
    double partial_threshold = 0.0;            // 0: partial matching is off
    // Replans spent on breaking ties with Terraform's trials, per run; 0: none.
    std::size_t max_trial_rounds = 10;
    // Days the states of a finished migration between roots are kept (they hold secrets);
    // 0: removed by the next `tfw apply --root`.
    std::size_t migration_keep_days = 30;
    std::vector<IgnoreRule> ignore;
    std::vector<DenyRule> deny;
    std::vector<CrossTypeRule> cross_type;
    // Import IDs for moves between root modules written as removed/import blocks; they
    // extend or override the built-in table (core/import_id.hpp).
    std::vector<ImportIdRule> import_ids;
    // Roots whose states every single-root plan and apply reads before it destroys
    // anything: an object one of them also holds is refused (core/roots/sibling_roots.hpp).
    std::vector<SiblingRoot> sibling_roots;

    bool operator==(const Policy&) const = default;
};

// Accepts exact, ignore-rule and confirmed matches, ignores nothing, denies nothing.
Policy default_policy();

// tfw globs, one language for types, modules, addresses and attribute paths:
// `*` matches any run of characters, including `.`, `[`, `]` and `"`; `?` matches one
// character (a whole UTF-8 sequence). Everything else, brackets included, is literal,
// so a glob is written the way Terraform prints the text: `aws_instance.web[0]`,
// `tags["a b"]`, `ingress[*].from_port`. There are no character classes: `[0]` would
// otherwise mean "the character 0", the opposite of what a Terraform user means.
bool glob_match(std::string_view glob, std::string_view text);

// Why `glob` is malformed, or "" when it is well formed. Brackets must pair up as in a
// Terraform address or path (`[` ... `]`, quoted keys closed), so a typo such as
// `ingress[0.from_port` is an error instead of a rule that silently never matches.
std::string glob_syntax_error(std::string_view glob);

// An attribute path glob matches a path or any path containing it, as Terraform's
// `ignore_changes` does: `tags` covers `tags.Name`, `tags["a b"]` and the empty `tags`
// leaf, but not `tags_all`.
bool path_glob_match(std::string_view glob, std::string_view path);

// The ignore rules that apply to a resource type, in file order.
std::vector<const IgnoreRule*> ignore_rules_for(const Policy& policy, std::string_view type);

// The form of a leaf value (canonical JSON text) that comparison uses under the rules
// whose path glob matches `path` (see path_glob_match), applied in order; std::nullopt
// when the path is ignored entirely. Every kind is idempotent, so a rule that applies
// twice through overlapping globs changes nothing more.
std::optional<std::string> normalize_for_comparison(const std::vector<const IgnoreRule*>& rules,
                                                    std::string_view path, std::string_view json_value);

bool cross_type_allowed(const Policy& policy, std::string_view from_type, std::string_view to_type);

// The whole of `text` as a decimal number, [-]digits[.digits][(e|E)[+|-]digits], read as
// std::from_chars reads a double: correctly rounded, and std::nullopt for a number no
// double holds (too large, or too small to be anything but 0) or for any other text.
std::optional<double> parse_double(std::string_view text);

}  // namespace tfw::core::policy
