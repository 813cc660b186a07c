// The JSON objects that describe one move, proposal, dropped move or unmatched object,
// shared by the --report document and the -json stream's tfw lines, so both say the
// same thing the same way. Templates over RapidJSON's Writer and PrettyWriter.
#pragma once

#include <string>
#include <vector>

#include <rapidjson/rapidjson.h>

#include "tfw/core/model/address.hpp"
#include "tfw/shell/converge.hpp"

namespace tfw::cli::run_json {

template <typename Writer>
void field(Writer& w, const char* name, const std::string& value) {
    w.Key(name);
    w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
}

template <typename Writer>
void strings(Writer& w, const char* name, const std::vector<std::string>& values) {
    w.Key(name);
    w.StartArray();
    for (const auto& value : values) w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
    w.EndArray();
}

template <typename Writer>
void endpoints(Writer& w, const core::Address& from, const core::Address& to) {
    field(w, "from", core::to_string(from));
    field(w, "to", core::to_string(to));
}

// {"from", "to", "kind", "evidence", "by_dependency", "witnesses": [..], "tentative_because",
//  "confirmed_by_terraform", "rule"}
template <typename Writer>
void move(Writer& w, const core::Move& move, const std::string& rule) {
    w.StartObject();
    endpoints(w, move.from, move.to);
    field(w, "kind", std::string(core::to_string(move.kind)));
    field(w, "evidence", move.evidence);
    w.Key("by_dependency");
    w.Bool(move.by_dependency);
    strings(w, "witnesses", move.witnesses);
    field(w, "tentative_because", move.tentative_because);
    w.Key("confirmed_by_terraform");
    w.Bool(move.confirmed_by_terraform);
    field(w, "rule", rule);
    w.EndObject();
}

// {"from", "to", "kind", "evidence", "verdict", "rule"}
template <typename Writer>
void proposal(Writer& w, const shell::Proposal& proposal) {
    w.StartObject();
    endpoints(w, proposal.move.from, proposal.move.to);
    field(w, "kind", std::string(core::to_string(proposal.move.kind)));
    field(w, "evidence", proposal.move.evidence);
    field(w, "verdict", std::string(core::to_string(proposal.decision.verdict)));
    field(w, "rule", proposal.decision.rule);
    w.EndObject();
}

// {"from", "to", "reason"}
template <typename Writer>
void dropped(Writer& w, const shell::DroppedMove& dropped) {
    w.StartObject();
    endpoints(w, dropped.move.from, dropped.move.to);
    field(w, "reason", dropped.reason);
    w.EndObject();
}

// {"round", "from", "to", "no_change", "verdict"}
template <typename Writer>
void tie_trial(Writer& w, const shell::TieTrial& trial) {
    w.StartObject();
    w.Key("round");
    w.Int(trial.round);
    endpoints(w, trial.move.from, trial.move.to);
    w.Key("no_change");
    w.Bool(trial.no_change);
    field(w, "verdict", trial.verdict);
    w.EndObject();
}

// {"tie_rounds", "hit_trial_limit", "undecided": [..]}: members of the enclosing object.
template <typename Writer>
void tie_rounds(Writer& w, const shell::ConvergeResult& result) {
    w.Key("tie_rounds");
    w.Int(result.tie_rounds);
    w.Key("hit_trial_limit");
    w.Bool(result.hit_trial_limit);
    std::vector<std::string> undecided;
    for (const auto& address : result.undecided) undecided.push_back(core::to_string(address));
    strings(w, "undecided", undecided);
}

// {"address", "side": "delete"|"create", "reason", "candidates": [{"address", "differing_paths": [..], "note"}]}
template <typename Writer>
void unmatched(Writer& w, const core::Unmatched& entry) {
    w.StartObject();
    field(w, "address", core::to_string(entry.address));
    field(w, "side", entry.is_deletion ? "delete" : "create");
    field(w, "reason", entry.reason);
    w.Key("candidates");
    w.StartArray();
    for (const auto& candidate : entry.candidates) {
        w.StartObject();
        field(w, "address", core::to_string(candidate.other));
        strings(w, "differing_paths", candidate.differing_paths);
        field(w, "note", candidate.note);
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
}

// The rule that accepted result.moves[i].
inline std::string accepting_rule(const shell::ConvergeResult& result, std::size_t i) {
    return i < result.move_decisions.size() ? result.move_decisions[i].rule : std::string();
}

}  // namespace tfw::cli::run_json
