// SIGKILL during `tfw apply --root` between two roots whose states are in Terraform's S3
// backend (moto's emulator), locked by S3 lock files and by a DynamoDB table: 12 rounds for
// each lock kind (TFW_CHAOS_ROUNDS sets more) (support/migration_kills.hpp, as on local states). After every kill each
// object is in at least one state, and the next run finishes the migration or rolls it
// back: in A's checkout, which has the journal, or from a fresh clone (a new checkout of
// both roots' configuration, no .terraform, an empty XDG_STATE_HOME), where only the
// states show what was cut short. Round 0 of each lock kind is killed right after its
// first push (a terraform wrapper kills tfw then), so that a fresh clone must finish a
// migration from the states alone; rounds 1 and 2 are killed as the first push starts and
// right after it, and resumed in place, which must roll back and finish, so that both
// repairs are seen; every fifth round after them resumes from a fresh clone, the others
// in place.
#include <boost/test/unit_test.hpp>

#include <iostream>
#include <map>
#include <random>

#include <rapidjson/document.h>

#include "chaos.hpp"
#include "checks.hpp"
#include "migration_kills.hpp"
#include "moto_server.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

constexpr unsigned default_seed = 20261127;
// Three fixed rounds and nine at random moments, two of them from a fresh clone: what the
// suite's time allows (RELIABILITY.md records the long runs, with TFW_CHAOS_ROUNDS=30).
constexpr int default_rounds = 12;
constexpr int fresh_clone_every = 5;

// A root's ids as the bucket holds its state: no terraform run, so rounds stay cheap.
IdsReader ids_in_bucket(const MotoServer& moto, S3Lock lock) {
    return [&moto, lock](const Workspace&, const std::string& root) {
        const S3State state = split_roots_state(lock, root);
        return ids_in_state(moto.s3_object(state.bucket, state.key).value_or(""));
    };
}

// A lock a killed run left on a root's state. SIGKILL cannot leave tfw's console holding
// one: its input closes with tfw, and it unlocks as it ends. But when the emulator's answer
// to the console's conditional write of the lock is lost, the AWS SDK's retry finds the lock
// that write took and the console fails, leaving it (tests/e2e/README.md, "One artefact of
// the emulator"). tfw releases it then (s3_state_lock_test), unless the kill comes first.
// Released here only on that evidence, the retry in a killed console's trace log (tfw
// writes it beside the console, in its temporary directory); any other lock left fails the
// test, since the next run would stop on it.
void release_a_lock_lost_to_a_retry(const MotoServer& moto, S3Lock lock, const SplitRoots& roots, const fs::path& tfw_tmp) {
    bool retried = false;
    for (const auto& entry : fs::recursive_directory_iterator(tfw_tmp))
        if (entry.path().filename() == "console.log") {
            const std::string log = read_text_file(entry.path());
            retried = retried || contains(log, "retrying request DynamoDB/PutItem") || contains(log, "retrying request S3/PutObject");
        }
    for (const auto& [ws, root] : {std::pair{&roots.a, "root_a"}, std::pair{&roots.b, "root_b"}}) {
        const std::optional<std::string> info = moto.lock_record(split_roots_state(lock, root));
        if (!info) continue;
        BOOST_TEST_REQUIRE(retried, "a killed tfw left " << root << "'s state locked: " << *info);
        rapidjson::Document doc;
        doc.Parse(info->c_str());
        BOOST_TEST_REQUIRE((!doc.HasParseError() && doc.IsObject() && doc.HasMember("ID") && doc["ID"].IsString()), *info);
        std::cerr << "tfw e2e: the emulator's answer to a killed tfw's console taking " << root
                  << "'s lock was lost and the SDK's retry found its own lock " << doc["ID"].GetString() << "; released\n";
        const RunResult unlocked = ws->terraform({"force-unlock", "-force", doc["ID"].GetString()});
        BOOST_TEST_REQUIRE(unlocked.exit_code == 0, unlocked.describe());
    }
    for (const auto& entry : fs::directory_iterator(tfw_tmp)) fs::remove_all(entry.path());
}

// The next run from a fresh clone. Returns "finished from the states", "moved anew" (the
// kill came before any push) or "nothing left to move" (after every push).
std::string resume_in_fresh_clone(MigrationKills& kills, const MotoServer& moto, S3Lock lock) {
    SplitRoots clone(SplitRoots::FreshCheckout{"after"}, s3_backend(moto, lock));
    const RunResult next = clone.tfw_past_a_lost_lock_answer({"apply", "-no-color", "-auto-approve", "--root", clone.b.dir().string()});
    BOOST_TEST_REQUIRE(next.exit_code == 0, next.describe());
    BOOST_TEST(!contains(next.err, "tfw: finished the migration"), "a fresh clone has no journal:\n" << next.describe());
    BOOST_TEST(!contains(next.err, "tfw: rolled back the migration"), "a fresh clone has no journal:\n" << next.describe());
    std::string outcome;
    if (contains(next.err, "tfw: finished a migration between root modules cut short: "))
        outcome = "finished from the states";
    else if (contains(next.out, "tfw: moved 5 objects between root modules\n"))
        outcome = "moved anew";
    else if (contains(next.out, "tfw: nothing to move between root modules\n"))
        outcome = "nothing left to move";
    BOOST_TEST(!outcome.empty(), next.describe());
    kills.check_final(clone.a, clone.b);
    return outcome;
}

