#include "tfw/core/model/address.hpp"

#include <charconv>
#include <stdexcept>

#include "tfw/core/model/utf8.hpp"

namespace tfw::core::inline model {
namespace {

// HCL identifiers are Unicode (ID_Start, ID_Continue); any non-ASCII byte is taken as
// part of a name, leaving strictness about which letters qualify to Terraform.
bool is_identifier_char(char c, bool first) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80) return true;
    return !first && ((c >= '0' && c <= '9') || c == '-');
}

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    AddressParseResult parse() {
        Address address;
        if (text_.empty()) return fail("empty address");
        while (true) {
            std::string word;
            if (!identifier(word)) return fail("expected a name");
            if (word == "module") {
                ModuleStep step;
                if (!dot() || !identifier(step.name)) return fail("expected a module name after \"module.\"");
                if (!key(step.key)) return result_error();
                address.module.push_back(std::move(step));
                if (at_end()) return done(std::move(address));
                if (!dot()) return fail("expected \".\" after a module step");
                continue;
            }
            ResourcePart resource;
            if (word == "data") {
                resource.mode = ResourceMode::data;
                if (!dot() || !identifier(resource.type)) return fail("expected a data source type after \"data.\"");
            } else {
                resource.type = std::move(word);
            }
            if (!dot() || !identifier(resource.name)) return fail("expected a resource name after the type");
            if (!key(resource.key)) return result_error();
            if (!at_end()) return fail("unexpected text after the resource");
            address.resource = std::move(resource);
            return done(std::move(address));
        }
    }

private:
    AddressParseResult fail(std::string message) {
        error_ = message + " at offset " + std::to_string(pos_);
        return result_error();
    }
    AddressParseResult result_error() { return {std::nullopt, error_}; }
    static AddressParseResult done(Address a) { return {std::move(a), {}}; }

    bool at_end() const { return pos_ == text_.size(); }
    bool dot() {
        if (pos_ < text_.size() && text_[pos_] == '.') { ++pos_; return true; }
        return false;
    }
    bool identifier(std::string& out) {
        std::size_t start = pos_;
        while (pos_ < text_.size() && is_identifier_char(text_[pos_], pos_ == start)) ++pos_;
        out.assign(text_.substr(start, pos_ - start));
        return pos_ > start;
    }

    // An optional "[N]" or "[\"text\"]"; false (with error_ set) on malformed keys.
    bool key(InstanceKey& out) {
        if (pos_ >= text_.size() || text_[pos_] != '[') return true;
        ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '"') {
            std::string value;
            if (!quoted(value)) return false;
            out = InstanceKey::of_name(std::move(value));
        } else {
            std::int64_t value = 0;
            bool negative = pos_ < text_.size() && text_[pos_] == '-';
            auto [end, ec] = std::from_chars(text_.data() + pos_, text_.data() + text_.size(), value);
            if (negative || ec != std::errc() || end == text_.data() + pos_) {
                fail("expected a non-negative integer or a quoted string key");
                return false;
            }
            pos_ = static_cast<std::size_t>(end - text_.data());
            out = InstanceKey::of_index(value);
        }
        if (pos_ >= text_.size() || text_[pos_] != ']') {
            fail("expected \"]\"");
            return false;
        }
        ++pos_;
        return true;
    }

    bool quoted(std::string& out) {
        ++pos_;  // opening quote
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == '"') { ++pos_; return true; }
            if ((c == '$' || c == '%') && pos_ + 1 < text_.size()) {
                char next = text_[pos_ + 1];
                if (next == c && pos_ + 2 < text_.size() && text_[pos_ + 2] == '{') {
                    out += c;
                    out += '{';
                    pos_ += 3;
                    continue;
                }
                if (next == '{') {
                    fail("a template sequence is not a static key; write it as \"" + std::string(1, c) + std::string(1, c) + "{\"");
                    return false;
                }
            }
            if (c != '\\') {
                out += c;
                ++pos_;
                continue;
            }
            if (pos_ + 1 >= text_.size()) break;
            char escape = text_[pos_ + 1];
            pos_ += 2;
            switch (escape) {
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case 'u':
                case 'U': {
                    std::size_t digits = escape == 'u' ? 4 : 8;
                    std::uint32_t code = 0;
                    if (pos_ + digits > text_.size()) { fail("short unicode escape"); return false; }
                    auto [end, ec] = std::from_chars(text_.data() + pos_, text_.data() + pos_ + digits, code, 16);
                    if (ec != std::errc() || end != text_.data() + pos_ + digits) {
                        fail("bad unicode escape");
                        return false;
                    }
                    pos_ += digits;
                    append_utf8(out, code);
                    break;
                }
                default:
                    fail(std::string("unknown escape \\") + escape);
                    return false;
            }
        }
        fail("unterminated string key");
        return false;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::string error_;
};

}  // namespace

