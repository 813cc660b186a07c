#include "tfw/core/policy/policy_yaml.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "tfw/core/model/utf8.hpp"
#include "tfw/core/policy/import_id.hpp"

namespace tfw::core::inline policy {
namespace {

constexpr int supported_version = 1;

// Text for a message, which is one line: line breaks and tabs as their escapes.
std::string one_line(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else out += c;
    }
    return out;
}

// Where a policy file stops being UTF-8 text, and what is there.
struct NotUtf8 {
    std::size_t offset;
    std::string what;
};

std::optional<NotUtf8> not_utf8(std::string_view text) {
    struct Mark {
        std::string_view bytes;
        const char* name;
    };
    for (const Mark& bom : {Mark{std::string_view("\x00\x00\xfe\xff", 4), "UTF-32"}, Mark{std::string_view("\xff\xfe\x00\x00", 4), "UTF-32"},
                            Mark{"\xfe\xff", "UTF-16"}, Mark{"\xff\xfe", "UTF-16"}})
        if (text.starts_with(bom.bytes))
            return NotUtf8{0, std::string("the file starts with a ") + bom.name + " byte order mark; save it as UTF-8"};
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t at = pos;
        if (text[at] == '\0') return NotUtf8{at, "a NUL byte: a policy file is UTF-8 text"};
        const char32_t code = decode_utf8(text, pos);
        if (code == 0xfffd && text.substr(at, 3) != "\xef\xbf\xbd") {
            char hex[8];
            std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned char>(text[at]));
            return NotUtf8{at, std::string("the byte ") + hex + " is not UTF-8: a policy file is UTF-8 text"};
        }
    }
    return std::nullopt;
}

// The line and column of byte `offset`, 0-based as yaml-cpp counts.
YAML::Mark mark_at(std::string_view text, std::size_t offset) {
    YAML::Mark mark;
    mark.pos = static_cast<int>(offset);
    mark.line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
    const std::size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    mark.column = static_cast<int>(offset - (line_start == std::string_view::npos || offset == 0 ? 0 : line_start + 1));
    return mark;
}

// User text echoed in a message: one line, and short enough to read.
std::string echoed(std::string_view text) {
    constexpr std::size_t limit = 60;
    return "'" + one_line(text.substr(0, limit)) + (text.size() > limit ? "..." : "") + "'";
}

// Where each document's root starts, for at most `limit` documents.
//
// yaml-cpp 0.7 (Debian's) cannot start a value at a token such as a stray ",": it then
// reports an empty document without consuming anything, again and again, so LoadAll
// never returns and its memory grows without bound (jbeder/yaml-cpp#1040, fixed after
// 0.7). Reading a bounded number of documents and seeing two roots at the same place
// tells that apart from a real second document.
class DocumentRoots : public YAML::EventHandler {
public:
    static std::vector<YAML::Mark> of(const std::string& text, std::size_t limit) {
        std::istringstream stream(text);
        YAML::Parser parser(stream);
        DocumentRoots handler;
        while (handler.roots_.size() < limit && parser.HandleNextDocument(handler)) {}
        return handler.roots_;
    }

private:
    void OnDocumentStart(const YAML::Mark&) override { in_root_ = true; }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { root(mark); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { root(mark); }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override {
        root(mark);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        root(mark);
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        root(mark);
    }
    void OnMapEnd() override {}

    void root(const YAML::Mark& mark) {
        if (in_root_) roots_.push_back(mark);
        in_root_ = false;
    }

    std::vector<YAML::Mark> roots_;
    bool in_root_ = false;
};

bool is_quoted(const YAML::Node& node) { return node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str"; }

// What a node is, for "must be X, got Y".
std::string describe(const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Scalar:
            return is_quoted(node) ? "the string " + echoed(node.Scalar()) : echoed(node.Scalar());
        case YAML::NodeType::Sequence: return "a list";
        case YAML::NodeType::Map: return "a mapping";
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined: break;
    }
    return "an empty value";
}

std::string join_names(std::initializer_list<std::string_view> names) {
    std::string out;
    std::size_t i = 0;
    for (std::string_view name : names) {
        if (i > 0) out += (i + 1 == names.size()) ? " or " : ", ";
        out += name;
        ++i;
    }
    return out;
}

// One `key: value` of a mapping, in file order.
struct Entry {
    std::string name;
    YAML::Node key;
    YAML::Node value;
};

const Entry* find(const std::vector<Entry>& entries, std::string_view name) {
    for (const auto& entry : entries)
        if (entry.name == name) return &entry;
    return nullptr;
}

class Loader {
public:
    explicit Loader(std::string file) : file_(std::move(file)) {}

