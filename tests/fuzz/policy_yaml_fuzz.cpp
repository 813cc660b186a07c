// load_policy on arbitrary YAML. It either loads or throws PolicyError (never another
// exception, never a crash); what loads has well-formed globs, which are then run.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tfw/core/policy/policy_yaml.hpp"

using namespace tfw::core;
using tfw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view yaml(reinterpret_cast<const char*>(data), size);
    Policy policy;
    try {
        policy = load_policy(yaml, ".tfw.yaml");
    } catch (const PolicyError& error) {
        std::string_view what = error.what();
        require(what.find('\n') == std::string_view::npos, "a policy error is one line");
        require(what.substr(0, 9) == ".tfw.yaml", "a policy error names the file");
        return 0;
    }
    const std::string_view samples[] = {"", "aws_instance", "module.a[0].aws_instance.web[\"k\"]", "tags[\"a b\"]"};
    for (const IgnoreRule& rule : policy.ignore) {
        require(glob_syntax_error(rule.type_glob).empty() && glob_syntax_error(rule.path_glob).empty(),
                "a loaded ignore rule's globs are well formed");
        for (std::string_view sample : samples) (void)path_glob_match(rule.path_glob, sample);
    }
    for (const DenyRule& rule : policy.deny) {
        require(glob_syntax_error(rule.address_glob).empty() && glob_syntax_error(rule.type_glob).empty(),
                "a loaded deny rule's globs are well formed");
        for (std::string_view sample : samples) (void)glob_match(rule.address_glob, sample);
    }
    for (const AcceptRule& rule : policy.accept) {
        for (const std::string& glob : rule.type_globs) require(glob_syntax_error(glob).empty(), "accept type glob well formed");
        for (const std::string& glob : rule.module_globs) require(glob_syntax_error(glob).empty(), "accept module glob well formed");
    }
    return 0;
}
