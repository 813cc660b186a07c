#include "tfw/app/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

namespace tfw::app {

void for_each_in_parallel(std::size_t count, const std::function<void(std::size_t)>& work,
                          std::vector<std::exception_ptr>& errors) {
    errors.assign(count, nullptr);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next++) < count;) {
            try {
                work(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    const std::size_t workers = std::min<std::size_t>(count, std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < workers; ++i) threads.emplace_back(worker);
    worker();
    for (auto& thread : threads) thread.join();
}

}  // namespace tfw::app
