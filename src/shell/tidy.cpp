#include "tfw/shell/tidy.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include "tfw/core/parse/backend_config.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/parse/hcl_moved.hpp"
#include "tfw/core/parse/plan_stream.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/moved_file_guard.hpp"
#include "tfw/shell/moved_writer.hpp"
#include "tfw/shell/plan_with_state.hpp"
#include "tfw/shell/process.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/temp_dir.hpp"

namespace tfw::shell {
namespace fs = std::filesystem;
namespace {

fs::path canonical_dir(const fs::path& dir) {
    std::error_code ignored;
    return fs::weakly_canonical(fs::absolute(dir), ignored).lexically_normal();
}

bool inside(const fs::path& path, const fs::path& dir) {
    auto mismatch = std::mismatch(dir.begin(), dir.end(), path.begin(), path.end());
    return mismatch.first == dir.end() || (std::next(mismatch.first) == dir.end() && mismatch.first->empty());
}

// The local module directories (root first), each once, relative to the root as the
// manifest spells them.
std::vector<std::string> local_dirs(const core::ModuleDirs& dirs) {
    std::vector<std::string> out;
    std::set<fs::path> seen;
    for (const auto& [key, dir] : dirs) {
        if (!dir.local || under_data_dir(dir.dir)) continue;
        fs::path normal = fs::path(dir.dir).lexically_normal();
        if (seen.insert(normal).second) out.push_back(dir.dir);
    }
    return out;
}

std::string display_name(const std::string& dir, const std::string& file_name) {
    fs::path path = (fs::path(dir) / file_name).lexically_normal();
    return path.generic_string();
}

std::string shared_reason(const fs::path& root_dir, const std::string& dir) {
    fs::path root = canonical_dir(root_dir);
    fs::path module = canonical_dir(root_dir / dir);
    if (module == root) return "";
    if (!inside(module, root))
        return "its directory " + module.string() + " lies outside this root module, where other configurations can use it";
    auto git = find_executable("git");
    if (!git) return "";
    ProcessOptions options;
    options.own_process_group = false;
    ProcessResult tags = run_process(*git, {"-C", module.string(), "tag", "--points-at", "HEAD"}, options);
    if (tags.exit_code != 0) return "";  // not in a git repository
    std::string first = tags.stdout_text.substr(0, tags.stdout_text.find('\n'));
    if (first.empty()) return "";
    return "it is published: its git repository has the tag " + first + " at HEAD";
}

std::string first_error(const ProcessResult& result) {
    std::string line = core::first_error(result.stdout_text, result.stderr_text);
    return line.empty() ? "exit code " + std::to_string(result.exit_code) : line;
}

ProcessOptions in_workspace(const TidyTerraform& run, const std::string& workspace, const fs::path& cwd = {}) {
    ProcessOptions options;
    options.env_overrides = {{"TF_WORKSPACE", workspace}};
    if (!run.data_dir.empty()) options.env_overrides.emplace_back("TF_DATA_DIR", run.data_dir.string());
    options.working_directory = cwd;
    return options;
}

// Copies `from` into `to` (which may exist), symlinks as symlinks, without `skip`
// (absolute paths) and without files already there.
void copy_tree(const fs::path& from, const fs::path& to, const std::set<fs::path>& skip) {
    fs::create_directories(to);
    for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path& source = it->path();
        if (skip.count(source) || source.filename() == ".git") {
            if (it->is_directory() && !it->is_symlink()) it.disable_recursion_pending();
            continue;
        }
        fs::path target = to / fs::relative(source, from);
        std::error_code exists;
        if (fs::exists(fs::symlink_status(target, exists))) continue;
        if (it->is_symlink()) fs::copy_symlink(source, target);
        else if (it->is_directory()) fs::create_directories(target);
        else if (it->is_regular_file()) fs::copy_file(source, target);
    }
}

// Terraform's data directory in the copy: links to the original's providers and
// downloaded modules, its own copy of the backend settings.
void mirror_data_dir(const fs::path& original, const fs::path& copy) {
    if (!fs::is_directory(original)) return;
    fs::create_directories(copy);
    for (const auto& entry : fs::directory_iterator(original)) {
        fs::path name = entry.path().filename();
        if (name == "environment") continue;  // tidy names the workspace itself
        if (entry.is_regular_file()) fs::copy_file(entry.path(), copy / name);
        else fs::create_directory_symlink(fs::absolute(entry.path()), copy / name);
    }
}

// A file as tidy re-read it, and what it becomes without the removable blocks
// (std::nullopt when nothing but comments would be left).
struct PrunedFile {
    std::string original;
    std::optional<std::string> pruned;
};

// The files of `blocks` with the blocks marked `remove` taken out, by path relative to
// the root. Each file is read again, and each block must still be there, on its line,
// byte for byte as it was checked: otherwise the user changed the file meanwhile, and
// whatever now stands there was never checked.
std::map<std::string, PrunedFile> pruned_files(const fs::path& root_dir, const std::vector<core::TidyBlock>& blocks,
                                               const std::vector<core::TidyVerdict>& verdicts) {
    std::map<std::string, std::map<int, const core::TidyBlock*>> by_file;
    for (std::size_t i = 0; i < blocks.size(); ++i)
        if (verdicts[i].remove) by_file[blocks[i].block.file][blocks[i].block.line] = &blocks[i];
    std::map<std::string, PrunedFile> out;
    for (const auto& [file, by_line] : by_file) {
        std::string text = read_file(root_dir / file);
        std::vector<std::pair<std::size_t, std::size_t>> ranges;
        for (const auto& span : core::read_moved_block_spans(text, file)) {
            auto checked = by_line.find(span.block.line);
            if (checked == by_line.end()) continue;
            if (text.compare(span.begin, span.end - span.begin, checked->second->text) != 0) break;
            ranges.emplace_back(span.begin, span.end);
        }
        if (ranges.size() != by_line.size())
            throw std::runtime_error((root_dir / file).lexically_normal().string() +
                                     " changed after tfw tidy checked it; it is left as it is (run tfw tidy again)");
        std::string pruned = core::remove_moved_blocks(text, ranges);
        PrunedFile& entry = out[file];
        if (!core::has_no_configuration(pruned, file)) entry.pruned = std::move(pruned);
        entry.original = std::move(text);
    }
    return out;
}

// The configuration without the removable blocks, in `temp`: the root module and every
// local module directory at the same places relative to each other.
fs::path private_copy(const fs::path& temp, const fs::path& root_dir, const core::ModuleDirs& dirs,
                      const std::vector<core::TidyBlock>& blocks, const std::vector<core::TidyVerdict>& verdicts) {
    fs::path root = canonical_dir(root_dir);
    std::vector<fs::path> sources = {root};
    for (const auto& dir : local_dirs(dirs)) {
        fs::path module = canonical_dir(root_dir / dir);
        if (!inside(module, root) && fs::is_directory(module)) sources.push_back(module);
    }
    fs::path base = root;
    for (const auto& source : sources)
        while (!inside(source, base)) base = base.parent_path();
    fs::path copy_base = temp / "config";
    std::string data_dir = data_dir_name();
    // Never the copy itself: $TMPDIR may lie inside the configuration.
    std::set<fs::path> skip = {canonical_dir(temp)};
    if (!fs::path(data_dir).is_absolute()) skip.insert((root / data_dir).lexically_normal());
    for (const auto& source : sources) copy_tree(source, copy_base / fs::relative(source, base), skip);
    fs::path copy_root = copy_base / fs::relative(root, base);
    if (!fs::path(data_dir).is_absolute()) mirror_data_dir(root / data_dir, copy_root / data_dir);
    for (const auto& [file, content] : pruned_files(root_dir, blocks, verdicts)) {
        fs::path target = copy_root / file;
        if (content.pruned) write_file_atomically(target, *content.pruned);
        else fs::remove(target);
    }
    return copy_root;
}

core::PlanTextSummary plan_in(TidyTerraform& run, Terraform& terraform, const std::string& workspace, const fs::path& cwd,
                              bool lock, const std::string& which) {
    std::vector<std::string> args = {"plan", "-json", "-input=false"};
    if (!lock) args.push_back("-lock=false");
    args.insert(args.end(), run.plan_args.begin(), run.plan_args.end());
    ProcessResult result = terraform.run(args, in_workspace(run, workspace, cwd));
    throw_if_interrupted();
    if (result.exit_code != 0)
        throw std::runtime_error("terraform plan " + which + " failed in workspace " + run.label + workspace + ": " +
                                 first_error(result));
    return core::scan_plan_stream(result.stdout_text);
}

}  // namespace

