// tfw tidy --write where a slip costs an object (issue 23): blocks that add `count` or
// `for_each` go once applied, because Terraform reads their keyless side as the no-key
// instance; a file the user edits between tidy's check and its write is left as the user
// left it; a file the user made read-only is an error naming it. In every refusal no file
// changes at all.
#include <boost/test/unit_test.hpp>

#include "chaos.hpp"
#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

bool mentions(const std::string& text, const std::string& start, const std::string& part) {
    std::size_t at = 0;
    while ((at = text.find(start, at)) != std::string::npos) {
        std::size_t end = text.find('\n', at);
        if (text.substr(at, end - at).find(part) != std::string::npos) return true;
        at = end;
    }
    return false;
}

int plain_plan_exit(const Workspace& ws) {
    RunResult planned = ws.terraform({"plan", "-input=false", "-detailed-exitcode"});
    BOOST_TEST(planned.exit_code != 1, planned.describe());
    return planned.exit_code;
}

// x and module.app gained for_each, with a block each; `applied` says whether the state
// is at the new addresses yet.
struct KeysAdded {
    Workspace ws{"tidy_keyless"};
    explicit KeysAdded(bool applied) {
        ws.apply_before();
        ws.switch_to("after");
        if (applied) {
            RunResult run = ws.terraform({"apply", "-auto-approve", "-input=false"});
            BOOST_TEST_REQUIRE(run.exit_code == 0, run.describe());
        }
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(blocks_adding_keys_stay_until_applied_then_go) {
    KeysAdded setup(false);
    Workspace& ws = setup.ws;
    const Snapshot before = ws.snapshot();
    RunResult kept = ws.tfw({"tidy", "--write"});
    BOOST_TEST(kept.exit_code == 0, kept.describe());
    BOOST_TEST(mentions(kept.out, "moved.tf:1: stays:", "an object is still at terraform_data.x)"), kept.out);
    BOOST_TEST(mentions(kept.out, "moved_app.tf:2: stays:", "an object is still at module.app.terraform_data.a)"), kept.out);
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");

    RunResult applied = ws.terraform({"apply", "-auto-approve", "-input=false"});
    BOOST_TEST_REQUIRE(applied.exit_code == 0, applied.describe());
    const Snapshot after_apply = ws.snapshot();
    RunResult removed = ws.tfw({"tidy", "--write"});
    BOOST_TEST(removed.exit_code == 0, removed.describe());
    BOOST_TEST(mentions(removed.out, "moved.tf:1: can go:", "every state has applied it"), removed.out);
    BOOST_TEST(mentions(removed.out, "moved_app.tf:2: can go:", "every state has applied it"), removed.out);
    // Left with a comment only, each file goes.
    BOOST_TEST(snapshot_difference(after_apply, ws.snapshot()) == "removed: moved.tf\nremoved: moved_app.tf\n");
    BOOST_TEST(plain_plan_exit(ws) == 0);
}

BOOST_AUTO_TEST_CASE(a_file_edited_after_the_check_is_left_as_the_user_left_it) {
    KeysAdded setup(true);
    Workspace& ws = setup.ws;
    // The user's edit lands while tidy replans its private copy: the last terraform runs
    // before the write, so the moment is certain.
    const std::string wrapper = ws.write_scratch_file("terraform-editing", R"sh(#!/bin/sh
if [ "$1" = plan ] && [ "$(pwd -P)" != "$(cd "$ROOT" && pwd -P)" ] && [ ! -e "$ROOT/../edited" ]; then
  : > "$ROOT/../edited"
  sed -i 's/^  to   = terraform_data.x\["main"\]$/  to   = terraform_data.x["main"] # checked by hand/' "$ROOT/moved.tf"
fi
exec "$REAL_TERRAFORM" "$@"
)sh");
    fs::permissions(wrapper, fs::perms::owner_all);
    ws.set_environment("ROOT", ws.dir().string());
    ws.set_environment("REAL_TERRAFORM", terraform_binary().string());
    const Snapshot before = ws.snapshot();
    RunResult run = ws.tfw({"tidy", "--write", "--terraform-bin=" + wrapper});
    BOOST_TEST_REQUIRE(ws.exists("../edited"), "the wrapper never edited the file:\n" << run.describe());
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, run.describe());
    BOOST_TEST(run.err.find("moved.tf changed after tfw tidy checked it; it is left as it is") != std::string::npos,
               run.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "changed: moved.tf\n");
    BOOST_TEST(ws.read_file("moved.tf").find("# checked by hand") != std::string::npos);
    BOOST_TEST(ws.exists("moved_app.tf"));
}

BOOST_AUTO_TEST_CASE(a_read_only_file_is_an_error_naming_it) {
    KeysAdded setup(true);
    Workspace& ws = setup.ws;
    fs::permissions(ws.dir() / "moved_app.tf", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const Snapshot before = ws.snapshot();
    RunResult run = ws.tfw({"tidy", "--write"});
    BOOST_TEST(run.exit_code == 1, run.describe());
    BOOST_TEST(line_count(run.err) == 1u, run.describe());
    BOOST_TEST(run.err.find("tfw: error: cannot write ./moved_app.tf: Permission denied") != std::string::npos, run.describe());
    BOOST_TEST(snapshot_difference(before, ws.snapshot()) == "");
    const bool still_read_only = (fs::status(ws.dir() / "moved_app.tf").permissions() & fs::perms::all) ==
                                 (fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    BOOST_TEST(still_read_only);
}
