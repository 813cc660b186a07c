#include "tfw/cli/ui_events.hpp"

#include <ctime>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "tfw/cli/run_json.hpp"

namespace tfw::cli {
namespace {

using EventWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// One line: the envelope, then `body` writes the type's own member.
template <typename Body>
std::string event(std::string_view level, const std::string& message, std::string_view timestamp, const char* type,
                  Body&& body) {
    rapidjson::StringBuffer buffer;
    EventWriter w(buffer);
    w.StartObject();
    run_json::field(w, "@level", std::string(level));
    run_json::field(w, "@message", message);
    run_json::field(w, "@module", "tfw");
    run_json::field(w, "@timestamp", std::string(timestamp));
    body(w);
    run_json::field(w, "type", type);
    w.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

std::string move_arrow(const core::Move& move) { return core::to_string(move.from) + " -> " + core::to_string(move.to); }

}  // namespace

std::string render_ui_events(const shell::ConvergeResult& result, const std::vector<shell::TerraformCall>& calls,
                             std::string_view timestamp) {
    std::string out;
    for (std::size_t i = 0; i < result.moves.size(); ++i) {
        const auto& move = result.moves[i];
        out += event("info", "tfw: " + move_arrow(move) + ": " + move.evidence, timestamp, "tfw_move", [&](EventWriter& w) {
            w.Key("move");
            run_json::move(w, move, run_json::accepting_rule(result, i));
        });
    }
    for (const auto& proposal : result.proposals)
        out += event("warn", "tfw: proposed, not accepted by policy: " + move_arrow(proposal.move) + ": " + proposal.decision.rule,
                     timestamp, "tfw_proposal", [&](EventWriter& w) {
                         w.Key("proposal");
                         run_json::proposal(w, proposal);
                     });
    for (const auto& dropped : result.dropped)
        out += event("warn", "tfw: refused by terraform, left as destroy/create: " + move_arrow(dropped.move) + ": " + dropped.reason,
                     timestamp, "tfw_dropped", [&](EventWriter& w) {
                         w.Key("dropped");
                         run_json::dropped(w, dropped);
                     });
    for (const auto& trial : result.tie_trials)
        out += event("info",
                     "tfw: tie trial, round " + std::to_string(trial.round) + ": " + move_arrow(trial.move) + ": " + trial.verdict,
                     timestamp, "tfw_trial", [&](EventWriter& w) {
                         w.Key("trial");
                         run_json::tie_trial(w, trial);
                     });
    for (const auto& entry : result.unmatched)
        out += event("info",
                     "tfw: " + core::to_string(entry.address) + " stays a " + (entry.is_deletion ? "destroy" : "create") +
                         ": " + entry.reason,
                     timestamp, "tfw_unmatched", [&](EventWriter& w) {
                         w.Key("unmatched");
                         run_json::unmatched(w, entry);
                     });
    std::size_t moves = result.moves.size();
    out += event("info",
                 "tfw: " + std::to_string(moves) + " move" + (moves == 1 ? "" : "s") + " inferred in " +
                     std::to_string(result.iterations.size()) + " iteration" + (result.iterations.size() == 1 ? "" : "s") +
                     " (" + std::to_string(calls.size()) + " terraform runs)",
                 timestamp, "tfw_summary", [&](EventWriter& w) {
                     w.Key("summary");
                     w.StartObject();
                     w.Key("moves");
                     w.Uint64(moves);
                     w.Key("proposals");
                     w.Uint64(result.proposals.size());
                     w.Key("dropped");
                     w.Uint64(result.dropped.size());
                     w.Key("unmatched");
                     w.Uint64(result.unmatched.size());
                     w.Key("iterations");
                     w.Uint64(result.iterations.size());
                     w.Key("hit_iteration_limit");
                     w.Bool(result.hit_iteration_limit);
                     run_json::tie_rounds(w, result);
                     w.Key("terraform_runs");
                     w.Uint64(calls.size());
                     w.EndObject();
                 });
    return out;
}

std::string render_root_line(const std::string& dir, std::string_view timestamp) {
    return event("info", "tfw: root module " + dir, timestamp, "tfw_root", [&](EventWriter& w) {
        w.Key("root");
        w.StartObject();
        run_json::field(w, "dir", dir);
        w.EndObject();
    });
}

std::string render_cross_root_events(const core::CrossRootResult& result, const std::vector<core::RootCandidate>& candidates,
                                     const std::vector<std::string>& root_names, std::string_view timestamp) {
    std::string out;
    // A move (with the known values compared) or a proposal (with its evidence).
    auto root_move = [&](const core::CrossRootMove& move, bool proposed) {
        const core::RootCandidate& from = candidates[move.deletion];
        const core::RootCandidate& to = candidates[move.creation];
        const std::string pair =
            root_names[from.root] + ": " + from.address + " -> " + root_names[to.root] + ": " + to.address;
        return event("info", proposed ? "tfw: proposed, not moved: " + pair + ": " + move.evidence : "tfw: " + pair,
                     timestamp, proposed ? "tfw_root_proposed" : "tfw_root_move", [&](EventWriter& w) {
                         w.Key("root_move");
                         w.StartObject();
                         run_json::field(w, "from_root", root_names[from.root]);
                         run_json::field(w, "from", from.address);
                         run_json::field(w, "to_root", root_names[to.root]);
                         run_json::field(w, "to", to.address);
                         if (proposed) {
                             run_json::field(w, "evidence", move.evidence);
                         } else {
                             w.Key("equal_values");
                             w.Uint64(move.equal_values);
                         }
                         w.EndObject();
                     });
    };
    for (const auto& move : result.moves) out += root_move(move, false);
    for (const auto& move : result.proposals) out += root_move(move, true);
    for (const auto& refusal : result.refusals) {
        const core::RootCandidate& self = candidates[refusal.candidate];
        const std::string& reason = refusal.reason;
        out += event("info", "tfw: " + root_names[self.root] + ": " + self.address + " stays a destroy: " + reason, timestamp,
                     "tfw_root_refused", [&](EventWriter& w) {
                         w.Key("refused");
                         w.StartObject();
                         run_json::field(w, "root", root_names[self.root]);
                         run_json::field(w, "address", self.address);
                         run_json::field(w, "reason", reason);
                         w.EndObject();
                     });
    }
    return out;
}

std::string ui_timestamp(std::chrono::system_clock::time_point when) {
    std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count() % 1000000;
    std::tm utc{};
    ::gmtime_r(&seconds, &utc);
    char seconds_text[32];
    std::strftime(seconds_text, sizeof seconds_text, "%Y-%m-%dT%H:%M:%S", &utc);
    std::string fraction = std::to_string(micros);
    return std::string(seconds_text) + "." + std::string(6 - fraction.size(), '0') + fraction + "Z";
}

}  // namespace tfw::cli
