#include "tfw/shell/tidy.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include "tfw/core/parse/backend_config.hpp"
#include "tfw/core/parse/config_files.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/parse/hcl_moved.hpp"
#include "tfw/core/parse/plan_stream.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/config_files.hpp"
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

// Where the private copy puts the user's directories: the root module and every local
// module directory outside it, at the same places relative to each other under
// `temp`/config, symbolic links resolved.
class CopyLayout {
public:
    CopyLayout(const fs::path& temp, std::vector<fs::path> sources, std::set<fs::path> skip)
        : temp_(canonical_dir(temp)), sources_(std::move(sources)), skip_(std::move(skip)) {
        base_ = sources_.front();
        for (const auto& source : sources_)
            while (!inside(source, base_)) base_ = base_.parent_path();
        copy_base_ = temp_ / "config";
    }

    // Where `original` (any path; links resolved) is in the copy; std::nullopt for a path
    // outside every copied directory, or in what the copy leaves out (the data directory).
    std::optional<fs::path> in_copy(const fs::path& original) const {
        const fs::path resolved = canonical_dir(original);
        for (const auto& skipped : skip_)
            if (inside(resolved, skipped)) return std::nullopt;
        for (const auto& source : sources_)
            if (inside(resolved, source)) return copy_base_ / resolved.lexically_relative(base_);
        return std::nullopt;
    }

    const std::vector<fs::path>& sources() const { return sources_; }
    const std::set<fs::path>& skip() const { return skip_; }
    const fs::path& temp() const { return temp_; }

private:
    fs::path temp_;
    std::vector<fs::path> sources_;
    std::set<fs::path> skip_;
    fs::path base_;
    fs::path copy_base_;
};

// Copies `from` into its place in the copy (which may exist), without what the layout
// skips and without files already there. A symbolic link into a copied directory leads to
// the copy (`mods -> /srv/infra/realmods` would read, and a write through it change, the
// user's files); any other link is copied as it is, for reading only.
void copy_tree(const fs::path& from, const CopyLayout& layout) {
    const fs::path to = *layout.in_copy(from);
    fs::create_directories(to);
    for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path& source = it->path();
        if (layout.skip().count(source) || source.filename() == ".git") {
            if (it->is_directory() && !it->is_symlink()) it.disable_recursion_pending();
            continue;
        }
        fs::path target = to / source.lexically_relative(from);  // fs::relative would resolve a link
        std::error_code exists;
        if (fs::exists(fs::symlink_status(target, exists))) continue;
        if (it->is_symlink()) {
            std::error_code broken;
            const fs::path resolved = fs::canonical(source, broken);
            const auto mapped = broken ? std::nullopt : layout.in_copy(resolved);
            if (mapped) fs::create_symlink(*mapped, target);
            else fs::copy_symlink(source, target);
        } else if (it->is_directory()) {
            fs::create_directories(target);
        } else if (it->is_regular_file()) {
            fs::copy_file(source, target);
        }
    }
}

