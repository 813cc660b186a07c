// A move as the matcher reports it, for the tables of the CLI's renderings.
#pragma once

#include <string>

#include "tfw/core/match/match.hpp"

namespace tfw::cli::testing {

inline core::Move test_move(const std::string& from, const std::string& to, core::MatchKind kind,
                            const std::string& evidence) {
    core::Move out;
    out.from = core::must_parse_address(from);
    out.to = core::must_parse_address(to);
    out.kind = kind;
    out.evidence = evidence;
    return out;
}

}  // namespace tfw::cli::testing
