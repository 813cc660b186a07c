#include "tfw/core/write/placement.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using namespace tfw::core;

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

std::vector<MoveBlock> blocks_of(const Pairs& pairs) {
    std::vector<MoveBlock> out;
    for (const auto& [from, to] : pairs) out.push_back({must_parse_address(from), must_parse_address(to)});
    return out;
}

ModulePath path(const std::string& text) { return text.empty() ? ModulePath{} : must_parse_address(text).module; }

std::vector<ModulePath> paths(const std::vector<std::string>& texts) {
    std::vector<ModulePath> out;
    for (const auto& text : texts) out.push_back(path(text));
    return out;
}

// `dir: from -> to` per placement, relative addresses, in place_moves order.
std::vector<std::string> text_of(const std::vector<Placement>& placements) {
    std::vector<std::string> out;
    for (const auto& p : placements) out.push_back(p.dir + ": " + to_string(p.from) + " -> " + to_string(p.to));
    return out;
}

ModuleDirs local_dirs(const std::vector<std::pair<std::string, std::string>>& entries) {
    ModuleDirs dirs{{"", ModuleDir{".", true}}};
    for (const auto& [key, dir] : entries) dirs[key] = ModuleDir{dir, true};
    return dirs;
}

struct Case {
    std::string name;
    Pairs blocks;                         // absolute, as collapse_moves returns them
    ModuleDirs dirs;
    std::vector<std::string> instances;   // module instances of the new configuration
    std::vector<std::string> expected;    // text_of()
    std::string note;                     // a fragment of the first placement's note ("" none)
    // The prior objects besides those the blocks move (each block's `from` holds one).
    std::vector<std::string> others = {};
};

// The prior objects: one where each block starts, and the case's others.
std::vector<Address> objects_of(const Case& c) {
    std::vector<Address> out;
    for (const auto& block : blocks_of(c.blocks))
        out.push_back(block.from.is_module() ? absolute_from(must_parse_address("terraform_data.x"), block.from.module)
                                             : block.from);
    for (const auto& other : c.others) out.push_back(must_parse_address(other));
    return out;
}

