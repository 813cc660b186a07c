// Runs the convergence engine to its end: performs each action it asks for with
// `effects` (a callable for every action but FinishAction) and feeds the answer back,
// stopping at a signal. Returns the final plan's file.
#pragma once

#include <string>
#include <type_traits>
#include <variant>

#include "tfw/core/converge/converge_engine.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::shell {

template <class Effects>
std::string run_engine(core::ConvergeEngine& engine, Effects& effects) {
    throw_if_interrupted();
    core::EngineAction action = engine.start();
    while (!std::holds_alternative<core::FinishAction>(action)) {
        throw_if_interrupted();
        core::EngineAnswer answer = std::visit(
            [&](const auto& effect) -> core::EngineAnswer {
                if constexpr (std::is_same_v<std::decay_t<decltype(effect)>, core::FinishAction>) return core::Injected{};
                else return effects(effect);
            },
            action);
        action = engine.next(std::move(answer));
    }
    return std::get<core::FinishAction>(action).file;
}

}  // namespace tfw::shell
