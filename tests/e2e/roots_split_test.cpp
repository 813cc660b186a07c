// Several root modules in one run: `tfw plan --root DIR`. Root A (roots_split_a) is split:
// a resource, a for_each resource and a whole module call go to root B (roots_split_b).
// tfw plans both roots, pairs A's deletions with B's creations, reports the moves, and
// with --format=commands prints the commands that carry them out by hand. The commands
// are then run as a user would; plain terraform judges the result in both roots. The
// same with both states in PostgreSQL (Terraform's pg backend).
#include <boost/test/unit_test.hpp>

#include <map>

#include "chaos.hpp"
#include "pg_server.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

const std::vector<std::string> moved_addresses = {
    "module.app.terraform_data.disk", "module.app.terraform_data.server", "terraform_data.network",
    "terraform_data.subnet[\"a\"]", "terraform_data.subnet[\"b\"]"};

// `text` as a JSON string (addresses and temp paths need only `"` and `\` escaped).
std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// The ids of the objects in a root's state, by address (`terraform state list` order),
// from `terraform show -json` of the state: an id is what says an object was kept.
std::map<std::string, std::string> ids_of(const Workspace& ws) {
    std::map<std::string, std::string> ids;
    const RunResult list = ws.terraform({"state", "list"});
    if (list.exit_code != 0) throw E2eError(list.describe());
    std::size_t start = 0;
    for (std::size_t end; (end = list.out.find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string address = list.out.substr(start, end - start);
        const RunResult shown = ws.terraform({"state", "show", "-no-color", address});
        const std::size_t at = shown.out.find("id     = \"");
        ids[address] = at == std::string::npos ? "?" : shown.out.substr(at + 10, shown.out.find('"', at + 10) - at - 10);
    }
    return ids;
}

// With the pg backend: each root's backend block is written after every stage switch
// (a stage replaces all user files), then init.
struct Roots {
    Workspace a{"roots_split_a"};
    Workspace b{"roots_split_b"};
    const PgServer* pg = nullptr;

    explicit Roots(const PgServer* server = nullptr) : pg(server) {
        switch_both("before", "before");
        a.apply_before();
        b.apply_before();
    }
    void switch_one(Workspace& ws, const std::string& stage, const std::string& schema) {
        ws.switch_to(stage, Workspace::Init::skip);
        if (pg) {
            ws.set_environment("PG_CONN_STR", pg->conn_str());
            ws.write_file("backend.tf", "terraform {\n  backend \"pg\" {\n    schema_name = \"" + schema + "\"\n  }\n}\n");
        }
        if (stage != "broken") ws.init();
    }
    void switch_both(const std::string& stage_a, const std::string& stage_b) {
        switch_one(a, stage_a, "root_a");
        switch_one(b, stage_b, "root_b");
    }
    // tfw run in A's directory with B as the second root.
    // With both states in one PostgreSQL database, -lock-timeout: Terraform's pg backend
    // takes a database-wide advisory lock (-1) for an instant whenever it locks a state,
    // so two roots planned at the same moment can collide ("Cannot lock workspace; already
    // locked for workspace creation") unless terraform may retry. A later -lock-timeout
    // in `extra` wins.
    RunResult plan(const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> args = {"plan", "-input=false", "-no-color", "--root", b.dir().string()};
        if (pg) args.push_back("-lock-timeout=60s");
        args.insert(args.end(), extra.begin(), extra.end());
        return a.tfw(args);
    }
    // The user's files and both states, to show a run changed nothing.
    std::string everything() const {
        std::string out;
        for (const Workspace* ws : {&a, &b}) {
            for (const auto& [path, bytes] : ws->snapshot()) out += path + "\n" + bytes + "\n";
            out += ws->terraform({"state", "pull"}).out;
        }
        return out;
    }
};

void split_and_carry_out(const PgServer* pg) {
    Roots roots(pg);
    const auto ids_before = ids_of(roots.a);
    BOOST_TEST_REQUIRE(ids_before.size() == 6u);
    roots.switch_both("after", "after");
    if (pg) BOOST_TEST(!roots.a.exists("terraform.tfstate"));
    const std::string untouched = roots.everything();

    const RunResult report = roots.plan();
    BOOST_TEST_REQUIRE(report.exit_code == 0, report.describe());
    BOOST_TEST(report.out.find("tfw: 5 moves between root modules:\n") != std::string::npos, report.describe());
    for (const auto& address : moved_addresses)
        BOOST_TEST(report.out.find("  .: " + address + " -> " + roots.b.dir().string() + ": " + address + "  (") !=
                       std::string::npos,
                   address << "\n" << report.describe());
    const std::string cross_section = report.out.substr(report.out.find("tfw: 5 moves between root modules:"));
    BOOST_TEST(cross_section.find("terraform_data.stays") == std::string::npos, report.describe());
    BOOST_TEST(cross_section.find("not paired") == std::string::npos, report.describe());
    BOOST_TEST(roots.everything() == untouched, "tfw plan --root changed a file or a state");
    const RunResult json = roots.plan({"--format=json"});
    BOOST_TEST_REQUIRE(json.exit_code == 0, json.describe());
    for (const auto& address : moved_addresses)
        BOOST_TEST(json.out.find("{\"from_root\":\".\",\"from\":" + json_string(address) + ",\"to_root\":" +
                                 json_string(roots.b.dir().string()) + ",\"to\":" + json_string(address) +
                                 ",\"equal_values\":") != std::string::npos,
                   address << "\n" << json.out);
    BOOST_TEST(json.out.ends_with("\"refused\":[]}\n"), json.out);
    // -detailed-exitcode: 2, as both roots plan changes.
    const RunResult detailed = roots.plan({"-detailed-exitcode"});
    BOOST_TEST(detailed.exit_code == 2, detailed.describe());

    if (pg) {
        // A held state lock in either root stops the run before anything, naming the root and the lock.
        for (const std::string schema : {"root_a", "root_b"}) {
            BOOST_TEST_CONTEXT("lock held in " << schema) {
                auto held = pg->hold_state_lock(schema == "root_a" ? roots.a : roots.b, schema);
                const RunResult locked = roots.plan({"--format=commands", "-lock-timeout=2s"});
                BOOST_TEST(locked.exit_code == 1, locked.describe());
                BOOST_TEST(locked.out == "", locked.describe());
                const std::string root = schema == "root_a" ? "." : roots.b.dir().string();
                BOOST_TEST(locked.err.find("tfw: root module " + root + " failed to plan:\n") == 0u, locked.describe());
                BOOST_TEST(locked.err.find("Error acquiring the state lock") != std::string::npos, locked.describe());
                held->release();
                BOOST_TEST(roots.everything() == untouched);
            }
        }
    }

    const RunResult commands = roots.plan({"--format=commands"});
    BOOST_TEST_REQUIRE(commands.exit_code == 0, commands.describe());
    BOOST_TEST(commands.err == "", commands.describe());
    BOOST_TEST(roots.everything() == untouched, "--format=commands changed a file or a state");
    // The user runs them, in the directory tfw ran in.
    const RunResult carried = roots.a.bash(commands.out);
    BOOST_TEST_REQUIRE(carried.exit_code == 0, carried.describe() << "\n" << commands.out);

    // Plain terraform now plans nothing in either root, and every object kept its id.
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }
    const auto ids_a = ids_of(roots.a);
    const auto ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.size() == 1u);
    BOOST_TEST(ids_a.at("terraform_data.stays") == ids_before.at("terraform_data.stays"));
    for (const auto& address : moved_addresses) {
        BOOST_TEST_CONTEXT(address) {
            BOOST_TEST_REQUIRE(ids_b.contains(address));
            BOOST_TEST(ids_b.at(address) == ids_before.at(address));
        }
    }

    // A second run finds nothing to move and prints no command, and no root plans a change.
    const RunResult again = roots.plan({"--format=commands"});
    BOOST_TEST(again.exit_code == 0, again.describe());
    BOOST_TEST(again.out == "", again.describe());
    const RunResult no_changes = roots.plan({"-detailed-exitcode"});
    BOOST_TEST(no_changes.exit_code == 0, no_changes.describe());
    BOOST_TEST(no_changes.out.find("between root modules") == std::string::npos, no_changes.describe());
}

}  // namespace