std::vector<core::TidyBlock> find_tidy_blocks(const fs::path& root_dir, const core::ModuleDirs& dirs) {
    std::vector<core::TidyBlock> out;
    for (const auto& dir : local_dirs(dirs)) {
        fs::path directory = root_dir / dir;
        // The manifest keeps modules the configuration no longer calls, whose directory
        // may be gone: nothing to prune there.
        if (!fs::is_directory(directory)) continue;
        std::vector<fs::path> files;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(directory, ec)) {
            std::string name = entry.path().filename().string();
            if (entry.path().extension() != ".tf" || name.rfind(moved_file_prefix, 0) == 0 || name[0] == '.' ||
                name[0] == '#')
                continue;
            files.push_back(entry.path());
        }
        if (ec) throw std::runtime_error("cannot list the module directory " + directory.string() + ": " + ec.message());
        std::sort(files.begin(), files.end());
        std::string shared = files.empty() ? "" : shared_reason(root_dir, dir);
        for (const auto& file : files) {
            std::string name = display_name(dir, file.filename().string());
            std::string text = read_file(file);
            for (auto& span : core::read_moved_block_spans(text, name))
                out.push_back({std::move(span.block), dir, shared, text.substr(span.begin, span.end - span.begin)});
        }
    }
    return out;
}

