// AWS end to end, applied for real (issue 34): the fixture aws_platform (a network module,
// IAM roles with customer- and AWS-managed policies, S3 buckets with versioning and a
// bucket policy, SQS queues with a redrive policy; 29 objects) is applied by the AWS
// provider 5.100 into moto's emulator, then refactored as users do: the module renamed and
// its subnets and route table associations re-keyed from `count` to `for_each`, IAM moved
// into a module, the logs bucket renamed beside a new queue, and a queue removed. Every
// terraform run refreshes against the emulator as a user's would.
//
// One workspace, in the order a user works: `tfw plan --write` (the moves of the true
// mapping, nothing else destroyed; the blocks written), plain terraform plans the same
// with those blocks, a second `--write` changes nothing, `tfw apply`, plain terraform plans
// no change and every object kept its id, and `tfw tidy --write` removes every block.
//
// The normalised policy: module.iam's queue policy is written by hand in another key
// order, other whitespace and its one Resource in a list. The provider's planned value is
// not the state's, so the configuration cannot say the policy is the same; Terraform
// does (the provider finds the two equivalent and plans the moved policy with no change),
// and tfw moves it on that verdict.
#include <boost/test/unit_test.hpp>

#include <rapidjson/document.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "checks.hpp"
#include "moto_server.hpp"
#include "plan_checks.hpp"
#include "roots_split.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;
using tfw::core::Action;

namespace {

// The refactor's true mapping, (from, to).
const std::vector<std::pair<std::string, std::string>> true_moves = {
    {"aws_iam_policy.app_queues", "module.iam.aws_iam_policy.app_queues"},
    {"aws_iam_policy.worker_jobs", "module.iam.aws_iam_policy.worker_jobs"},
    {"aws_iam_role.app", "module.iam.aws_iam_role.app"},
    {"aws_iam_role.worker", "module.iam.aws_iam_role.worker"},
    {"aws_iam_role_policy_attachment.app_queues", "module.iam.aws_iam_role_policy_attachment.app_queues"},
    {"aws_iam_role_policy_attachment.worker_jobs", "module.iam.aws_iam_role_policy_attachment.worker_jobs"},
    {"aws_iam_role_policy_attachment.worker_read_only", "module.iam.aws_iam_role_policy_attachment.worker_read_only"},
    {"aws_s3_bucket.logs", "aws_s3_bucket.audit_logs"},
    {"aws_s3_bucket_versioning.logs", "aws_s3_bucket_versioning.audit_logs"},
    {"module.network.aws_route_table.private", "module.platform_network.aws_route_table.private"},
    {"module.network.aws_route_table_association.private[0]",
     "module.platform_network.aws_route_table_association.private[\"us-east-1a\"]"},
    {"module.network.aws_route_table_association.private[1]",
     "module.platform_network.aws_route_table_association.private[\"us-east-1b\"]"},
    {"module.network.aws_route_table_association.private[2]",
     "module.platform_network.aws_route_table_association.private[\"us-east-1c\"]"},
    {"module.network.aws_security_group.db", "module.platform_network.aws_security_group.db"},
    {"module.network.aws_security_group.web", "module.platform_network.aws_security_group.web"},
    {"module.network.aws_security_group_rule.db_from_web",
     "module.platform_network.aws_security_group_rule.db_from_web"},
    {"module.network.aws_security_group_rule.web_https", "module.platform_network.aws_security_group_rule.web_https"},
    {"module.network.aws_subnet.private[0]", "module.platform_network.aws_subnet.private[\"us-east-1a\"]"},
    {"module.network.aws_subnet.private[1]", "module.platform_network.aws_subnet.private[\"us-east-1b\"]"},
    {"module.network.aws_subnet.private[2]", "module.platform_network.aws_subnet.private[\"us-east-1c\"]"},
    {"module.network.aws_vpc.this", "module.platform_network.aws_vpc.this"},
    {"module.network.aws_vpc_security_group_ingress_rule.web_http",
     "module.platform_network.aws_vpc_security_group_ingress_rule.web_http"},
};

// What the refactor leaves where it was.
const std::vector<std::string> unchanged = {"aws_s3_bucket.assets",     "aws_s3_bucket_versioning.assets",
                                            "aws_s3_bucket_policy.assets", "aws_sqs_queue.jobs",
                                            "aws_sqs_queue.jobs_dead_letter", "aws_sqs_queue_redrive_policy.jobs"};

constexpr const char* removed_queue = "aws_sqs_queue.legacy";
constexpr const char* new_queue = "aws_sqs_queue.events";

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

rapidjson::Document read_report(const fs::path& file, const RunResult& run) {
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    rapidjson::Document report;
    report.Parse(text.c_str());
    BOOST_TEST_REQUIRE((!report.HasParseError() && report.IsObject()),
                       "no report at " << file << "\n" << run.describe());
    return report;
}

bool skipped_refresh(const rapidjson::Value& run) {
    for (const auto& arg : run["args"].GetArray())
        if (std::string(arg.GetString()) == "-refresh=false") return true;
    return false;
}

// The plan's changes other than pure moves and no-ops, one line each.
std::string changes_besides_moves(const tfw::core::Plan& plan) {
    std::vector<std::string> lines;
    for (const auto& change : plan.changes)
        if (change.action != Action::no_op)
            lines.push_back(change.address_text + ": " + std::string(action_name(change.action)));
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (const auto& line : lines) out += line + "\n";
    return out;
}

const std::string expected_changes =
    std::string(new_queue) + ": create\n" + removed_queue + ": delete\n";

}  // namespace

