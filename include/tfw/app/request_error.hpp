// A request the command line could not refuse by itself: what the user asked, found
// impossible only on the file system (a --root that is no root module, a root named
// twice). main prints it as a usage error.
#pragma once

#include <stdexcept>

namespace tfw::app {

struct RequestError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace tfw::app