    Policy load(std::string_view yaml_text);

private:
    SourceLocation location(const YAML::Mark& mark) const {
        // yaml-cpp counts from 0 and has no mark for some nodes; print 1-based, as
        // editors and compilers do.
        return {file_, mark.line < 0 ? 1 : mark.line + 1, mark.column < 0 ? 1 : mark.column + 1};
    }

    [[noreturn]] void fail(const YAML::Mark& mark, std::string message) const {
        throw PolicyError(location(mark), std::move(message));
    }

    // An empty value has no position of its own (yaml-cpp puts it after the line), so
    // point at its key.
    static YAML::Mark mark_of(const Entry& entry) {
        return entry.value.IsNull() ? entry.key.Mark() : entry.value.Mark();
    }

    std::vector<Entry> entries(const YAML::Node& map, std::string_view where_for_unknown,
                               std::initializer_list<std::string_view> keys) const;

    // Scalars.
    std::string text(const Entry& entry) const;
    std::size_t count(const Entry& entry) const;
    double threshold(const Entry& entry) const;
    void check_glob(const YAML::Node& node, std::string_view field, bool empty_allowed) const;
    std::string glob(const Entry& entry) const;

    // Lists. A key with an empty value is an empty list, so commenting out every entry
    // under a key means "none" rather than an error.
    std::vector<YAML::Node> list(const Entry& entry) const;
    std::vector<YAML::Node> nonempty_list(const Entry& entry, std::string_view hint) const;
    std::vector<std::string> globs(const Entry& entry, std::string_view hint, bool empty_allowed) const;

    void version(const YAML::Node& root) const;
    AcceptRule accept_rule(const YAML::Node& item);
    void partial(const Entry& entry, Policy& policy) const;
    void trials(const Entry& entry, Policy& policy) const;
    void migrations(const Entry& entry, Policy& policy) const;
    void import_ids(const Entry& entry, Policy& policy) const;
    void sibling_roots(const Entry& entry, Policy& policy) const;
    void ignore_rules(const YAML::Node& item, Policy& policy) const;
    DenyRule deny_rule(const YAML::Node& item) const;
    CrossTypeRule cross_type_rule(const YAML::Node& item) const;
    std::string type_name(const Entry& entry) const;