std::vector<core::WorkspaceState> read_workspace_states(TidyTerraform& run) {
    // With TF_WORKSPACE set, terraform adds a notice about it to the list.
    ProcessOptions without_override;
    without_override.env_removed = {"TF_WORKSPACE"};
    if (!run.data_dir.empty()) without_override.env_overrides = {{"TF_DATA_DIR", run.data_dir.string()}};
    ProcessResult listed = run.terraform.run({"workspace", "list"}, without_override);
    throw_if_interrupted();
    if (listed.exit_code != 0)
        throw std::runtime_error("cannot list the workspaces (" + run.label + "terraform workspace list): " + first_error(listed));
    std::vector<core::WorkspaceState> out;
    for (const auto& workspace : core::parse_workspace_list(listed.stdout_text)) {
        const std::string name = run.label + workspace;
        ProcessResult pulled = run.terraform.run({"state", "pull"}, in_workspace(run, workspace));
        throw_if_interrupted();
        if (pulled.exit_code != 0)
            throw std::runtime_error("cannot read the state of workspace " + name + ": " + first_error(pulled));
        try {
            out.push_back({name, core::state_objects(pulled.stdout_text)});
        } catch (const std::runtime_error& error) {
            throw std::runtime_error("cannot read the state of workspace " + name + ": " + error.what());
        }
    }
    return out;
}

namespace {

// How replanning without the removable blocks of `verdicts` first differs from
// `with_blocks`, in the first workspace where it does; std::nullopt when none does.
struct Difference {
    std::string workspace;
    std::vector<std::string> lines;
    std::vector<std::string> addresses;
};

std::optional<Difference> replan_without(TidyTerraform& run, const fs::path& root_dir, const core::ModuleDirs& dirs,
                                         const std::vector<core::TidyBlock>& blocks,
                                         const std::vector<core::TidyVerdict>& verdicts,
                                         const std::vector<std::string>& workspaces,
                                         std::map<std::string, core::PlanTextSummary>& with_blocks) {
    TempDir temp;
    fs::path copy_root = private_copy(temp.path(), root_dir, dirs, blocks, verdicts);
    Terraform in_copy(run.terraform.binary(), {});
    for (const auto& workspace : workspaces) {
        core::PlanTextSummary without = plan_in(run, in_copy, workspace, copy_root, false, "without the blocks tidy would remove");
        Difference difference{run.label + workspace, {}, {}};
        difference.lines = core::plan_differences(with_blocks[workspace], without, &difference.addresses);
        if (!difference.lines.empty()) return difference;
    }
    return std::nullopt;
}

}  // namespace

