// No secret in any file tfw writes or any line it prints (issue 33). Four sensitive
// variables, each with a value found nowhere else, come in by every way Terraform takes
// one: -var on the command line, TF_CLI_ARGS_plan (and _apply), TF_VAR_ and a .tfvars
// file. tfw then runs with every output it has: --report as JSON and Markdown, --explain,
// -json, -out, and between two roots --format=json and --format=commands, and the
// migration of `tfw apply --root` with the files it keeps. Not one byte of what tfw
// printed or left on disk (the roots, their data directories, the reports, the kept
// migration, its TMPDIR) holds a canary.
//
// The variables are required (each run gets all four) and ephemeral, used only in a
// validation and a check: Terraform keeps them out of every plan and state (a plan file
// holds every other variable's value, and tfw saves -out 0600 for that, checked too).
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "checks.hpp"
#include "roots_split.hpp"

using namespace tfw::e2e;

namespace {

// Unique to this run; all four start with `canary_mark`.
const std::string canary_mark = "tfwcanary";
std::string canary(const std::string& way) {
    return canary_mark + "-" + way + "-" + std::to_string(::getpid()) + "-" +
           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
}

std::string canary_variables() {
    std::string out;
    for (const std::string name : {"canary_cli", "canary_cli_args", "canary_tf_var", "canary_tfvars"})
        out += "variable \"" + name + "\" {\n"
               "  type      = string\n"
               "  sensitive = true\n"
               "  ephemeral = true\n"
               "  validation {\n"
               "    condition     = length(var." + name + ") > 8\n"
               "    error_message = \"Too short.\"\n"
               "  }\n"
               "}\n\n"
               "check \"" + name + "\" {\n"
               "  assert {\n"
               "    condition     = length(var." + name + ") > 8\n"
               "    error_message = \"Too short.\"\n"
               "  }\n"
               "}\n\n";
    return out;
}

// Every regular file under `dir` that holds the mark, by path.
std::string files_with_the_mark(const fs::path& dir) {
    std::string found;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        if (!it->is_regular_file() || it->is_symlink()) continue;
        std::ifstream in(it->path(), std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        if (bytes.str().find(canary_mark) != std::string::npos) found += it->path().string() + "\n";
    }
    return found;
}

}  // namespace

BOOST_AUTO_TEST_CASE(no_canary_in_anything_tfw_prints_or_writes) {
    SplitRoots roots;
    const fs::path out = roots.a.scratch() / "out";
    const fs::path inputs = roots.a.scratch() / "inputs";  // the user's own secrets, not scanned
    fs::create_directories(out / "tmp");
    fs::create_directories(inputs);
    roots.switch_both("after", "after");
    for (Workspace* ws : {&roots.a, &roots.b}) ws->write_file("canary.tf", canary_variables());

    const std::string by_cli = canary("cli"), by_cli_args = canary("cli-args"), by_tf_var = canary("tf-var"),
                      by_tfvars = canary("tfvars");
    std::ofstream(inputs / "canary.tfvars") << "canary_tfvars = \"" << by_tfvars << "\"\n";
    roots.a.set_environment("TF_CLI_ARGS_plan", "-var=canary_cli_args=" + by_cli_args);
    roots.a.set_environment("TF_CLI_ARGS_apply", "-var=canary_cli_args=" + by_cli_args);
    roots.a.set_environment("TF_VAR_canary_tf_var", by_tf_var);
    roots.a.set_environment("XDG_STATE_HOME", (out / "state").string());
    roots.a.set_environment("TMPDIR", (out / "tmp").string());
    // Every terraform tfw starts, as `ps` and /proc/PID/cmdline show it to any local user:
    // its argv, one line a run, in a log outside what is scanned below.
    const fs::path argv_log = inputs / "terraform-argv.log";
    const fs::path logging_terraform = inputs / "terraform";
    std::ofstream(logging_terraform) << "#!/bin/sh\ntr '\\0' ' ' < /proc/$$/cmdline >> '" << argv_log.string()
                                     << "'\necho >> '" << argv_log.string() << "'\nexec '" << terraform_binary().string()
                                     << "' \"$@\"\n";
    fs::permissions(logging_terraform, fs::perms::owner_all);
    roots.a.set_environment("TFW_TERRAFORM_BIN", logging_terraform.string());
    const std::vector<std::string> inputs_args = {"-no-color", "-var=canary_cli=" + by_cli,
                                                  "-var-file=" + (inputs / "canary.tfvars").string()};
    auto with_inputs = [&](std::vector<std::string> args) {
        args.insert(args.begin() + 1, inputs_args.begin(), inputs_args.end());
        return args;
    };
    const std::string b = roots.b.dir().string();

    std::string printed;
    auto run = [&](const std::vector<std::string>& args, int expected_exit_code) {
        const RunResult result = roots.a.tfw(with_inputs(args));
        BOOST_TEST(result.exit_code == expected_exit_code, result.describe());
        printed += result.out + result.err;
    };
    run({"plan", "-input=false", "-out=" + (out / "a.tfplan").string(), "--explain", "--report=" + (out / "a.json").string()}, 0);
    run({"plan", "-input=false", "-json", "--report=" + (out / "a.md").string(), "--report-format=markdown"}, 0);
    run({"plan", "-input=false", "--root", b, "--format=json", "--report=" + (out / "roots.json").string()}, 0);
    run({"plan", "-input=false", "--root", b, "--format=commands", "--report=" + (out / "roots.md").string(),
         "--report-format=markdown"},
        0);
    run({"apply", "-auto-approve", "--root", b}, 0);

    // Each run gave terraform every canary: the variables are required.
    BOOST_TEST(contains(printed, "tfw: moved 5 objects between root modules"), printed);
    for (const auto& report : {"a.json", "a.md", "roots.json", "roots.md"})
        BOOST_TEST(fs::exists(out / report), report);
    BOOST_TEST_REQUIRE(fs::exists(out / "state"), "the migration kept no file");

    BOOST_TEST(printed.find(canary_mark) == std::string::npos, "a canary in what tfw printed:\n" << printed);
    // Issue 48: TF_CLI_ARGS_plan's and _apply's secret reached terraform (the runs above
    // needed it), in its environment: never in any terraform's argv. The command line's
    // own -var is in argv, where the user put it.
    const std::string argvs = read_text_file(argv_log);
    BOOST_TEST(occurrences(argvs, "\n") >= 10u, argvs);
    BOOST_TEST(contains(argvs, by_cli), "the log shows no argv:\n" << argvs);
    BOOST_TEST(!contains(argvs, by_cli_args), "TF_CLI_ARGS's secret in a terraform's argv:\n" << argvs);
    for (const fs::path& dir : {roots.a.dir(), roots.b.dir(), out}) {
        const std::string found = files_with_the_mark(dir);
        BOOST_TEST(found.empty(), "a canary in these files:\n" << found);
    }
    // The saved plan is compressed: Terraform reads it back.
    const RunResult shown = roots.a.terraform({"show", "-json", (out / "a.tfplan").string()});
    BOOST_TEST(shown.exit_code == 0, shown.describe());
    BOOST_TEST(shown.out.find(canary_mark) == std::string::npos, "a canary in the saved plan");
    struct stat saved {};
    BOOST_TEST_REQUIRE(::stat((out / "a.tfplan").c_str(), &saved) == 0);
    BOOST_TEST((saved.st_mode & 0777) == 0600u, "the saved plan, which holds the state and variables, is not 0600");
}
