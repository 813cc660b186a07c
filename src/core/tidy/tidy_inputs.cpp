// What `tfw tidy` reads from terraform: states, the workspace list, and plans to compare.
#include <algorithm>
#include <set>
#include <stdexcept>
#include <tuple>

#include <rapidjson/document.h>

#include "tfw/core/tidy/tidy.hpp"

namespace tfw::core::inline tidy {
namespace {

std::string member_string(const rapidjson::Value& object, const char* name) {
    auto found = object.FindMember(name);
    return found != object.MemberEnd() && found->value.IsString() ? found->value.GetString() : std::string();
}

using Change = std::tuple<std::string, std::string, std::string, bool>;  // address, previous, action, deposed

std::multiset<Change> changes_of(const PlanTextSummary& plan) {
    std::multiset<Change> out;
    for (const auto& header : plan.headers)
        out.insert({header.address, header.previous_address, std::string(to_string(header.action)), header.deposed});
    return out;
}

std::string describe(const Change& change) {
    const auto& [address, previous, action, deposed] = change;
    return action + " " + address + (previous.empty() ? "" : " (from " + previous + ")") + (deposed ? " (deposed)" : "");
}

}  // namespace

std::vector<Address> state_objects(std::string_view state_json) {
    std::vector<Address> out;
    if (state_json.find_first_not_of(" \t\r\n") == std::string_view::npos) return out;
    rapidjson::Document document;
    document.Parse(state_json.data(), state_json.size());
    if (document.HasParseError() || !document.IsObject()) throw std::runtime_error("the state is not a JSON object");
    const rapidjson::Value& fields = document;
    auto version = fields.FindMember("version");
    if (version == fields.MemberEnd() || !version->value.IsInt() || version->value.GetInt() != 4)
        throw std::runtime_error("the state is not in format version 4");
    auto resources = fields.FindMember("resources");
    if (resources == fields.MemberEnd()) return out;
    if (!resources->value.IsArray()) throw std::runtime_error("the state's resources are not a list");
    for (const auto& resource : resources->value.GetArray()) {
        if (!resource.IsObject() || member_string(resource, "mode") != "managed") continue;
        std::string base = member_string(resource, "module");
        base += (base.empty() ? "" : ".") + member_string(resource, "type") + "." + member_string(resource, "name");
        auto instances = resource.FindMember("instances");
        if (instances == resource.MemberEnd() || !instances->value.IsArray()) continue;
        for (const auto& instance : instances->value.GetArray()) {
            if (!instance.IsObject()) continue;
            std::string key;
            auto index = instance.FindMember("index_key");
            if (index != instance.MemberEnd() && index->value.IsInt64()) key = "[" + std::to_string(index->value.GetInt64()) + "]";
            if (index != instance.MemberEnd() && index->value.IsString()) key = "[" + quote_hcl_string(index->value.GetString()) + "]";
            AddressParseResult parsed = parse_address(base + key);
            if (!parsed.address) throw std::runtime_error("the state holds an address tfw cannot read: " + base + key);
            out.push_back(std::move(*parsed.address));
        }
    }
    return out;
}

std::vector<std::string> parse_workspace_list(std::string_view output) {
    std::vector<std::string> out;
    while (!output.empty()) {
        std::size_t newline = output.find('\n');
        std::string_view line = output.substr(0, newline);
        output.remove_prefix(newline == std::string_view::npos ? output.size() : newline + 1);
        if (line.starts_with('*')) line.remove_prefix(1);
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos) continue;
        std::size_t last = line.find_last_not_of(" \t\r");
        std::string_view name = line.substr(first, last - first + 1);
        // Workspace names have no spaces; a line with some is a notice, not a name.
        if (name.find_first_of(" \t") == std::string_view::npos) out.emplace_back(name);
    }
    return out;
}

std::vector<std::string> plan_differences(const PlanTextSummary& with_blocks, const PlanTextSummary& without_blocks,
                                          std::vector<std::string>* addresses) {
    std::vector<std::string> out;
    if (!with_blocks.recognised || !without_blocks.recognised) {
        out.push_back("a plan's output was not recognised, so the two plans cannot be compared");
        if (addresses) addresses->push_back("");  // touches every block
        return out;
    }
    auto with = changes_of(with_blocks);
    auto without = changes_of(without_blocks);
    std::vector<Change> only_with, only_without;
    std::set_difference(with.begin(), with.end(), without.begin(), without.end(), std::back_inserter(only_with));
    std::set_difference(without.begin(), without.end(), with.begin(), with.end(), std::back_inserter(only_without));
    for (const auto& change : only_with) out.push_back("with the blocks: " + describe(change));
    for (const auto& change : only_without) out.push_back("without them: " + describe(change));
    if (addresses) {
        for (const auto* side : {&only_with, &only_without}) {
            for (const auto& [address, previous, action, deposed] : *side) {
                addresses->push_back(address);
                if (!previous.empty()) addresses->push_back(previous);
            }
        }
    }
    return out;
}

}  // namespace tfw::core::tidy
