#include "tfw/core/parse/hcl_lifecycle.hpp"

#include <vector>

namespace tfw::core::inline parse {
namespace {

// A resource block's body is one deep, its lifecycle block's two.
constexpr int resource_body_depth = 1;
constexpr int lifecycle_body_depth = 2;

std::string unquoted(std::string_view quoted) {
    return quoted.size() >= 2 && quoted.front() == '"' ? std::string(quoted.substr(1, quoted.size() - 2)) : std::string(quoted);
}

class LifecycleReader {
public:
    LifecycleReader(std::string_view text, std::string_view file) : lexer_(text, file) {}

    std::map<std::string, IgnoredChanges> read() {
        while (true) {
            const HclToken first = take();
            if (first.kind == HclTokenKind::end) return std::move(out_);
            if (first.kind == HclTokenKind::newline) continue;
            if (first.kind == HclTokenKind::identifier && first.text == "resource" && peek().kind == HclTokenKind::string) {
                const std::string type = unquoted(take().text);
                if (peek().kind != HclTokenKind::string) continue;
                const std::string name = unquoted(take().text);
                if (peek().kind != HclTokenKind::open_brace) continue;
                take();
                IgnoredChanges ignored = read_resource_body();
                if (ignored.all || !ignored.paths.empty()) out_[type + "." + name] = std::move(ignored);
            } else {
                skip_item(0);
            }
        }
    }

private:
    const HclToken& peek() {
        if (!has_peeked_) {
            peeked_ = lexer_.next();
            has_peeked_ = true;
        }
        return peeked_;
    }

    HclToken take() {
        if (!has_peeked_) return lexer_.next();
        has_peeked_ = false;
        return peeked_;
    }

    // Through the item's last token: a newline at its depth, or the "}" that closes the body.
    void skip_item(int depth) {
        while (true) {
            const HclToken& next = peek();
            if (next.kind == HclTokenKind::end) return;
            if (next.kind == HclTokenKind::newline && next.depth == depth) return;
            if (next.kind == HclTokenKind::close_brace && next.depth == depth - 1) return;
            take();
        }
    }

    // Reads to the body's closing "}" at `depth` - 1, giving each item's first token to `item`.
    template <typename Item>
    void read_body(int depth, Item item) {
        while (true) {
            const HclToken first = take();
            if (first.kind == HclTokenKind::end) return;
            if (first.kind == HclTokenKind::close_brace && first.depth == depth - 1) return;
            if (first.kind == HclTokenKind::newline) continue;
            item(first);
        }
    }

    IgnoredChanges read_resource_body() {
        IgnoredChanges ignored;
        read_body(resource_body_depth, [&](const HclToken& first) {
            if (first.kind == HclTokenKind::identifier && first.text == "lifecycle" && peek().kind == HclTokenKind::open_brace) {
                take();
                read_body(lifecycle_body_depth, [&](const HclToken& inner) {
                    if (inner.kind == HclTokenKind::identifier && inner.text == "ignore_changes" && peek().kind == HclTokenKind::equals) {
                        take();
                        read_ignore_changes(inner, ignored);
                    } else {
                        skip_item(lifecycle_body_depth);
                    }
                });
            } else {
                skip_item(resource_body_depth);
            }
        });
        return ignored;
    }

    // `all`, or `[input, tags["Name"], output.x]` (the old quoted `["input"]`, `["*"]` too).
    void read_ignore_changes(const HclToken& name, IgnoredChanges& ignored) {
        const HclToken value = take();
        if (value.kind == HclTokenKind::identifier && value.text == "all") {
            ignored.all = true;
            return;
        }
        if (value.kind != HclTokenKind::open_bracket) lexer_.fail(value.start, "ignore_changes is neither all nor a list of attributes");
        std::string path;
        const auto end_element = [&] {
            if (path == "*") ignored.all = true;
            else if (!path.empty()) ignored.paths.push_back(path);
            path.clear();
        };
        while (true) {
            const HclToken token = take();
            if (token.kind == HclTokenKind::end) lexer_.fail(name.start, "ignore_changes has no closing \"]\"");
            if (token.kind == HclTokenKind::close_bracket && token.depth == value.depth) break;
            if (token.kind == HclTokenKind::newline) continue;
            if (token.kind == HclTokenKind::other && token.text == ",") {
                end_element();
                continue;
            }
            // The path as attribute leaves spell it (core/model/attributes).
            if (token.kind == HclTokenKind::identifier) {
                path = child_path(path, token.text);
            } else if (token.kind == HclTokenKind::number && !path.empty()) {
                path = index_path(path, std::stoul(std::string(token.text)));
            } else if (token.kind == HclTokenKind::string) {
                const std::string text = unquoted(token.text);
                path = path.empty() && text == "*" ? text : child_path(path, text);
            } else if (token.kind != HclTokenKind::dot && token.kind != HclTokenKind::open_bracket &&
                       token.kind != HclTokenKind::close_bracket) {
                lexer_.fail(token.start, "ignore_changes lists " + std::string(token.text) + ", which is not an attribute");
            }
        }
        end_element();
    }

    HclLexer lexer_;
    HclToken peeked_;  // valid while has_peeked_
    bool has_peeked_ = false;
    std::map<std::string, IgnoredChanges> out_;
};

}  // namespace

std::map<std::string, IgnoredChanges> read_ignored_changes(std::string_view text, std::string_view file) {
    return LifecycleReader(text, file).read();
}

}  // namespace tfw::core::parse
