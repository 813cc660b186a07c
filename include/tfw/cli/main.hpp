#pragma once

namespace tfw::cli {

// The whole program: parses argv, dispatches, maps every failure to an exit code.
int run_main(int argc, char** argv);

}  // namespace tfw::cli
