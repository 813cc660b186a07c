#include "tfw/cli/report.hpp"

#include "tfw/cli/run_json.hpp"
#include "tfw/core/render/redacted_args.hpp"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace tfw::cli {
namespace {

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;
using run_json::endpoints;
using run_json::field;

}  // namespace

std::string render_report(const shell::ConvergeResult& result, const std::vector<core::Placement>& placements,
                          const std::vector<shell::TerraformCall>& calls, const std::vector<std::string>& from_environment) {
    rapidjson::StringBuffer buffer;
    Writer w(buffer);
    w.StartObject();
    w.Key("version");
    w.Int(1);

    w.Key("moves");
    w.StartArray();
    for (std::size_t i = 0; i < result.moves.size(); ++i) run_json::move(w, result.moves[i], run_json::accepting_rule(result, i));
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
    for (const auto& proposal : result.proposals) run_json::proposal(w, proposal);
    w.EndArray();

    w.Key("dropped");
    w.StartArray();
    for (const auto& dropped : result.dropped) run_json::dropped(w, dropped);
    w.EndArray();

    w.Key("unmatched");
    w.StartArray();
    for (const auto& entry : result.unmatched) run_json::unmatched(w, entry);
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

    w.Key("tie_trials");
    w.StartArray();
    for (const auto& trial : result.tie_trials) run_json::tie_trial(w, trial);
    w.EndArray();
    run_json::tie_rounds(w, result);

    w.Key("terraform_runs");
    w.StartArray();
    for (const auto& call : calls) {
        w.StartObject();
        run_json::strings(w, "args", core::redacted_args(call.args, from_environment));
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
