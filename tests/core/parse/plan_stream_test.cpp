#include "tfw/core/parse/plan_stream.hpp"

#include <boost/test/unit_test.hpp>

#include "plan_summary_show.hpp"

#include <optional>
#include <string>
#include <vector>

using namespace tfw::core;
using namespace tfw::core::testing;

// Lines of `terraform plan -json -out=p` captured from Terraform 1.11.4 (terraform_data,
// local state), refresh lines and timestamps left out.

namespace {

const std::string version_line =
    R"({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","terraform":"1.11.4","type":"version","ui":"1.2"})"
    "\n";

// terraform_data.alpha renamed to .beta.
const std::string rename_stream =
    version_line +
    R"({"@level":"info","@message":"terraform_data.beta: Plan to create","@module":"terraform.ui","change":{"resource":{"addr":"terraform_data.beta","module":"","resource":"terraform_data.beta","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"beta","resource_key":null},"action":"create"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"terraform_data.alpha: Plan to delete","@module":"terraform.ui","change":{"resource":{"addr":"terraform_data.alpha","module":"","resource":"terraform_data.alpha","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"alpha","resource_key":null},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"Plan: 1 to add, 0 to change, 1 to destroy.","@module":"terraform.ui","changes":{"add":1,"change":0,"import":0,"remove":1,"operation":"plan"},"type":"change_summary"})"
    "\n";

// The same with a moved block: a pure move.
const std::string move_stream =
    version_line +
    R"({"@level":"info","@message":"terraform_data.beta: Plan to move","@module":"terraform.ui","change":{"resource":{"addr":"terraform_data.beta","module":"","resource":"terraform_data.beta","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"beta","resource_key":null},"previous_resource":{"addr":"terraform_data.alpha","module":"","resource":"terraform_data.alpha","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"alpha","resource_key":null},"action":"move"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"Plan: 0 to add, 0 to change, 0 to destroy.","@module":"terraform.ui","changes":{"add":0,"change":0,"import":0,"remove":0,"operation":"plan"},"type":"change_summary"})"
    "\n";

// A move with an update, a forced replacement, an update and a data source read.
const std::string mixed_stream =
    version_line +
    R"({"@level":"info","@message":"terraform_data.m2: Plan to update","@module":"terraform.ui","change":{"resource":{"addr":"terraform_data.m2","module":"","resource":"terraform_data.m2","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m2","resource_key":null},"previous_resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"action":"update"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"terraform_data.r: Plan to replace","@module":"terraform.ui","change":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"action":"replace","reason":"cannot_update"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"terraform_data.u: Plan to update","@module":"terraform.ui","change":{"resource":{"addr":"terraform_data.u","module":"","resource":"terraform_data.u","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"u","resource_key":null},"action":"update"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"data.terraform_remote_state.x: Plan to read","@module":"terraform.ui","change":{"resource":{"addr":"data.terraform_remote_state.x","module":"","resource":"data.terraform_remote_state.x","implied_provider":"terraform","resource_type":"terraform_remote_state","resource_name":"x","resource_key":null},"action":"read","reason":"read_because_config_unknown"},"type":"planned_change"})"
    "\n"
    R"({"@level":"info","@message":"Plan: 1 to add, 2 to change, 1 to destroy.","@module":"terraform.ui","changes":{"add":1,"change":2,"import":0,"remove":1,"operation":"plan"},"type":"change_summary"})"
    "\n";

// Outputs only: no planned_change, counts of zero, an outputs line.
const std::string outputs_stream =
    version_line +
    R"({"@level":"info","@message":"Plan: 0 to add, 0 to change, 0 to destroy.","@module":"terraform.ui","changes":{"add":0,"change":0,"import":0,"remove":0,"operation":"plan"},"type":"change_summary"})"
    "\n"
    R"({"@level":"info","@message":"Outputs: 1","@module":"terraform.ui","outputs":{"o":{"sensitive":false,"action":"create"}},"type":"outputs"})"
    "\n";

using Strings = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_CASE(streams_read_like_the_human_rendering) {
    struct Case {
        std::string name;
        std::string stream;
        Strings headers;
        std::string counts;
    };
    const std::vector<Case> cases = {
        {"rename", rename_stream, {"terraform_data.beta create", "terraform_data.alpha destroy"}, "1/0/1"},
        {"pure move", move_stream, {"terraform_data.beta move from terraform_data.alpha"}, "0/0/0"},
        {"move with update, replace, update, read", mixed_stream,
         {"terraform_data.m2 update from terraform_data.m", "terraform_data.r replace", "terraform_data.u update",
          "data.terraform_remote_state.x read"},
         "1/2/1"},
        {"outputs only", outputs_stream, {}, "0/0/0"},
        {"deposed delete",
         replace_all(rename_stream, R"("action":"delete",)", R"("action":"delete","deposed":"0a1b2c3d",)"),
         {"terraform_data.beta create", "terraform_data.alpha destroy deposed"}, "1/0/1"},
        {"no-op and import are no header",
         replace_all(replace_all(rename_stream, R"("action":"create")", R"("action":"noop")"), R"("action":"delete")",
                     R"("action":"import")"),
         {}, "1/0/1"},
        {"lines that do not parse are skipped", "not json\n" + rename_stream + "{\"type\":\n",
         {"terraform_data.beta create", "terraform_data.alpha destroy"}, "1/0/1"},
        {"without a version line", rename_stream.substr(version_line.size()),
         {"terraform_data.beta create", "terraform_data.alpha destroy"}, "1/0/1 unrecognised"},
        {"another UI major version", replace_all(rename_stream, R"("ui":"1.2")", R"("ui":"2.0")"),
         {"terraform_data.beta create", "terraform_data.alpha destroy"}, "1/0/1 unrecognised"},
        {"without a change_summary", replace_all(rename_stream, "change_summary", "summary_of_changes"),
         {"terraform_data.beta create", "terraform_data.alpha destroy"}, "-/-/- unrecognised"},
        {"human text", "  # terraform_data.alpha will be destroyed\nPlan: 0 to add, 0 to change, 1 to destroy.\n", {},
         "-/-/- unrecognised"},
        {"empty", "", {}, "-/-/- unrecognised"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanTextSummary summary = scan_plan_stream(c.stream);
            BOOST_TEST(show_headers(summary) == c.headers, boost::test_tools::per_element());
            BOOST_TEST(show_counts(summary) == c.counts);
        }
    }
}

BOOST_AUTO_TEST_CASE(move_candidates_of_streams) {
    struct Case {
        std::string name;
        std::string stream;
        std::optional<Strings> destroyed;  // std::nullopt: "maybe", ask show -json
        Strings created;
    };
    const std::vector<Case> cases = {
        {"rename", rename_stream, Strings{"terraform_data.alpha"}, {"terraform_data.beta"}},
        {"pure move", move_stream, Strings{}, {}},
        {"a replace is no candidate", mixed_stream, Strings{}, {}},
        {"outputs only", outputs_stream, Strings{}, {}},
        {"counts that do not add up",
         replace_all(rename_stream, R"("add":1,"change":0,"import":0,"remove":1)", R"("add":2,"change":0,"import":0,"remove":1)"),
         std::nullopt, {}},
        {"an unknown action", replace_all(rename_stream, R"("action":"delete")", R"("action":"vanish")"), std::nullopt, {}},
        {"another UI major version", replace_all(rename_stream, R"("ui":"1.2")", R"("ui":"2.0")"), std::nullopt, {}},
        {"empty", "", std::nullopt, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::optional<MoveCandidates> candidates = move_candidates(scan_plan_stream(c.stream));
            BOOST_TEST(candidates.has_value() == c.destroyed.has_value());
            if (!candidates || !c.destroyed) continue;
            BOOST_TEST(candidates->destroyed == *c.destroyed, boost::test_tools::per_element());
            BOOST_TEST(candidates->created == c.created, boost::test_tools::per_element());
        }
    }
}
