// `tfw plan --root … --format=commands` for a swap (issue 23): root A gives its network
// to B and takes B's existing object. Run with `bash -e` as a CI step would, with each of
// the four state pushes made to fail in turn, the script stops there, and every object is
// still in at least one state, with its id. Without a failure, each object is in exactly
// the root that now declares it, and both roots plan no change.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <set>

#include "roots_split.hpp"

using namespace tfw::e2e;

namespace {

std::set<std::string> ids_in_either(const SplitRoots& roots) {
    std::set<std::string> out;
    for (const Workspace* ws : {&roots.a, &roots.b})
        for (const auto& [address, id] : ids_of(*ws)) out.insert(id);
    return out;
}

// A `terraform` first on PATH that fails its `failing`-th `state push` (counting from 1;
// 0: none) and runs the real one otherwise.
std::string failing_terraform(const Workspace& ws, int failing) {
    const fs::path dir = ws.scratch() / "shim";
    fs::create_directories(dir);
    const std::string script = "#!/bin/sh\n"
                               "if [ \"$1 $2\" = \"state push\" ] || [ \"$2 $3\" = \"state push\" ]; then\n"
                               "  n=$(( $(cat \"$0.count\" 2>/dev/null || echo 0) + 1 )); echo $n > \"$0.count\"\n"
                               "  if [ $n -eq " + std::to_string(failing) + " ]; then echo 'push made to fail' >&2; exit 1; fi\n"
                               "fi\n"
                               "exec " + terraform_binary().string() + " \"$@\"\n";
    std::ofstream(dir / "terraform") << script;
    fs::permissions(dir / "terraform", fs::perms::owner_all);
    return dir.string();
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_swap_stopped_at_any_push_leaves_every_object_in_a_state) {
    for (int failing = 1; failing <= 5; ++failing) {
        BOOST_TEST_CONTEXT("push " << failing << " fails" << (failing == 5 ? " (none: there are four)" : "")) {
            SplitRoots roots;
            const auto before_a = ids_of(roots.a);
            const auto before_b = ids_of(roots.b);
            BOOST_TEST_REQUIRE(before_a.count("terraform_data.network") == 1u);
            BOOST_TEST_REQUIRE(before_b.count("terraform_data.existing") == 1u);
            const std::set<std::string> every_id = ids_in_either(roots);
            roots.switch_both("after_swap", "after_swap");

            const RunResult commands = roots.plan({"--format=commands"});
            BOOST_TEST_REQUIRE(commands.exit_code == 0, commands.describe());
            BOOST_TEST(commands.out.find("# tfw: 2 moves between root modules.") == 0u, commands.out);
            const std::string shim = failing_terraform(roots.a, failing);
            const RunResult carried = roots.a.bash("export PATH=" + shim + ":\"$PATH\"\n" + commands.out);

            BOOST_TEST(ids_in_either(roots) == every_id, "an object is in no state:\n" << carried.describe());
            if (failing <= 4) {
                BOOST_TEST(carried.exit_code != 0, carried.describe());
                BOOST_TEST(carried.err.find("push made to fail") != std::string::npos, carried.describe());
                continue;
            }
            BOOST_TEST_REQUIRE(carried.exit_code == 0, carried.describe() << "\n" << commands.out);
            const auto after_a = ids_of(roots.a);
            const auto after_b = ids_of(roots.b);
            BOOST_TEST(after_a.count("terraform_data.network") == 0u);
            BOOST_TEST(after_b.count("terraform_data.existing") == 0u);
            BOOST_TEST(after_a.at("terraform_data.existing") == before_b.at("terraform_data.existing"));
            BOOST_TEST(after_b.at("terraform_data.network") == before_a.at("terraform_data.network"));
            for (const Workspace* ws : {&roots.a, &roots.b}) {
                const RunResult planned = ws->terraform({"plan", "-input=false", "-detailed-exitcode"});
                BOOST_TEST(planned.exit_code == 0, planned.describe());
            }
        }
    }
}