void kill_migrations(S3Lock lock) {
    const unsigned seed = chaos_seed(default_seed);
    const int rounds = chaos_rounds(default_rounds);
    MotoServer& moto = clean_moto_server();
    OrphanCollector orphans;
    const auto split = split_roots_in_s3(moto, lock);
    SplitRoots& roots = *split;
    // The killed runs' temporary directories, where their consoles' logs stay.
    const fs::path tfw_tmp = roots.a.scratch() / "tfw-tmp";
    fs::create_directories(tfw_tmp);
    roots.a.set_environment("TMPDIR", tfw_tmp.string());
    // The states before the migration, pushed back before every round. A killed tfw may
    // have left its backend override (a local state of its own) in a root, which the next
    // tfw removes: plain terraform must not read it, so it goes first.
    const std::string state_a = roots.a.write_scratch_file("before-a.tfstate", roots.a.terraform({"state", "pull"}).out);
    const std::string state_b = roots.b.write_scratch_file("before-b.tfstate", roots.b.terraform({"state", "pull"}).out);
    MigrationKills kills{roots,
                         {"apply", "-no-color", "-auto-approve", "--root", roots.b.dir().string()},
                         [&] {
                             for (const auto& [ws, state] : {std::pair{&roots.a, state_a}, std::pair{&roots.b, state_b}}) {
                                 for (const auto& leftover : ws->tfw_temp_files()) fs::remove(ws->dir() / leftover);
                                 const RunResult pushed = ws->terraform_past_a_lost_lock_answer({"state", "push", "-force", state});
                                 if (pushed.exit_code != 0) throw E2eError(pushed.describe());
                                 std::error_code ignored;
                                 fs::remove(ws->dir() / ".terraform" / "tfw-migration", ignored);
                             }
                         },
                         ids_in_bucket(moto, lock)};
    kills.run_uninterrupted();

    std::map<std::string, int> outcomes;
    BOOST_TEST_CONTEXT("round 0, killed after its first push") {
        const fs::path killing = write_terraform_killing_tfw_after_its_first_push(roots.a);
        kills.kill_at(600, orphans, {"--terraform-bin=" + killing.string()});
        release_a_lock_lost_to_a_retry(moto, lock, roots, tfw_tmp);
        BOOST_TEST_REQUIRE(fs::exists(killing.string() + ".fired"), "no push was made");
        const std::string outcome = resume_in_fresh_clone(kills, moto, lock);
        BOOST_TEST(outcome == "finished from the states");
        ++outcomes["fresh clone: " + outcome];
    }
    // Rounds 1 and 2 reach each repair in place for certain (issue 48): killed as its
    // first push starts, rolled back; killed right after it, finished.
    BOOST_TEST_CONTEXT("round 1, killed as its first push starts") {
        const fs::path killing = write_terraform_killing_tfw_at_its_first_push(roots.a);
        kills.kill_at(600, orphans, {"--terraform-bin=" + killing.string()});
        release_a_lock_lost_to_a_retry(moto, lock, roots, tfw_tmp);
        BOOST_TEST_REQUIRE(fs::exists(killing.string() + ".fired"), "tfw reached no push");
        const std::string outcome = kills.resume_in_place(600);
        BOOST_TEST(outcome == "rolled back");
        ++outcomes["in place: " + outcome];
    }
    BOOST_TEST_CONTEXT("round 2, killed after its first push") {
        const fs::path killing = write_terraform_killing_tfw_after_its_first_push(roots.a);
        fs::remove(killing.string() + ".fired");
        kills.kill_at(600, orphans, {"--terraform-bin=" + killing.string()});
        release_a_lock_lost_to_a_retry(moto, lock, roots, tfw_tmp);
        BOOST_TEST_REQUIRE(fs::exists(killing.string() + ".fired"), "no push was made");
        const std::string outcome = kills.resume_in_place(600);
        BOOST_TEST(outcome == "finished");
        ++outcomes["in place: " + outcome];
    }
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> moment(0.0, kills.migration_seconds);
    for (int round = 3; round < rounds; ++round) {
        BOOST_TEST_CONTEXT("round " << round) {
            const double delay = moment(random);
            kills.kill_at(delay, orphans);
            release_a_lock_lost_to_a_retry(moto, lock, roots, tfw_tmp);
            if (round % fresh_clone_every == 0)
                ++outcomes["fresh clone: " + resume_in_fresh_clone(kills, moto, lock)];
            else
                ++outcomes["in place: " + kills.resume_in_place(delay)];
        }
    }
    for (const auto& [outcome, count] : outcomes) {
        BOOST_TEST_MESSAGE(to_string(lock) << ": " << outcome << ": " << count << " rounds");
        std::cout << to_string(lock) << ", seed " << seed << ": " << outcome << ": " << count << " rounds\n";
    }
    // Plain terraform agrees with the last round in both roots.
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform_past_a_lost_lock_answer({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }
    BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_a")).has_value());
    BOOST_TEST(!moto.lock_record(split_roots_state(lock, "root_b")).has_value());
}

}  // namespace

BOOST_AUTO_TEST_CASE(sigkill_during_a_migration_with_s3_lock_files, *moto_server_required()) {
    kill_migrations(S3Lock::lockfile);
}

BOOST_AUTO_TEST_CASE(sigkill_during_a_migration_with_a_dynamodb_table, *moto_server_required()) {
    kill_migrations(S3Lock::dynamodb);
}
