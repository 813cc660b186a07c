#include "tfw/cli/args.hpp"

#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <vector>

using namespace tfw::cli;

namespace {

using Strings = std::vector<std::string>;

// Everything parse_invocation decides, on one line per field, so a failing case shows
// the whole difference.
std::string show(const Invocation& in) {
    auto list = [](const Strings& items) {
        std::string out = "[";
        for (const auto& item : items) out += (out.size() > 1 ? " " : "") + item;
        return out + "]";
    };
    const TfwOptions& o = in.options;
    return "global=" + list(in.global_args) + " root=" + in.root_dir.string() + " sub=" + in.subcommand +
           " tf=" + list(in.terraform_args) + " help=" + (in.help ? "1" : "0") + " version=" + (in.version ? "1" : "0") +
           " max=" + std::to_string(o.max_iterations) + " bin=" + o.terraform_bin + " policy=" + o.policy_file +
           " report=" + o.report_file + " report_format=" + o.report_format + " moved=" + o.moved_file + " write=" + (o.write ? "1" : "0") +
           " explain=" + (o.explain ? "1" : "0");
}

// The defaults, with `changes` applied in order: "field=value".
std::string expected(const std::string& subcommand, const Strings& terraform_args, const Strings& changes = {}) {
    Invocation in;
    in.subcommand = subcommand;
    in.terraform_args = terraform_args;
    for (const auto& change : changes) {
        std::string key = change.substr(0, change.find('='));
        std::string value = change.substr(change.find('=') + 1);
        if (key == "global") in.global_args.push_back(value);
        else if (key == "root") in.root_dir = value;
        else if (key == "help") in.help = true;
        else if (key == "version") in.version = true;
        else if (key == "max") in.options.max_iterations = std::stoi(value);
        else if (key == "bin") in.options.terraform_bin = value;
        else if (key == "policy") in.options.policy_file = value;
        else if (key == "report") in.options.report_file = value;
        else if (key == "report_format") in.options.report_format = value;
        else if (key == "moved") in.options.moved_file = value;
        else if (key == "write") in.options.write = true;
        else if (key == "explain") in.options.explain = true;
        else throw std::logic_error("unknown field " + key);
    }
    return show(in);
}

std::string usage_error(const Strings& argv) {
    try {
        parse_invocation(argv);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

std::string show(const PlanArgs& a) {
    std::string out = "pass=[";
    for (std::size_t i = 0; i < a.passthrough.size(); ++i) out += (i ? " " : "") + a.passthrough[i];
    out += "] out=" + (a.out ? *a.out : std::string("-")) + " detailed=" + (a.detailed_exitcode ? "1" : "0") +
           " input=" + (a.input ? "1" : "0") + " approve=" + (a.auto_approve ? "1" : "0") + (a.json ? " json" : "") +
           " planfile=" + (a.plan_file ? *a.plan_file : std::string("-"));
    if (!a.lock_timeout_option.empty())
        out += " wait=" + std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(a.lock_timeout).count()) +
               "ms(" + a.lock_timeout_option + ")";
    return out;
}

std::string split_error(const Strings& args, bool for_apply) {
    try {
        split_plan_args(args, for_apply);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(parse_invocation_table) {
    struct Case {
        std::string name;
        Strings argv;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"nothing", {}, expected("", {})},
        {"plain plan", {"plan"}, expected("plan", {})},
        {"--opt=value", {"plan", "--max-iterations=3"}, expected("plan", {}, {"max=3"})},
        {"--opt value", {"plan", "--max-iterations", "3"}, expected("plan", {}, {"max=3"})},
        {"tfw options before the subcommand", {"--max-iterations=4", "--explain", "plan"},
         expected("plan", {}, {"max=4", "explain=1"})},
        {"every tfw option, both forms",
         {"plan", "--terraform-bin=/opt/tf", "--policy", "p.yaml", "--report=r.json", "--moved-file", "moves.tf", "--write",
          "--explain", "--max-iterations=2"},
         expected("plan", {}, {"bin=/opt/tf", "policy=p.yaml", "report=r.json", "moved=moves.tf", "write=1", "explain=1", "max=2"})},
        {"--report-format markdown", {"plan", "--report=pr.md", "--report-format", "markdown", "-json"},
         expected("plan", {"-json"}, {"report=pr.md", "report_format=markdown"})},
        {"a value with = inside", {"plan", "--policy=dir/a=b.yaml"}, expected("plan", {}, {"policy=dir/a=b.yaml"})},
        {"a separate value that starts with a dash", {"plan", "--terraform-bin", "-odd"}, expected("plan", {}, {"bin=-odd"})},
        {"single-dash args pass through in order",
         {"plan", "-lock=false", "-var", "a=b", "--write", "-target=terraform_data.x", "-no-color", "-var-file", "x.tfvars"},
         expected("plan", {"-lock=false", "-var", "a=b", "-target=terraform_data.x", "-no-color", "-var-file", "x.tfvars"},
                  {"write=1"})},
        {"-chdir", {"-chdir=infra/prod", "plan"}, expected("plan", {}, {"global=-chdir=infra/prod", "root=infra/prod"})},
        {"-chdir with other globals", {"-chdir=a", "-no-color", "plan", "-out=x"},
         expected("plan", {"-out=x"}, {"global=-chdir=a", "root=a", "global=-no-color"})},
        {"--help", {"--help"}, expected("", {}, {"help=1"})},
        {"-help", {"-help"}, expected("", {}, {"help=1"})},
        {"-h", {"-h"}, expected("", {}, {"help=1"})},
        {"plan --help", {"plan", "--help"}, expected("plan", {}, {"help=1"})},
        {"plan -help", {"plan", "-help"}, expected("plan", {}, {"help=1"})},
        {"apply -h", {"apply", "-h"}, expected("apply", {}, {"help=1"})},
        {"--version", {"--version"}, expected("", {}, {"version=1"})},
        {"-version", {"-version"}, expected("", {}, {"version=1"})},
        {"-v", {"-v"}, expected("", {}, {"version=1"})},
        {"version subcommand", {"version"}, expected("version", {})},
        {"other subcommands pass everything on", {"state", "mv", "--write", "-dry-run", "a", "b"},
         expected("state", {"mv", "--write", "-dry-run", "a", "b"})},
        {"other subcommands keep their -help", {"init", "-help"}, expected("init", {"-help"})},
        {"other subcommands keep --help", {"fmt", "--help"}, expected("fmt", {"--help"})},
        {"apply with a plan file", {"apply", "-auto-approve", "tfplan"}, expected("apply", {"-auto-approve", "tfplan"})},
        {"a lone -- goes to terraform", {"plan", "--"}, expected("plan", {"--"})},
        {"--moved-file default", {"plan", "--write"}, expected("plan", {}, {"write=1", "moved=moved.tf"})},
        {"--moved-file a.tf", {"plan", "--moved-file=a.tf"}, expected("plan", {}, {"moved=a.tf"})},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            try {
                BOOST_TEST(show(parse_invocation(c.argv)) == c.expected);
            } catch (const std::exception& e) {
                BOOST_ERROR("threw " << e.what());
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(parse_invocation_errors) {
    struct Case {
        std::string name;
        Strings argv;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"unknown option", {"plan", "--frobnicate"}, "unrecognised option '--frobnicate'"},
        {"unknown option before the subcommand", {"--frobnicate", "plan"}, "unrecognised option '--frobnicate'"},
        {"unknown option with a value", {"plan", "--frobnicate=3"}, "unrecognised option '--frobnicate=3'"},
        {"--max-iterations=0", {"plan", "--max-iterations=0"}, "--max-iterations must be at least 1"},
        {"--max-iterations negative", {"plan", "--max-iterations", "-2"}, "--max-iterations must be at least 1"},
        {"--max-iterations not a number", {"plan", "--max-iterations=many"},
         "the argument ('many') for option '--max-iterations' is invalid"},
        {"value missing at the end", {"plan", "--max-iterations"}, "option --max-iterations needs a value"},
        {"--policy missing its value", {"plan", "--policy"}, "option --policy needs a value"},
        {"-chdir without a directory", {"-chdir=", "plan"}, "-chdir needs a directory"},
        // Issue 48: each refusal says what is wrong with the name.
        {"--moved-file in a directory", {"plan", "--moved-file=sub/moved.tf"},
         "--moved-file must be a file name, not a path (tfw writes it in each module's directory): sub/moved.tf"},
        {"--moved-file in the parent directory", {"plan", "--moved-file=../x.tf"},
         "--moved-file must be a file name, not a path (tfw writes it in each module's directory): ../x.tf"},
        {"--moved-file not .tf", {"plan", "--moved-file", "moved.txt"},
         "--moved-file must be a .tf file name that terraform reads (not hidden, not a backup): moved.txt"},
        {"--moved-file .tf.json", {"plan", "--moved-file=moved.tf.json"},
         "--moved-file must be a .tf file name that terraform reads (not hidden, not a backup): moved.tf.json"},
        {"--moved-file a backup", {"plan", "--moved-file=moved.tf~"},
         "--moved-file must be a .tf file name that terraform reads (not hidden, not a backup): moved.tf~"},
        {"--moved-file override.tf", {"plan", "--moved-file=override.tf"},
         "--moved-file must not be an override file, where terraform refuses moved blocks: override.tf"},
        {"--moved-file x_override.tf", {"plan", "--moved-file=x_override.tf"},
         "--moved-file must not be an override file, where terraform refuses moved blocks: x_override.tf"},
        {"--moved-file empty", {"plan", "--moved-file="},
         "option --moved-file needs a value"},
        {"--moved-file only the extension", {"plan", "--moved-file=.tf"},
         "--moved-file must be a .tf file name that terraform reads (not hidden, not a backup): .tf"},
        // Terraform ignores files whose names start with "." (checked with 1.11: a moved
        // block in .moved.tf has no effect), so the blocks would silently do nothing.
        {"--report-format unknown", {"plan", "--report-format=html"}, "--report-format must be json or markdown, not html"},
        {"--moved-file hidden", {"plan", "--moved-file=.moved.tf"},
         "--moved-file must be a .tf file name that terraform reads (not hidden, not a backup): .moved.tf"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(usage_error(c.argv) == c.error); }
    }
}

// Issue 23: an option a command would ignore is refused, naming the option and the command.
BOOST_AUTO_TEST_CASE(an_option_the_command_does_not_read_is_a_usage_error) {
    struct Case {
        Strings argv;
        std::string error;  // "no error" when accepted
    };
    const std::vector<Case> cases = {
        {{"plan", "--format=json"}, "option --format does not apply to tfw plan without --root"},
        {{"plan", "--include-shared"}, "option --include-shared does not apply to tfw plan without --root"},
        {{"apply", "--format=commands"}, "option --format does not apply to tfw apply without --root"},
        {{"tidy", "--policy=p.yaml"}, "option --policy does not apply to tfw tidy"},
        {{"tidy", "--max-iterations=3"}, "option --max-iterations does not apply to tfw tidy"},
        {{"tidy", "--moved-file=m.tf"}, "option --moved-file does not apply to tfw tidy"},
        {{"moves", "plan.bin", "--write"}, "option --write does not apply to tfw moves"},
        {{"moves", "plan.bin", "--explain"}, "option --explain does not apply to tfw moves"},
        {{"apply", "--root=a", "--write"}, "option --write does not apply to tfw apply --root"},
        {{"apply", "--root=a", "--format=json"}, "option --format does not apply to tfw apply --root"},
        {{"plan", "--root=a", "--include-shared"}, "option --include-shared does not apply to tfw plan --root"},
        {{"--write", "init"}, "option --write does not apply to tfw init, which runs terraform init"},
        {{"--policy=p.yaml", "version"}, "option --policy does not apply to tfw version, which runs terraform version"},
        {{"--explain"}, "option --explain does not apply to tfw without a subcommand"},
        // What each command reads.
        {{"plan", "--write", "--moved-file=m.tf", "--explain", "--policy=p", "--report=r", "--report-format=markdown",
          "--max-iterations=2", "--terraform-bin=t"}, "no error"},
        {{"apply", "--write", "--explain", "--policy=p"}, "no error"},
        {{"plan", "--root=a", "--root=b", "--format=commands", "--write", "--explain", "--report=r"}, "no error"},
        {{"apply", "--root=a", "--policy=p", "--explain", "--max-iterations=3"}, "no error"},
        {{"moves", "plan.bin", "--format=json", "--policy=p", "--terraform-bin=t"}, "no error"},
        {{"tidy", "--write", "--include-shared", "--terraform-bin=t"}, "no error"},
        {{"--terraform-bin=t", "version"}, "no error"},
        {{"--terraform-bin=t", "init"}, "no error"},
        // Defaults are not options given.
        {{"tidy"}, "no error"},
    };
    for (const auto& c : cases) {
        std::string joined;
        for (const auto& arg : c.argv) joined += " " + arg;
        BOOST_TEST_CONTEXT("tfw" << joined) { BOOST_TEST(usage_error(c.argv) == c.error); }
    }
}

BOOST_AUTO_TEST_CASE(usage_text_names_the_options) {
    std::string plan = usage_text("plan");
    for (const char* option : {"--max-iterations", "--terraform-bin", "--policy", "--write", "--moved-file", "--explain",
                               "--report"}) {
        BOOST_TEST_CONTEXT(option) { BOOST_TEST(plan.find(option) != std::string::npos); }
    }
    BOOST_TEST(plan.rfind("Usage: tfw [-chdir=DIR] plan", 0) == 0u);
    BOOST_TEST(usage_text("apply").rfind("Usage: tfw [-chdir=DIR] apply", 0) == 0u);
    BOOST_TEST(usage_text("").rfind("Usage: tfw [-chdir=DIR] <subcommand>", 0) == 0u);
}

BOOST_AUTO_TEST_CASE(split_plan_args_table) {
    struct Case {
        std::string name;
        Strings args;
        bool for_apply;
        std::string expected;
    };
    const std::string defaults = "pass=[] out=- detailed=0 input=1 approve=0 planfile=-";
    const std::vector<Case> cases = {
        {"nothing", {}, false, defaults},
        {"-out=F", {"-out=tfplan"}, false, "pass=[] out=tfplan detailed=0 input=1 approve=0 planfile=-"},
        {"-out F", {"-out", "tfplan"}, false, "pass=[] out=tfplan detailed=0 input=1 approve=0 planfile=-"},
        {"-out with a path", {"-out=dir/my plan"}, false, "pass=[] out=dir/my plan detailed=0 input=1 approve=0 planfile=-"},
        {"-out value that starts with a dash", {"-out", "-p"}, false, "pass=[] out=-p detailed=0 input=1 approve=0 planfile=-"},
        {"-var a=b", {"-var", "a=b"}, false, "pass=[-var a=b] out=- detailed=0 input=1 approve=0 planfile=-"},
        {"-var=a=b", {"-var=a=b"}, false, "pass=[-var=a=b] out=- detailed=0 input=1 approve=0 planfile=-"},
        {"separate values keep their order",
         {"-var-file", "prod.tfvars", "-lock=false", "-target", "terraform_data.a", "-replace", "terraform_data.b", "-var",
          "x=1"},
         false, "pass=[-var-file prod.tfvars -lock=false -target terraform_data.a -replace terraform_data.b -var x=1] out=- "
                "detailed=0 input=1 approve=0 planfile=-"},
        {"-parallelism and -lock-timeout", {"-parallelism", "4", "-lock-timeout", "10s"}, false,
         "pass=[-parallelism 4 -lock-timeout 10s] out=- detailed=0 input=1 approve=0 planfile=- "
         "wait=10000ms(-lock-timeout=10s)"},
        // -lock-timeout stays terraform's (its state lock) and is tfw's wait for its own lock.
        {"-lock-timeout=120s", {"-lock-timeout=120s"}, false,
         "pass=[-lock-timeout=120s] out=- detailed=0 input=1 approve=0 planfile=- wait=120000ms(-lock-timeout=120s)"},
        {"-lock-timeout=5m on apply", {"-lock-timeout=5m"}, true,
         "pass=[-lock-timeout=5m] out=- detailed=0 input=1 approve=0 planfile=- wait=300000ms(-lock-timeout=5m)"},
        {"-lock-timeout=0s", {"-lock-timeout=0s"}, false,
         "pass=[-lock-timeout=0s] out=- detailed=0 input=1 approve=0 planfile=- wait=0ms(-lock-timeout=0s)"},
        {"-lock-timeout twice: the last wins", {"-lock-timeout=1s", "-lock-timeout=2m30s"}, false,
         "pass=[-lock-timeout=1s -lock-timeout=2m30s] out=- detailed=0 input=1 approve=0 planfile=- "
         "wait=150000ms(-lock-timeout=2m30s)"},
        {"-detailed-exitcode", {"-detailed-exitcode"}, false, "pass=[] out=- detailed=1 input=1 approve=0 planfile=-"},
        {"-detailed-exitcode=true, as Go's flag package allows", {"-detailed-exitcode=true"}, false,
         "pass=[] out=- detailed=1 input=1 approve=0 planfile=-"},
        {"-input=false", {"-input=false"}, false, "pass=[] out=- detailed=0 input=0 approve=0 planfile=-"},
        {"-input=0", {"-input=0"}, false, "pass=[] out=- detailed=0 input=0 approve=0 planfile=-"},
        {"-input=False, as Go's ParseBool allows", {"-input=False"}, false,
         "pass=[] out=- detailed=0 input=0 approve=0 planfile=-"},
        {"-input=false then -input=true", {"-input=false", "-input=true"}, false, defaults},
        {"everything at once",
         {"-no-color", "-out", "p", "-var", "a=b", "-detailed-exitcode", "-input=false", "-refresh=false"}, false,
         "pass=[-no-color -var a=b -refresh=false] out=p detailed=1 input=0 approve=0 planfile=-"},
        {"apply -auto-approve", {"-auto-approve"}, true, "pass=[] out=- detailed=0 input=1 approve=1 planfile=-"},
        {"apply -auto-approve=true", {"-auto-approve=true"}, true, "pass=[] out=- detailed=0 input=1 approve=1 planfile=-"},
        {"plan passes -auto-approve on", {"-auto-approve"}, false,
         "pass=[-auto-approve] out=- detailed=0 input=1 approve=0 planfile=-"},
        {"apply PLANFILE", {"-auto-approve", "tfplan"}, true, "pass=[] out=- detailed=0 input=1 approve=1 planfile=tfplan"},
        {"apply: a -var value is not a plan file", {"-var", "a=b", "-target", "x.y"}, true,
         "pass=[-var a=b -target x.y] out=- detailed=0 input=1 approve=0 planfile=-"},
        {"plan -json", {"-json"}, false, "pass=[] out=- detailed=0 input=1 approve=0 json planfile=-"},
        {"apply -json -auto-approve", {"-auto-approve", "-json"}, true,
         "pass=[] out=- detailed=0 input=1 approve=1 json planfile=-"},
        // From TF_CLI_ARGS_plan, then the command line: the last one wins.
        {"-json then -json=false", {"-json", "-json=false"}, false, defaults},
        {"-out twice", {"-out=env.tfplan", "-out=cli.tfplan"}, false,
         "pass=[] out=cli.tfplan detailed=0 input=1 approve=0 planfile=-"},
        {"a trailing -var without its value passes on", {"-var"}, false,
         "pass=[-var] out=- detailed=0 input=1 approve=0 planfile=-"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            try {
                BOOST_TEST(show(split_plan_args(c.args, c.for_apply)) == c.expected);
            } catch (const std::exception& e) {
                BOOST_ERROR("threw " << e.what());
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(split_plan_args_errors) {
    struct Case {
        std::string name;
        Strings args;
        bool for_apply;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"-out at the end", {"-out"}, false, "-out needs a file name"},
        {"-out= empty", {"-out="}, false, "-out needs a file name"},
        {"-json=maybe", {"-json=maybe"}, false, "invalid boolean value in -json=maybe"},
        {"plan takes no positional argument", {"-out=p", "dir"}, false,
         "unexpected argument \"dir\"; terraform plan takes no positional arguments"},
        {"apply takes one plan file", {"a.tfplan", "b.tfplan"}, true, "more than one plan file given: a.tfplan and b.tfplan"},
        {"-lock-timeout without a unit", {"-lock-timeout=120"}, false,
         "invalid value \"120\" for -lock-timeout: a duration such as 30s, 5m or 1h30m"},
        {"-lock-timeout empty", {"-lock-timeout="}, false,
         "invalid value \"\" for -lock-timeout: a duration such as 30s, 5m or 1h30m"},
        {"-lock-timeout D with an unknown unit", {"-lock-timeout", "2d"}, false,
         "invalid value \"2d\" for -lock-timeout: a duration such as 30s, 5m or 1h30m"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(split_error(c.args, c.for_apply) == c.error); }
    }
}
