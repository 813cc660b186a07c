#include "tfw/core/policy/policy.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include <rapidjson/document.h>
#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace tfw::core::inline policy {
namespace {

// The end of the UTF-8 sequence starting at `pos`: `?` and `*` backtracking step over
// whole characters, so `??` never matches the two halves of one `é`.
std::size_t next_char(std::string_view text, std::size_t pos) {
    ++pos;
    while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80) ++pos;
    return pos;
}

// ---- Leaf values ---------------------------------------------------------------------

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// Deeper documents are left as they are: RapidJSON frees values recursively, and a
// hostile attribute must not cost the stack.
constexpr int max_json_depth = 256;

bool nesting_within_limit(std::string_view json) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        char c = json[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_json_depth) return false;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return true;
}

// The text a JSON string leaf holds; std::nullopt for any other leaf.
std::optional<std::string> string_content(std::string_view json_value) {
    if (json_value.empty() || json_value.front() != '"') return std::nullopt;
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseIterativeFlag>(json_value.data(), json_value.size());
    if (doc.HasParseError() || !doc.IsString()) return std::nullopt;
    return std::string(doc.GetString(), doc.GetStringLength());
}

std::string to_json_string(std::string_view text) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return {buffer.GetString(), buffer.GetSize()};
}

bool write_canonical(const rapidjson::Value& value, JsonWriter& writer) {
    switch (value.GetType()) {
        case rapidjson::kNullType: return writer.Null();
        case rapidjson::kFalseType: return writer.Bool(false);
        case rapidjson::kTrueType: return writer.Bool(true);
        case rapidjson::kStringType: return writer.String(value.GetString(), value.GetStringLength());
        case rapidjson::kNumberType: {
            if (value.IsInt64()) return writer.Int64(value.GetInt64());
            if (value.IsUint64()) return writer.Uint64(value.GetUint64());
            // 1.0 and 1 are the same number to JSON; print integral doubles as integers
            // while they are exact.
            double number = value.GetDouble();
            if (std::trunc(number) == number && std::fabs(number) < 9007199254740992.0)
                return writer.Int64(static_cast<std::int64_t>(number));
            return writer.Double(number);
        }
        case rapidjson::kArrayType: {
            writer.StartArray();
            for (const auto& element : value.GetArray())
                if (!write_canonical(element, writer)) return false;
            return writer.EndArray();
        }
        case rapidjson::kObjectType: {
            std::vector<const rapidjson::Value::Member*> members;
            for (const auto& member : value.GetObject()) members.push_back(&member);
            auto name = [](const rapidjson::Value::Member* m) {
                return std::string_view(m->name.GetString(), m->name.GetStringLength());
            };
            std::stable_sort(members.begin(), members.end(),
                             [&](const auto* a, const auto* b) { return name(a) < name(b); });
            writer.StartObject();
            for (const auto* member : members) {
                writer.Key(member->name.GetString(), member->name.GetStringLength());
                if (!write_canonical(member->value, writer)) return false;
            }
            return writer.EndObject();
        }
    }
    return false;
}

// Builds a document as RapidJSON's parser reads it, but converts numbers, which arrive as
// text, with std::from_chars (integers) and parse_double: correctly rounded, so the
// shortest form of a double reads back as the same double. RapidJSON 1.1.0's default
// conversion may be a unit or two in the last place off (the json kind was then not
// idempotent, and equal numbers could compare unequal), and its exact one reads out of
// bounds on a long significand; both found by fuzzing. A number no double holds, too
// large or too small, is an error.
class ExactNumbers {
public:
    explicit ExactNumbers(rapidjson::Document& into) : into_(into) {}

