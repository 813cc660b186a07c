#include "tfw/cli/main.hpp"

int main(int argc, char** argv) { return tfw::cli::run_main(argc, argv); }
