#include "tfw/core/parse/hcl_lifecycle.hpp"

#include <vector>

namespace tfw::core::inline parse {
namespace {

// A resource block's body is one deep, its lifecycle block's two.
constexpr int resource_body_depth = 1;
constexpr int lifecycle_body_depth = 2;

class LifecycleReader {
public:
    LifecycleReader(std::string_view text, std::string_view file) : tokens_(text, file) {}

    std::map<std::string, IgnoredChanges> read() {
        while (true) {
            const HclToken first = tokens_.take();
            if (first.kind == HclTokenKind::end) return std::move(out_);
            if (first.kind == HclTokenKind::newline) continue;
            if (first.kind == HclTokenKind::identifier && first.text == "resource" && tokens_.peek().kind == HclTokenKind::string) {
                const std::string type = unquoted(tokens_.take().text);
                if (tokens_.peek().kind != HclTokenKind::string) continue;
                const std::string name = unquoted(tokens_.take().text);
                if (tokens_.peek().kind != HclTokenKind::open_brace) continue;
                tokens_.take();
                IgnoredChanges ignored = read_resource_body();
                if (ignored.any()) out_[type + "." + name] = std::move(ignored);
            } else {
                tokens_.skip_rest_of_item(0);
            }
        }
    }

private:
    // Reads to the body's closing "}" at `depth` - 1, giving each item's first token to `item`.
    template <typename Item>
    void read_body(int depth, Item item) {
        while (true) {
            const HclToken first = tokens_.take();
            if (first.kind == HclTokenKind::end) return;
            if (first.kind == HclTokenKind::close_brace && first.depth == depth - 1) return;
            if (first.kind == HclTokenKind::newline) continue;
            item(first);
        }
    }

    IgnoredChanges read_resource_body() {
        IgnoredChanges ignored;
        read_body(resource_body_depth, [&](const HclToken& first) {
            if (first.kind == HclTokenKind::identifier && first.text == "lifecycle" && tokens_.peek().kind == HclTokenKind::open_brace) {
                tokens_.take();
                read_body(lifecycle_body_depth, [&](const HclToken& inner) {
                    if (inner.kind == HclTokenKind::identifier && inner.text == "ignore_changes" && tokens_.peek().kind == HclTokenKind::equals) {
                        tokens_.take();
                        read_ignore_changes(inner, ignored);
                    } else {
                        tokens_.skip_rest_of_item(lifecycle_body_depth);
                    }
                });
            } else {
                tokens_.skip_rest_of_item(resource_body_depth);
            }
        });
        return ignored;
    }

    // `all`, or `[input, tags["Name"], output.x]` (the old quoted `["input"]`, `["*"]` too).
    void read_ignore_changes(const HclToken& name, IgnoredChanges& ignored) {
        const HclToken value = tokens_.take();
        if (value.kind == HclTokenKind::identifier && value.text == "all") {
            ignored.all = true;
            return;
        }
        if (value.kind != HclTokenKind::open_bracket) tokens_.fail(value.start, "ignore_changes is neither all nor a list of attributes");
        std::string path;
        const auto end_element = [&] {
            // `["*"]` is the old all; `[all]` is read as all too, the side that trusts less.
            if (path == "*" || path == "all") ignored.all = true;
            else if (!path.empty()) ignored.paths.push_back(path);
            path.clear();
        };
        while (true) {
            const HclToken token = tokens_.take();
            if (token.kind == HclTokenKind::end) tokens_.fail(name.start, "ignore_changes has no closing \"]\"");
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
                // An index: a few digits (HCL numbers may also be "1.5", "1e3" or huge).
                if (token.text.size() > 9 || token.text.find_first_not_of("0123456789") != std::string_view::npos)
                    tokens_.fail(token.start, "ignore_changes lists index " + std::string(token.text) + ", which is not a list index");
                path = index_path(path, std::stoul(std::string(token.text)));
            } else if (token.kind == HclTokenKind::string) {
                const std::string text = unquoted(token.text);
                path = path.empty() && text == "*" ? text : child_path(path, text);
            } else if (token.kind != HclTokenKind::dot && token.kind != HclTokenKind::open_bracket &&
                       token.kind != HclTokenKind::close_bracket) {
                tokens_.fail(token.start, "ignore_changes lists " + std::string(token.text) + ", which is not an attribute");
            }
        }
        end_element();
    }

    HclTokens tokens_;
    std::map<std::string, IgnoredChanges> out_;
};

}  // namespace

std::map<std::string, IgnoredChanges> read_ignored_changes(std::string_view text, std::string_view file) {
    return LifecycleReader(text, file).read();
}

}  // namespace tfw::core::parse
