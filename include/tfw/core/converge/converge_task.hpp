// The plumbing that lets the convergence engine (converge_engine.hpp) be written as the
// straight-line loop it is, with no I/O: a step of the engine is a coroutine, `Step<T>`,
// that may `co_await` another step or an effect. Awaiting an effect leaves the engine's
// `next()` with that effect as the action to perform; the shell performs it and calls
// `next()` again with Terraform's answer, which is what the `co_await` then returns.
#pragma once

#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

namespace tfw::core::inline converge::converge_task {

template <typename T>
class Step;

namespace detail {

// Resumes whoever awaited the step once it ends (symmetric transfer), or returns to the
// engine's `next()` for the outermost step.
struct ResumeAwaiter {
    bool await_ready() noexcept { return false; }
    template <typename Promise>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> done) noexcept {
        auto continuation = done.promise().continuation;
        return continuation ? continuation : std::noop_coroutine();
    }
    void await_resume() noexcept {}
};

struct PromiseBase {
    std::coroutine_handle<> continuation;
    std::exception_ptr error;
    std::suspend_always initial_suspend() noexcept { return {}; }
    ResumeAwaiter final_suspend() noexcept { return {}; }
    void unhandled_exception() noexcept { error = std::current_exception(); }
};

template <typename T>
struct Promise : PromiseBase {
    std::optional<T> value;
    Step<T> get_return_object();
    template <typename U>
    void return_value(U&& result) {
        value.emplace(std::forward<U>(result));
    }
    T take() {
        if (error) std::rethrow_exception(error);
        return std::move(*value);
    }
};

template <>
struct Promise<void> : PromiseBase {
    Step<void> get_return_object();
    void return_void() noexcept {}
    void take() {
        if (error) std::rethrow_exception(error);
    }
};

}  // namespace detail

template <typename T>
class [[nodiscard]] Step {
public:
    using promise_type = detail::Promise<T>;

    explicit Step(std::coroutine_handle<promise_type> handle) : handle_(handle) {}
    Step(Step&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
    Step& operator=(Step&& other) noexcept {
        if (this != &other) {
            if (handle_) handle_.destroy();
            handle_ = std::exchange(other.handle_, {});
        }
        return *this;
    }
    Step(const Step&) = delete;
    Step& operator=(const Step&) = delete;
    ~Step() {
        if (handle_) handle_.destroy();
    }

    // Awaited by another step: runs this one, then resumes the awaiting one with its result.
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiting) noexcept {
        handle_.promise().continuation = awaiting;
        return handle_;
    }
    T await_resume() { return handle_.promise().take(); }

    // For the outermost step, driven by the engine.
    void resume() { handle_.resume(); }
    bool done() const { return handle_.done(); }
    T result() { return handle_.promise().take(); }

private:
    std::coroutine_handle<promise_type> handle_;
};

namespace detail {
template <typename T>
Step<T> Promise<T>::get_return_object() {
    return Step<T>(std::coroutine_handle<Promise<T>>::from_promise(*this));
}
inline Step<void> Promise<void>::get_return_object() {
    return Step<void>(std::coroutine_handle<Promise<void>>::from_promise(*this));
}
}  // namespace detail

// Where an awaited effect waits for its answer: `Request` is what the engine hands to
// the shell, `Answer` what the shell hands back.
template <typename Request, typename Answer>
struct EffectSlot {
    std::optional<Request> pending;
    std::optional<Answer> answer;
    std::coroutine_handle<> waiting;

    // GCC 12 moves a temporary that lives across a suspension into the coroutine frame
    // bit by bit, which breaks a std::string's small buffer. So the request is taken by
    // reference to a named local of the step and goes into the slot before the await, and
    // the awaiter holds nothing but the slot.
    struct Awaiter {
        EffectSlot& slot;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> handle) noexcept { slot.waiting = handle; }
        Answer await_resume() { return std::move(*slot.answer); }
    };
    Awaiter operator()(Request&& request) {
        pending.emplace(std::move(request));
        answer.reset();
        return Awaiter{*this};
    }

    // The shell's answer: resumes the step that waits for it, which runs until it awaits
    // the next effect or the outermost step ends.
    void answer_with(Answer value) {
        answer.emplace(std::move(value));
        pending.reset();
        std::exchange(waiting, {}).resume();
    }
};

}  // namespace tfw::core::converge::converge_task