// Terraform's data directory for the copy: links to the original's providers and
// downloaded modules, its own copy of the backend settings, and a module manifest whose
// local modules are the copy's (Terraform reads a module from the Dir recorded there, an
// absolute one too, not from its source).
void mirror_data_dir(const fs::path& original, const fs::path& copy, const fs::path& root_dir, const CopyLayout& layout) {
    fs::create_directories(copy);
    if (!fs::is_directory(original)) return;
    for (const auto& entry : fs::directory_iterator(original)) {
        fs::path name = entry.path().filename();
        if (name == "environment") continue;  // tidy names the workspace itself
        if (name == "modules" && entry.is_directory()) {
            fs::create_directories(copy / name);
            for (const auto& module : fs::directory_iterator(entry.path())) {
                if (module.path().filename() != "modules.json") {
                    fs::create_directory_symlink(fs::absolute(module.path()), copy / name / module.path().filename());
                    continue;
                }
                const std::string manifest = core::with_module_dirs(read_file(module.path()), [&](const std::string&, const std::string& dir) {
                    const fs::path recorded = fs::path(dir).is_absolute() ? fs::path(dir) : root_dir / dir;
                    const auto mapped = layout.in_copy(recorded);
                    return (mapped ? *mapped : canonical_dir(recorded)).string();
                });
                write_file_atomically(copy / name / "modules.json", manifest, confined(layout.temp()));
            }
        } else if (entry.is_regular_file()) {
            fs::copy_file(entry.path(), copy / name);
        } else {
            fs::create_directory_symlink(fs::absolute(entry.path()), copy / name);
        }
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

// The configuration without the removable blocks, in `temp`: the root module, and its
// data directory, for TF_DATA_DIR.
struct PrivateCopy {
    fs::path root;
    fs::path data_dir;
};

PrivateCopy private_copy(const fs::path& temp, const TidyTerraform& run, const fs::path& root_dir, const core::ModuleDirs& dirs,
                         const std::vector<core::TidyBlock>& blocks, const std::vector<core::TidyVerdict>& verdicts) {
    const fs::path root = canonical_dir(root_dir);
    std::vector<fs::path> sources = {root};
    for (const auto& dir : local_dirs(dirs)) {
        fs::path module = canonical_dir(root_dir / dir);
        if (!inside(module, root) && fs::is_directory(module)) sources.push_back(module);
    }
    const fs::path original_data_dir = run.data_dir.empty() ? data_dir_of(root_dir) : run.data_dir;
    // Never the copy itself ($TMPDIR may lie inside the configuration), nor the data
    // directory, which the copy has its own of.
    const CopyLayout layout(temp, sources, {canonical_dir(temp), canonical_dir(original_data_dir)});
    for (const auto& source : sources) copy_tree(source, layout);
    PrivateCopy copy{*layout.in_copy(root), layout.temp() / "data"};
    mirror_data_dir(original_data_dir, copy.data_dir, root_dir, layout);
    for (const auto& [file, content] : pruned_files(root_dir, blocks, verdicts)) {
        // Where the file really is, or, for a link that leads out of the copied
        // directories, the link's own place: the copy's own file, never what such a link
        // copied as it is leads to.
        const fs::path original = root_dir / file;
        std::optional<fs::path> target = layout.in_copy(original);
        if (!target)
            if (const auto dir = layout.in_copy(original.parent_path())) target = *dir / original.filename();
        if (!target) throw std::logic_error("tfw tidy: " + file + " lies outside the copy of the configuration");
        fs::remove(*target);
        if (content.pruned) write_file_atomically(*target, *content.pruned, confined(layout.temp()));
    }
    return copy;
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
        for (auto& file : configuration_files(directory)) {
            const std::string name = file.filename().string();
            // tfw's own temporary file goes by itself; a .tf.json file's blocks are not
            // pruned (tidy edits HCL text), so they stay, as a block kept does.
            if (name.rfind(moved_file_prefix, 0) == 0 || core::is_json_configuration_file_name(name)) continue;
            files.push_back(std::move(file));
        }
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
    const PrivateCopy copy = private_copy(temp.path(), run, root_dir, dirs, blocks, verdicts);
    Terraform in_copy(run.terraform.binary(), {});
    TidyTerraform copy_run{in_copy, run.plan_args, copy.data_dir, run.label};
    for (const auto& workspace : workspaces) {
        core::PlanTextSummary without =
            plan_in(copy_run, in_copy, workspace, copy.root, false, "without the blocks tidy would remove");
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
        staged.push_back(
            std::make_unique<StagedWrite>(root_dir / file, content.pruned.value_or(std::string()), replacing(content.original)));
    throw_if_interrupted();
    for (const auto& write : staged) write->verify();
    std::vector<std::string> changed;
    for (auto& write : staged) write->commit();
    for (const auto& [file, content] : files) {
        changed.push_back(file);
        if (content.pruned) continue;
        // A link's target was written through, empty: it stays, and so does the link. The
        // file it leads to is the user's, wherever it is, and an empty .tf file reads as
        // no configuration.
        std::error_code error;
        if (fs::is_symlink(root_dir / file, error)) continue;
        fs::remove(root_dir / file, error);
        if (error) throw std::runtime_error("removed the moved blocks of " + file + " but cannot remove the empty file: " + error.message());
    }
    return changed;
}

}  // namespace tfw::shell
