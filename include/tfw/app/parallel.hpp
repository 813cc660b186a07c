// Work on several roots at once: `work(i)` for every i below `count`, on at most one
// thread per core. Each item's exception is kept in `errors[i]` (sized to `count`) for
// the caller to report in its own order, after every thread has finished.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <vector>

namespace tfw::app {

void for_each_in_parallel(std::size_t count, const std::function<void(std::size_t)>& work,
                          std::vector<std::exception_ptr>& errors);

}  // namespace tfw::app
