#include "tfw/cli/main.hpp"

#include <algorithm>
#include <iostream>
#include <stdexcept>

#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include "tfw/app/passthrough.hpp"
#include "tfw/app/request_error.hpp"
#include "tfw/cli/args.hpp"
#include "tfw/cli/moves_command.hpp"
#include "tfw/cli/plan_command.hpp"
#include "tfw/cli/roots_command.hpp"
#include "tfw/cli/tidy_command.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/policy/policy_yaml.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::cli {
namespace {

// Terraform's own `version -json` object, which scripts already read, with tfw's version
// in front, indented as terraform indents it.
std::string version_json(const std::string& terraform_json) {
    rapidjson::Document terraform_fields;
    terraform_fields.Parse(terraform_json.c_str());
    if (terraform_fields.HasParseError() || !terraform_fields.IsObject())
        throw std::runtime_error("terraform version -json printed no JSON object");
    rapidjson::StringBuffer buffer;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
    writer.SetIndent(' ', 2);
    writer.StartObject();
    writer.Key("tfw_version");
    writer.String(TFW_VERSION);
    // Walked as const: C++20 finds == between RapidJSON's non-const member iterators
    // ambiguous, which clang reports.
    const rapidjson::Value& fields = terraform_fields;
    for (const auto& member : fields.GetObject()) {
        member.name.Accept(writer);
        member.value.Accept(writer);
    }
    writer.EndObject();
    return std::string(buffer.GetString()) + "\n";
}

int run_version(const Invocation& invocation) {
    const auto& args = invocation.terraform_args;
    bool json = std::find(args.begin(), args.end(), "-json") != args.end();
    // Plain: tfw's own line first, so that it shows even when terraform cannot run.
    if (!json) std::cout << "tfw v" << TFW_VERSION << "\n" << std::flush;
    const app::TerraformVersion version = app::terraform_version(invocation.options.terraform_bin, json);
    if (json && version.exit_code != 0) {
        std::cerr << version.stderr_text;
        return version.exit_code;
    }
    std::cout << (json ? version_json(version.stdout_text) : version.stdout_text);
    return version.exit_code;
}

}  // namespace

int run_main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    try {
        Invocation invocation = parse_invocation(args);
        const std::string& command = invocation.subcommand;
        if (invocation.help && (command.empty() || command == "plan" || command == "apply")) {
            std::cout << usage_text(command);
            return 0;
        }
        if (invocation.version || command == "version") return run_version(invocation);
        if (command.empty()) {
            std::cerr << usage_text("");
            return 1;
        }
        if (command == "plan" && !invocation.options.roots.empty()) return run_roots_plan(invocation);
        if (command == "apply" && !invocation.options.roots.empty()) return run_roots_apply(invocation);
        if (command == "plan") return run_plan_command(invocation, false);
        if (command == "apply") return run_plan_command(invocation, true);
        if (command == "moves") return run_moves_command(invocation);
        if (command == "tidy") return run_tidy_command(invocation);
        // Anything tfw does not handle is terraform's, with the same arguments and exit code.
        app::hand_over_to_terraform(invocation.root_dir, invocation.options.terraform_bin, args,
                                    [](const std::string& line) { std::cerr << line << "\n"; });
    } catch (const shell::Interrupted& interrupted) {
        std::cerr << "\ntfw: interrupted by signal " << interrupted.signal_number << "; " << interrupted.outcome << "\n";
        return interrupted.exit_code();
    } catch (const UsageError& error) {
        std::cerr << "tfw: error: " << error.what() << " (see tfw --help)\n";
        return 1;
    } catch (const app::RequestError& error) {
        std::cerr << "tfw: error: " << error.what() << " (see tfw --help)\n";
        return 1;
    } catch (const core::PolicyError& error) {
        std::cerr << "tfw: error: " << error.what() << "\n";
        return 1;
    } catch (const std::exception& error) {
        std::cerr << "tfw: error: " << error.what() << "\n";
        return 1;
    }
    return 1;
}

}  // namespace tfw::cli