void run(const std::vector<Case>& cases) {
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            auto placements = place_moves(blocks_of(c.blocks), c.dirs, paths(c.instances), objects_of(c));
            BOOST_TEST(text_of(placements) == c.expected, boost::test_tools::per_element());
            BOOST_TEST_REQUIRE(!placements.empty());
            if (c.note.empty())
                BOOST_TEST(placements.front().note == "");
            else
                BOOST_TEST(placements.front().note.find(c.note) != std::string::npos, placements.front().note);
            // The relative addresses mean the absolute ones, seen from the chosen module.
            for (const auto& p : placements) {
                BOOST_TEST(to_string(absolute_from(p.from, p.module)) == to_string(p.block.from));
                BOOST_TEST(to_string(absolute_from(p.to, p.module)) == to_string(p.block.to));
            }
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(closest_common_ancestor_with_relative_addresses) {
    run({
        {"root resources stay in the root",
         {{"terraform_data.a", "terraform_data.b"}},
         local_dirs({}),
         {""},
         {".: terraform_data.a -> terraform_data.b"},
         ""},
        {"between two grandchildren: the middle module",
         {{"module.mid.module.left.terraform_data.x", "module.mid.module.right.terraform_data.x"}},
         local_dirs({{"mid", "modules/mid"}, {"mid.left", "modules/mid/left"}, {"mid.right", "modules/mid/right"}}),
         {"", "module.mid", "module.mid.module.left", "module.mid.module.right"},
         {"modules/mid: module.left.terraform_data.x -> module.right.terraform_data.x"},
         ""},
        {"a child module split into submodules: the child's directory",
         {{"module.app.terraform_data.web", "module.app.module.web.terraform_data.web"}},
         local_dirs({{"app", "./modules/app/"}, {"app.web", "modules/app/web"}}),
         {"", "module.app", "module.app.module.web"},
         {"modules/app: terraform_data.web -> module.web.terraform_data.web"},
         ""},
        {"into a module from the root: the root",
         {{"terraform_data.web", "module.app.terraform_data.web"}},
         local_dirs({{"app", "modules/app"}}),
         {"", "module.app"},
         {".: terraform_data.web -> module.app.terraform_data.web"},
         ""},
        {"inside one module instance, counted: the module's directory, shared alike",
         {{"module.app[0].terraform_data.a", "module.app[0].terraform_data.b"},
          {"module.app[1].terraform_data.a", "module.app[1].terraform_data.b"}},
         local_dirs({{"app", "modules/app"}}),
         {"", "module.app[0]", "module.app[1]"},
         {"modules/app: terraform_data.a -> terraform_data.b"},
         ""},
    });
}

BOOST_AUTO_TEST_CASE(module_moves_are_placed_from_the_parents) {
    run({
        {"module rename at the root",
         {{"module.old", "module.new"}},
         local_dirs({{"new", "modules/svc"}}),
         {"", "module.new"},
         {".: module.old -> module.new"},
         ""},
        {"module gaining for_each",
         {{"module.a", R"(module.a["k"])"}},
         local_dirs({{"a", "modules/svc"}}),
         {"", R"(module.a["k"])"},
         {R"(.: module.a -> module.a["k"])"},
         ""},
        {"a submodule renamed inside module.app",
         {{"module.app.module.old", "module.app.module.new"}},
         local_dirs({{"app", "modules/app"}, {"app.new", "modules/app/new"}}),
         {"", "module.app", "module.app.module.new"},
         {"modules/app: module.old -> module.new"},
         ""},
        {"a module moved into another module: the root",
         {{"module.a", "module.parent.module.a"}},
         local_dirs({{"parent", "modules/parent"}, {"parent.a", "modules/a"}}),
         {"", "module.parent", "module.parent.module.a"},
         {".: module.a -> module.parent.module.a"},
         ""},
        {"a call inside module.parent gains for_each: the parent's directory",
         {{"module.parent.module.a", R"(module.parent.module.a["svc"])"}},
         local_dirs({{"parent", "modules/parent"}, {"parent.a", "modules/svc"}}),
         {"", "module.parent", R"(module.parent.module.a["svc"])"},
         {R"(modules/parent: module.a -> module.a["svc"])"},
         ""},
        {"a call gains count in every instance of a for_each parent: once, in the parent's directory",
         {{R"(module.p["x"].module.a)", R"(module.p["x"].module.a[0])"},
          {R"(module.p["y"].module.a)", R"(module.p["y"].module.a[0])"}},
         local_dirs({{"p", "modules/p"}, {"p.a", "modules/svc"}}),
         {"", R"(module.p["x"])", R"(module.p["y"])", R"(module.p["x"].module.a[0])", R"(module.p["y"].module.a[0])"},
         {"modules/p: module.a -> module.a[0]"},
         ""},
        // collapse_moves() writes a call renamed at two levels level by level: each block
        // goes to the module that holds its call, the inner one relative to the new outer.
        {"renamed at two levels: the outer block in the root, the inner one in its source",
         {{"module.a", "module.x"}, {"module.x.module.b", "module.x.module.y"}},
         local_dirs({{"x", "modules/a"}, {"x.y", "modules/b"}}),
         {"", "module.x", "module.x.module.y"},
         {".: module.a -> module.x", "modules/a: module.b -> module.y"},
         ""},
        {"renamed at two levels in every instance of a counted call: the inner block once",
         {{"module.a", "module.x"}, {"module.x[0].module.b", "module.x[0].module.y"},
          {"module.x[1].module.b", "module.x[1].module.y"}},
         local_dirs({{"x", "modules/a"}, {"x.y", "modules/b"}}),
         {"", "module.x[0]", "module.x[1]", "module.x[0].module.y", "module.x[1].module.y"},
         {".: module.a -> module.x", "modules/a: module.b -> module.y"},
         ""},
        // Issue 32: what collapse_moves() gives for a call re-keyed from count to for_each
        // with a resource renamed inside: a block per instance in the root, and the rename
        // once, in the module's own directory, which every instance and caller reads.
        {"re-keyed with a rename inside: the instances in the root, the rename in the module",
         {{R"(module.service["api"].terraform_data.a)", R"(module.service["api"].terraform_data.b)"},
          {R"(module.service["web"].terraform_data.a)", R"(module.service["web"].terraform_data.b)"},
          {"module.svc[0]", R"(module.service["api"])"},
          {"module.svc[1]", R"(module.service["web"])"}},
         local_dirs({{"service", "modules/svc"}, {"svc", "modules/svc"}}),
         {"", R"(module.service["api"])", R"(module.service["web"])"},
         {"modules/svc: terraform_data.a -> terraform_data.b", R"(.: module.svc[0] -> module.service["api"])",
          R"(.: module.svc[1] -> module.service["web"])"},
         "",
         {"module.svc[0].terraform_data.a", "module.svc[1].terraform_data.a"}},
        {"the same in one instance of the parent only: the root, with its keys",
         {{R"(module.p["x"].module.a)", R"(module.p["x"].module.a[0])"}},
         local_dirs({{"p", "modules/p"}, {"p.a", "modules/svc"}}),
         {"", R"(module.p["x"])", R"(module.p["y"])", R"(module.p["x"].module.a[0])"},
         {R"(.: module.p["x"].module.a -> module.p["x"].module.a[0])"},
         R"(shared with module.p["y"])",
         {R"(module.p["y"].module.a.terraform_data.x)"}},
        {"the other instance of the parent holds nothing the block would move: the parent's directory",
         {{R"(module.p["x"].module.a)", R"(module.p["x"].module.a[0])"}},
         local_dirs({{"p", "modules/p"}, {"p.a", "modules/svc"}}),
         {"", R"(module.p["x"])", R"(module.p["y"])", R"(module.p["x"].module.a[0])"},
         {R"(modules/p: module.a -> module.a[0])"},
         ""},
        {"a whole resource out of the no-key instance of a call that gained for_each: the root",
         {{"module.a.terraform_data.worker", R"(module.a["first"].terraform_data.worker)"}},
         local_dirs({{"a", "modules/svc"}}),
         {"", R"(module.a["first"])"},
         {R"(.: module.a.terraform_data.worker -> module.a["first"].terraform_data.worker)"},
         ""},
    });
}

BOOST_AUTO_TEST_CASE(downloaded_and_foreign_directories_send_blocks_higher) {
    ModuleDirs remote = local_dirs({});
    remote["lib"] = ModuleDir{".terraform/modules/lib", false};
    remote["lib.sub"] = ModuleDir{".terraform/modules/lib/sub", false};
    ModuleDirs remote_in_local = local_dirs({{"app", "modules/app"}});
    remote_in_local["app.lib"] = ModuleDir{".terraform/modules/app.lib", false};
    ModuleDirs data_dir = local_dirs({});
    data_dir["lib"] = ModuleDir{".tfdata/modules/lib", false};
    run({
        {"a move inside a remote module: the root, full addresses",
         {{"module.lib.terraform_data.old", "module.lib.terraform_data.new"}},
         remote,
         {"", "module.lib"},
         {".: module.lib.terraform_data.old -> module.lib.terraform_data.new"},
         "downloaded"},
        {"inside a local submodule of a remote module: the root",
         {{"module.lib.module.sub.terraform_data.old", "module.lib.module.sub.terraform_data.new"}},
         remote,
         {"", "module.lib", "module.lib.module.sub"},
         {".: module.lib.module.sub.terraform_data.old -> module.lib.module.sub.terraform_data.new"},
         "downloaded"},
        {"a remote module called from a local one: the nearest local ancestor",
         {{"module.app.module.lib.terraform_data.old", "module.app.module.lib.terraform_data.new"}},
         remote_in_local,
         {"", "module.app", "module.app.module.lib"},
         {"modules/app: module.lib.terraform_data.old -> module.lib.terraform_data.new"},
         "downloaded"},
        {"renamed at two levels where the outer module is a download: both blocks in the root",
         {{"module.lib.module.b", "module.lib.module.y"}, {"module.old", "module.lib"}},
         remote,
         {"", "module.lib", "module.lib.module.y"},
         {".: module.lib.module.b -> module.lib.module.y", ".: module.old -> module.lib"},
         "downloaded"},
        {"a download in a TF_DATA_DIR not named .terraform",
         {{"module.lib.terraform_data.old", "module.lib.terraform_data.new"}},
         data_dir,
         {"", "module.lib"},
         {".: module.lib.terraform_data.old -> module.lib.terraform_data.new"},
         "downloaded"},
        {"a local source outside the root module's tree",
         {{"module.svc.terraform_data.old", "module.svc.terraform_data.new"}},
         local_dirs({{"svc", "../../modules/svc"}}),
         {"", "module.svc"},
         {".: module.svc.terraform_data.old -> module.svc.terraform_data.new"},
         "outside"},
        {"a module missing from modules.json",
         {{"module.svc.terraform_data.old", "module.svc.terraform_data.new"}},
         local_dirs({}),
         {"", "module.svc"},
         {".: module.svc.terraform_data.old -> module.svc.terraform_data.new"},
         "no recorded source directory"},
    });
}

BOOST_AUTO_TEST_CASE(shared_directories) {
    ModuleDirs svc = local_dirs({{"one", "modules/svc"}, {"two", "./modules/svc"}, {"many", "modules/svc"}});
    run({
        {"two calls and a for_each call, the same move in each: once, in the module directory",
         {{R"(module.many["x"].terraform_data.old)", R"(module.many["x"].terraform_data.new)"},
          {R"(module.many["y"].terraform_data.old)", R"(module.many["y"].terraform_data.new)"},
          {"module.one.terraform_data.old", "module.one.terraform_data.new"},
          {"module.two.terraform_data.old", "module.two.terraform_data.new"}},
         svc,
         {"", R"(module.many["x"])", R"(module.many["y"])", "module.one", "module.two"},
         {"modules/svc: terraform_data.old -> terraform_data.new"},
         ""},
        {"not the same in every instance: higher, with the instance keys",
         {{R"(module.many["x"].terraform_data.old)", R"(module.many["x"].terraform_data.new)"},
          {"module.one.terraform_data.old", "module.one.terraform_data.new"},
          {"module.two.terraform_data.old", "module.two.terraform_data.new"}},
         svc,
         {"", R"(module.many["x"])", R"(module.many["y"])", "module.one", "module.two"},
         {R"(.: module.many["x"].terraform_data.old -> module.many["x"].terraform_data.new)",
          ".: module.one.terraform_data.old -> module.one.terraform_data.new",
          ".: module.two.terraform_data.old -> module.two.terraform_data.new"},
         R"(shared with module.many["y"])",
         {R"(module.many["y"].terraform_data.old)"}},
        // A block in a module's directory moves the objects of every instance that reads it,
        // those of an instance that goes too: Terraform then says "moved from" of what it
        // destroys, which is not the plan tfw showed.
        {"an instance that goes holds what the block would move: higher",
         {{"module.svc[0].terraform_data.old", "module.svc[0].terraform_data.new"}},
         local_dirs({{"svc", "modules/svc"}}),
         {"", "module.svc[0]"},
         {".: module.svc[0].terraform_data.old -> module.svc[0].terraform_data.new"},
         "shared with module.svc[1]",
         {"module.svc[1].terraform_data.old"}},
        {"a new instance holds nothing yet: the module's directory",
         {{"module.svc[0].terraform_data.old", "module.svc[0].terraform_data.new"}},
         local_dirs({{"svc", "modules/svc"}}),
         {"", "module.svc[0]", "module.svc[1]"},
         {"modules/svc: terraform_data.old -> terraform_data.new"},
         ""},
        {"a collapsed block in one instance, instance blocks in another: higher",
         {{"module.one.terraform_data.old", "module.one.terraform_data.new"},
          {"module.two.terraform_data.old[0]", "module.two.terraform_data.new[0]"}},
         local_dirs({{"one", "modules/svc"}, {"two", "modules/svc"}}),
         {"", "module.one", "module.two"},
         {".: module.one.terraform_data.old -> module.one.terraform_data.new",
          ".: module.two.terraform_data.old[0] -> module.two.terraform_data.new[0]"},
         "shared with module.two"},
        // Terraform judges the blocks of every configured instance before any object: the
        // rename read in the other instance would have the destination another block has
        // ("Ambiguous move statements"), though that instance holds nothing yet.
        {"a configured instance another block moves into: higher",
         {{R"(module.old["a"])", R"(module.svc["a"])"},
          {R"(module.svc["a"].terraform_data.old)", R"(module.svc["a"].terraform_data.new)"},
          {R"(module.old["b"].terraform_data.old)", R"(module.svc["b"].terraform_data.new)"}},
         local_dirs({{"old", "modules/svc"}, {"svc", "modules/svc"}}),
         {"", R"(module.svc["a"])", R"(module.svc["b"])"},
         {R"(.: module.old["a"] -> module.svc["a"])",
          R"(.: module.svc["a"].terraform_data.old -> module.svc["a"].terraform_data.new)",
          R"(.: module.old["b"].terraform_data.old -> module.svc["b"].terraform_data.new)"},
         ""},
        {"an instance that went whole elsewhere holds nothing the block would move",
         {{"module.one.terraform_data.old", "module.one.terraform_data.new"}},
         local_dirs({{"one", "modules/svc"}, {"gone", "modules/svc"}}),
         {"", "module.one"},
         {"modules/svc: terraform_data.old -> terraform_data.new"},
         ""},
    });
}

BOOST_AUTO_TEST_CASE(user_directories) {
    struct Case {
        std::string dir;
        bool user;
    };
    for (const auto& c : std::vector<Case>{
             {".", true},
             {"./", true},
             {"modules/app", true},
             {"./modules/app/", true},
             {"modules/../other", true},
             {"a/./b", true},
             {".terraform/modules/lib", false},
             {"./.terraform/modules/lib", false},
             {"modules/.terraform/x", false},
             {"..", false},
             {"../modules/svc", false},
             {"modules/../../svc", false},
             {"/abs/modules/svc", false},
         }) {
        BOOST_TEST_CONTEXT(c.dir) { BOOST_TEST(is_user_directory(c.dir) == c.user); }
    }
}

BOOST_AUTO_TEST_CASE(modules_json_is_parsed_with_locality) {
    std::string json = R"({"Modules":[
        {"Key":"","Source":"","Dir":"."},
        {"Key":"app","Source":"./modules/app","Dir":"modules/app"},
        {"Key":"app.web","Source":"./web","Dir":"modules/app/web"},
        {"Key":"up","Source":"../shared/up","Dir":"../shared/up"},
        {"Key":"lib","Source":"git::file:///tmp/repo?ref=v1","Dir":".tfdata/modules/lib"},
        {"Key":"lib.sub","Source":"./sub","Dir":".tfdata/modules/lib/sub"},
        {"Key":"reg","Source":"registry.terraform.io/acme/x/aws","Dir":".terraform/modules/reg"},
        {"Key":"orphan.sub","Source":"./sub","Dir":"orphan/sub"},
        {"Key":"no_dir","Source":"./x"}
    ]})";
    ModuleDirs dirs = parse_modules_json(json);
    struct Expected {
        std::string key;
        std::string dir;
        bool local;
    };
    for (const auto& e : std::vector<Expected>{{"", ".", true},
                                               {"app", "modules/app", true},
                                               {"app.web", "modules/app/web", true},
                                               {"up", "../shared/up", true},
                                               {"lib", ".tfdata/modules/lib", false},
                                               {"lib.sub", ".tfdata/modules/lib/sub", false},
                                               {"reg", ".terraform/modules/reg", false},
                                               {"orphan.sub", "orphan/sub", false}}) {
        BOOST_TEST_CONTEXT(e.key) {
            BOOST_TEST_REQUIRE(dirs.count(e.key) == 1u);
            BOOST_TEST(dirs.at(e.key).dir == e.dir);
            BOOST_TEST(dirs.at(e.key).local == e.local);
        }
    }
    BOOST_TEST(dirs.count("no_dir") == 0u);
    BOOST_TEST(dirs.size() == 8u);

    for (std::string bad : {std::string("not json"), std::string("[]"), std::string(R"({"Other":[]})"),
                            std::string(R"({"Modules":{}})")}) {
        BOOST_TEST_CONTEXT(bad) { BOOST_CHECK_THROW(parse_modules_json(bad), std::runtime_error); }
    }
}