    bool RawNumber(const char* text, rapidjson::SizeType length, bool) {
        const char* end = text + length;
        if (std::find_if(text, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; }) == end) {
            std::int64_t signed_value = 0;
            if (auto [at, error] = std::from_chars(text, end, signed_value); error == std::errc() && at == end)
                return into_.Int64(signed_value);
            std::uint64_t unsigned_value = 0;
            if (auto [at, error] = std::from_chars(text, end, unsigned_value); error == std::errc() && at == end)
                return into_.Uint64(unsigned_value);
        }
        std::optional<double> value = parse_double(std::string_view(text, length));
        return value && into_.Double(*value);
    }

    bool Null() { return into_.Null(); }
    bool Bool(bool value) { return into_.Bool(value); }
    // Only RawNumber is called for numbers (kParseNumbersAsStringsFlag); the reader's
    // other branch still needs these to compile.
    bool Int(int value) { return into_.Int(value); }
    bool Uint(unsigned value) { return into_.Uint(value); }
    bool Int64(std::int64_t value) { return into_.Int64(value); }
    bool Uint64(std::uint64_t value) { return into_.Uint64(value); }
    bool Double(double value) { return into_.Double(value); }
    bool String(const char* text, rapidjson::SizeType length, bool copy) { return into_.String(text, length, copy); }
    bool StartObject() { return into_.StartObject(); }
    bool Key(const char* text, rapidjson::SizeType length, bool copy) { return into_.Key(text, length, copy); }
    bool EndObject(rapidjson::SizeType members) { return into_.EndObject(members); }
    bool StartArray() { return into_.StartArray(); }
    bool EndArray(rapidjson::SizeType elements) { return into_.EndArray(elements); }

private:
    rapidjson::Document& into_;
};

// `text` as canonical JSON (sorted keys, no insignificant whitespace), or std::nullopt
// when it is not JSON.
std::optional<std::string> canonical_json(std::string_view text) {
    if (!nesting_within_limit(text)) return std::nullopt;
    rapidjson::Document doc;
    bool parsed = false;
    auto parse = [&](rapidjson::Document& into) {
        rapidjson::MemoryStream bytes(text.data(), text.size());
        rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> stream(bytes);
        ExactNumbers handler(into);
        rapidjson::Reader reader;
        parsed = !reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag>(stream, handler)
                      .IsError();
        return parsed;
    };
    doc.Populate(parse);
    if (!parsed) return std::nullopt;
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    if (!write_canonical(doc, writer)) return std::nullopt;
    return std::string(buffer.GetString(), buffer.GetSize());
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string collapse_whitespace(std::string_view text) {
    std::string out;
    bool pending_space = false;
    for (char c : text) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out += ' ';
        pending_space = false;
        out += c;
    }
    return out;
}

std::string strip_prefix(std::string_view text, std::string_view prefix) {
    // Stripping every repetition keeps the kind idempotent (see normalize_for_comparison).
    if (prefix.empty()) return std::string(text);
    while (text.substr(0, prefix.size()) == prefix) text.remove_prefix(prefix.size());
    return std::string(text);
}

std::string ascii_lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string apply_rule(const IgnoreRule& rule, const std::string& value) {
    if (rule.kind == IgnoreKind::null_equals_empty)
        return (value == "\"\"" || value == "[]" || value == "{}") ? "null" : value;

    // The remaining kinds only look inside strings.
    std::optional<std::string> text = string_content(value);
    if (!text) return value;
    switch (rule.kind) {
        case IgnoreKind::whitespace: return to_json_string(collapse_whitespace(*text));
        case IgnoreKind::prefix: return to_json_string(strip_prefix(*text, rule.prefix));
        case IgnoreKind::case_insensitive: return to_json_string(ascii_lowercase(*text));
        case IgnoreKind::json: {
            // Stays a string leaf, so later rules and the comparison see the same type.
            std::optional<std::string> canonical = canonical_json(*text);
            return canonical ? to_json_string(*canonical) : value;
        }
        case IgnoreKind::everything:
        case IgnoreKind::null_equals_empty: break;
    }
    return value;
}

}  // namespace

std::string to_string(const SourceLocation& where) {
    if (where.line <= 0) return where.file;
    return where.file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
}

std::string_view to_string(IgnoreKind kind) {
    switch (kind) {
        case IgnoreKind::everything: return "everything";
        case IgnoreKind::whitespace: return "whitespace";
        case IgnoreKind::prefix: return "prefix";
        case IgnoreKind::case_insensitive: return "case";
        case IgnoreKind::json: return "json";
        case IgnoreKind::null_equals_empty: return "null-equals-empty";
    }
    return "everything";
}

std::string describe(const IgnoreRule& rule) {
    std::string kind(to_string(rule.kind));
    if (rule.kind == IgnoreKind::prefix) kind += ":" + rule.prefix;
    return "ignore (type " + rule.type_glob + ", path " + rule.path_glob + ", kind " + kind + ") at " +
           to_string(rule.where);
}

Policy default_policy() {
    Policy policy;
    AcceptRule rule;
    rule.kinds = {MatchKind::exact, MatchKind::ignore_rules, MatchKind::confirmed};
    rule.where.file = policy.origin;
    policy.accept.push_back(rule);
    return policy;
}

