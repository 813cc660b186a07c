#include "tfw/core/roots/migration_journal.hpp"

#include <stdexcept>

#include <rapidjson/document.h>

#include "tfw/core/model/text.hpp"

namespace tfw::core::inline roots {

std::string render_journal(const MigrationJournal& journal) {
    std::string out = "{\"tfw_migration\":1,\"id\":" + json_quote(journal.id) + ",\n\"roots\":[";
    for (std::size_t i = 0; i < journal.roots.size(); ++i) out += (i ? "," : "") + json_quote(journal.roots[i]);
    out += "],";
    if (!journal.workspaces.empty()) {
        out += "\n\"workspaces\":[";
        for (std::size_t i = 0; i < journal.workspaces.size(); ++i) out += (i ? "," : "") + json_quote(journal.workspaces[i]);
        out += "],";
    }
    out += "\n\"transfers\":[";
    for (std::size_t i = 0; i < journal.transfers.size(); ++i) {
        const StateTransfer& t = journal.transfers[i];
        out += std::string(i ? "," : "") + "\n {\"from_root\":" + std::to_string(t.from_root) +
               ",\"from\":" + json_quote(t.from) + ",\"to_root\":" + std::to_string(t.to_root) +
               ",\"to\":" + json_quote(t.to) + "}";
    }
    return out + "]}\n";
}

MigrationJournal parse_journal(std::string_view text, const std::string& file) {
    auto bad = [&](const std::string& why) { return std::runtime_error(file + ": not a tfw migration journal: " + why); };
    rapidjson::Document parsed;
    parsed.Parse(text.data(), text.size());
    if (parsed.HasParseError() || !parsed.IsObject()) throw bad("not JSON");
    const rapidjson::Value& doc = parsed;
    auto version = doc.FindMember("tfw_migration");
    if (version == doc.MemberEnd() || !version->value.IsInt() || version->value.GetInt() != 1)
        throw bad("no \"tfw_migration\": 1");
    auto id = doc.FindMember("id");
    auto roots = doc.FindMember("roots");
    auto transfers = doc.FindMember("transfers");
    if (id == doc.MemberEnd() || !id->value.IsString()) throw bad("no id");
    if (roots == doc.MemberEnd() || !roots->value.IsArray()) throw bad("no roots");
    if (transfers == doc.MemberEnd() || !transfers->value.IsArray()) throw bad("no transfers");
    MigrationJournal journal;
    journal.id = id->value.GetString();
    for (const auto& root : roots->value.GetArray()) {
        if (!root.IsString()) throw bad("a root that is not a directory name");
        journal.roots.emplace_back(root.GetString());
    }
    if (auto workspaces = doc.FindMember("workspaces"); workspaces != doc.MemberEnd()) {
        if (!workspaces->value.IsArray() || workspaces->value.Size() != journal.roots.size())
            throw bad("workspaces that are not one per root");
        for (const auto& workspace : workspaces->value.GetArray()) {
            if (!workspace.IsString()) throw bad("a workspace that is not a name");
            journal.workspaces.emplace_back(workspace.GetString());
        }
    }
    for (const auto& t : transfers->value.GetArray()) {
        auto text_of = [&](const char* name) -> std::string {
            auto member = t.FindMember(name);
            if (member == t.MemberEnd() || !member->value.IsString()) throw bad(std::string("a transfer without ") + name);
            return member->value.GetString();
        };
        auto root_of = [&](const char* name) -> std::size_t {
            auto member = t.FindMember(name);
            if (member == t.MemberEnd() || !member->value.IsUint() || member->value.GetUint() >= journal.roots.size())
                throw bad(std::string("a transfer without ") + name);
            return member->value.GetUint();
        };
        if (!t.IsObject()) throw bad("a transfer that is not an object");
        journal.transfers.push_back({root_of("from_root"), text_of("from"), root_of("to_root"), text_of("to")});
    }
    return journal;
}

std::string state_file_name(std::size_t root, StateStep step) {
    const char* name = step == StateStep::gained ? "gained" : step == StateStep::final_state ? "final" : "original";
    return std::to_string(root) + "." + name + ".tfstate";
}

}  // namespace tfw::core::roots