namespace {

ResourceChange change(const std::string& address, Action action, const std::string& previous = "",
                      bool deposed = false) {
    ResourceChange c;
    c.address = must_parse_address(address);
    c.address_text = address;
    if (!previous.empty()) c.previous_address = must_parse_address(previous);
    c.action = action;
    c.deposed = deposed;
    return c;
}

}  // namespace

// Prior objects at their address in the plan (after every moved block it saw), managed and
// current only; module instances of the new configuration with their ancestors.
BOOST_AUTO_TEST_CASE(prior_objects_and_module_instances_of_a_plan) {
    Plan plan;
    plan.changes = {
        change("terraform_data.kept", Action::no_op),
        change("terraform_data.c", Action::no_op, "terraform_data.a"),  // through a user chain a -> b -> c
        change("terraform_data.gone", Action::remove),
        change("terraform_data.fresh", Action::create),
        change("terraform_data.replaced", Action::delete_then_create),
        change("terraform_data.replaced", Action::remove, "", /*deposed=*/true),
        change("data.terraform_remote_state.x", Action::read),
        change(R"(module.a["k"].module.b.terraform_data.x)", Action::update),
        change("module.old.terraform_data.y", Action::remove),
    };
    std::vector<std::string> prior;
    for (const auto& address : prior_objects(plan)) prior.push_back(to_string(address));
    BOOST_TEST(prior == (std::vector<std::string>{"terraform_data.kept", "terraform_data.c", "terraform_data.gone",
                                                  "terraform_data.replaced",
                                                  R"(module.a["k"].module.b.terraform_data.x)",
                                                  "module.old.terraform_data.y"}),
               boost::test_tools::per_element());

    std::vector<std::string> instances;
    for (const auto& instance : known_module_instances(plan)) instances.push_back(to_string(instance));
    BOOST_TEST(instances == (std::vector<std::string>{"", R"(module.a["k"])", R"(module.a["k"].module.b)"}),
               boost::test_tools::per_element());
}
