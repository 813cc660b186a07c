#include "tfw/cli/main.hpp"

#include <iostream>

namespace tfw::cli {

int run_main(int, char**) {
    std::cerr << "tfw: not yet\n";
    return 1;
}

}  // namespace tfw::cli
