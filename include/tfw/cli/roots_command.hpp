// `tfw plan --root DIR [--root DIR …]`: several root modules in one run. The current root
// module (., or -chdir) is the first; each --root adds one, relative to the directory
// tfw runs in. Every root is planned with tfw's own loop, in parallel (at most one per
// core), so that moves inside each root are inferred exactly as `tfw plan` infers them;
// what each root still plans to delete and create is then paired between roots by the
// same engine, and judged by Terraform on copies of the states (app/roots_session.hpp).
// This is the command line's part: it parses, shows and asks. One report covers all the
// roots.
//
// Without --write no file of the user's is changed, and no state is ever touched; with
// --write the moves between roots are written as removed and import blocks
// (app/roots_session, app/roots_blocks). The output is a
// text report (each root's plan, then the moves between roots and the refusals), with
// --format=json the same as one JSON object (core/render/cross_root_json.hpp), or with
// --format=commands the shell commands that carry out the moves between roots by hand
// (core/render/cross_root_commands.hpp). A root that fails to plan fails the whole run.
#pragma once

#include "tfw/cli/args.hpp"

namespace tfw::cli {

// Returns the exit code; throws for errors that main turns into one-line messages.
int run_roots_plan(const Invocation& invocation);

// `tfw apply --root DIR …`: the same plans, then the moves between roots carried out on
// the states (shell/state_migration.hpp), after Terraform confirmed them and the user
// approved (-auto-approve skips the question). Finishes a migration cut short first.
int run_roots_apply(const Invocation& invocation);

}  // namespace tfw::cli
