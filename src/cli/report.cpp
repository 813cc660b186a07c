#include "tfw/cli/report.hpp"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace tfw::cli {
namespace {

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

void field(Writer& w, const char* name, const std::string& value) {
    w.Key(name);
    w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
}

void strings(Writer& w, const char* name, const std::vector<std::string>& values) {
    w.Key(name);
    w.StartArray();
    for (const auto& value : values) w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
    w.EndArray();
}

void endpoints(Writer& w, const core::Address& from, const core::Address& to) {
    field(w, "from", core::to_string(from));
    field(w, "to", core::to_string(to));
}

}  // namespace

std::string render_report(const shell::ConvergeResult& result, const std::vector<core::Placement>& placements,
                          const std::vector<shell::TerraformCall>& calls) {
    rapidjson::StringBuffer buffer;
    Writer w(buffer);
    w.StartObject();
    w.Key("version");
    w.Int(1);

    w.Key("moves");
    w.StartArray();
    for (std::size_t i = 0; i < result.moves.size(); ++i) {
        const auto& move = result.moves[i];
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
        field(w, "rule", i < result.move_decisions.size() ? result.move_decisions[i].rule : std::string());
        w.EndObject();
    }
    w.EndArray();

    w.Key("blocks");
    w.StartArray();
    for (const auto& placement : placements) {
        w.StartObject();
        endpoints(w, placement.from, placement.to);
        field(w, "module", core::to_string(placement.module));
        field(w, "dir", placement.dir);
        field(w, "note", placement.note);
        w.EndObject();
    }
    w.EndArray();

    w.Key("proposals");
    w.StartArray();
    for (const auto& proposal : result.proposals) {
        w.StartObject();
        endpoints(w, proposal.move.from, proposal.move.to);
        field(w, "kind", std::string(core::to_string(proposal.move.kind)));
        field(w, "evidence", proposal.move.evidence);
        field(w, "verdict", std::string(core::to_string(proposal.decision.verdict)));
        field(w, "rule", proposal.decision.rule);
        w.EndObject();
    }
    w.EndArray();

    w.Key("dropped");
    w.StartArray();
    for (const auto& dropped : result.dropped) {
        w.StartObject();
        endpoints(w, dropped.move.from, dropped.move.to);
        field(w, "reason", dropped.reason);
        w.EndObject();
    }
    w.EndArray();

    w.Key("unmatched");
    w.StartArray();
    for (const auto& entry : result.unmatched) {
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
    w.EndArray();

    w.Key("iterations");
    w.StartArray();
    for (const auto& iteration : result.iterations) {
        w.StartObject();
        w.Key("moves_added");
        w.Uint64(iteration.moves_added);
        w.EndObject();
    }
    w.EndArray();
    w.Key("hit_iteration_limit");
    w.Bool(result.hit_iteration_limit);

    w.Key("terraform_runs");
    w.StartArray();
    for (const auto& call : calls) {
        w.StartObject();
        strings(w, "args", call.args);
        w.Key("exit_code");
        w.Int(call.exit_code);
        w.Key("seconds");
        w.Double(call.seconds);
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

}  // namespace tfw::cli