void confirm_by_replanning(TidyTerraform& run, const fs::path& root_dir, const core::ModuleDirs& dirs,
                           const std::vector<core::TidyBlock>& blocks, const std::vector<std::string>& workspaces,
                           std::vector<core::TidyVerdict>& verdicts) {
    std::map<std::string, core::PlanTextSummary> with_blocks;
    for (const auto& workspace : workspaces)
        with_blocks[workspace] = plan_in(run, run.terraform, workspace, {}, true, "with the moved blocks");
    // Each round keeps at least one more block or ends: at most one round per block.
    for (std::size_t round = 0; round <= blocks.size(); ++round) {
        std::vector<std::size_t> removable;
        for (std::size_t i = 0; i < verdicts.size(); ++i)
            if (verdicts[i].remove) removable.push_back(i);
        if (removable.empty()) return;
        auto difference = replan_without(run, root_dir, dirs, blocks, verdicts, workspaces, with_blocks);
        if (!difference) return;
        // The blocks the difference names, then those of the same resources; a block
        // kept is kept for what its own removal changes, never for its company's.
        for (auto level : {core::TouchLevel::instance, core::TouchLevel::resource}) {
            auto touched = core::blocks_touched(blocks, verdicts, difference->addresses, dirs, level);
            if (touched.empty()) continue;
            core::keep_for_replan(verdicts, blocks, touched, difference->workspace, difference->lines.front());
            break;
        }
        if (std::any_of(removable.begin(), removable.end(), [&](std::size_t i) { return !verdicts[i].remove; })) continue;
        // Nothing named: each block alone, and those whose removal alone differs stay.
        bool kept_one = false;
        for (std::size_t i : removable) {
            std::vector<core::TidyVerdict> alone = verdicts;
            for (std::size_t j : removable) alone[j].remove = j == i;
            auto own = replan_without(run, root_dir, dirs, blocks, alone, workspaces, with_blocks);
            if (!own) continue;
            core::keep_for_replan(verdicts, blocks, {i}, own->workspace, own->lines.front());
            kept_one = true;
        }
        if (kept_one) continue;
        for (std::size_t i : removable) {
            verdicts[i].remove = false;
            verdicts[i].needed_by = {difference->workspace};
            verdicts[i].reason = "still needed together: replanning workspace " + difference->workspace +
                                 " without all of these blocks plans different changes (" + difference->lines.front() +
                                 "), though without any one of them alone it does not";
        }
        return;
    }
}

std::vector<std::string> settings_from_backend_config(const fs::path& root_dir) {
    const fs::path record = data_dir_of(root_dir) / "terraform.tfstate";
    std::error_code missing;
    if (!fs::is_regular_file(record, missing)) return {};
    const auto recorded = core::parse_backend_record(read_file(record));
    if (!recorded) return {};
    const auto block = backend_block_of(root_dir);
    return block ? core::settings_from_backend_config(*block, *recorded) : std::vector<std::string>{};
}

TidyTerraform initialise_backend_config(Terraform& terraform, const std::vector<std::string>& plan_args,
                                        const fs::path& root_dir, const std::string& file, const fs::path& scratch) {
    std::error_code missing;
    if (!fs::is_regular_file(file, missing)) throw std::runtime_error("--backend-config " + file + ": no such file");
    TidyTerraform run{terraform, plan_args, private_data_dir(root_dir, scratch), file + ": "};
    ProcessOptions options;
    options.env_overrides = {{"TF_DATA_DIR", run.data_dir.string()}};
    options.env_removed = {"TF_WORKSPACE"};
    ProcessResult initialised = terraform.run({"init", "-input=false", "-no-color", "-reconfigure", "-lockfile=readonly",
                                               "-backend-config=" + fs::absolute(file).string()},
                                              options);
    throw_if_interrupted();
    if (initialised.exit_code != 0)
        throw std::runtime_error("--backend-config " + file + ": terraform init failed: " + first_error(initialised));
    return run;
}

std::vector<std::string> remove_tidy_blocks(const fs::path& root_dir, const std::vector<core::TidyBlock>& blocks,
                                            const std::vector<core::TidyVerdict>& verdicts) {
    auto files = pruned_files(root_dir, blocks, verdicts);
    // A file left empty is staged empty first: that proves its directory writable before
    // any file is replaced, and an empty .tf file is harmless should its removal fail.
    std::vector<std::unique_ptr<StagedWrite>> staged;
    for (const auto& [file, content] : files)
        staged.push_back(std::make_unique<StagedWrite>(root_dir / file, content.pruned.value_or(std::string()), content.original));
    throw_if_interrupted();
    for (const auto& write : staged) write->verify();
    std::vector<std::string> changed;
    for (auto& write : staged) write->commit();
    for (const auto& [file, content] : files) {
        changed.push_back(file);
        if (content.pruned) continue;
        std::error_code error;
        fs::remove(root_dir / file, error);
        if (error) throw std::runtime_error("removed the moved blocks of " + file + " but cannot remove the empty file: " + error.message());
    }
    return changed;
}

}  // namespace tfw::shell
