// The CI recipes in examples/ci/, run as the CI systems run them: the same command
// lines, on examples/refactor (fixture ci_example), with the real terraform. Steps that
// install tools or talk to the CI service are the service's; everything that runs tfw
// or terraform runs here.
#include <boost/test/unit_test.hpp>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "plan_checks.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

fs::path recipes_dir() { return fs::path(TFW_FIXTURES_DIR) / ".." / ".." / ".." / "examples" / "ci"; }

std::string file_text(const fs::path& path) {
    std::ifstream in(path);
    if (!in) throw E2eError("cannot read " + path.string());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// What tfw must reach on examples/refactor: four moves, one creation, nothing destroyed.
void check_example_plan(const tfw::core::Plan& plan) {
    BOOST_TEST(moves(plan).size() == 4u, describe(plan));
    BOOST_TEST(count_destroying(plan) == 0u, describe(plan));
    BOOST_TEST(count_actions(plan, Action::create) == 1u, describe(plan));
}

void check_nothing_left_to_do(const Workspace& ws) {
    RunResult after = ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(after.exit_code == 0, after.describe());
}

// Runs a job's steps whose id starts with "tfw-", in order; returns their ids.
std::vector<std::string> run_tfw_steps(const Workspace& ws, const YAML::Node& job,
                                       const std::vector<std::pair<std::string, std::string>>& env) {
    std::vector<std::string> ran;
    for (const auto& step : job["steps"]) {
        std::string id = step["id"] ? step["id"].as<std::string>() : "";
        if (id.rfind("tfw-", 0) != 0) continue;
        BOOST_TEST(step["working-directory"].as<std::string>("") == "${{ env.TF_ROOT }}", id);
        RunResult run = ws.bash(step["run"].as<std::string>(), env);
        BOOST_TEST_REQUIRE(run.exit_code == 0, id << ":\n" << run.describe());
        ran.push_back(id);
    }
    return ran;
}

}  // namespace

BOOST_AUTO_TEST_CASE(github_actions_plans_comments_and_applies_the_saved_plan) {
    YAML::Node workflow = YAML::LoadFile((recipes_dir() / "github-actions.yml").string());
    BOOST_TEST_REQUIRE(workflow["env"]["TF_ROOT"].as<std::string>() == "examples/refactor");
    Workspace ws("ci_example");
    fs::path step_summary = ws.scratch() / "step-summary.md";
    const std::vector<std::pair<std::string, std::string>> env = {{"GITHUB_STEP_SUMMARY", step_summary.string()},
                                                                  {"TF_IN_AUTOMATION", "1"}};

    // The pull request: plan, summary, comment.
    const YAML::Node& plan_job = workflow["jobs"]["plan"];
    BOOST_TEST((run_tfw_steps(ws, plan_job, env) == std::vector<std::string>{"tfw-init", "tfw-plan", "tfw-summary"}),
               boost::test_tools::per_element());
    BOOST_TEST_REQUIRE(ws.exists("tfplan"));
    check_example_plan(ws.show_plan("tfplan"));
    std::string comment_file;
    for (const auto& step : plan_job["steps"])
        if (step["uses"] && step["uses"].as<std::string>().find("sticky-pull-request-comment") != std::string::npos)
            comment_file = step["with"]["path"].as<std::string>();
    BOOST_TEST_REQUIRE(comment_file == "${{ env.TF_ROOT }}/tfw-plan.md");
    const std::string markdown = ws.read_file("tfw-plan.md");
    BOOST_TEST(markdown.find("### tfw: 4 moves inferred") == 0u, markdown);
    BOOST_TEST(markdown.find("| `terraform_data.web` | `terraform_data.frontend` |") != std::string::npos, markdown);
    BOOST_TEST(markdown.find("**Final plan:** 1 to add, 0 to change, 0 to destroy") != std::string::npos, markdown);
    BOOST_TEST(file_text(step_summary) == markdown);

    // The merge: plan again, apply that plan.
    fs::remove(ws.dir() / "tfplan");
    BOOST_TEST((run_tfw_steps(ws, workflow["jobs"]["apply"], env) ==
                std::vector<std::string>{"tfw-init", "tfw-plan", "tfw-apply"}),
               boost::test_tools::per_element());
    check_nothing_left_to_do(ws);
}

