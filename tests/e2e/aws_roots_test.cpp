// AWS end to end between two root modules, applied for real (issue 34): root "app"
// (fixtures/aws_roots_app) hands its exports (a bucket, the bucket's versioning and an SQS
// queue) to root "data" (fixtures/aws_roots_data), which declares them under names of its
// own. Both roots have local state and their own provider configuration, pointing at one
// moto emulator. `tfw apply --root` pairs what app destroys with what data creates, has
// Terraform judge each root against its migrated state, and pushes both states; plain
// terraform then plans no change in either root, refreshing, and every object kept its id.
//
// `tfw plan --root` is not run on its own: apply runs the same planning and prints the
// same report before it migrates, and each AWS plan costs seconds of CPU (roots_split_test
// shows plan --root changes nothing, on terraform_data), except once before, with drift,
// which only a real provider's refresh finds: then the plans between roots refresh too.
#include <boost/test/unit_test.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "checks.hpp"
#include "moto_server.hpp"
#include "recorder.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

// (address in app, address in data)
const std::vector<std::pair<std::string, std::string>> handed_over = {
    {"aws_s3_bucket.exports", "aws_s3_bucket.app_exports"},
    {"aws_s3_bucket_versioning.exports", "aws_s3_bucket_versioning.app_exports"},
    {"aws_sqs_queue.exports_ready", "aws_sqs_queue.app_exports_ready"},
};

void switch_with_provider(Workspace& ws, const MotoServer& moto, const std::string& stage) {
    ws.switch_to(stage, Workspace::Init::skip);
    moto.write_aws_provider(ws);
    ws.init();
}

// Drift (issue 32). The plans between roots skip the refresh only where the roots' own
// refreshed plans found no drift. Here the app root's finds the queue's timeout changed,
// so they refresh as inside a root, and the data root, refreshing, would set the timeout
// back: the queue is proposed, not moved, as with every plan refreshing. The bucket and
// its versioning still move.
void drift_makes_the_plans_between_roots_refresh(const Workspace& app, const Workspace& data, const MotoServer& moto) {
    moto.set_queue_timeout("app-exports-ready", 45);
    Recorder recorder(app);
    const std::string data_dir = data.dir().string();
    const RunResult planned = app.tfw({"plan", "-input=false", "-no-color", "--root", data_dir, recorder.option()});
    BOOST_TEST_REQUIRE(planned.exit_code == 0, planned.describe());
    BOOST_TEST(contains(planned.out, "tfw: 2 moves between root modules:\n"), planned.describe());
    const std::size_t listed = planned.out.find("tfw: 2 moves between root modules:");
    const std::string moves = listed == std::string::npos ? "" : planned.out.substr(listed);
    BOOST_TEST(!contains(moves.substr(0, moves.find("tfw: nothing was moved")), "aws_sqs_queue"), planned.describe());
    BOOST_TEST(contains(planned.out, "tfw: proposed between root modules, not moved (a policy rule decides):\n  .: "
                                     "aws_sqs_queue.exports_ready -> " + data_dir + ": aws_sqs_queue.app_exports_ready  ("),
               planned.describe());
    std::size_t refreshing_between = 0;
    for (const auto& call : recorder.calls())
        for (const auto& arg : call)
            if (arg.rfind("-state=", 0) == 0 && is_refreshing_plan(call)) ++refreshing_between;
    BOOST_TEST(refreshing_between > 0u, "terraform calls:\n" << recorder.describe());
    moto.set_queue_timeout("app-exports-ready", 60);
}

}  // namespace

BOOST_AUTO_TEST_CASE(exports_move_from_the_app_root_to_the_data_root, *moto_server_required()) {
    MotoServer& moto = clean_moto_server();
    Workspace app("aws_roots_app", {.aws_provider = true});
    Workspace data("aws_roots_data", {.aws_provider = true});
    app.set_environment("XDG_STATE_HOME", (app.scratch() / "state").string());
    for (Workspace* ws : {&app, &data}) {
        moto.write_aws_provider(*ws);
        ws->apply_before();
    }
    const auto app_before = ids_of(app);
    const auto data_before = ids_of(data);
    BOOST_TEST_REQUIRE(app_before.size() == handed_over.size() + 1);
    BOOST_TEST_REQUIRE(data_before.size() == 1u);
    switch_with_provider(app, moto, "after");
    switch_with_provider(data, moto, "after");
    drift_makes_the_plans_between_roots_refresh(app, data, moto);

    const std::string data_dir = data.dir().string();
    const RunResult moved = app.tfw({"apply", "-input=false", "-no-color", "-auto-approve", "--root", data_dir});
    BOOST_TEST_REQUIRE(moved.exit_code == 0, moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: 3 moves between root modules:\n"), moved.describe());
    for (const auto& [from, to] : handed_over)
        BOOST_TEST(contains(moved.out, "  .: " + from + " -> " + data_dir + ": " + to + "  ("),
                   from << "\n" << moved.describe());
    BOOST_TEST(contains(moved.out, "tfw: moved 3 objects between root modules\n"), moved.describe());

    for (const Workspace* ws : {&app, &data}) {
        const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }
    const auto app_after = ids_of(app);
    const auto data_after = ids_of(data);
    const std::map<std::string, std::string> app_keeps = {{"aws_s3_bucket.uploads", app_before.at("aws_s3_bucket.uploads")}};
    BOOST_TEST((app_after == app_keeps));
    BOOST_TEST(data_after.size() == handed_over.size() + 1);
    BOOST_TEST(data_after.at("aws_s3_bucket.lake") == data_before.at("aws_s3_bucket.lake"));
    for (const auto& [from, to] : handed_over) {
        BOOST_TEST_CONTEXT(from << " -> " << to) {
            BOOST_TEST_REQUIRE(data_after.contains(to));
            BOOST_TEST(data_after.at(to) == app_before.at(from));
        }
    }
}
