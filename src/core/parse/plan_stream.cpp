#include "tfw/core/parse/plan_stream.hpp"

#include <rapidjson/document.h>

#include "tfw/core/parse/json_members.hpp"

namespace tfw::core::inline parse {
namespace {

// A move with an update is "update" with previous_resource, as the human rendering
// heads it "will be updated in-place" over a "(moved from …)" note; "noop" and "import"
// are no header there either.
std::optional<HeaderAction> header_action(std::string_view action) {
    if (action == "create") return HeaderAction::create;
    if (action == "delete") return HeaderAction::destroy;
    if (action == "replace") return HeaderAction::replace;
    if (action == "update") return HeaderAction::update;
    if (action == "read") return HeaderAction::read;
    if (action == "remove") return HeaderAction::forget;
    if (action == "move") return HeaderAction::move;
    return std::nullopt;
}

}  // namespace

PlanTextSummary scan_plan_stream(std::string_view json_lines) {
    PlanTextSummary summary;
    bool known_version = false, summarised = false;
    while (!json_lines.empty()) {
        std::size_t newline = json_lines.find('\n');
        std::string line(json_lines.substr(0, newline));
        json_lines.remove_prefix(newline == std::string_view::npos ? json_lines.size() : newline + 1);
        rapidjson::Document event;
        event.Parse(line.c_str());
        if (event.HasParseError() || !event.IsObject()) continue;
        std::string_view type = string_member(event, "type");
        if (type == "version") {
            known_version = string_member(event, "ui").substr(0, 2) == "1.";
        } else if (type == "planned_change") {
            const rapidjson::Value* change = member(event, "change");
            if (!change) continue;
            const rapidjson::Value* resource = member(*change, "resource");
            auto action = header_action(string_member(*change, "action"));
            std::string_view address = resource ? string_member(*resource, "addr") : std::string_view();
            if (!action || address.empty()) continue;
            PlanHeader header{std::string(address), *action, !string_member(*change, "deposed").empty(), {}, {}};
            if (const rapidjson::Value* previous = member(*change, "previous_resource"))
                header.previous_address = string_member(*previous, "addr");
            summary.headers.push_back(std::move(header));
        } else if (type == "change_summary") {
            const rapidjson::Value* changes = member(event, "changes");
            if (!changes) continue;
            summary.to_add = int_member(*changes, "add");
            summary.to_change = int_member(*changes, "change");
            summary.to_destroy = int_member(*changes, "remove");
            summarised = summary.to_add && summary.to_change && summary.to_destroy;
        }
    }
    summary.recognised = known_version && summarised;
    return summary;
}

}  // namespace tfw::core::parse
