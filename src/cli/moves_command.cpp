#include "tfw/cli/moves_command.hpp"

#include <iostream>
#include <stdexcept>

#include "tfw/app/moves_session.hpp"
#include "tfw/core/render/moves_format.hpp"

namespace tfw::cli {

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

    app::MovesRequest request;
    request.root_dir = invocation.root_dir;
    request.global_args = invocation.global_args;
    request.plan = *plan_arg;
    request.terraform_bin = invocation.options.terraform_bin;
    request.policy_file = invocation.options.policy_file;
    const core::MovesReport report = app::infer_moves(
        request, [](const std::string& line) { std::cerr << line << "\n"; },
        [](const std::string& terraform_says) { std::cerr << terraform_says; });

    std::cerr << core::render_proposals_comments(report, *format) << std::flush;
    std::cout << core::render_moves(report, *format) << std::flush;
    if (!std::cout) throw std::runtime_error("cannot write the moves to stdout");
    return 0;
}

}  // namespace tfw::cli
