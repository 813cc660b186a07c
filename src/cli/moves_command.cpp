#include "tfw/cli/moves_command.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

#include "tfw/cli/policy_file.hpp"
#include "tfw/core/match/match.hpp"
#include "tfw/core/render/moves_format.hpp"
#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/terraform.hpp"

namespace tfw::cli {
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
std::string show_saved_plan(const Invocation& invocation, const std::string& plan_file) {
    shell::SignalForwarding signals;
    shell::Terraform terraform(shell::resolve_terraform_binary(invocation.options.terraform_bin), invocation.global_args);
    shell::ProcessResult shown = terraform.run({"show", "-json", plan_file});
    shell::throw_if_interrupted();
    if (shown.exit_code != 0) {
        std::cerr << shown.stderr_text;
        std::string reason = core::first_error_line(shown.stderr_text.empty() ? shown.stdout_text : shown.stderr_text);
        throw std::runtime_error("terraform show -json " + plan_file + " failed" + (reason.empty() ? "" : ": " + reason));
    }
    return std::move(shown.stdout_text);
}

}  // namespace

std::string moves_usage_text() {
    return "Usage: tfw [-chdir=DIR] moves PLAN [--format=hcl|json|commands] [--policy=FILE]\n\n"
           "Infers the moved blocks a saved plan calls for with tfw plan's matcher and policy,\n"
           "without running a plan. Pairings that tfw plan would confirm by replanning (twins\n"
           "told apart by dependencies or by elimination) are only proposed here. PLAN is a plan file saved by terraform plan -out (tfw runs\n"
           "terraform show -json on it, in the root module), a .json file from show -json, or -\n"
           "for that JSON on stdin.\n\n"
           "Terraform has not judged these moves: equal values are evidence, not a verdict (an\n"
           "attribute turned into a map, a value newly sensitive, a replace_triggered_by look\n"
           "equal). Each one printed says so; tfw plan judges every move by planning with it.\n\n"
           "Only the moves the policy accepts are printed, on stdout:\n"
           "  --format=hcl       moved blocks (the default)\n"
           "  --format=json      {\"moves\":[…],\"proposals\":[…],\"unmatched\":[…]}\n"
           "  --format=commands  terraform state mv 'FROM' 'TO' lines, quoted for a POSIX shell\n"
           "With hcl and commands, moves found but not accepted are listed on stderr as comments.\n\n"
           "Options:\n"
           "  --format=F          hcl, json or commands\n"
           "  --policy=FILE       policy file (else .tfw.yaml in the root module, else built-in defaults)\n"
           "  --terraform-bin=P   terraform binary for show -json (else $TFW_TERRAFORM_BIN, else PATH)\n";
}

int run_moves_command(const Invocation& invocation) {
    if (invocation.help) {
        std::cout << moves_usage_text();
        return 0;
    }
    std::string format_name = invocation.options.format.empty() ? "hcl" : invocation.options.format;
    std::optional<core::MovesFormat> format = core::parse_moves_format(format_name);
    if (!format) throw UsageError("--format must be hcl, json or commands, not \"" + format_name + "\"");

    std::optional<std::string> plan_arg;
    for (const auto& arg : invocation.terraform_args) {
        if (arg != "-" && !arg.empty() && arg[0] == '-')
            throw UsageError("tfw moves takes no terraform option: " + arg);
        if (plan_arg) throw UsageError("tfw moves takes one plan, not " + *plan_arg + " and " + arg);
        plan_arg = arg;
    }
    if (!plan_arg) throw UsageError("tfw moves needs a plan: a saved plan file, a show -json file, or - for stdin");

    core::Policy policy = load_policy_file(invocation);

    std::string json;
    if (*plan_arg == "-") {
        json = shell::read_descriptor(STDIN_FILENO, "the plan from stdin");
    } else {
        std::filesystem::path relative(*plan_arg);
        std::filesystem::path file = relative.is_absolute() ? relative : invocation.root_dir / relative;
        json = looks_like_json(file) ? shell::read_file(file) : show_saved_plan(invocation, *plan_arg);
    }

    core::MatchResult matched;
    {
        // The plan model lives only as long as matching needs it.
        core::Plan plan = core::load_plan_json(json);
        std::string().swap(json);
        if (plan.errored) std::cerr << "tfw: warning: the plan is marked errored; its changes may be incomplete\n";
        matched = core::match_moves(plan, policy);
    }
    core::MovesReport report = core::decide_report(policy, std::move(matched));

    std::cerr << core::render_proposals_comments(report, *format) << std::flush;
    std::cout << core::render_moves(report, *format) << std::flush;
    if (!std::cout) throw std::runtime_error("cannot write the moves to stdout");
    return 0;
}

}  // namespace tfw::cli