bool glob_match(std::string_view glob, std::string_view text) {
    // Iterative matcher with single-star backtracking: linear in practice.
    std::size_t g = 0, t = 0;
    std::size_t star = std::string_view::npos, star_text = 0;
    while (t < text.size()) {
        if (g < glob.size() && glob[g] == '*') {
            star = g++;
            star_text = t;
            continue;
        }
        if (g < glob.size() && glob[g] == '?') {
            ++g;
            t = next_char(text, t);
            continue;
        }
        if (g < glob.size() && glob[g] == text[t]) {
            ++g;
            ++t;
            continue;
        }
        if (star == std::string_view::npos) return false;
        g = star + 1;
        t = star_text = next_char(text, star_text);
    }
    while (g < glob.size() && glob[g] == '*') ++g;
    return g == glob.size();
}

std::string glob_syntax_error(std::string_view glob) {
    enum class State { outside, in_brackets, in_quotes } state = State::outside;
    for (std::size_t i = 0; i < glob.size(); ++i) {
        char c = glob[i];
        switch (state) {
            case State::outside:
                if (c == '[') state = State::in_brackets;
                if (c == ']') return "']' without '['";
                break;
            case State::in_brackets:
                if (c == ']') state = State::outside;
                if (c == '"') state = State::in_quotes;
                if (c == '[') return "'[' inside '[...]'";
                break;
            case State::in_quotes:
                if (c == '\\') ++i;  // HCL escapes: \" does not close the key
                else if (c == '"') state = State::in_brackets;
                break;
        }
    }
    if (state == State::in_quotes) return "quoted key never closed";
    if (state == State::in_brackets) return "'[' never closed";
    return "";
}

bool path_glob_match(std::string_view glob, std::string_view path) {
    // Each `.` or `[` outside a quoted key ends an enclosing path.
    bool in_quotes = false;
    for (std::size_t i = 0; i < path.size(); ++i) {
        char c = path[i];
        if (in_quotes) {
            if (c == '\\') ++i;
            else if (c == '"') in_quotes = false;
            continue;
        }
        if (c == '"') in_quotes = true;
        if ((c == '.' || c == '[') && i > 0 && glob_match(glob, path.substr(0, i))) return true;
    }
    return glob_match(glob, path);
}

std::vector<const IgnoreRule*> ignore_rules_for(const Policy& policy, std::string_view type) {
    std::vector<const IgnoreRule*> out;
    for (const auto& rule : policy.ignore)
        if (glob_match(rule.type_glob, type)) out.push_back(&rule);
    return out;
}

std::optional<std::string> normalize_for_comparison(const std::vector<const IgnoreRule*>& rules,
                                                    std::string_view path, std::string_view json_value) {
    std::string value(json_value);
    for (const IgnoreRule* rule : rules) {
        if (!path_glob_match(rule->path_glob, path)) continue;
        if (rule->kind == IgnoreKind::everything) return std::nullopt;
        value = apply_rule(*rule, value);
    }
    return value;
}

bool cross_type_allowed(const Policy& policy, std::string_view from_type, std::string_view to_type) {
    for (const auto& rule : policy.cross_type)
        if (rule.from_type == from_type && rule.to_type == to_type) return true;
    return false;
}

// std::strtod, not std::from_chars: libc++, macOS's standard library, reads doubles with
// from_chars only from LLVM 20 on. glibc's and macOS's strtod both round correctly, and
// tfw never calls setlocale, so the decimal point is the C locale's '.'. The syntax is
// checked first, as strtod also takes spaces, '+', hexadecimal, inf and nan; the range
// is judged by the result, as C libraries differ on whether a subnormal sets ERANGE.
std::optional<double> parse_double(std::string_view text) {
    std::size_t at = 0;
    auto digits = [&] {
        std::size_t from = at;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
        return at - from;
    };
    if (at < text.size() && text[at] == '-') ++at;
    std::size_t significand_digits = digits();
    if (at < text.size() && text[at] == '.') {
        ++at;
        significand_digits += digits();
    }
    if (significand_digits == 0) return std::nullopt;
    bool nonzero = text.substr(0, at).find_first_of("123456789") != std::string_view::npos;
    if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
        ++at;
        if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
        if (digits() == 0) return std::nullopt;
    }
    if (at != text.size()) return std::nullopt;
    double value = std::strtod(std::string(text).c_str(), nullptr);
    if (std::isinf(value) || (value == 0 && nonzero)) return std::nullopt;
    return value;
}

}  // namespace tfw::core::policy
