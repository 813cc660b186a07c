#include "tfw/shell/state_migration.hpp"

#include "tfw/shell/root_lock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <cstdlib>
#include <pwd.h>
#include <unistd.h>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <unistd.h>

#include "tfw/core/roots/migration_journal.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/file_io.hpp"
#include "tfw/shell/plan_with_state.hpp"
#include "tfw/shell/signals.hpp"
#include "tfw/shell/state_lock_holder.hpp"
#include "tfw/shell/temp_dir.hpp"

namespace tfw::shell {
namespace {

namespace fs = std::filesystem;

// In the root's data directory, one per workspace: a migration cut short in one
// workspace is none of another's business.
fs::path pointer_of(const fs::path& root_dir) {
    std::string workspace = workspace_of(root_dir);
    if (workspace == "default") return data_dir_of(root_dir) / "tfw-migration";
    for (char& c : workspace)
        if (c == '/' || c == '\\') c = '_';
    return data_dir_of(root_dir) / ("tfw-migration-" + workspace);
}

// One root of a migration, with its terraform and, for the migration's length, its lock.
struct LockedRoot {
    MigrationRoot root;
    Terraform terraform;
    std::unique_ptr<StateLockHolder> lock;
};

std::vector<std::unique_ptr<LockedRoot>> lock_roots(const fs::path& binary, const std::vector<MigrationRoot>& roots,
                                                    const fs::path& scratch, std::chrono::nanoseconds lock_timeout,
                                                    const std::function<void(const std::string&)>& say) {
    std::vector<std::unique_ptr<LockedRoot>> locked(roots.size());
    std::vector<fs::path> dirs;
    for (const auto& root : roots) dirs.push_back(root.dir);
    for (std::size_t i : lock_order(dirs)) {
        auto entry = std::make_unique<LockedRoot>(LockedRoot{roots[i], Terraform(binary, roots[i].global_args), nullptr});
        const fs::path dir = scratch / ("lock-" + std::to_string(i));
        fs::create_directories(dir);
        entry->lock = std::make_unique<StateLockHolder>(entry->terraform, roots[i].name, dir, lock_timeout, say);
        locked[i] = std::move(entry);
    }
    return locked;
}

// `interruptible`: false while signals are deferred, where stopping is what they wait for.
std::string pull(LockedRoot& root, bool interruptible = true) {
    const ProcessResult pulled = root.terraform.run({"state", "pull"});
    if (interruptible) throw_if_interrupted();
    if (pulled.exit_code != 0)
        throw std::runtime_error("root module " + root.root.name +
                                 ": terraform state pull failed: " + core::first_error_line(pulled.stderr_text));
    return pulled.stdout_text;
}

std::vector<core::StateStep> steps_now(std::vector<std::unique_ptr<LockedRoot>>& roots,
                                       const std::vector<core::RootStates>& states) {
    std::vector<core::StateStep> now;
    for (std::size_t i = 0; i < roots.size(); ++i) now.push_back(core::step_of(pull(*roots[i]), states[i]));
    return now;
}

// The roots that hold, or may hold, objects another root now manages until `pushes`
// end: those still to lose objects. Applying one of them destroys those objects.
std::string not_to_apply(const std::vector<std::unique_ptr<LockedRoot>>& roots, const std::vector<core::StatePush>& pushes,
                         std::size_t done) {
    std::string out;
    for (std::size_t i = done; i < pushes.size(); ++i)
        if (pushes[i].step == core::StateStep::final_state)
            out += (out.empty() ? "" : ", ") + roots[pushes[i].root]->root.name;
    return out;
}

// Pushes what is left, each after checking that its state is where the migration left it.
// A signal waits until every push is done: stopping between the root that gains and the
// root that loses leaves an object in both states, which the next run must then finish.
std::size_t push_left(std::vector<std::unique_ptr<LockedRoot>>& roots, const std::vector<core::RootStates>& states,
                      const fs::path& kept_in) {
    std::vector<core::StateStep> now = steps_now(roots, states);
    const std::vector<core::StatePush> pushes = core::pushes_left(states, now);
    SignalsDeferred deferred;
    for (std::size_t done = 0; done < pushes.size(); ++done) {
        const core::StatePush& push = pushes[done];
        const std::string must_not_apply = not_to_apply(roots, pushes, done);
        const std::string warning = must_not_apply.empty() ? "" : "; do not apply root module " + must_not_apply +
                                                                      " before tfw apply --root finishes the migration";
        LockedRoot& root = *roots[push.root];
        root.lock->check();
        const core::StateStep before = push.step == core::StateStep::final_state && states[push.root].gained
                                           ? core::StateStep::gained
                                           : core::StateStep::original;
        const std::string remote = pull(root, false);
        if (core::step_of(remote, states[push.root]) != before)
            throw std::runtime_error("root module " + root.root.name +
                                     ": its state changed during the migration; nothing more is pushed. The states of every step are in " +
                                     kept_in.string() + warning);
        const std::string& content = push.step == core::StateStep::gained ? *states[push.root].gained
                                                                          : *states[push.root].final_state;
        const fs::path file = kept_in / ("push-" + core::state_file_name(push.root, push.step));
        write_private_file(file, core::with_serial(content, core::serial_of(remote) + 1));
        const ProcessResult pushed = root.terraform.run({"state", "push", "-lock=false", file.string()});
        if (pushed.exit_code != 0)
            throw std::runtime_error("root module " + root.root.name + ": terraform state push failed: " +
                                     core::first_error_line(pushed.stderr_text) + "; the states of every step are in " +
                                     kept_in.string() + warning);
    }
    return pushes.size();
}

// A signal deferred during the pushes stops tfw once they are done, saying what was done.
void stop_if_signalled(const std::string& done) {
    if (int number = received_signal())
        throw Interrupted(number, "it came during the state pushes, which tfw finished first: " + done);
}

void remove_pointers(const std::vector<MigrationRoot>& roots, const fs::path& kept_in) {
    for (const auto& root : roots) {
        const fs::path pointer = pointer_of(root.dir);
        std::error_code ignored;
        if (fs::exists(pointer, ignored) && read_file(pointer) == kept_in.string() + "\n") fs::remove(pointer, ignored);
    }
}

// A lineage as Terraform makes one: a random UUID (version 4).
std::string new_lineage() {
    std::random_device device;
    std::mt19937_64 random(device());
    std::uint64_t high = random(), low = random();
    high = (high & ~0xF000ULL) | 0x4000ULL;
    low = (low & ~(0xC000ULL << 48)) | (0x8000ULL << 48);
    char text[40];
    std::snprintf(text, sizeof text, "%08llx-%04llx-%04llx-%04llx-%012llx", (unsigned long long)(high >> 32),
                  (unsigned long long)((high >> 16) & 0xFFFF), (unsigned long long)(high & 0xFFFF),
                  (unsigned long long)(low >> 48), (unsigned long long)(low & 0xFFFFFFFFFFFFULL));
    return text;
}

std::string migration_id() {
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", std::gmtime(&now));
    return std::string(stamp) + "-" + std::to_string(::getpid());
}

std::string restore_hint(const std::vector<MigrationRoot>& roots, const fs::path& kept_in) {
    std::string out = "tfw: the states before the migration are in " + kept_in.string() + "; to restore them:";
    for (std::size_t i = 0; i < roots.size(); ++i)
        out += "\n  terraform -chdir=" + roots[i].dir.string() + " state push -force " +
               (kept_in / core::state_file_name(i, core::StateStep::original)).string();
    return out;
}

// A finished migration's states are kept for restoring, and then for a while only: its
// `finished` file's age decides when they go (remove_expired_migrations).
constexpr const char* finished_marker = "finished";

void mark_finished(const fs::path& kept_in) { write_private_file(kept_in / finished_marker, ""); }

}  // namespace

namespace {

// migrations_home(), or nothing where no directory of this user's can be named.
std::optional<fs::path> user_migrations_home() {
    // XDG: a relative XDG_STATE_HOME is invalid and ignored.
    if (const char* state_home = std::getenv("XDG_STATE_HOME"); state_home && *state_home == '/')
        return fs::path(state_home) / "tfw" / "migrations";
    // Never a shared directory: without HOME (a service, `env -i`), the user's own home
    // from the password database, else none.
    std::string home;
    if (const char* from_environment = std::getenv("HOME"); from_environment && *from_environment == '/') home = from_environment;
    else if (const struct passwd* user = ::getpwuid(::geteuid()); user && user->pw_dir && *user->pw_dir == '/') home = user->pw_dir;
    if (home.empty()) return std::nullopt;
    return fs::path(home) / ".local" / "state" / "tfw" / "migrations";
}

}  // namespace

std::vector<fs::path> remove_expired_migrations(std::chrono::hours keep) {
    std::vector<fs::path> removed;
    const auto home = user_migrations_home();
    std::error_code error;
    if (!home || !fs::is_directory(*home, error)) return removed;
    const auto now = fs::file_time_type::clock::now();
    for (const auto& entry : fs::directory_iterator(*home, error)) {
        const fs::path marker = entry.path() / finished_marker;
        std::error_code missing;
        auto finished_at = fs::last_write_time(marker, missing);
        if (missing || now - finished_at < keep) continue;  // cut short, or still kept
        std::error_code ignored;
        if (fs::remove_all(entry.path(), ignored) > 0 && !ignored) removed.push_back(entry.path());
    }
    return removed;
}

fs::path migrations_home() {
    if (auto home = user_migrations_home()) return *home;
    throw std::runtime_error("tfw keeps a migration's journal and states under XDG_STATE_HOME or HOME, and neither is "
                             "set to an absolute directory (nor has this user a home directory): set one of them");
}

namespace {

// The journal of the migration kept in `kept_in`, or nothing when it has none or it
// cannot be read (a migration that wrote no journal pushed nothing).
std::optional<core::MigrationJournal> journal_in(const fs::path& kept_in) {
    const fs::path file = kept_in / "journal.json";
    std::error_code missing;
    if (!fs::is_regular_file(file, missing)) return std::nullopt;
    try {
        return core::parse_journal(read_file(file), file.string());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

bool same_directory(const fs::path& a, const fs::path& b) {
    std::error_code error;
    const bool same = fs::equivalent(a, b, error);
    return !error && same;
}

// Whether the journal's migration took `root_dir` in its current workspace.
bool takes_part(const core::MigrationJournal& journal, const fs::path& root_dir) {
    for (std::size_t i = 0; i < journal.roots.size(); ++i)
        if (same_directory(journal.roots[i], root_dir) &&
            (journal.workspaces.empty() || journal.workspaces[i] == workspace_of(root_dir)))
            return true;
    return false;
}

}  // namespace

std::optional<CutShortMigration> cut_short_migration(const fs::path& root_dir) {
    auto found = [&](const fs::path& kept_in) {
        CutShortMigration migration{kept_in, {}, {}};
        if (auto journal = journal_in(kept_in))
            for (const auto& root : journal->roots)
                if (!same_directory(root, root_dir)) migration.other_roots.push_back(root);
        return migration;
    };
    const fs::path pointer = pointer_of(root_dir);
    std::error_code missing;
    if (fs::is_regular_file(pointer, missing)) {
        std::string text = read_file(pointer);
        while (!text.empty() && text.back() == '\n') text.pop_back();
        if (!text.empty()) {
            CutShortMigration migration = found(text);
            // A kept directory without its journal is a migration killed before it wrote
            // one, which pushed nothing; one that is not there at all is lost.
            if (!fs::exists(migration.kept_in, missing)) migration.lost_by = fs::absolute(pointer).lexically_normal();
            return migration;
        }
    }
    // The data directory may be gone (a new init, a cleaned workspace) while the journal
    // of this machine is not.
    const auto home = user_migrations_home();
    std::error_code error;
    if (!home || !fs::is_directory(*home, error)) return std::nullopt;
    std::vector<fs::path> unfinished;
    for (const auto& entry : fs::directory_iterator(*home, error))
        if (!fs::exists(entry.path() / finished_marker, missing)) unfinished.push_back(entry.path());
    std::sort(unfinished.begin(), unfinished.end());
    for (const auto& kept_in : unfinished)
        if (auto journal = journal_in(kept_in); journal && takes_part(*journal, root_dir)) return found(kept_in);
    return std::nullopt;
}

MigrationOutcome migrate_states(const MigrationRequest& request) {
    MigrationOutcome outcome;
    // Only the roots that gain or lose take part, in the run's order.
    std::vector<std::size_t> involved;
    for (const auto& t : request.transfers)
        for (std::size_t root : {t.from_root, t.to_root}) involved.push_back(root);
    std::sort(involved.begin(), involved.end());
    involved.erase(std::unique(involved.begin(), involved.end()), involved.end());
    if (involved.empty()) return outcome;
    std::map<std::size_t, std::size_t> index_of;
    std::vector<MigrationRoot> roots;
    for (std::size_t root : involved) {
        index_of[root] = roots.size();
        roots.push_back(request.roots[root]);
    }
    std::vector<core::StateTransfer> transfers;
    for (auto t : request.transfers) {
        t.from_root = index_of[t.from_root];
        t.to_root = index_of[t.to_root];
        transfers.push_back(std::move(t));
    }
    auto in_run = [&](core::StateTransfer t) {
        t.from_root = involved[t.from_root];
        t.to_root = involved[t.to_root];
        return t;
    };

    TempDir scratch;
    auto locked = lock_roots(request.terraform_binary, roots, scratch.path(), request.lock_timeout, request.say);
    std::vector<std::string> originals;
    for (auto& root : locked) originals.push_back(pull(*root));
    std::map<std::size_t, std::string> pulled;
    for (std::size_t i = 0; i < originals.size(); ++i) pulled.emplace(involved[i], originals[i]);
    const bool still_judged = request.judged && core::plans_still_judge(*request.judged, request.transfers, pulled);
    // A new root (no state yet) gets an empty state of its own, first pushed with its objects.
    std::string version;
    for (const auto& original : originals)
        if (!core::is_no_state(original)) version = core::terraform_version_of(original);
    for (auto& original : originals)
        if (core::is_no_state(original)) original = core::empty_state(new_lineage(), version);

    // Terraform judges: each root planned against its state after the migration. A
    // transfer it refutes is withdrawn, and the rest judged again. The plans between roots
    // that chose these transfers are that judgement while the states are as they were.
    if (still_judged && request.say)
        request.say("tfw: the states are those Terraform just planned the moves between roots against: those plans judge the migration");
    std::vector<core::RootStates> states;
    for (std::size_t round = 0; !transfers.empty(); ++round) {
        states = core::plan_migration(originals, transfers);
        std::vector<core::Plan> made;
        for (std::size_t i = 0; i < locked.size() && (round > 0 || !still_judged); ++i) {
            const fs::path dir = scratch.path() / ("check-" + std::to_string(round) + "-" + std::to_string(i));
            fs::create_directories(dir);
            const fs::path state_file = dir / "state.tfstate";
            write_private_file(state_file, states[i].last());
            if (request.say) request.say("tfw: planning " + roots[i].name + " against its state after the migration");
            made.push_back(plan_with_state(locked[i]->terraform, roots[i].dir, state_file, dir, request.plan_args));
        }
        std::vector<const core::Plan*> plans;
        for (std::size_t i = 0; i < locked.size(); ++i)
            plans.push_back(made.empty() ? &request.judged->plans.at(involved[i]) : &made[i]);
        std::vector<core::StateTransfer> confirmed;
        for (const auto& t : transfers) {
            std::string reason = core::transfer_refutation(t, *plans[t.from_root], *plans[t.to_root]);
            if (reason.empty()) {
                confirmed.push_back(t);
            } else {
                outcome.withdrawn.push_back({in_run(t), reason});
            }
        }
        if (confirmed.size() == transfers.size()) break;
        transfers = std::move(confirmed);
    }
    for (const auto& t : transfers) outcome.carried.push_back(in_run(t));
    if (transfers.empty()) return outcome;
    if (request.confirm && !request.confirm(outcome.carried, outcome.withdrawn)) {
        outcome.carried.clear();
        outcome.cancelled = true;
        return outcome;
    }

    // A Ctrl-C that came before anything was written changes nothing.
    throw_if_interrupted();
    // Written down before the first push: the journal, the states of every step, and in
    // each root a pointer to them, so the next run finds a migration cut short.
    outcome.kept_in = migrations_home() / migration_id();
    create_private_directories(migrations_home());
    create_private_directories(outcome.kept_in);
    core::MigrationJournal journal{outcome.kept_in.filename().string(), {}, {}, transfers};
    for (std::size_t i = 0; i < roots.size(); ++i) {
        journal.roots.push_back(roots[i].dir.string());
        journal.workspaces.push_back(workspace_of(roots[i].dir));
        write_private_file(outcome.kept_in / core::state_file_name(i, core::StateStep::original), states[i].original);
        if (states[i].gained)
            write_private_file(outcome.kept_in / core::state_file_name(i, core::StateStep::gained), *states[i].gained);
        if (states[i].final_state)
            write_private_file(outcome.kept_in / core::state_file_name(i, core::StateStep::final_state),
                                  *states[i].final_state);
    }
    write_private_file(outcome.kept_in / "journal.json", core::render_journal(journal));
    for (const auto& root : roots) {
        // A root of built-in resources only may have no data directory: init makes none.
        fs::create_directories(data_dir_of(root.dir));
        write_file_atomically(pointer_of(root.dir), outcome.kept_in.string() + "\n");
    }
    push_left(locked, states, outcome.kept_in);
    remove_pointers(roots, outcome.kept_in);
    mark_finished(outcome.kept_in);
    if (request.say) request.say(restore_hint(roots, outcome.kept_in));
    stop_if_signalled("moved " + std::to_string(transfers.size()) + " object" + (transfers.size() == 1 ? "" : "s") +
                      " between root modules, each now in one state only");
    return outcome;
}

std::vector<std::string> pull_states(const fs::path& terraform_binary, const std::vector<MigrationRoot>& roots) {
    std::vector<std::string> out;
    for (const auto& root : roots) {
        LockedRoot reader{root, Terraform(terraform_binary, root.global_args), nullptr};
        out.push_back(pull(reader));
    }
    return out;
}

std::string pull_state_of_root(const fs::path& terraform_binary, const fs::path& root_dir, const std::string& workspace,
                               const fs::path& scratch) {
    Terraform terraform(terraform_binary, {"-chdir=" + root_dir.string()});
    ProcessOptions options;
    options.env_overrides = {{"TF_WORKSPACE", workspace}, {"TF_IN_AUTOMATION", "1"}};
    if (!is_initialised(root_dir) && backend_block_of(root_dir)) {
        const fs::path data_dir = private_data_dir(root_dir, scratch);
        options.env_overrides.emplace_back("TF_DATA_DIR", data_dir.string());
        // The default workspace exists in every backend; another is selected by TF_WORKSPACE.
        ProcessOptions init_options = options;
        init_options.env_overrides.front().second = "default";
        const ProcessResult initialised =
            terraform.run({"init", "-input=false", "-no-color", "-lockfile=readonly", "-reconfigure"}, init_options);
        throw_if_interrupted();
        if (initialised.exit_code != 0)
            throw std::runtime_error("terraform init of its backend failed: " +
                                     core::first_error_line(initialised.stdout_text + initialised.stderr_text));
    }
    const ProcessResult pulled = terraform.run({"state", "pull"}, options);
    throw_if_interrupted();
    if (pulled.exit_code != 0)
        throw std::runtime_error("terraform state pull failed: " + core::first_error_line(pulled.stderr_text + pulled.stdout_text));
    return pulled.stdout_text;
}

void finish_split_objects(const fs::path& terraform_binary, const std::vector<MigrationRoot>& roots,
                          const std::vector<SplitRemoval>& removals, std::chrono::nanoseconds lock_timeout,
                          const std::function<void(const std::string&)>& say) {
    if (removals.empty()) return;
    std::set<std::size_t> involved_set;
    for (const auto& removal : removals) involved_set.insert({removal.keeping_root, removal.losing_root});
    const std::vector<std::size_t> involved(involved_set.begin(), involved_set.end());
    std::vector<MigrationRoot> involved_roots;
    std::map<std::size_t, std::size_t> index_of;
    for (std::size_t root : involved) {
        index_of[root] = involved_roots.size();
        involved_roots.push_back(roots[root]);
    }
    TempDir scratch;
    auto locked = lock_roots(terraform_binary, involved_roots, scratch.path(), lock_timeout, say);
    std::vector<std::string> states;
    for (auto& root : locked) states.push_back(pull(*root));
    // Judged on states read before the locks were taken: each must still say the same.
    auto holds = [&](std::size_t root, const std::string& address, const std::string& id) {
        for (const auto& object : core::object_ids(states[index_of[root]]))
            if (object.address == address && object.id == id) return true;
        return false;
    };
    std::map<std::size_t, std::vector<std::string>> lost;
    for (const auto& removal : removals) {
        if (!holds(removal.keeping_root, removal.keeping_address, removal.id) ||
            !holds(removal.losing_root, removal.losing_address, removal.id))
            throw std::runtime_error("the states of root modules " + roots[removal.keeping_root].name + " and " +
                                     roots[removal.losing_root].name + " changed while tfw read them; nothing was pushed");
        lost[removal.losing_root].push_back(removal.losing_address);
    }
    const fs::path kept_in = migrations_home() / migration_id();
    create_private_directories(migrations_home());
    create_private_directories(kept_in);
    for (const auto& [root, addresses] : lost)
        write_private_file(kept_in / ("before-" + std::to_string(root) + ".tfstate"), states[index_of[root]]);
    SignalsDeferred deferred;
    for (const auto& [root, addresses] : lost) {
        LockedRoot& losing = *locked[index_of[root]];
        losing.lock->check();
        const std::string& state = states[index_of[root]];
        const fs::path file = kept_in / ("push-" + std::to_string(root) + ".tfstate");
        write_private_file(file, core::without_instances(state, addresses, core::serial_of(state) + 1));
        const ProcessResult pushed = losing.terraform.run({"state", "push", "-lock=false", file.string()});
        if (pushed.exit_code != 0)
            throw std::runtime_error("root module " + losing.root.name + ": terraform state push failed: " +
                                     core::first_error_line(pushed.stderr_text) + "; do not apply it before tfw apply --root "
                                     "finishes the migration cut short; its state before is in " + kept_in.string());
    }
    mark_finished(kept_in);
    for (const auto& removal : removals)
        say("tfw: finished a migration between root modules cut short: removed " + removal.losing_address + " from the state of " +
            roots[removal.losing_root].name + "; root module " + roots[removal.keeping_root].name + " keeps it as " +
            removal.keeping_address + " (id " + removal.id + "), where Terraform plans no change for it. The states "
            "alone cannot tell this from two objects that share an id and every value (as in two accounts or clusters); "
            "were they two, the one " + roots[removal.losing_root].name + " managed is in no state now, and its state "
            "before is kept (below)");
    say("tfw: the states before are in " + kept_in.string());
    stop_if_signalled("finished the migration cut short");
}

void finish_interrupted_migrations(const fs::path& terraform_binary, const std::vector<MigrationRoot>& roots,
                                   std::chrono::nanoseconds lock_timeout, const std::function<void(const std::string&)>& say) {
    std::set<fs::path> journals;
    for (const auto& root : roots)
        if (auto migration = cut_short_migration(root.dir); migration && migration->lost_by.empty())
            journals.insert(migration->kept_in);
    for (const auto& kept_in : journals) {
        const fs::path journal_file = kept_in / "journal.json";
        const core::MigrationJournal journal = core::parse_journal(read_file(journal_file), journal_file.string());
        std::vector<MigrationRoot> journal_roots;
        std::vector<core::RootStates> states;
        for (std::size_t i = 0; i < journal.roots.size(); ++i) {
            journal_roots.push_back({journal.roots[i], journal.roots[i], {"-chdir=" + journal.roots[i]}});
            core::RootStates root_states;
            root_states.original = read_file(kept_in / core::state_file_name(i, core::StateStep::original));
            for (auto step : {core::StateStep::gained, core::StateStep::final_state}) {
                const fs::path file = kept_in / core::state_file_name(i, step);
                std::error_code missing;
                if (!fs::exists(file, missing)) continue;
                (step == core::StateStep::gained ? root_states.gained : root_states.final_state) = read_file(file);
            }
            states.push_back(std::move(root_states));
        }
        TempDir scratch;
        auto locked = lock_roots(terraform_binary, journal_roots, scratch.path(), lock_timeout, say);
        const std::vector<core::StateStep> now = steps_now(locked, states);
        bool untouched = true;
        for (auto step : now) untouched = untouched && step == core::StateStep::original;
        if (untouched) {
            remove_pointers(journal_roots, kept_in);
            mark_finished(kept_in);
            say("tfw: rolled back the migration between root modules cut short in " + kept_in.string() +
                ": it had pushed no state, so every state is as it was before it");
            continue;
        }
        std::size_t pushed = 0;
        try {
            pushed = push_left(locked, states, kept_in);
        } catch (const core::StateMigrationError& error) {
            throw std::runtime_error(std::string("cannot finish the migration between root modules cut short in ") +
                                     kept_in.string() + ": " + error.what() + "; nothing was pushed");
        }
        remove_pointers(journal_roots, kept_in);
        mark_finished(kept_in);
        say("tfw: finished the migration between root modules cut short in " + kept_in.string() + ": pushed the " +
            std::to_string(pushed) + " state" + (pushed == 1 ? "" : "s") + " it had left");
        stop_if_signalled("finished the migration cut short");
    }
}

std::vector<fs::path> pointers_to_lost_journals(const std::vector<MigrationRoot>& roots) {
    std::vector<fs::path> pointers;
    for (const auto& root : roots)
        if (auto migration = cut_short_migration(root.dir); migration && !migration->lost_by.empty())
            pointers.push_back(migration->lost_by);
    return pointers;
}

void remove_lost_pointers(const std::vector<fs::path>& pointers, const std::function<void(const std::string&)>& say) {
    for (const auto& pointer : pointers) {
        std::error_code error;
        fs::remove(pointer, error);
        if (error) throw std::runtime_error("cannot remove " + pointer.string() + ": " + error.message());
        say("tfw: removed " + pointer.string() + ", which named a migration whose journal is not on this machine: "
            "the states of the roots hold each object once");
    }
}

}  // namespace tfw::shell