BOOST_AUTO_TEST_CASE(split_a_root_with_local_state) { split_and_carry_out(nullptr); }

BOOST_AUTO_TEST_CASE(split_a_root_with_both_states_in_postgresql) {
    PgServer pg;
    split_and_carry_out(&pg);
}

// B declares two resources with the network's values: a tie, so the network moves
// nowhere (and says why); the others still move.
BOOST_AUTO_TEST_CASE(a_tie_across_roots_moves_nothing) {
    Roots roots;
    roots.switch_both("after", "after_tie");
    const RunResult report = roots.plan();
    BOOST_TEST_REQUIRE(report.exit_code == 0, report.describe());
    BOOST_TEST(report.out.find("tfw: 4 moves between root modules:\n") != std::string::npos, report.describe());
    BOOST_TEST(report.out.find("  .: terraform_data.network: tie with " + roots.b.dir().string() +
                               ": terraform_data.network, " + roots.b.dir().string() +
                               ": terraform_data.network_twin: equal values, no unique pair; nothing moves\n") !=
                   std::string::npos,
               report.describe());
    const RunResult commands = roots.plan({"--format=commands"});
    BOOST_TEST_REQUIRE(commands.exit_code == 0, commands.describe());
    BOOST_TEST(commands.out.find("'terraform_data.network'") == std::string::npos, commands.out);
    BOOST_TEST(commands.out.find("'terraform_data.subnet[\"a\"]'") != std::string::npos, commands.out);
    BOOST_TEST(commands.err.find("# tfw: not moved: .: terraform_data.network: tie with ") == 0u, commands.describe());
}

