#include "tfw/shell/config_view.hpp"

#include <system_error>

namespace fs = std::filesystem;

namespace tfw::shell {
namespace {

// A link in `view` to each entry of `real`, but `except` (the next directory on the
// root's path, which the view makes itself).
void link_entries(const fs::path& real, const fs::path& view, const fs::path& except) {
    std::error_code unreadable;
    for (fs::directory_iterator entry(real, unreadable), end; !unreadable && entry != end; entry.increment(unreadable)) {
        const fs::path name = entry->path().filename();
        if (name != except) fs::create_symlink(entry->path(), view / name);
    }
}

}  // namespace

fs::path make_config_view(const fs::path& root_dir, const fs::path& scratch) {
    // The kernel resolves `..` from the directory itself, not from the path that led to
    // it: the view mirrors the root's real path.
    const fs::path root = fs::canonical(root_dir);
    fs::path real = root.root_path();
    fs::path view = fs::absolute(scratch) / "view";
    fs::create_directory(view);
    for (const fs::path& component : root.relative_path()) {
        link_entries(real, view, component);
        real /= component;
        view /= component;
        fs::create_directory(view);
    }
    link_entries(real, view, {});
    return view;
}

}  // namespace tfw::shell
