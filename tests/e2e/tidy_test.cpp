// tfw tidy on real terraform with the local backend and two workspaces, `default` and
// `staging`: a moved block stays while either state still has an object at its `from`
// address, goes once both have applied it, and the plain plans of both workspaces are
// the same after the removal. Chains go only whole; blocks of a shared module go only
// with --include-shared.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "tfw/shell/process.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

// An empty TF_WORKSPACE is no override: terraform uses the selected workspace.
void in_workspace(Workspace& ws, const std::string& workspace) { ws.set_environment("TF_WORKSPACE", workspace); }

void apply(Workspace& ws, const std::string& workspace) {
    in_workspace(ws, workspace);
    RunResult applied = ws.terraform({"apply", "-auto-approve", "-input=false"});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    in_workspace(ws, "");
}

void new_workspace(Workspace& ws, const std::string& workspace) {
    in_workspace(ws, "");
    RunResult created = ws.terraform({"workspace", "new", workspace});
    BOOST_TEST_REQUIRE(created.exit_code == 0, created.describe());
    RunResult selected = ws.terraform({"workspace", "select", "default"});
    BOOST_TEST_REQUIRE(selected.exit_code == 0, selected.describe());
}

// `terraform plan -detailed-exitcode`: 0 when the workspace's state matches the configuration.
int plain_plan_exit(Workspace& ws, const std::string& workspace) {
    in_workspace(ws, workspace);
    RunResult planned = ws.terraform({"plan", "-input=false", "-detailed-exitcode"});
    in_workspace(ws, "");
    BOOST_TEST(planned.exit_code != 1, planned.describe());
    return planned.exit_code;
}

bool has_line(const RunResult& run, const std::string& start, const std::string& part) {
    std::size_t at = 0;
    while ((at = run.out.find(start, at)) != std::string::npos) {
        std::size_t end = run.out.find('\n', at);
        if (run.out.substr(at, end - at).find(part) != std::string::npos) return true;
        at = end;
    }
    return false;
}

