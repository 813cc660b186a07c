#include "tfw/core/model/move.hpp"

namespace tfw::core::inline model {

std::string_view to_string(MatchKind kind) {
    switch (kind) {
        case MatchKind::exact: return "exact";
        case MatchKind::ignore_rules: return "ignore";
        case MatchKind::confirmed: return "confirmed";
        case MatchKind::partial: return "partial";
        case MatchKind::cross_type: return "cross_type";
    }
    return "exact";
}

std::optional<MatchKind> parse_match_kind(std::string_view name) {
    for (MatchKind kind : {MatchKind::exact, MatchKind::ignore_rules, MatchKind::confirmed, MatchKind::partial,
                           MatchKind::cross_type})
        if (to_string(kind) == name) return kind;
    return std::nullopt;
}

}  // namespace tfw::core::model
