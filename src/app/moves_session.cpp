#include "tfw/app/moves_session.hpp"

#include <cstdio>
#include <stdexcept>
#include <unistd.h>

#include "tfw/app/policy_file.hpp"
#include "tfw/core/match/match.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::app {
namespace {

// A saved plan is a zip archive; `show -json` output is a JSON object. Decided by the
// name first, then by the first byte, so a JSON file needs no particular name.
bool looks_like_json(const std::filesystem::path& file) {
    if (file.extension() == ".json") return true;
    std::FILE* stream = std::fopen(file.c_str(), "rb");
    if (!stream) return false;  // let terraform report it
    int c = 0;
    do c = std::fgetc(stream);
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
    std::fclose(stream);
    return c == '{';
}

// `terraform show -json PLAN` in the root module, as the plan file is named relative to it.
std::string show_saved_plan(const MovesRequest& request, const std::function<void(const std::string&)>& terraform_stderr) {
    shell::SignalForwarding signals;
    shell::Terraform terraform(shell::resolve_terraform_binary(request.terraform_bin), request.global_args);
    shell::ProcessResult shown = terraform.run({"show", "-json", request.plan});
    shell::throw_if_interrupted();
    if (shown.exit_code != 0) {
        if (terraform_stderr) terraform_stderr(shown.stderr_text);
        std::string reason = core::first_error_line(shown.stderr_text.empty() ? shown.stdout_text : shown.stderr_text);
        throw std::runtime_error("terraform show -json " + request.plan + " failed" + (reason.empty() ? "" : ": " + reason));
    }
    return std::move(shown.stdout_text);
}

}  // namespace

core::MovesReport infer_moves(const MovesRequest& request, const std::function<void(const std::string&)>& say,
                              const std::function<void(const std::string&)>& terraform_stderr) {
    const core::Policy policy = load_policy_file(request.root_dir, request.policy_file);
    std::string json;
    if (request.plan == "-") {
        json = shell::read_descriptor(STDIN_FILENO, "the plan from stdin");
    } else {
        std::filesystem::path relative(request.plan);
        std::filesystem::path file = relative.is_absolute() ? relative : request.root_dir / relative;
        json = looks_like_json(file) ? shell::read_file(file) : show_saved_plan(request, terraform_stderr);
    }
    core::MatchResult matched;
    {
        // The plan model lives only as long as matching needs it.
        core::Plan plan = core::load_plan_json(json);
        std::string().swap(json);
        if (plan.errored && say) say("tfw: warning: the plan is marked errored; its changes may be incomplete");
        matched = core::match_moves(plan, policy);
    }
    return core::decide_report(policy, std::move(matched));
}

}  // namespace tfw::app