// The refactored configuration applied in `default` only; `staging` still holds the
// objects at their old addresses.
struct HalfApplied {
    Workspace ws{"tidy_workspaces"};
    HalfApplied() {
        ws.apply_before();
        new_workspace(ws, "staging");
        apply(ws, "staging");
        ws.switch_to("after");
        apply(ws, "default");
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(keeps_what_a_workspace_still_needs_then_removes_it_once_applied) {
    HalfApplied setup;
    Workspace& ws = setup.ws;
    const Snapshot before = ws.snapshot();

    RunResult kept = ws.tfw({"tidy", "--write"});
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    BOOST_TEST(has_line(kept, "moved.tf:1: stays: terraform_data.old -> terraform_data.new", "workspace staging"), kept.out);
    BOOST_TEST(has_line(kept, "modules/net/main.tf:5: stays: terraform_data.subnet -> terraform_data.private_subnet",
                        "workspace staging"),
               kept.out);
    BOOST_TEST(kept.out.find("can go") == std::string::npos, kept.out);
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");

    apply(ws, "staging");
    const Snapshot applied = ws.snapshot();
    BOOST_TEST(plain_plan_exit(ws, "default") == 0);
    BOOST_TEST(plain_plan_exit(ws, "staging") == 0);

    RunResult dry = ws.tfw({"tidy"});
    BOOST_TEST(dry.exit_code == 0, dry.describe());
    BOOST_TEST(has_line(dry, "moved.tf:1: can go:", "every state has applied it (workspaces default, staging)"), dry.out);
    BOOST_TEST(has_line(dry, "modules/net/main.tf:5: can go:", "every state has applied it"), dry.out);
    BOOST_TEST(snapshot_difference(applied, ws.snapshot()) == "", "a dry run changes no file");

    const std::string module_main = ws.read_file("modules/net/main.tf");
    RunResult removed = ws.tfw({"tidy", "--write"});
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(removed.out.find("tfw tidy: removed 2 moved blocks from 2 files") != std::string::npos, removed.out);
    BOOST_TEST(snapshot_difference(applied, ws.snapshot()) == "changed: modules/net/main.tf\nremoved: moved.tf\n");
    // The rest of the file, byte for byte: the resource and nothing after it.
    BOOST_TEST(ws.read_file("modules/net/main.tf") == module_main.substr(0, module_main.find("\nmoved {")));
    BOOST_TEST(plain_plan_exit(ws, "default") == 0);
    BOOST_TEST(plain_plan_exit(ws, "staging") == 0);

    const Snapshot tidied = ws.snapshot();
    RunResult again = ws.tfw({"tidy", "--write"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(again.out.find("no moved blocks") != std::string::npos, again.out);
    BOOST_TEST(snapshot_difference(tidied, ws.snapshot()) == "");
}

BOOST_AUTO_TEST_CASE(a_chain_goes_only_when_every_workspace_has_reached_its_end) {
    Workspace ws("tidy_chain");
    ws.apply_before();
    new_workspace(ws, "staging");
    apply(ws, "staging");
    ws.switch_to("middle");
    apply(ws, "default");
    apply(ws, "staging");
    ws.switch_to("after");
    apply(ws, "default");  // staging stays at terraform_data.b

    const Snapshot before = ws.snapshot();
    RunResult kept = ws.tfw({"tidy", "--write"});
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    // No state holds terraform_data.a any more, but its block is half of an unfinished chain.
    BOOST_TEST(has_line(kept, "moved.tf:1: stays: terraform_data.a -> terraform_data.b",
                        "part of a chain that is not complete: the block at moved.tf:6 is still needed by workspace staging"),
               kept.out);
    BOOST_TEST(has_line(kept, "moved.tf:6: stays: terraform_data.b -> terraform_data.c", "workspace staging"), kept.out);
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");

    apply(ws, "staging");
    RunResult removed = ws.tfw({"tidy", "--write"});
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(!ws.exists("moved.tf"), removed.out);
    BOOST_TEST(plain_plan_exit(ws, "default") == 0);
    BOOST_TEST(plain_plan_exit(ws, "staging") == 0);
}

BOOST_AUTO_TEST_CASE(a_shared_module_keeps_its_blocks_unless_included) {
    Workspace ws("tidy_shared");
    const fs::path shared = ws.dir().parent_path() / "shared_module";
    fs::create_directories(shared);
    auto write = [](const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; };
    write(shared / "main.tf", "resource \"terraform_data\" \"x\" {\n  input = 1\n}\n");
    ws.apply_before();
    const std::string moved = "moved {\n  from = terraform_data.x\n  to   = terraform_data.y\n}\n";
    write(shared / "main.tf", "resource \"terraform_data\" \"y\" {\n  input = 1\n}\n");
    write(shared / "moved.tf", moved);
    apply(ws, "default");

    RunResult kept = ws.tfw({"tidy", "--write"});
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    BOOST_TEST(has_line(kept, "../shared_module/moved.tf:1: stays:",
                        "removing the block breaks its consumers who have not applied it"),
               kept.out);
    BOOST_TEST(has_line(kept, "../shared_module/moved.tf:1: stays:", "lies outside this root module"), kept.out);
    BOOST_TEST(fs::exists(shared / "moved.tf"));

    RunResult removed = ws.tfw({"tidy", "--write", "--include-shared"});
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(has_line(removed, "../shared_module/moved.tf:1: can go:", "every state has applied it"), removed.out);
    BOOST_TEST(!fs::exists(shared / "moved.tf"), removed.out);
    BOOST_TEST(plain_plan_exit(ws, "default") == 0);
}

// A chain across modules: the root moves module.net2 (from modules/old) to module.net
// (from modules/net), whose own block renames x to y. The states say only that `staging`
// still has module.net2's objects, which no module sourced from modules/net holds;
// replanning `staging` without the module's block destroys what it would have moved, so
// it stays.
BOOST_AUTO_TEST_CASE(replanning_keeps_a_block_the_states_alone_would_let_go) {
    Workspace ws("tidy_cross_module");
    ws.apply_before();
    new_workspace(ws, "staging");
    apply(ws, "staging");
    ws.switch_to("after");
    apply(ws, "default");

    const Snapshot before = ws.snapshot();
    RunResult kept = ws.tfw({"tidy", "--write"});
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    BOOST_TEST(has_line(kept, "main.tf:5: stays: module.net2 -> module.net", "workspace staging"), kept.out);
    BOOST_TEST(has_line(kept, "modules/net/main.tf:5: stays: terraform_data.x -> terraform_data.y",
                        "replanning workspace staging without it plans different changes"),
               kept.out);
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");

    apply(ws, "staging");
    RunResult removed = ws.tfw({"tidy", "--write"});
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(removed.out.find("tfw tidy: removed 2 moved blocks from 2 files") != std::string::npos, removed.out);
    BOOST_TEST(plain_plan_exit(ws, "default") == 0);
    BOOST_TEST(plain_plan_exit(ws, "staging") == 0);
}

// A module in a git repository whose HEAD carries a tag is a published version: its
// blocks stay without --include-shared, while the root module's own block goes.
BOOST_AUTO_TEST_CASE(a_module_tagged_at_head_counts_as_published) {
    HalfApplied setup;
    Workspace& ws = setup.ws;
    apply(ws, "staging");
    const std::string repo = (ws.dir() / "modules" / "net").string();
    for (const std::vector<std::string>& git :
         {std::vector<std::string>{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "net"}, {"tag", "v1.2.0"}}) {
        std::vector<std::string> args = {"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"};
        args.insert(args.end(), git.begin(), git.end());
        RunResult done = ws.run(*tfw::shell::find_executable("git"), args);
            BOOST_TEST_REQUIRE(done.exit_code == 0, done.describe());
    }
    RunResult run = ws.tfw({"tidy"});
    BOOST_TEST(run.exit_code == 0, run.describe());
    BOOST_TEST(has_line(run, "modules/net/main.tf:5: stays:", "it is published: its git repository has the tag v1.2.0 at HEAD"),
               run.out);
    BOOST_TEST(has_line(run, "moved.tf:1: can go:", "every state has applied it"), run.out);
}
