// load_plan_json on arbitrary text: a plan, or PlanJsonError naming what is wrong;
// never another exception, never a crash. What loads is then walked the way the
// matcher walks it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "tfw/core/parse/plan_json.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    Plan plan;
    try {
        plan = load_plan_json(text);
    } catch (const PlanJsonError& error) {
        require(std::string_view(error.what()).find('\n') == std::string_view::npos, "a plan error is one line");
        return 0;
    }
    for (const ResourceChange& change : plan.changes) {
        require(change.address.resource.has_value(), "a resource change is at a resource address");
        (void)config_resource_address(change.address);
        (void)config_declares(plan.configuration, change.address);
    }
    std::size_t references = 0;
    for_each_reference(plan.configuration, [&](const std::string&, const std::string&) { ++references; });
    (void)config_resources_by_address(plan.configuration);
    return 0;
}
