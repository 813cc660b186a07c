#include "tfw/cli/report_markdown.hpp"

#include <boost/test/unit_test.hpp>

#include "test_moves.hpp"

#include <string>
#include <vector>

using namespace tfw;

namespace {

core::Move move(const std::string& from, const std::string& to, core::MatchKind kind, const std::string& evidence) {
    return cli::testing::test_move(from, to, kind, evidence);
}

core::PlanHeader header(const std::string& address, core::HeaderAction action, bool deposed = false) {
    core::PlanHeader out;
    out.address = address;
    out.action = action;
    out.deposed = deposed;
    return out;
}

core::PlanTextSummary final_plan(int add, int change, int destroy, std::vector<core::PlanHeader> headers = {}) {
    core::PlanTextSummary out;
    out.to_add = add;
    out.to_change = change;
    out.to_destroy = destroy;
    out.recognised = true;
    out.headers = std::move(headers);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(markdown_tables) {
    shell::ConvergeResult run;
    run.moves = {move("terraform_data.alpha", "terraform_data.beta", core::MatchKind::exact, "3 known attribute values equal"),
                 move(R"(terraform_data.k["a|b"])", "terraform_data.k2[\"`x`\"]", core::MatchKind::exact, "1 known | value")};
    run.move_decisions = {{core::Verdict::accepted, "accept[0] at built-in defaults", core::DecidedBy::accept_rule,
                           {"built-in defaults", 0, 0}},
                          {core::Verdict::accepted, "confirmed at the prompt (no accept rule)"}};
    shell::ConvergeResult proposed;
    proposed.proposals = {{move("aws_s3_bucket.a", "aws_s3_bucket.b", core::MatchKind::partial, "5 of 6 equal"),
                           {core::Verdict::proposed, "no accept rule matches kind partial", core::DecidedBy::no_accept_rule}}};
    proposed.dropped = {{move("null_resource.n", "terraform_data.n", core::MatchKind::cross_type, "e"),
                         "Move Resource State Not Supported"}};
    proposed.unmatched = {{core::must_parse_address("terraform_data.old"), true, "tie: 2 candidates",
                           {{core::must_parse_address("terraform_data.new"), {"input.name", "input.size"}, {}}}},
                          {core::must_parse_address("terraform_data.fresh"), false, "no deletion of type terraform_data", {}}};
    shell::ConvergeResult whole_module;
    whole_module.moves = {move("module.old.terraform_data.x", "module.new.terraform_data.x", core::MatchKind::exact, "e"),
                          move("module.old.terraform_data.y", "module.new.terraform_data.y", core::MatchKind::exact, "e")};
    whole_module.move_decisions = {{core::Verdict::accepted, "r"}, {core::Verdict::accepted, "r"}};
    whole_module.prior_objects = {core::must_parse_address("module.old.terraform_data.x"),
                                  core::must_parse_address("module.old.terraform_data.y")};
    shell::ConvergeResult limited;
    limited.iterations = {{1}, {1}};
    limited.hit_iteration_limit = true;

    struct Case {
        std::string name;
        shell::ConvergeResult result;
        core::PlanTextSummary plan;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"nothing to move", {}, final_plan(1, 0, 0),
         "### tfw: 0 moves inferred\n\n**Final plan:** 1 to add, 0 to change, 0 to destroy.\n"},
        {"moves, with cell separators and backticks kept inert", run,
         final_plan(0, 0, 0, {header("terraform_data.beta", core::HeaderAction::move)}),
         "### tfw: 2 moves inferred\n\n"
         "**Final plan:** 0 to add, 0 to change, 0 to destroy, 1 moved without changes.\n\n"
         "```mermaid\nflowchart LR\n"
         "    subgraph g1[\"root module\"]\n        direction LR\n"
         "        n1[\"terraform_data.alpha\"] --> n2[\"terraform_data.beta\"]\n"
         "        n3[\"terraform_data.k[#quot;a|b#quot;]\"] --> n4[\"terraform_data.k2[#quot;#96;x#96;#quot;]\"]\n"
         "    end\n```\n\n"
         "| Moved from | To | Evidence |\n|---|---|---|\n"
         "| `terraform_data.alpha` | `terraform_data.beta` | all 3 known values are equal; accepted by default: every "
         "known value is equal |\n"
         "| `terraform_data.k[\"a\\|b\"]` | ``terraform_data.k2[\"`x`\"]`` | 1 known \\| value; accepted at the prompt; the "
         "policy alone would not: no accept rule |\n"},
        {"proposals, refusals, and what stays", proposed,
         final_plan(2, 0, 2, {header("terraform_data.old", core::HeaderAction::destroy),
                              header("terraform_data.never_looked_at", core::HeaderAction::destroy),
                              header("terraform_data.gone", core::HeaderAction::destroy, true)}),
         "### tfw: 0 moves inferred\n\n**Final plan:** 2 to add, 0 to change, 2 to destroy.\n\n"
         "**Proposed, not accepted by the policy** (left as destroy and create):\n\n"
         "- `aws_s3_bucket.a` → `aws_s3_bucket.b`: 5 of 6 equal; proposed, not accepted: no accept rule matches kind "
         "partial\n\n"
         "**Refused or withdrawn** (left as destroy and create):\n\n"
         "- `null_resource.n` → `terraform_data.n`: refused by Terraform: Move Resource State Not Supported\n\n"
         "**Stays a destroy:**\n\n"
         "- `terraform_data.old`: a tie: 2 candidates; candidate `terraform_data.new` differs in `input.name`, `input.size`\n"
         "- `terraform_data.never_looked_at`: no planned creation could be the same object\n\n"
         "**Stays a create:**\n\n"
         "- `terraform_data.fresh`: no deletion of type terraform_data\n"},
        {"a module moved whole: one edge in the picture, every instance in the table", whole_module, final_plan(0, 0, 0),
         "### tfw: 2 moves inferred\n\n**Final plan:** 0 to add, 0 to change, 0 to destroy.\n\n"
         "```mermaid\nflowchart LR\n    n1[\"module.old\"] --> n2[\"module.new\"]\n```\n\n"
         "| Moved from | To | Evidence |\n|---|---|---|\n"
         "| `module.old.terraform_data.x` | `module.new.terraform_data.x` | e; accepted: r |\n"
         "| `module.old.terraform_data.y` | `module.new.terraform_data.y` | e; accepted: r |\n"},
        {"unknown counts and the iteration limit", limited, core::PlanTextSummary{},
         "### tfw: 0 moves inferred\n\n**Final plan:** see Terraform's plan output.\n\n"
         "tfw stopped after 2 iterations (--max-iterations); running it again may find more moves.\n"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(cli::render_markdown_report(c.result, c.plan) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(markdown_for_several_roots) {
    const std::vector<core::RootCandidate> candidates = {
        {0, "terraform_data.network", "terraform_data", "terraform.io/builtin/terraform", true, {}},
        {1, "module.net.terraform_data.network", "terraform_data", "terraform.io/builtin/terraform", false, {}},
        {0, "terraform_data.q[\"a|b\"]", "terraform_data", "terraform.io/builtin/terraform", true, {}},
    };
    core::CrossRootResult result;
    result.moves.push_back({0, 1, 2, "e"});
    result.proposals.push_back({2, 1, 1, "Terraform would update it in place (~ input)"});
    result.refusals.push_back({2, "no creation in another root module pairs with it"});
    const std::vector<core::RootMoves> roots = {{".", {{"terraform_data.a", "terraform_data.b"}}}, {"../b", {}}};
    const std::string expected =
        "### tfw: 1 move between 2 root modules\n"
        "\n**Root module `.`:** 1 move inside it\n"
        "- `terraform_data.a` → `terraform_data.b`\n"
        "\n**Root module `../b`:** 0 moves inside it\n"
        "\n| From root | From | To root | To | Known values equal |\n|---|---|---|---|---|\n"
        "| `.` | `terraform_data.network` | `../b` | `module.net.terraform_data.network` | 2 |\n"
        "\n**Proposed, not moved (a policy rule decides):**\n"
        "- `.`: `terraform_data.q[\"a|b\"]` → `../b`: `module.net.terraform_data.network`: Terraform would update it in "
        "place (~ input)\n"
        "\n**Stays a destroy (not paired with another root module):**\n"
        "- `.`: `terraform_data.q[\"a|b\"]`: " +
        result.refusals[0].reason + "\n";
    BOOST_TEST(cli::render_roots_markdown_report(roots, result, candidates) == expected);
}
