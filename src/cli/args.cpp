#include "tfw/cli/args.hpp"

#include <algorithm>
#include <optional>
#include <sstream>

#include <boost/program_options.hpp>

#include "tfw/core/model/duration.hpp"
#include "tfw/core/parse/config_files.hpp"

namespace tfw::cli {
namespace po = boost::program_options;
namespace {

po::options_description tfw_options(TfwOptions& into) {
    po::options_description description("tfw options (two dashes; single-dash options go to terraform unchanged)");
    description.add_options()
        ("help", "show this help")
        ("max-iterations", po::value<int>(&into.max_iterations)->default_value(10),
         "replan at most N times looking for new moves")
        ("terraform-bin", po::value<std::string>(&into.terraform_bin),
         "terraform binary (else $TFW_TERRAFORM_BIN, else terraform on PATH)")
        ("policy", po::value<std::string>(&into.policy_file),
         "policy file (else .tfw.yaml in the root module, else built-in defaults)")
        ("write", po::bool_switch(&into.write), "persist the moves as moved blocks in the right modules")
        ("moved-file", po::value<std::string>(&into.moved_file)->default_value("moved.tf"),
         "file name for --write")
        ("explain", po::bool_switch(&into.explain), "explain every unmatched deletion and creation")
        ("include-shared", po::bool_switch(&into.include_shared),
         "tfw tidy: also remove blocks from modules other configurations use")
        ("report", po::value<std::string>(&into.report_file), "write a report of the run to FILE")
        ("report-format", po::value<std::string>(&into.report_format)->default_value("json"),
         "--report as json (schema in report.hpp) or markdown (a pull-request comment)")
        ("root", po::value<std::vector<std::string>>(&into.roots)->composing(),
         "plan root module DIR too (repeatable) and pair moves between the roots; apply moves them between the states")
        ("backend-config", po::value<std::vector<std::string>>(&into.backend_configs)->composing(),
         "tfw tidy: read the states of the backend configured with FILE too (repeatable), one per environment")
        ("format", po::value<std::string>(&into.format),
         "tfw moves output: hcl (default), json or commands; with --root: text (default), json or commands");
    return description;
}

bool takes_value(const std::string& name) {
    return name == "max-iterations" || name == "terraform-bin" || name == "policy" || name == "moved-file" ||
           name == "report" || name == "report-format" || name == "format" || name == "root" || name == "backend-config";
}

// Terraform flags whose value may follow as the next argument (`-var a=b`). Go's flag
// package never gives a boolean flag a separate value.
bool takes_separate_value(const std::string& arg) {
    static const char* const flags[] = {"-var", "-var-file", "-target", "-replace", "-lock-timeout", "-parallelism",
                                        "-state", "-state-out", "-backup", "-generate-config-out"};
    for (const char* flag : flags)
        if (arg == flag) return true;
    return false;
}

// Go's strconv.ParseBool, which terraform's flags use: `-detailed-exitcode=true`.
std::optional<bool> go_bool(const std::string& text) {
    for (const char* yes : {"1", "t", "T", "TRUE", "true", "True"})
        if (text == yes) return true;
    for (const char* no : {"0", "f", "F", "FALSE", "false", "False"})
        if (text == no) return false;
    return std::nullopt;
}

// A boolean terraform flag, bare or with =value; std::nullopt when `arg` is not `flag`.
std::optional<bool> bool_flag(const std::string& arg, const std::string& flag) {
    if (arg == flag) return true;
    if (arg.rfind(flag + "=", 0) != 0) return std::nullopt;
    auto value = go_bool(arg.substr(flag.size() + 1));
    if (!value) throw UsageError("invalid boolean value in " + arg);
    return value;
}

// terraform's -lock-timeout value, which Go's flag package parses as a time.Duration.
std::chrono::nanoseconds lock_timeout(const std::string& value) {
    auto parsed = core::parse_go_duration(value);
    if (!parsed)
        throw UsageError("invalid value \"" + value + "\" for -lock-timeout: a duration such as 30s, 5m or 1h30m");
    return *parsed;
}

bool is_tfw_option(const std::string& arg) { return arg.size() > 2 && arg[0] == '-' && arg[1] == '-'; }

bool is_plan_command(const std::string& subcommand) {
    return subcommand == "plan" || subcommand == "apply" || subcommand == "moves" || subcommand == "tidy";
}

// The tfw options each command reads. Any other would be ignored without a word, which
// reads as if it worked (`tfw plan --format=json` prints text): a usage error instead.
const std::vector<std::string>& options_read_by(const std::string& subcommand, bool with_roots) {
    static const std::vector<std::string> plan = {"max-iterations", "terraform-bin", "policy", "write",
                                                  "moved-file", "explain", "report", "report-format"};
    static const std::vector<std::string> plan_roots = {"max-iterations", "terraform-bin", "policy", "write", "moved-file",
                                                        "explain", "report", "report-format", "root", "format"};
    static const std::vector<std::string> apply_roots = {"max-iterations", "terraform-bin", "policy", "explain",
                                                         "report", "report-format", "root"};
    static const std::vector<std::string> moves = {"terraform-bin", "policy", "format"};
    static const std::vector<std::string> tidy = {"terraform-bin", "write", "include-shared", "backend-config"};
    static const std::vector<std::string> terraform = {"terraform-bin"};
    if (subcommand == "plan") return with_roots ? plan_roots : plan;
    if (subcommand == "apply") return with_roots ? apply_roots : plan;
    if (subcommand == "moves") return moves;
    if (subcommand == "tidy") return tidy;
    return terraform;
}

std::string command_name(const std::string& subcommand, bool with_roots) {
    if (subcommand.empty()) return "tfw without a subcommand";
    if (subcommand == "plan" || subcommand == "apply") return "tfw " + subcommand + (with_roots ? " --root" : " without --root");
    if (subcommand == "moves" || subcommand == "tidy") return "tfw " + subcommand;
    return "tfw " + subcommand + ", which runs terraform " + subcommand;
}

}  // namespace

void check_options_apply(const std::string& subcommand, const std::vector<std::string>& given) {
    bool with_roots = std::find(given.begin(), given.end(), "root") != given.end();
    const auto& read = options_read_by(subcommand, with_roots);
    for (const auto& name : given)
        if (std::find(read.begin(), read.end(), name) == read.end())
            throw UsageError("option --" + name + " does not apply to " + command_name(subcommand, with_roots));
}

Invocation parse_invocation(const std::vector<std::string>& argv) {
    Invocation invocation;
    std::vector<std::string> own;  // tfw's options as --name=value
    std::size_t i = 0;
    auto take_own = [&](const std::string& arg) {
        std::string name = arg.substr(2, arg.find('=') == std::string::npos ? std::string::npos : arg.find('=') - 2);
        if (arg.size() == name.size() + 3 && arg.back() == '=') throw UsageError("option --" + name + " needs a value");
        if (arg.find('=') == std::string::npos && takes_value(name)) {
            if (i + 1 >= argv.size()) throw UsageError("option --" + name + " needs a value");
            own.push_back(arg + "=" + argv[++i]);
        } else {
            own.push_back(arg);
        }
    };

    for (; i < argv.size(); ++i) {
        const std::string& arg = argv[i];
        if (arg.rfind("-chdir=", 0) == 0) {
            invocation.global_args.push_back(arg);
            invocation.root_dir = arg.substr(7);
            if (invocation.root_dir.empty()) throw UsageError("-chdir needs a directory");
        } else if (arg == "-help" || arg == "-h" || arg == "--help") {
            invocation.help = true;
        } else if (arg == "-version" || arg == "-v" || arg == "--version") {
            invocation.version = true;
        } else if (is_tfw_option(arg)) {
            take_own(arg);
        } else if (!arg.empty() && arg[0] == '-') {
            invocation.global_args.push_back(arg);
        } else {
            invocation.subcommand = arg;
            ++i;
            break;
        }
    }
    for (; i < argv.size(); ++i) {
        const std::string& arg = argv[i];
        if (is_plan_command(invocation.subcommand) && is_tfw_option(arg)) {
            take_own(arg);
        } else if (is_plan_command(invocation.subcommand) && (arg == "-help" || arg == "-h")) {
            invocation.help = true;
        } else {
            invocation.terraform_args.push_back(arg);
        }
    }

    std::vector<std::string> for_parser;
    for (const auto& option : own) {
        if (option == "--help") {
            invocation.help = true;
            continue;
        }
        for_parser.push_back(option);
    }
    po::options_description description = tfw_options(invocation.options);
    po::variables_map values;
    try {
        po::store(po::command_line_parser(for_parser)
                      .options(description)
                      .style(po::command_line_style::allow_long | po::command_line_style::long_allow_adjacent)
                      .run(),
                  values);
        po::notify(values);
    } catch (const po::error& error) {
        throw UsageError(error.what());
    }
    std::vector<std::string> given;
    for (const auto& [name, value] : values)
        if (!value.defaulted()) given.push_back(name);
    check_options_apply(invocation.subcommand, given);
    if (invocation.options.max_iterations < 1) throw UsageError("--max-iterations must be at least 1");
    if (invocation.options.report_format != "json" && invocation.options.report_format != "markdown")
        throw UsageError("--report-format must be json or markdown, not " + invocation.options.report_format);
    // The file goes in each module directory the blocks belong to, so it is a name, not a
    // path; and one terraform reads as configuration (not hidden, not a backup), not an
    // override, where a moved block is an error: blocks there would never take effect.
    const std::string& moved_file = invocation.options.moved_file;
    if (moved_file.find('/') != std::string::npos)
        throw UsageError("--moved-file must be a file name, not a path (tfw writes it in each module's directory): " + moved_file);
    if (!core::is_configuration_file_name(moved_file) || core::is_json_configuration_file_name(moved_file))
        throw UsageError("--moved-file must be a .tf file name that terraform reads (not hidden, not a backup): " + moved_file);
    if (core::is_override_file_name(moved_file))
        throw UsageError("--moved-file must not be an override file, where terraform refuses moved blocks: " + moved_file);
    return invocation;
}

std::string usage_text(const std::string& subcommand) {
    TfwOptions ignored;
    std::ostringstream out;
    if (subcommand == "plan" || subcommand == "apply") {
        out << "Usage: tfw [-chdir=DIR] " << subcommand << " [tfw options] [terraform " << subcommand << " options]\n\n";
        if (subcommand == "plan")
            out << "Plans like terraform plan, after inferring the moved blocks a refactoring needs.\n"
                   "tfw injects them into a temporary file, replans until nothing new is found, and\n"
                   "shows Terraform's own plan. Without --write no file of yours is changed.\n\n";
        else
            out << "Runs the same loop as tfw plan, asks for confirmation as terraform does\n"
                   "(-auto-approve skips it), and applies exactly the plan it showed.\n"
                   "`tfw apply PLANFILE` applies a saved plan directly.\n\n";
        out << tfw_options(ignored);
        return out.str();
    }
    out << "Usage: tfw [-chdir=DIR] <subcommand> [args]\n\n"
           "tfw is terraform that writes your moved blocks for you.\n\n"
           "  plan      terraform plan, with the moved blocks a refactoring needs inferred\n"
           "  apply     terraform apply of exactly the plan tfw showed\n"
           "  moves     the moved blocks a saved plan calls for, without planning (hcl, json, commands)\n"
           "  tidy      the moved blocks every state has applied, removed with --write\n"
           "  version   tfw's version and terraform's\n"
           "  anything else runs terraform with the same arguments (alias terraform=tfw works)\n\n"
           "Run `tfw plan --help` for tfw's options.\n";
    return out.str();
}

PlanArgs split_plan_args(const std::vector<std::string>& terraform_args, bool for_apply) {
    PlanArgs out;
    for (std::size_t i = 0; i < terraform_args.size(); ++i) {
        const std::string& arg = terraform_args[i];
        if (arg.rfind("-out=", 0) == 0) {
            out.out = arg.substr(5);
        } else if (arg == "-out") {
            if (i + 1 >= terraform_args.size()) throw UsageError("-out needs a file name");
            out.out = terraform_args[++i];
        } else if (auto value = bool_flag(arg, "-detailed-exitcode")) {
            out.detailed_exitcode = *value;
        } else if (auto value = bool_flag(arg, "-input")) {
            out.input = *value;
        } else if (auto value = for_apply ? bool_flag(arg, "-auto-approve") : std::nullopt) {
            out.auto_approve = *value;
        } else if (auto value = bool_flag(arg, "-json")) {
            out.json = *value;
        } else if (arg.rfind("-lock-timeout=", 0) == 0) {
            out.lock_timeout = lock_timeout(arg.substr(14));
            out.lock_timeout_option = arg;
            out.passthrough.push_back(arg);
        } else if (takes_separate_value(arg) && i + 1 < terraform_args.size()) {
            if (arg == "-lock-timeout") {
                out.lock_timeout = lock_timeout(terraform_args[i + 1]);
                out.lock_timeout_option = arg + "=" + terraform_args[i + 1];
            }
            out.passthrough.push_back(arg);
            out.passthrough.push_back(terraform_args[++i]);
        } else if (!arg.empty() && arg[0] != '-') {
            if (!for_apply) throw UsageError("unexpected argument \"" + arg + "\"; terraform plan takes no positional arguments");
            if (out.plan_file) throw UsageError("more than one plan file given: " + *out.plan_file + " and " + arg);
            out.plan_file = arg;
        } else {
            out.passthrough.push_back(arg);
        }
    }
    if (out.out && out.out->empty()) throw UsageError("-out needs a file name");
    return out;
}

}  // namespace tfw::cli
