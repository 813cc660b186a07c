// `tfw moves` on show -json files: dispatch, formats, stdin, errors, and that the
// `commands` output survives a real POSIX shell unchanged.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "tfw/cli/args.hpp"
#include "tfw/cli/moves_command.hpp"
#include "tfw/core/model/address.hpp"
#include "tfw/shell/process.hpp"

namespace fs = std::filesystem;
using namespace tfw;

namespace {

// One resource_changes entry of `terraform show -json`, terraform_data's shape.
std::string change(const std::string& address_json, const std::string& action, const std::string& input) {
    std::string values = "{\"id\":\"" + std::to_string(std::hash<std::string>{}(address_json)) +
                         "\",\"input\":\"" + input + "\",\"output\":\"" + input + "\",\"triggers_replace\":null}";
    std::string body;
    if (action == "delete")
        body = "\"actions\":[\"delete\"],\"before\":" + values +
               ",\"after\":null,\"after_unknown\":{},\"before_sensitive\":{},\"after_sensitive\":false";
    else
        body = "\"actions\":[\"create\"],\"before\":null,\"after\":{\"input\":\"" + input +
               "\",\"triggers_replace\":null},\"after_unknown\":{\"id\":true,\"output\":true},"
               "\"before_sensitive\":false,\"after_sensitive\":{}";
    return "{\"address\":" + address_json +
           ",\"mode\":\"managed\",\"type\":\"terraform_data\",\"name\":\"a\","
           "\"provider_name\":\"terraform.io/builtin/terraform\",\"change\":{" +
           body + "}}";
}

// Renames terraform_data.a[KEY] for two keys Terraform prints with `'`, `$`, backticks and
// quotes, plus one deletion with nothing to pair with.
std::string awkward_plan() {
    return "{\"format_version\":\"1.2\",\"terraform_version\":\"1.11.4\",\"resource_changes\":[" +
           change(R"("terraform_data.a[\"it's $HOME\"]")", "delete", "one") + "," +
           change(R"("terraform_data.b[\"`id` \\\"q\\\" \\\\ $(x)\"]")", "create", "one") + "," +
           change(R"("terraform_data.c")", "delete", "two") + "," +
           change(R"("terraform_data.d")", "create", "two") + "," +
           change(R"("terraform_data.gone")", "delete", "three") +
           "],\"configuration\":{\"root_module\":{}},\"errored\":false}";
}

// The text without the lines that say a move was not judged by Terraform, and how many
// there were.
std::pair<std::string, std::size_t> without_unjudged_notes(const std::string& text) {
    const std::string note = "# not judged by Terraform, which has not planned with it (tfw plan does): ";
    std::string rest;
    std::size_t notes = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(note, 0) == 0) ++notes;
        else rest += line + "\n";
    }
    return {rest, notes};
}

struct Output {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Runs the command in-process with stdout and stderr captured.
Output run_moves(const std::vector<std::string>& argv) {
    std::ostringstream out, err;
    auto* old_out = std::cout.rdbuf(out.rdbuf());
    auto* old_err = std::cerr.rdbuf(err.rdbuf());
    Output result;
    try {
        result.exit_code = cli::run_moves_command(cli::parse_invocation(argv));
    } catch (...) {
        std::cout.rdbuf(old_out);
        std::cerr.rdbuf(old_err);
        throw;
    }
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

struct TempFile {
    fs::path path;
    explicit TempFile(const std::string& content, const std::string& name = "plan.json") {
        path = fs::temp_directory_path() / ("tfw-moves-test-" + std::to_string(::getpid()) + "-" + name);
        std::ofstream(path, std::ios::binary) << content;
    }
    ~TempFile() {
        std::error_code ignored;
        fs::remove(path, ignored);
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(moves_is_a_tfw_command_with_long_options) {
    cli::Invocation invocation = cli::parse_invocation({"-chdir=dir", "moves", "--format", "json", "plan.tfplan",
                                                        "--policy=p.yaml"});
    BOOST_TEST(invocation.subcommand == "moves");
    BOOST_TEST(invocation.options.format == "json");
    BOOST_TEST(invocation.options.policy_file == "p.yaml");
    BOOST_TEST(invocation.terraform_args == std::vector<std::string>{"plan.tfplan"});
    BOOST_TEST(invocation.root_dir == fs::path("dir"));
    BOOST_TEST(cli::parse_invocation({"moves", "-"}).terraform_args == std::vector<std::string>{"-"});
    BOOST_TEST(cli::parse_invocation({"moves", "-help"}).help);
}

BOOST_AUTO_TEST_CASE(hcl_is_the_default) {
    TempFile plan(awkward_plan());
    Output run = run_moves({"moves", plan.path.string()});
    BOOST_TEST(run.exit_code == 0);
    const auto [blocks, notes] = without_unjudged_notes(run.out);
    BOOST_TEST(notes == 2u, run.out);
    BOOST_TEST(run.out.rfind("# not judged by Terraform", 0) == 0u, run.out);
    BOOST_TEST(blocks ==
               "moved {\n"
               "  from = terraform_data.a[\"it's $HOME\"]\n"
               "  to   = terraform_data.b[\"`id` \\\"q\\\" \\\\ $(x)\"]\n"
               "}\n"
               "\n"
               "moved {\n"
               "  from = terraform_data.c\n"
               "  to   = terraform_data.d\n"
               "}\n");
    BOOST_TEST(run.err == "");
}

BOOST_AUTO_TEST_CASE(json_lists_moves_and_unmatched) {
    TempFile plan(awkward_plan(), "plan-without-extension");  // sniffed as JSON by its first byte
    Output run = run_moves({"moves", "--format=json", plan.path.string()});
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.out.find(R"({"moves":[)") == 0u, run.out);
    BOOST_TEST(run.out.find(R"("from":"terraform_data.c","to":"terraform_data.d","kind":"exact")") != std::string::npos);
    BOOST_TEST(run.out.find(R"("judged_by_terraform":false)") != std::string::npos, run.out);
    BOOST_TEST(run.out.find(R"({"address":"terraform_data.gone","action":"delete")") != std::string::npos, run.out);
}

BOOST_AUTO_TEST_CASE(commands_survive_a_posix_shell) {
    TempFile plan(awkward_plan());
    Output run = run_moves({"moves", "--format=commands", plan.path.string()});
    BOOST_TEST_REQUIRE(run.exit_code == 0);
    // A stand-in `terraform` prints each argument it receives on its own line.
    std::string script = "terraform() { for a in \"$@\"; do printf '%s\\n' \"$a\"; done; }\n" + run.out;
    shell::ProcessResult sh = shell::run_process("/bin/sh", {"-c", script}, {});
    BOOST_TEST(sh.exit_code == 0, sh.stderr_text);
    BOOST_TEST(sh.stdout_text ==
               "state\nmv\nterraform_data.a[\"it's $HOME\"]\nterraform_data.b[\"`id` \\\"q\\\" \\\\ $(x)\"]\n"
               "state\nmv\nterraform_data.c\nterraform_data.d\n");
    BOOST_TEST(without_unjudged_notes(run.out).second == 2u, run.out);
}

BOOST_AUTO_TEST_CASE(stdin_is_dash) {
    TempFile plan(awkward_plan());
    int saved = ::dup(STDIN_FILENO);
    int fd = ::open(plan.path.c_str(), O_RDONLY);
    BOOST_TEST_REQUIRE(fd >= 0);
    ::dup2(fd, STDIN_FILENO);
    ::close(fd);
    Output run;
    try {
        run = run_moves({"moves", "-", "--format=commands"});
    } catch (...) {
        ::dup2(saved, STDIN_FILENO);
        throw;
    }
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.out.find("terraform state mv 'terraform_data.c' 'terraform_data.d'\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(proposals_go_to_stderr) {
    TempFile plan(awkward_plan());
    TempFile policy("version: 1\naccept: []\n", "policy.yaml");
    Output run = run_moves({"moves", plan.path.string(), "--policy=" + policy.path.string()});
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.out == "");
    BOOST_TEST(run.err.find("# tfw: 2 moves found but not accepted by the policy:\n") == 0u, run.err);
    BOOST_TEST(run.err.find("#   from = terraform_data.c\n") != std::string::npos, run.err);
}

BOOST_AUTO_TEST_CASE(usage_errors) {
    TempFile plan(awkward_plan());
    BOOST_CHECK_THROW(run_moves({"moves"}), cli::UsageError);
    BOOST_CHECK_THROW(run_moves({"moves", plan.path.string(), "other.json"}), cli::UsageError);
    BOOST_CHECK_THROW(run_moves({"moves", plan.path.string(), "--format=yaml"}), cli::UsageError);
    BOOST_CHECK_THROW(run_moves({"moves", plan.path.string(), "-no-color"}), cli::UsageError);
    TempFile broken("{\"resource_changes\":[", "broken.json");
    BOOST_CHECK_THROW(run_moves({"moves", broken.path.string()}), std::runtime_error);
    BOOST_CHECK_THROW(run_moves({"moves", "/nonexistent/plan.json"}), std::runtime_error);
    Output help = run_moves({"moves", "--help"});
    BOOST_TEST(help.exit_code == 0);
    BOOST_TEST(help.out.find("Usage: tfw [-chdir=DIR] moves PLAN") == 0u);
}
