#include "write_cases.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "tfw/core/parse/plan_json.hpp"
#include "tfw/shell/process.hpp"

namespace tfw::e2e {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

std::string read_fixture_file(const Workspace& ws, const fs::path& relative) {
    fs::path path = ws.fixture_dir() / relative;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw E2eError("cannot read fixture file " + path.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// ---------------------------------------------------------------------------------------
// A remote module: a git repository in the scratch dir, used as `git::file://…?ref=vN`.

constexpr std::string_view repo_placeholder = "@REPO@";

void run_git(const fs::path& repo, const std::vector<std::string>& args) {
    static const std::optional<fs::path> git = shell::find_executable("git");
    if (!git) throw E2eError("git is not on PATH: the remote-module fixtures need it (and so does terraform init)");
    shell::ProcessOptions options;
    options.working_directory = repo;
    options.own_process_group = false;
    options.env_overrides = {{"GIT_CONFIG_NOSYSTEM", "1"},       {"GIT_CONFIG_GLOBAL", "/dev/null"},
                             {"GIT_AUTHOR_NAME", "tfw e2e"},      {"GIT_AUTHOR_EMAIL", "e2e@tfw.invalid"},
                             {"GIT_COMMITTER_NAME", "tfw e2e"},   {"GIT_COMMITTER_EMAIL", "e2e@tfw.invalid"},
                             {"GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z"}, {"GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z"}};
    shell::ProcessResult result = shell::run_process(*git, args, options);
    if (result.exit_code != 0) {
        std::string command = "git";
        for (const auto& arg : args) command += " " + arg;
        throw E2eError(command + " in " + repo.string() + " failed (" + std::to_string(result.exit_code) + "):\n" +
                       result.stdout_text + result.stderr_text);
    }
}

// The fixture's repo_v1/ and repo_v2/ committed and tagged v1 and v2; returns the repo path.
fs::path make_module_repo(const Workspace& ws) {
    fs::path repo = ws.scratch() / "module-repo";
    fs::create_directories(repo);
    run_git(repo, {"init", "-q", "-b", "main", "."});
    for (const std::string tag : {"v1", "v2"}) {
        for (const auto& entry : fs::directory_iterator(repo))
            if (entry.path().filename() != ".git") fs::remove_all(entry.path());
        fs::copy(ws.fixture_dir() / ("repo_" + tag), repo, fs::copy_options::recursive);
        run_git(repo, {"add", "-A"});
        run_git(repo, {"commit", "-q", "-m", "module " + tag});
        run_git(repo, {"tag", tag});
    }
    return repo;
}

// The fixture's `<stage>/main.tf` with the repository path filled in, as the root's main.tf.
// (The stages of the remote fixture have that one file, so no switch_to is needed, and
// the data directory stays wherever TF_DATA_DIR puts it.)
void use_remote_stage(Workspace& ws, const std::string& stage, const fs::path& repo) {
    std::string text = read_fixture_file(ws, fs::path(stage) / "main.tf");
    const std::string path = repo.string();
    for (std::size_t at = text.find(repo_placeholder); at != std::string::npos;
         at = text.find(repo_placeholder, at + path.size()))
        text.replace(at, repo_placeholder.size(), path);
    ws.write_file("main.tf", text);
}

std::function<void(Workspace&)> remote_prepare(std::string stage) {
    return [stage](Workspace& ws) {
        fs::path repo = make_module_repo(ws);
        use_remote_stage(ws, "before", repo);
        ws.apply_before();
        use_remote_stage(ws, stage, repo);
        ws.init();  // the call or its ref changed: Terraform needs init
    };
}

void refactor(Workspace& ws) {
    ws.apply_before();
    ws.switch_to("after");
}

// a -> b was refactored (with the user's moved block) and applied; then b renamed to c.
void chain_after_apply(Workspace& ws) {
    ws.apply_before();
    ws.switch_to("middle");
    require_terraform(ws, {"apply", "-auto-approve", "-input=false", "-no-color"});
    ws.switch_to("after");
}

// A literal, not a std::string: write_cases() may run during another file's static
// initialisation (data-driven test registration), before this file's globals exist.
constexpr std::string_view user_chain_file =
    "# An earlier refactoring, written by hand: the store was renamed.\n"
    "moved {\n"
    "  from = terraform_data.a # was \"a\" until v2\n"
    "  to   = terraform_data.b\n"
    "}\n";

constexpr std::string_view user_module_chain_file =
    "# Renamed by hand in v2.\n"
    "moved {\n"
    "  from = terraform_data.a\n"
    "  to   = terraform_data.b\n"
    "}";

std::vector<WriteCase> make_cases() {
    std::vector<WriteCase> cases;

    cases.push_back({.name = "module_rename",
                     .fixture = "write_module_rename",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 3,
                     .written = {{"moved.tf", generated_file({{"module.old", "module.new"}})}},
                     .moves = {{"module.old.terraform_data.web", "module.new.terraform_data.web"},
                               {"module.old.terraform_data.worker[0]", "module.new.terraform_data.worker[0]"},
                               {"module.old.terraform_data.worker[1]", "module.new.terraform_data.worker[1]"}},
                     .state_after_apply = {"module.new.terraform_data.web", "module.new.terraform_data.worker[0]",
                                           "module.new.terraform_data.worker[1]"}});

    cases.push_back({.name = "module_for_each",
                     .fixture = "write_module_for_each",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 3,
                     .written = {{"moved.tf", generated_file({{"module.a", R"(module.a["k"])"}})}},
                     .moves = {{"module.a.terraform_data.web", R"(module.a["k"].terraform_data.web)"},
                               {"module.a.terraform_data.worker[0]", R"(module.a["k"].terraform_data.worker[0])"},
                               {"module.a.terraform_data.worker[1]", R"(module.a["k"].terraform_data.worker[1])"}},
                     .state_after_apply = {R"(module.a["k"].terraform_data.web)",
                                           R"(module.a["k"].terraform_data.worker[0])",
                                           R"(module.a["k"].terraform_data.worker[1])"}});

    // for_each = toset(["first"]), which show -json leaves out of its configuration: the
    // moves' keys show the call repeats. Everything under module.a, the nested
    // module.a.module.inner too, moves to module.a["first"] in one block.
    cases.push_back({.name = "module_for_each_toset",
                     .fixture = "write_module_for_each_toset",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 4,
                     .written = {{"moved.tf", generated_file({{"module.a", R"(module.a["first"])"}})}},
                     .moves = {{"module.a.module.inner.terraform_data.leaf",
                                R"(module.a["first"].module.inner.terraform_data.leaf)"},
                               {"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"},
                               {"module.a.terraform_data.worker[0]", R"(module.a["first"].terraform_data.worker[0])"},
                               {"module.a.terraform_data.worker[1]", R"(module.a["first"].terraform_data.worker[1])"}},
                     .state_after_apply = {R"(module.a["first"].module.inner.terraform_data.leaf)",
                                           R"(module.a["first"].terraform_data.web)",
                                           R"(module.a["first"].terraform_data.worker[0])",
                                           R"(module.a["first"].terraform_data.worker[1])"}});

    // count = length(["svc"]), also left out of show -json: module.a -> module.a[0].
    cases.push_back({.name = "module_count",
                     .fixture = "write_module_count",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 3,
                     .written = {{"moved.tf", generated_file({{"module.a", "module.a[0]"}})}},
                     .moves = {{"module.a.terraform_data.web", "module.a[0].terraform_data.web"},
                               {"module.a.terraform_data.worker[0]", "module.a[0].terraform_data.worker[0]"},
                               {"module.a.terraform_data.worker[1]", "module.a[0].terraform_data.worker[1]"}},
                     .state_after_apply = {"module.a[0].terraform_data.web", "module.a[0].terraform_data.worker[0]",
                                           "module.a[0].terraform_data.worker[1]"}});

    // module.parent's call `a` gains for_each; parent's own resource stays. The block is
    // written in modules/parent, relative to it.
    cases.push_back({.name = "module_for_each_in_child",
                     .fixture = "write_module_for_each_in_child",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 3,
                     .written = {{"modules/parent/moved.tf", generated_file({{"module.a", R"(module.a["svc"])"}})}},
                     .moves = {{"module.parent.module.a.terraform_data.web",
                                R"(module.parent.module.a["svc"].terraform_data.web)"},
                               {"module.parent.module.a.terraform_data.worker[0]",
                                R"(module.parent.module.a["svc"].terraform_data.worker[0])"},
                               {"module.parent.module.a.terraform_data.worker[1]",
                                R"(module.parent.module.a["svc"].terraform_data.worker[1])"}},
                     .state_after_apply = {R"(module.parent.module.a["svc"].terraform_data.web)",
                                           R"(module.parent.module.a["svc"].terraform_data.worker[0])",
                                           R"(module.parent.module.a["svc"].terraform_data.worker[1])",
                                           "module.parent.terraform_data.own"}});

    // Whole-resource blocks (web has count = 2), relative to module.app, in its directory.
    cases.push_back({.name = "module_split",
                     .fixture = "write_module_split",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 3,
                     .written = {{"modules/app/moved.tf",
                                  generated_file({{"terraform_data.db", "module.db.terraform_data.db"},
                                                  {"terraform_data.web", "module.web.terraform_data.web"}})}},
                     .moves = {{"module.app.terraform_data.db", "module.app.module.db.terraform_data.db"},
                               {"module.app.terraform_data.web[0]", "module.app.module.web.terraform_data.web[0]"},
                               {"module.app.terraform_data.web[1]", "module.app.module.web.terraform_data.web[1]"}},
                     .state_after_apply = {"module.app.module.db.terraform_data.db",
                                           "module.app.module.web.terraform_data.web[0]",
                                           "module.app.module.web.terraform_data.web[1]"}});

    cases.push_back({.name = "grandchildren",
                     .fixture = "write_grandchildren",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 1,
                     .written = {{"modules/mid/moved.tf",
                                  generated_file({{"module.left.terraform_data.x", "module.right.terraform_data.x"}})}},
                     .moves = {{"module.mid.module.left.terraform_data.x", "module.mid.module.right.terraform_data.x"}},
                     .state_after_apply = {"module.mid.module.left.terraform_data.y",
                                           "module.mid.module.right.terraform_data.x",
                                           "module.mid.module.right.terraform_data.z"}});

    // One source read by module.one, module.two and module.many["x"], module.many["y"].
    cases.push_back({.name = "shared_source",
                     .fixture = "write_shared_source",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 4,
                     .written = {{"modules/svc/moved.tf", generated_file({{"terraform_data.old", "terraform_data.new"}})}},
                     .moves = {{R"(module.many["x"].terraform_data.old)", R"(module.many["x"].terraform_data.new)"},
                               {R"(module.many["y"].terraform_data.old)", R"(module.many["y"].terraform_data.new)"},
                               {"module.one.terraform_data.old", "module.one.terraform_data.new"},
                               {"module.two.terraform_data.old", "module.two.terraform_data.new"}},
                     .state_after_apply = {R"(module.many["x"].terraform_data.new)",
                                           R"(module.many["y"].terraform_data.new)", "module.one.terraform_data.new",
                                           "module.two.terraform_data.new"}});

    // module.a.module.b -> module.x.module.y: call `a` renamed in the root, call `b`
    // renamed in modules/a (the source of a and x). One block per level, each in the
    // module that holds the call.
    cases.push_back({.name = "module_rename_nested",
                     .fixture = "write_module_rename_nested",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 4,
                     .written = {{"moved.tf", generated_file({{"module.a", "module.x"}})},
                                 {"modules/a/moved.tf", generated_file({{"module.b", "module.y"}})}},
                     .moves = {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"},
                               {"module.a.module.b.terraform_data.s[0]", "module.x.module.y.terraform_data.s[0]"},
                               {"module.a.module.b.terraform_data.s[1]", "module.x.module.y.terraform_data.s[1]"},
                               {"module.a.terraform_data.own", "module.x.terraform_data.own"}},
                     .state_after_apply = {"module.x.module.y.terraform_data.r", "module.x.module.y.terraform_data.s[0]",
                                           "module.x.module.y.terraform_data.s[1]", "module.x.terraform_data.own"}});

    // The same with call `a` re-keyed (for_each over a literal set) instead of renamed.
    cases.push_back({.name = "module_rekey_nested",
                     .fixture = "write_module_rekey_nested",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 4,
                     .written = {{"moved.tf", generated_file({{"module.a", R"(module.a["k"])"}})},
                                 {"modules/a/moved.tf", generated_file({{"module.b", "module.y"}})}},
                     .moves = {{"module.a.module.b.terraform_data.r", R"(module.a["k"].module.y.terraform_data.r)"},
                               {"module.a.module.b.terraform_data.s[0]", R"(module.a["k"].module.y.terraform_data.s[0])"},
                               {"module.a.module.b.terraform_data.s[1]", R"(module.a["k"].module.y.terraform_data.s[1])"},
                               {"module.a.terraform_data.own", R"(module.a["k"].terraform_data.own)"}},
                     .state_after_apply = {R"(module.a["k"].module.y.terraform_data.r)",
                                           R"(module.a["k"].module.y.terraform_data.s[0])",
                                           R"(module.a["k"].module.y.terraform_data.s[1])",
                                           R"(module.a["k"].terraform_data.own)"}});

    // Issue 32's placement: the call re-keyed from count to for_each (and renamed), and a
    // resource renamed inside. One block per module instance in the root, and the rename
    // once, in the module's own directory, where every instance needs it.
    cases.push_back({.name = "module_rekeyed_with_rename",
                     .fixture = "write_module_rekeyed_with_rename",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 4,
                     .written = {{"moved.tf", generated_file({{"module.svc[0]", R"(module.service["api"])"},
                                                              {"module.svc[1]", R"(module.service["web"])"}})},
                                 {"modules/svc/moved.tf", generated_file({{"terraform_data.server", "terraform_data.main"}})}},
                     .moves = {{"module.svc[0].terraform_data.server", R"(module.service["api"].terraform_data.main)"},
                               {"module.svc[0].terraform_data.settings", R"(module.service["api"].terraform_data.settings)"},
                               {"module.svc[1].terraform_data.server", R"(module.service["web"].terraform_data.main)"},
                               {"module.svc[1].terraform_data.settings", R"(module.service["web"].terraform_data.settings)"}},
                     .state_after_apply = {R"(module.service["api"].terraform_data.main)",
                                           R"(module.service["api"].terraform_data.settings)",
                                           R"(module.service["web"].terraform_data.main)",
                                           R"(module.service["web"].terraform_data.settings)"}});

    cases.push_back({.name = "remote_call_renamed",
                     .fixture = "write_remote",
                     .prepare = remote_prepare("after_call_renamed"),
                     .reference_file = "moved_call_renamed.tf",
                     .plain_deletes = 2,
                     .written = {{"moved.tf", generated_file({{"module.lib", "module.core"}})}},
                     .moves = {{"module.lib.terraform_data.keep", "module.core.terraform_data.keep"},
                               {"module.lib.terraform_data.old", "module.core.terraform_data.old"}},
                     .state_after_apply = {"module.core.terraform_data.keep", "module.core.terraform_data.old"}});

    // The common ancestor is module.lib, a download: the block goes to the root.
    WriteCase inner{.name = "remote_inner_moved",
                    .fixture = "write_remote",
                    .prepare = remote_prepare("after_inner_moved"),
                    .reference_file = "moved_inner_moved.tf",
                    .plain_deletes = 1,
                    .written = {{"moved.tf", generated_file({{"module.lib.terraform_data.old",
                                                              "module.lib.terraform_data.new"}})}},
                    .moves = {{"module.lib.terraform_data.old", "module.lib.terraform_data.new"}},
                    .state_after_apply = {"module.lib.terraform_data.keep", "module.lib.terraform_data.new"}};
    cases.push_back(inner);
    // The same with the downloads in TF_DATA_DIR=.tfdata, where nothing says ".terraform".
    inner.name = "remote_inner_moved_data_dir";
    inner.data_dir = ".tfdata";
    cases.push_back(inner);

    WriteCase chain{.name = "chain_after_apply",
                    .fixture = "write_chain",
                    .prepare = chain_after_apply,
                    .reference_file = "moved.tf",
                    .plain_deletes = 1,
                    .written = {{"moved.tf", std::string(user_chain_file) + "\n" +
                                                 generated_file({{"terraform_data.b", "terraform_data.c"}})}},
                    .moves = {{"terraform_data.b", "terraform_data.c"}},
                    .state_after_apply = {"terraform_data.c", "terraform_data.other"}};
    cases.push_back(chain);
    // The state still at `a`: Terraform follows a -> b -> c.
    chain.name = "chain_before_apply";
    chain.prepare = refactor;
    chain.moves = {{"terraform_data.a", "terraform_data.c"}};
    cases.push_back(chain);

    // The user's moved block a -> b lives in modules/svc/moved.tf (without a final
    // newline); b renamed to c there: b -> c is appended to that file, relative.
    cases.push_back({.name = "chain_in_module",
                     .fixture = "write_chain_in_module",
                     .prepare = chain_after_apply,
                     .reference_file = "moved.tf",
                     .plain_deletes = 1,
                     .written = {{"modules/svc/moved.tf",
                                  std::string(user_module_chain_file) + "\n\n" +
                                      generated_file({{"terraform_data.b", "terraform_data.c"}})}},
                     .moves = {{"module.svc.terraform_data.b", "module.svc.terraform_data.c"}},
                     .state_after_apply = {"module.svc.terraform_data.c"}});

    // old keeps its declaration with count = 0 while new takes count = 2: a whole-resource
    // block old -> new would be "Moved object still exists", so one block per instance.
    cases.push_back({.name = "old_resource_still_declared",
                     .fixture = "write_old_still_declared",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 2,
                     .written = {{"moved.tf", generated_file({{"terraform_data.old[0]", "terraform_data.new[0]"},
                                                              {"terraform_data.old[1]", "terraform_data.new[1]"}})}},
                     .moves = {{"terraform_data.old[0]", "terraform_data.new[0]"},
                               {"terraform_data.old[1]", "terraform_data.new[1]"}},
                     .state_after_apply = {"terraform_data.new[0]", "terraform_data.new[1]"}});

    cases.push_back({.name = "count_to_for_each",
                     .fixture = "write_count_to_for_each",
                     .prepare = refactor,
                     .reference_file = "moved.tf",
                     .plain_deletes = 2,
                     .written = {{"moved.tf", generated_file({{"terraform_data.r[0]", R"(terraform_data.r["a"])"},
                                                              {"terraform_data.r[1]", R"(terraform_data.r["b"])"}})}},
                     .moves = {{"terraform_data.r[0]", R"(terraform_data.r["a"])"},
                               {"terraform_data.r[1]", R"(terraform_data.r["b"])"}},
                     .state_after_apply = {R"(terraform_data.r["a"])", R"(terraform_data.r["b"])"}});
    return cases;
}

}  // namespace

std::string moved_block_text(std::string_view from, std::string_view to) {
    return "moved {\n  from = " + std::string(from) + "\n  to   = " + std::string(to) + "\n}\n";
}

std::string generated_file(const std::vector<std::pair<std::string, std::string>>& blocks) {
    std::string text(generated_comment);
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (i > 0) text += "\n";
        text += moved_block_text(blocks[i].first, blocks[i].second);
    }
    return text;
}

const std::vector<WriteCase>& write_cases() {
    static const std::vector<WriteCase> cases = make_cases();
    return cases;
}

const WriteCase& write_case(std::string_view name) {
    for (const auto& c : write_cases())
        if (c.name == name) return c;
    throw E2eError("no write case called " + std::string(name));
}

DataDirOverride::DataDirOverride(const std::string& data_dir) {
    if (data_dir == ".terraform") return;
    if (const char* previous = std::getenv("TF_DATA_DIR")) previous_ = previous;
    ::setenv("TF_DATA_DIR", data_dir.c_str(), 1);
    active_ = true;
}

DataDirOverride::~DataDirOverride() {
    if (!active_) return;
    if (previous_)
        ::setenv("TF_DATA_DIR", previous_->c_str(), 1);
    else
        ::unsetenv("TF_DATA_DIR");
}

Snapshot tree_snapshot(const Workspace& ws, const fs::path& relative) {
    Snapshot files;
    fs::path top = ws.dir() / relative;
    std::error_code ec;
    if (!fs::exists(top, ec)) return files;
    for (auto it = fs::recursive_directory_iterator(top); it != fs::recursive_directory_iterator(); ++it) {
        const std::string name = fs::relative(it->path(), ws.dir()).generic_string();
        if (it->is_symlink()) {
            files[name] = "symlink to " + fs::read_symlink(it->path()).string();
            it.disable_recursion_pending();
        } else if (it->is_regular_file()) {
            std::ifstream in(it->path(), std::ios::binary);
            files[name] = {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        } else if (!it->is_directory()) {
            files[name] = "special file";
        }
    }
    return files;
}

std::vector<std::string> sorted_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    std::sort(lines.begin(), lines.end());
    return lines;
}

void require_terraform(const Workspace& ws, const std::vector<std::string>& args) {
    RunResult result = ws.terraform(args);
    if (result.exit_code != 0) throw E2eError("terraform failed:\n" + result.describe());
}

std::vector<std::string> state_list(const Workspace& ws) {
    RunResult result = ws.terraform({"state", "list"});
    if (result.exit_code != 0) throw E2eError("terraform state list failed:\n" + result.describe());
    return sorted_lines(result.out);
}

PlainPlan plain_plan(const Workspace& ws) {
    static int counter = 0;
    fs::path plan_file = ws.scratch() / ("plain-" + std::to_string(++counter) + ".tfplan");
    PlainPlan plain;
    plain.result =
        ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=" + plan_file.string()});
    if (fs::exists(plan_file)) plain.plan = ws.show_plan(plan_file);
    return plain;
}

}  // namespace tfw::e2e