BOOST_AUTO_TEST_CASE(a_platform_refactored_as_users_do, *moto_server_required()) {
    const auto test_start = std::chrono::steady_clock::now();
    // An AWS-managed policy (ReadOnlyAccess) is attached: moto must load them.
    MotoServer moto(std::vector<std::pair<std::string, std::string>>{{"MOTO_IAM_LOAD_MANAGED_POLICIES", "true"}});
    Workspace ws("aws_platform", {.aws_provider = true});
    moto.write_aws_provider(ws);
    ws.apply_before();
    // The state as any later apply leaves it. The first apply's state lacks what objects
    // created after a parent changed in it (a role's managed_policy_arns, a bucket's
    // versioning, a security group's rules), which every refresh then reports as drift;
    // a refresh-only apply stores what AWS reads back. The drift path is
    // e2e.aws_roots_test's (a queue changed outside Terraform).
    const RunResult steady = ws.terraform({"apply", "-refresh-only", "-auto-approve", "-input=false", "-no-color"});
    BOOST_TEST_REQUIRE(steady.exit_code == 0, steady.describe());
    const auto ids_before = ids_of(ws);
    BOOST_TEST_REQUIRE(ids_before.size() == true_moves.size() + unchanged.size() + 1, ids_before.size());
    for (const auto& [from, to] : true_moves) BOOST_TEST_REQUIRE(ids_before.contains(from), from);
    const double apply_seconds = seconds_since(test_start);

    ws.switch_to("after", Workspace::Init::skip);
    moto.write_aws_provider(ws);
    ws.init();
    const Snapshot refactored = ws.snapshot();
    const std::string state = ws.read_file("terraform.tfstate");

    // tfw plan, refreshing as a user's plan does, writing what it finds.
    const fs::path report_file = ws.scratch() / "report.json";
    const auto plan_start = std::chrono::steady_clock::now();
    const RunResult written = ws.tfw({"plan", "-input=false", "-no-color", "--write",
                                      "--report=" + report_file.string(), "-out=" + std::string(final_plan_file)});
    const double tfw_plan_seconds = seconds_since(plan_start);
    BOOST_TEST_REQUIRE(written.exit_code == 0, written.describe());
    const tfw::core::Plan plan = ws.show_plan(final_plan_file);
    auto expected_moves = true_moves;
    std::sort(expected_moves.begin(), expected_moves.end());
    BOOST_TEST((moves(plan) == expected_moves), describe(plan));
    // A new queue beside a removed one is no rename (the name forces a replacement).
    BOOST_TEST(changes_besides_moves(plan) == expected_changes, describe(plan));
    // The call renamed in the root, the subnets re-keyed once in the network module's own
    // directory, where every caller needs them: 16 blocks, not one per object's full address.
    BOOST_TEST(contains(written.out, "tfw: wrote 10 moved blocks to moved.tf\n"), written.describe());
    BOOST_TEST(contains(written.out, "tfw: wrote 6 moved blocks to modules/network/moved.tf\n"), written.describe());
    BOOST_TEST(snapshot_difference(refactored, ws.snapshot({std::string(final_plan_file)})) ==
               "added: modules/network/moved.tf\nadded: moved.tf\n");
    BOOST_TEST(ws.read_file("terraform.tfstate") == state, "tfw plan changed the state");

    const rapidjson::Document report = read_report(report_file, written);
    // The first plan refreshes and finds no drift, so no plan after it refreshes: a refresh
    // would read every object as the state holds it. Plain terraform's refreshing plan
    // below plans what tfw's final plan did.
    const auto& runs = report["terraform_runs"].GetArray();
    std::size_t plans = 0, refreshing = 0;
    bool final_refreshed = false;
    for (const auto& run : runs) {
        if (std::string(run["args"][0].GetString()) != "plan") continue;
        ++plans;
        final_refreshed = !skipped_refresh(run);
        if (final_refreshed) ++refreshing;
    }
    BOOST_TEST_REQUIRE(plans >= 2u);
    BOOST_TEST(!skipped_refresh(runs[0]), "tfw's first plan did not refresh");
    BOOST_TEST(refreshing == 1u);
    BOOST_TEST(!final_refreshed, "tfw's final plan refreshed again though the first found no drift");

    // The normalised policy: the planned value differs, Terraform planned it with no change.
    bool policy_judged = false;
    for (const auto& move : report["moves"].GetArray()) {
        if (std::string(move["to"].GetString()) != "module.iam.aws_iam_policy.app_queues") continue;
        policy_judged = true;
        BOOST_TEST(contains(move["tentative_because"].GetString(), "policy"), move["evidence"].GetString());
        BOOST_TEST(move["confirmed_by_terraform"].GetBool(), move["evidence"].GetString());
    }
    BOOST_TEST(policy_judged, "the report has no move of the app's queue policy");
    BOOST_TEST(action_at(plan, "module.iam.aws_iam_policy.app_queues") == "no-op", describe(plan));

    // Plain terraform with the written blocks plans the same: the moves of the true
    // mapping, the new queue and the removed one, nothing else.
    const fs::path plain_file = ws.scratch() / "plain.tfplan";
    const auto plain_start = std::chrono::steady_clock::now();
    const RunResult plain = ws.terraform({"plan", "-input=false", "-no-color", "-out=" + plain_file.string()});
    const double plain_plan_seconds = seconds_since(plain_start);
    BOOST_TEST_REQUIRE(plain.exit_code == 0, plain.describe());
    const tfw::core::Plan with_blocks = ws.show_plan(plain_file);
    BOOST_TEST(describe(with_blocks) == describe(plan));

    // A second --write finds the blocks in place and changes nothing.
    const Snapshot with_moved = ws.snapshot({std::string(final_plan_file)});
    const RunResult again = ws.tfw({"plan", "-input=false", "-no-color", "--write"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(contains(again.out, "tfw: 0 moves inferred"), again.describe());
    BOOST_TEST(snapshot_difference(with_moved, ws.snapshot({std::string(final_plan_file)})) == "");

    const RunResult applied = ws.tfw({"apply", "-input=false", "-no-color", "-auto-approve"});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    BOOST_TEST(contains(applied.out, "Apply complete! Resources: 1 added, 0 changed, 1 destroyed."),
               applied.describe());
    const RunResult settled = ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(settled.exit_code == 0, settled.describe());

    // Every object kept its id: the moved ones at their new addresses.
    const auto ids_after = ids_of(ws);
    BOOST_TEST(ids_after.size() == ids_before.size());
    for (const auto& [from, to] : true_moves) {
        BOOST_TEST_CONTEXT(from << " -> " << to) {
            BOOST_TEST_REQUIRE(ids_after.contains(to));
            BOOST_TEST(ids_after.at(to) == ids_before.at(from));
        }
    }
    for (const auto& address : unchanged) BOOST_TEST(ids_after.at(address) == ids_before.at(address), address);
    BOOST_TEST(!ids_after.contains(removed_queue));
    BOOST_TEST_REQUIRE(ids_after.contains(new_queue));
    BOOST_TEST(ids_after.at(new_queue) != ids_before.at(removed_queue));

    // Every state has applied every block: tidy removes them all, and Terraform agrees.
    const RunResult tidied = ws.tfw({"tidy", "--write"});
    BOOST_TEST(tidied.exit_code == 0, tidied.describe());
    BOOST_TEST(contains(tidied.out, "tfw tidy: removed 16 moved blocks from 2 files"), tidied.describe());
    BOOST_TEST(!ws.exists("moved.tf"));
    BOOST_TEST(!ws.exists("modules/network/moved.tf"));
    const RunResult tidy_settled = ws.terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
    BOOST_TEST(tidy_settled.exit_code == 0, tidy_settled.describe());

    // For BENCHMARKS.md: a real provider's refactor, refreshing (never asserted).
    std::cout << "aws_refactor: apply of 29 objects " << apply_seconds << " s; tfw plan --write " << tfw_plan_seconds
              << " s (" << runs.Size() << " terraform runs, " << plans << " plans, " << refreshing
              << " refreshing); terraform plan with the written blocks " << plain_plan_seconds << " s (ratio "
              << tfw_plan_seconds / plain_plan_seconds << "); whole test " << seconds_since(test_start) << " s\n";
}