    std::string file_;
    // The first accept kinds that need another section, checked once all is read.
    std::optional<YAML::Mark> partial_kind_;
    std::optional<YAML::Mark> cross_type_kind_;
};

std::vector<Entry> Loader::entries(const YAML::Node& map, std::string_view where_for_unknown,
                                   std::initializer_list<std::string_view> keys) const {
    std::vector<Entry> out;
    for (const auto& pair : map) {
        if (!pair.first.IsScalar()) fail(pair.first.Mark(), "keys must be names, got " + describe(pair.first));
        std::string name = pair.first.Scalar();
        bool known = false;
        for (std::string_view key : keys) known = known || key == name;
        if (!known)
            fail(pair.first.Mark(), "unknown key " + echoed(name) + std::string(where_for_unknown) + " (expected " +
                                        join_names(keys) + ")");
        if (find(out, name)) fail(pair.first.Mark(), "duplicate key " + echoed(name));
        out.push_back({name, pair.first, pair.second});
    }
    return out;
}

std::string Loader::text(const Entry& entry) const {
    if (!entry.value.IsScalar())
        fail(mark_of(entry), "'" + entry.name + "' must be a string, got " + describe(entry.value));
    return entry.value.Scalar();
}

std::size_t Loader::count(const Entry& entry) const {
    const std::string& scalar = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    std::size_t value = 0;
    auto [end, error] = std::from_chars(scalar.data(), scalar.data() + scalar.size(), value);
    if (!entry.value.IsScalar() || is_quoted(entry.value) || scalar.empty() || scalar.front() == '-' ||
        error != std::errc() || end != scalar.data() + scalar.size())
        fail(mark_of(entry), "'" + entry.name + "' must be a whole number of 0 or more, got " + describe(entry.value));
    return value;
}

double Loader::threshold(const Entry& entry) const {
    const std::string& scalar = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    std::optional<double> value = parse_double(scalar);
    if (!entry.value.IsScalar() || is_quoted(entry.value) || !value || *value <= 0.0 || *value > 1.0)
        fail(mark_of(entry), "'" + entry.name + "' must be a number greater than 0 and at most 1, got " +
                                 describe(entry.value));
    return *value;
}

void Loader::check_glob(const YAML::Node& node, std::string_view field, bool empty_allowed) const {
    const std::string& glob = node.Scalar();
    if (glob.empty() && !empty_allowed) fail(node.Mark(), "empty glob in '" + std::string(field) + "' matches nothing");
    std::string problem = glob_syntax_error(glob);
    if (!problem.empty()) fail(node.Mark(), "bad glob " + echoed(glob) + ": " + problem);
}

std::string Loader::glob(const Entry& entry) const {
    std::string value = text(entry);
    check_glob(entry.value, entry.name, false);
    return value;
}

std::vector<YAML::Node> Loader::list(const Entry& entry) const {
    if (entry.value.IsNull()) return {};
    if (!entry.value.IsSequence())
        fail(mark_of(entry), "'" + entry.name + "' must be a list, got " + describe(entry.value));
    return {entry.value.begin(), entry.value.end()};
}

std::vector<YAML::Node> Loader::nonempty_list(const Entry& entry, std::string_view hint) const {
    std::vector<YAML::Node> items = list(entry);
    if (items.empty()) fail(mark_of(entry), "'" + entry.name + "' must not be empty" + std::string(hint));
    return items;
}

std::vector<std::string> Loader::globs(const Entry& entry, std::string_view hint, bool empty_allowed) const {
    std::vector<std::string> out;
    for (const YAML::Node& item : nonempty_list(entry, hint)) {
        if (!item.IsScalar())
            fail(item.Mark(), "'" + entry.name + "' entries must be strings, got " + describe(item));
        check_glob(item, entry.name, empty_allowed);
        out.push_back(item.Scalar());
    }
    return out;
}

void Loader::version(const YAML::Node& root) const {
    std::optional<Entry> found;
    for (const auto& pair : root) {
        if (!found && pair.first.IsScalar() && pair.first.Scalar() == "version")
            found = Entry{"version", pair.first, pair.second};
    }
    if (!found) fail(root.Mark(), "missing 'version: " + std::to_string(supported_version) + "'");
    const Entry* entry = &*found;
    if (!entry->value.IsScalar() || is_quoted(entry->value))
        fail(mark_of(*entry), "'version' must be the number " + std::to_string(supported_version) + ", got " +
                                  describe(entry->value));
    const std::string& scalar = entry->value.Scalar();
    int value = 0;
    auto [end, error] = std::from_chars(scalar.data(), scalar.data() + scalar.size(), value);
    if (error != std::errc() || end != scalar.data() + scalar.size() || value != supported_version)
        fail(mark_of(*entry), "unsupported version " + echoed(scalar) + " (this tfw reads version " +
                                  std::to_string(supported_version) + ")");
}

AcceptRule Loader::accept_rule(const YAML::Node& item) {
    if (!item.IsMap()) fail(item.Mark(), "an accept rule must be a mapping, got " + describe(item));
    AcceptRule rule;
    rule.where = location(item.Mark());
    std::vector<Entry> fields = entries(item, " in an accept rule", {"kinds", "types", "modules"});
    if (!find(fields, "kinds")) fail(item.Mark(), "an accept rule needs 'kinds'");
    for (const Entry& field : fields) {
        if (field.name == "kinds") {
            for (const YAML::Node& kind_node : nonempty_list(field, "")) {
                if (!kind_node.IsScalar())
                    fail(kind_node.Mark(), "'kinds' entries must be names, got " + describe(kind_node));
                std::optional<MatchKind> kind = parse_match_kind(kind_node.Scalar());
                if (!kind)
                    fail(kind_node.Mark(), "unknown match kind " + echoed(kind_node.Scalar()) +
                                               " (expected exact, ignore, confirmed, partial or cross_type)");
                if (*kind == MatchKind::partial && !partial_kind_) partial_kind_ = kind_node.Mark();
                if (*kind == MatchKind::cross_type && !cross_type_kind_) cross_type_kind_ = kind_node.Mark();
                rule.kinds.push_back(*kind);
            }
        } else if (field.name == "types") {
            rule.type_globs = globs(field, " (leave it out to match any type)", false);
        } else if (field.name == "modules") {
            rule.module_globs = globs(field, " (leave it out to match any module)", true);
            for (std::size_t i = 0; i < rule.module_globs.size(); ++i) {
                // Module paths all start with `module.`; a glob that cannot is a typo.
                std::string_view glob = rule.module_globs[i];
                std::string_view literal = glob.substr(0, glob.find_first_of("*?"));
                std::string_view stem = "module.";
                std::size_t common = std::min(literal.size(), stem.size());
                if (!glob.empty() && literal.substr(0, common) != stem.substr(0, common))
                    fail(field.value[i].Mark(), "module glob " + echoed(glob) +
                                                    " can never match: module paths start with 'module.' "
                                                    "(\"\" is the root module)");
            }
        }
    }
    return rule;
}

void Loader::partial(const Entry& entry, Policy& policy) const {
    if (entry.value.IsNull()) return;
    if (!entry.value.IsMap()) fail(mark_of(entry), "'partial' must be a mapping, got " + describe(entry.value));
    for (const Entry& field : entries(entry.value, " in 'partial'", {"threshold"}))
        policy.partial_threshold = threshold(field);
}

void Loader::trials(const Entry& entry, Policy& policy) const {
    if (entry.value.IsNull()) return;
    if (!entry.value.IsMap()) fail(mark_of(entry), "'trials' must be a mapping, got " + describe(entry.value));
    for (const Entry& field : entries(entry.value, " in 'trials'", {"max_rounds"})) policy.max_trial_rounds = count(field);
}

void Loader::migrations(const Entry& entry, Policy& policy) const {
    if (entry.value.IsNull()) return;
    if (!entry.value.IsMap()) fail(mark_of(entry), "'migrations' must be a mapping, got " + describe(entry.value));
    // A hundred years keeps them for good; more would overflow the retention's hours.
    constexpr std::size_t keep_days_limit = 36500;
    for (const Entry& field : entries(entry.value, " in 'migrations'", {"keep_days"})) {
        policy.migration_keep_days = count(field);
        if (policy.migration_keep_days > keep_days_limit)
            fail(mark_of(field), "'keep_days' must be at most " + std::to_string(keep_days_limit) + " (a hundred years), got " +
                                     describe(field.value));
    }
}

// `import_ids: {TYPE: "TEMPLATE", ...}`: a mapping, since a type has one import ID.
void Loader::import_ids(const Entry& entry, Policy& policy) const {
    if (entry.value.IsNull()) return;
    if (!entry.value.IsMap()) fail(mark_of(entry), "'import_ids' must be a mapping of resource type to ID template, got " + describe(entry.value));
    for (const auto& pair : entry.value) {
        if (!pair.first.IsScalar()) fail(pair.first.Mark(), "keys must be names, got " + describe(pair.first));
        Entry field{pair.first.Scalar(), pair.first, pair.second};
        for (const auto& seen : policy.import_ids)
            if (seen.type == field.name) fail(pair.first.Mark(), "duplicate key " + echoed(field.name));
        ImportIdRule rule;
        rule.where = location(pair.first.Mark());
        rule.type = field.name;
        if (rule.type.empty() || rule.type.find_first_of("*?") != std::string::npos)
            fail(pair.first.Mark(), "an import_ids key is an exact resource type, got " + echoed(rule.type));
        if (!field.value.IsScalar() || field.value.Scalar().empty())
            fail(mark_of(field), "the import ID of '" + field.name + "' must be a quoted template such as \"{id}\", got " +
                                     describe(field.value));
        rule.id_template = field.value.Scalar();
        if (std::string error = import_id_template_error(rule.id_template); !error.empty())
            fail(mark_of(field), "the import ID template " + echoed(rule.id_template) + " " + error);
        policy.import_ids.push_back(std::move(rule));
    }
}

// `roots: [../network, ../platform]`: directories, each named once.
void Loader::sibling_roots(const Entry& entry, Policy& policy) const {
    for (const YAML::Node& item : list(entry)) {
        if (!item.IsScalar() || item.Scalar().empty())
            fail(item.Mark(), "'roots' entries are root module directories, got " + describe(item));
        for (const auto& seen : policy.sibling_roots)
            if (seen.dir == item.Scalar()) fail(item.Mark(), "root " + echoed(item.Scalar()) + " is named twice");
        policy.sibling_roots.push_back({item.Scalar(), location(item.Mark())});
    }
}

// The kind part of an ignore rule (kind and prefix), from its spelling.
std::optional<IgnoreRule> parse_ignore_kind(std::string_view name) {
    IgnoreRule rule;
    constexpr std::string_view prefix = "prefix:";
    if (name.substr(0, prefix.size()) == prefix) {
        rule.kind = IgnoreKind::prefix;
        rule.prefix = name.substr(prefix.size());
        return rule;
    }
    for (IgnoreKind kind : {IgnoreKind::everything, IgnoreKind::whitespace, IgnoreKind::case_insensitive,
                            IgnoreKind::json, IgnoreKind::null_equals_empty}) {
        if (to_string(kind) != name) continue;
        rule.kind = kind;
        return rule;
    }
    return std::nullopt;
}

void Loader::ignore_rules(const YAML::Node& item, Policy& policy) const {
    if (!item.IsMap()) fail(item.Mark(), "an ignore rule must be a mapping, got " + describe(item));
    // The kind is required: a forgotten `kind: json` must not silently ignore a policy
    // document altogether.
    std::vector<Entry> fields = entries(item, " in an ignore rule", {"types", "paths", "kind"});
    if (!find(fields, "paths")) fail(item.Mark(), "an ignore rule needs 'paths'");
    if (!find(fields, "kind")) fail(item.Mark(), "an ignore rule needs 'kind'");
    std::vector<std::string> types = {"*"};
    std::vector<std::string> paths;
    IgnoreRule kind;  // kind and prefix only
    for (const Entry& field : fields) {
        if (field.name == "types") {
            types = globs(field, " (leave it out to match any type)", false);
        } else if (field.name == "paths") {
            paths = globs(field, "", false);
        } else if (field.name == "kind") {
            std::string name = text(field);
            std::optional<IgnoreRule> parsed = parse_ignore_kind(name);
            if (!parsed)
                fail(field.value.Mark(), "unknown ignore kind " + echoed(name) +
                                             " (expected everything, whitespace, prefix:P, case, json or "
                                             "null-equals-empty)");
            if (parsed->kind == IgnoreKind::prefix && parsed->prefix.empty())
                fail(field.value.Mark(), "ignore kind 'prefix:' needs the prefix after the colon");
            kind = *parsed;
        }
    }
    // One model rule per (type, path) pair; they share the entry's location.
    for (const std::string& type : types) {
        for (const std::string& path : paths) {
            IgnoreRule rule = kind;
            rule.type_glob = type;
            rule.path_glob = path;
            rule.where = location(item.Mark());
            policy.ignore.push_back(std::move(rule));
        }
    }
}

DenyRule Loader::deny_rule(const YAML::Node& item) const {
    if (!item.IsMap()) fail(item.Mark(), "a deny rule must be a mapping, got " + describe(item));
    DenyRule rule;
    rule.where = location(item.Mark());
    std::vector<Entry> fields = entries(item, " in a deny rule", {"address", "type"});
    if (fields.empty()) fail(item.Mark(), "a deny rule needs 'address' or 'type'");
    for (const Entry& field : fields) {
        if (field.name == "address") rule.address_glob = glob(field);
        if (field.name == "type") rule.type_glob = glob(field);
    }
    return rule;
}

std::string Loader::type_name(const Entry& entry) const {
    std::string name = text(entry);
    if (name.empty()) fail(mark_of(entry), "'" + entry.name + "' must not be empty");
    if (name.find_first_of("*?") != std::string::npos)
        fail(mark_of(entry), "'" + entry.name + "' is an exact resource type, not a glob: " + echoed(name));
    return name;
}

CrossTypeRule Loader::cross_type_rule(const YAML::Node& item) const {
    if (!item.IsMap()) fail(item.Mark(), "a cross_type rule must be a mapping, got " + describe(item));
    CrossTypeRule rule;
    rule.where = location(item.Mark());
    std::vector<Entry> fields = entries(item, " in a cross_type rule", {"from", "to"});
    if (!find(fields, "from")) fail(item.Mark(), "a cross_type rule needs 'from'");
    if (!find(fields, "to")) fail(item.Mark(), "a cross_type rule needs 'to'");
    for (const Entry& field : fields) {
        if (field.name == "from") rule.from_type = type_name(field);
        if (field.name == "to") rule.to_type = type_name(field);
    }
    if (rule.from_type == rule.to_type)
        fail(item.Mark(), "a cross_type rule needs two different types, got " + echoed(rule.from_type) + " twice");
    return rule;
}

Policy Loader::load(std::string_view yaml_text) {
    std::string text(yaml_text);
    // yaml-cpp reads a UTF-16 or UTF-32 byte order mark, or NUL bytes, as another encoding
    // and reports what it then finds in the other one: a policy file is UTF-8, as the
    // rest of a Terraform configuration is, and anything else is named as it is.
    if (const auto bad = not_utf8(text)) {
        const YAML::Mark mark = mark_at(text, bad->offset);
        fail(mark, bad->what);
    }
    YAML::Node root;
    std::vector<YAML::Mark> roots;
    try {
        // Not LoadAll, which may never return (see DocumentRoots).
        root = YAML::Load(text);
        roots = DocumentRoots::of(text, 3);
    } catch (const YAML::Exception& error) {
        // yaml-cpp's messages can end with the offending character, a line break included.
        fail(error.mark, one_line(error.msg));
    }
    for (std::size_t i = 1; i < roots.size(); ++i) {
        if (roots[i].pos == roots[i - 1].pos) {
            const YAML::Mark& stuck = roots[i];
            std::size_t at = static_cast<std::size_t>(stuck.pos);
            fail(stuck, "unexpected " + echoed(at < text.size() ? text.substr(at, 1) : std::string()));
        }
    }
    if (roots.size() > 1) fail(roots[1], "a policy file holds one YAML document; another starts here");
    if (root.IsNull()) fail(YAML::Mark(), "empty policy: write at least 'version: 1'");
    if (!root.IsMap()) fail(root.Mark(), "a policy must be a mapping, got " + describe(root));

    // The version comes first: a newer file's keys would otherwise read as unknown.
    version(root);
    std::vector<Entry> top =
        entries(root, "", {"version", "accept", "max_moves", "partial", "trials", "migrations", "ignore", "deny", "cross_type",
                       "import_ids", "roots"});

    Policy policy = default_policy();  // what a file leaves out
    policy.origin = file_;
    for (const Entry& entry : top) {
        if (entry.name == "accept") {
            // Present, even empty, replaces the default: `accept: []` accepts nothing.
            policy.accept.clear();
            for (const YAML::Node& item : list(entry)) policy.accept.push_back(accept_rule(item));
        } else if (entry.name == "max_moves") {
            policy.max_moves = count(entry);
        } else if (entry.name == "partial") {
            partial(entry, policy);
        } else if (entry.name == "trials") {
            trials(entry, policy);
        } else if (entry.name == "migrations") {
            migrations(entry, policy);
        } else if (entry.name == "ignore") {
            for (const YAML::Node& item : list(entry)) ignore_rules(item, policy);
        } else if (entry.name == "deny") {
            for (const YAML::Node& item : list(entry)) policy.deny.push_back(deny_rule(item));
        } else if (entry.name == "cross_type") {
            for (const YAML::Node& item : list(entry)) policy.cross_type.push_back(cross_type_rule(item));
        } else if (entry.name == "import_ids") {
            import_ids(entry, policy);
        } else if (entry.name == "roots") {
            sibling_roots(entry, policy);
        }
    }

    // A rule that can never fire is a misunderstanding worth stopping for.
    if (partial_kind_ && policy.partial_threshold <= 0.0)
        fail(*partial_kind_, "kind 'partial' needs 'partial: {threshold: ...}' (partial matching is off without it)");
    if (cross_type_kind_ && policy.cross_type.empty())
        fail(*cross_type_kind_, "kind 'cross_type' needs a 'cross_type' rule naming the types it may migrate");
    return policy;
}

}  // namespace

PolicyError::PolicyError(SourceLocation where_, std::string message_)
    : std::runtime_error(to_string(where_) + ": " + message_), where(std::move(where_)), message(std::move(message_)) {}

Policy load_policy(std::string_view yaml_text, std::string file_name) {
    return Loader(std::move(file_name)).load(yaml_text);
}

}  // namespace tfw::core::policy