AddressParseResult parse_address(std::string_view text) { return Parser(text).parse(); }

Address must_parse_address(std::string_view text) {
    auto parsed = parse_address(text);
    if (!parsed.address) throw std::invalid_argument("invalid address \"" + std::string(text) + "\": " + parsed.error);
    return std::move(*parsed.address);
}

std::string quote_hcl_string(std::string_view raw) {
    std::string out = "\"";
    std::size_t i = 0;
    while (i < raw.size()) {
        std::size_t start = i;
        char32_t c = decode_utf8(raw, i);
        switch (c) {
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '$':
            case '%':
                out += static_cast<char>(c);
                if (i < raw.size() && raw[i] == '{') out += static_cast<char>(c);
                break;
            default:
                if (is_go_printable(c)) {
                    out.append(raw.substr(start, i - start));
                } else {
                    char buffer[16];
                    std::snprintf(buffer, sizeof buffer, c < 0x10000 ? "\\u%04x" : "\\U%08x", static_cast<unsigned>(c));
                    out += buffer;
                }
        }
    }
    out += '"';
    return out;
}

std::string to_string(const InstanceKey& key) {
    switch (key.kind) {
        case InstanceKey::Kind::none: return {};
        case InstanceKey::Kind::index: return "[" + std::to_string(key.index) + "]";
        case InstanceKey::Kind::name: return "[" + quote_hcl_string(key.name) + "]";
    }
    return {};
}

std::string to_string(const ModulePath& path) {
    std::string out;
    for (const auto& step : path) {
        if (!out.empty()) out += '.';
        out += "module." + step.name + to_string(step.key);
    }
    return out;
}

std::string to_string(const Address& address) {
    std::string out = to_string(address.module);
    if (!address.resource) return out;
    if (!out.empty()) out += '.';
    const auto& r = *address.resource;
    if (r.mode == ResourceMode::data) out += "data.";
    out += r.type + "." + r.name + to_string(r.key);
    return out;
}

ModulePath module_of(const Address& address) { return address.module; }

ModulePath common_ancestor(const ModulePath& a, const ModulePath& b) {
    ModulePath out;
    for (std::size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i) out.push_back(a[i]);
    return out;
}

bool starts_with(const ModulePath& path, const ModulePath& prefix) {
    if (prefix.size() > path.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (!(path[i] == prefix[i])) return false;
    return true;
}

Address relative_to(const Address& address, const ModulePath& base) {
    if (!starts_with(address.module, base))
        throw std::invalid_argument(to_string(address) + " is not inside " + to_string(base));
    Address out;
    out.module.assign(address.module.begin() + static_cast<std::ptrdiff_t>(base.size()), address.module.end());
    out.resource = address.resource;
    return out;
}

Address absolute_from(const Address& relative, const ModulePath& base) {
    Address out;
    out.module = base;
    out.module.insert(out.module.end(), relative.module.begin(), relative.module.end());
    out.resource = relative.resource;
    return out;
}

bool is_implied_move(const Address& from, const Address& to) {
    if (!from.resource || !to.resource || from.module != to.module || from.resource->mode != to.resource->mode ||
        from.resource->type != to.resource->type || from.resource->name != to.resource->name)
        return false;
    const InstanceKey& a = from.resource->key;
    const InstanceKey& b = to.resource->key;
    const InstanceKey zero = InstanceKey::of_index(0);
    return (a.empty() && b == zero) || (a == zero && b.empty());
}

}  // namespace tfw::core::model
