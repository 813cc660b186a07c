// A private view of a root module directory, for a terraform run that must read a file
// the root does not hold: the backend override of plan_with_state.hpp. Written in the root
// itself, that file would outlive a tfw killed by SIGKILL, and plain terraform would read
// it: the root's backend pointed at tfw's scratch directory (issue 48).
//
// The view is a directory of symbolic links to the root's entries, at the root's own path
// below a mirror of each of its ancestors (links to their other entries), so that every
// relative path the configuration reads (`../modules/net`, `${path.module}/files/x`, a
// module the data directory's manifest names) resolves to the file the root would read,
// and `path.module` and `path.root` keep their values. It lives in the caller's scratch
// directory, removed with it (std::filesystem::remove_all removes links, never what they
// point to) and never read by plain terraform. Nothing is written in the root.
#pragma once

#include <filesystem>

namespace tfw::shell {

// Makes the view of `root_dir` under `scratch` and returns the directory to run terraform
// in (`-chdir`). An ancestor tfw cannot list is mirrored empty: a path through it then
// fails in terraform, as a missing file, and nothing is taken for granted.
std::filesystem::path make_config_view(const std::filesystem::path& root_dir, const std::filesystem::path& scratch);

}  // namespace tfw::shell