BOOST_AUTO_TEST_CASE(atlantis_workflow_plans_and_applies_with_tfw) {
    YAML::Node config = YAML::LoadFile((recipes_dir() / "atlantis-repos.yaml").string());
    BOOST_TEST_REQUIRE(config["repos"][0]["workflow"].as<std::string>() == "tfw");
    const YAML::Node& workflow = config["workflows"]["tfw"];
    Workspace ws("ci_example");
    fs::path plan_file = ws.dir() / "default.tfplan";
    const std::vector<std::pair<std::string, std::string>> env = {
        {"PLANFILE", plan_file.string()}, {"DIR", ws.dir().string()}, {"WORKSPACE", "default"}};

    auto run_stage = [&](const char* stage) {
        std::size_t ran = 0;
        for (const auto& step : workflow[stage]["steps"]) {
            RunResult run = step.IsScalar() && step.as<std::string>() == "init"
                                ? ws.terraform({"init", "-input=false", "-no-color"})
                                : ws.bash(step["run"].as<std::string>(), env);
            BOOST_TEST_REQUIRE(run.exit_code == 0, stage << ":\n" << run.describe());
            ++ran;
        }
        return ran;
    };
    BOOST_TEST(run_stage("plan") == 2u);
    BOOST_TEST_REQUIRE(fs::exists(plan_file));
    check_example_plan(ws.show_plan(plan_file));
    BOOST_TEST(ws.read_file("default.tfplan.md").find("### tfw: 4 moves inferred") == 0u);
    BOOST_TEST(run_stage("apply") == 1u);
    check_nothing_left_to_do(ws);
}

// terragrunt itself cannot be installed here; its command lines can. It copies the
// module into <unit>/.terragrunt-cache/<hash>/<hash>/ and runs terraform_binary there
// with the extra arguments of terragrunt.hcl.
BOOST_AUTO_TEST_CASE(terragrunt_runs_tfw_in_its_cache_and_write_refuses_there) {
    const std::string hcl = file_text(recipes_dir() / "terragrunt" / "terragrunt.hcl");
    BOOST_TEST_REQUIRE(std::regex_search(hcl, std::regex("\nterraform_binary\\s*=\\s*\"tfw\"\n")));
    std::smatch arguments;
    BOOST_TEST_REQUIRE(std::regex_search(hcl, arguments, std::regex("arguments\\s*=\\s*\\[([^\\]]*)\\]")));
    std::vector<std::string> extra;
    std::string list = arguments[1];
    const std::regex quoted("\"([^\"]*)\"");
    for (std::sregex_iterator it(list.begin(), list.end(), quoted), end; it != end; ++it)
        extra.push_back((*it)[1]);
    BOOST_TEST((extra == std::vector<std::string>{"-input=false", "-out=tfplan"}), boost::test_tools::per_element());

    Workspace ws("ci_example");
    fs::path cache_copy = ws.scratch() / "live" / "app" / ".terragrunt-cache" / "Xq3v" / "kL9p";
    fs::create_directories(cache_copy);
    fs::copy(ws.fixture_dir() / "before", cache_copy, fs::copy_options::recursive);
    const std::string chdir = "-chdir=" + cache_copy.string();
    RunResult init = ws.terraform({chdir, "init", "-input=false", "-no-color"});
    BOOST_TEST_REQUIRE(init.exit_code == 0, init.describe());

    std::vector<std::string> plan = {chdir, "plan"};
    plan.insert(plan.end(), extra.begin(), extra.end());
    RunResult planned = ws.tfw(plan);
    BOOST_TEST_REQUIRE(planned.exit_code == 0, planned.describe());
    check_example_plan(ws.show_plan(cache_copy / "tfplan"));

    // --write there would be thrown away with the copy: refused, in one line, nothing written.
    const std::string main_tf = file_text(cache_copy / "main.tf");
    RunResult write = ws.tfw({chdir, "plan", "-input=false", "--write"});
    BOOST_TEST(write.exit_code == 1, write.describe());
    BOOST_TEST(write.out == "", write.describe());
    BOOST_TEST(write.err.find(".terragrunt-cache") != std::string::npos, write.describe());
    BOOST_TEST(std::count(write.err.begin(), write.err.end(), '\n') == 1, write.describe());
    BOOST_TEST(!fs::exists(cache_copy / "moved.tf"));
    BOOST_TEST(file_text(cache_copy / "main.tf") == main_tf);
}
