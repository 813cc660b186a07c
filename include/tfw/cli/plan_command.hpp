// `tfw plan` and `tfw apply` of one root module: the command line's part. It parses the
// options into an app::PlanSessionRequest, shows, asks and streams for the session
// (app/plan_session), and turns its outcome into the exit code.
#pragma once

#include <filesystem>
#include <string>

#include "tfw/app/write_moves.hpp"
#include "tfw/cli/args.hpp"
#include "tfw/shell/root_lock.hpp"

namespace tfw::cli {

// Returns the exit code; throws for errors that main turns into one-line messages.
int run_plan_command(const Invocation& invocation, bool apply);

// What --write did, one line each: a note on where a block is written, the files written,
// or that every move was already declared.
std::string render_written_moves(const app::WrittenMoves& written);

// How long to wait for tfw's lock on a root: -lock-timeout's duration, announced on
// stderr in one line, naming the root, when the run starts to wait.
shell::LockWait root_lock_wait(const PlanArgs& args);

}  // namespace tfw::cli