// A root that fails to plan stops the whole run: nothing is reported, nothing changes.
BOOST_AUTO_TEST_CASE(a_root_that_fails_to_plan_stops_the_run) {
    Roots roots;
    roots.switch_both("after", "broken");
    const std::string untouched = roots.everything();
    for (const std::string format : {"--format=text", "--format=commands"}) {
        BOOST_TEST_CONTEXT(format) {
            const RunResult run = roots.plan({format});
            BOOST_TEST(run.exit_code == 1, run.describe());
            BOOST_TEST(run.out == "", run.describe());
            BOOST_TEST(run.err.find("tfw: root module " + roots.b.dir().string() + " failed to plan:\n") == 0u,
                       run.describe());
            BOOST_TEST(run.err.find("undefined_variable_here") != std::string::npos, run.describe());
            BOOST_TEST(run.err.ends_with("tfw: error: a root module failed to plan; nothing is reported for any root\n"),
                       run.describe());
            BOOST_TEST(roots.everything() == untouched);
        }
    }
}

BOOST_AUTO_TEST_CASE(several_roots_refuse_what_they_cannot_do_yet) {
    Roots roots;
    for (const std::vector<std::string>& extra :
         {std::vector<std::string>{"--write"}, {"-out=x.tfplan"}, {"--format=hcl"}}) {
        BOOST_TEST_CONTEXT(extra[0]) {
            const RunResult run = roots.plan(extra);
            BOOST_TEST(run.exit_code == 1, run.describe());
            BOOST_TEST(run.out == "");
            BOOST_TEST(line_count(run.err) == 1u, run.describe());
        }
    }
    const RunResult twice = roots.a.tfw({"plan", "--root", ".", "-input=false"});
    BOOST_TEST(twice.exit_code == 1, twice.describe());
    BOOST_TEST(twice.err.find("is given twice") != std::string::npos, twice.describe());
}
