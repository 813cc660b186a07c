#include "tfw/core/write/collapse.hpp"

#include <boost/test/unit_test.hpp>

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

std::vector<Address> addresses(const std::vector<std::string>& texts) {
    std::vector<Address> out;
    for (const auto& text : texts) out.push_back(must_parse_address(text));
    return out;
}

// "from -> to" per block, in the order collapse_moves returns them.
std::vector<std::string> text_of(const std::vector<MoveBlock>& blocks) {
    std::vector<std::string> out;
    for (const auto& block : blocks) out.push_back(to_string(block.from) + " -> " + to_string(block.to));
    return out;
}

struct Case {
    std::string name;
    Pairs moves;                      // resource-instance moves
    std::vector<std::string> prior;   // prior objects, as prior_objects(Plan) gives them
    std::vector<std::string> blocks;  // expected, sorted by from
};

void run(const std::vector<Case>& cases, const ConfigModule* configuration = nullptr) {
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(text_of(collapse_moves(blocks_of(c.moves), addresses(c.prior), configuration)) == c.blocks,
                       boost::test_tools::per_element());
        }
    }
}

ConfigResource resource(std::string name, bool count = false, bool for_each = false) {
    ConfigResource r;
    r.address = "terraform_data." + name;
    r.type = "terraform_data";
    r.name = std::move(name);
    r.has_count = count;
    r.has_for_each = for_each;
    return r;
}

ModuleCall call(std::string name, ConfigModule module, bool count = false, bool for_each = false) {
    ModuleCall c;
    c.name = std::move(name);
    c.source = "./modules/x";
    c.has_count = count;
    c.has_for_each = for_each;
    c.module = std::move(module);
    return c;
}

}  // namespace

BOOST_AUTO_TEST_CASE(module_instance_collapse) {
    run({
        {"module rename: everything under module.old moved alike",
         {{"module.old.terraform_data.x", "module.new.terraform_data.x"},
          {"module.old.terraform_data.y[0]", "module.new.terraform_data.y[0]"},
          {"module.old.terraform_data.y[1]", "module.new.terraform_data.y[1]"}},
         {"module.old.terraform_data.x", "module.old.terraform_data.y[0]", "module.old.terraform_data.y[1]"},
         {"module.old -> module.new"}},
        {"module gaining for_each",
         {{"module.a.terraform_data.x", R"(module.a["k"].terraform_data.x)"}},
         {"module.a.terraform_data.x"},
         {R"(module.a -> module.a["k"])"}},
        {"module moved into another module",
         {{"module.a.terraform_data.x", "module.parent.module.a.terraform_data.x"}},
         {"module.a.terraform_data.x"},
         {"module.a -> module.parent.module.a"}},
        {"nested: the outer module does not move alike, the inner one does",
         {{"module.a.module.b.terraform_data.x", "module.c.module.b.terraform_data.x"},
          {"module.a.module.b.terraform_data.y", "module.c.module.b.terraform_data.y"}},
         {"module.a.module.b.terraform_data.x", "module.a.module.b.terraform_data.y", "module.a.terraform_data.stays"},
         {"module.a.module.b -> module.c.module.b"}},
        {"deeper modules under the old instance move with it",
         {{"module.old.module.inner.terraform_data.x", "module.new.module.inner.terraform_data.x"},
          {"module.old.terraform_data.y", "module.new.terraform_data.y"}},
         {"module.old.module.inner.terraform_data.x", "module.old.terraform_data.y"},
         {"module.old -> module.new"}},
        {"objects already at the targets (a plan made with the moves injected) count at their from",
         {{"module.old.terraform_data.x", "module.new.terraform_data.x"},
          {"module.old.terraform_data.y", "module.new.terraform_data.y"}},
         {"module.new.terraform_data.x", "module.new.terraform_data.y"},
         {"module.old -> module.new"}},
    });
}

BOOST_AUTO_TEST_CASE(whole_module_call_collapse) {
    run({
        {"every instance of a counted call renamed keeping its key",
         {{"module.old[0].terraform_data.x", "module.new[0].terraform_data.x"},
          {"module.old[1].terraform_data.x", "module.new[1].terraform_data.x"}},
         {"module.old[0].terraform_data.x", "module.old[1].terraform_data.x"},
         {"module.old -> module.new"}},
        {"every instance of a for_each call, inside a module instance",
         {{R"(module.p[0].module.old["a"].terraform_data.x)", R"(module.p[0].module.new["a"].terraform_data.x)"},
          {R"(module.p[0].module.old["b"].terraform_data.x)", R"(module.p[0].module.new["b"].terraform_data.x)"}},
         {R"(module.p[0].module.old["a"].terraform_data.x)", R"(module.p[0].module.old["b"].terraform_data.x)"},
         {"module.p[0].module.old -> module.p[0].module.new"}},
        {"one instance of two moved: an instance block",
         {{"module.old[0].terraform_data.x", "module.new[0].terraform_data.x"}},
         {"module.old[0].terraform_data.x", "module.old[1].terraform_data.x"},
         {"module.old[0] -> module.new[0]"}},
        {"the new call already had an instance",
         {{"module.old[0].terraform_data.x", "module.new[0].terraform_data.x"},
          {"module.old[1].terraform_data.x", "module.new[1].terraform_data.x"}},
         {"module.old[0].terraform_data.x", "module.old[1].terraform_data.x", "module.new[7].terraform_data.x"},
         {"module.old[0] -> module.new[0]", "module.old[1] -> module.new[1]"}},
        {"keys change: one block per instance",
         {{"module.m[0].terraform_data.x", R"(module.m["a"].terraform_data.x)"},
          {"module.m[1].terraform_data.x", R"(module.m["b"].terraform_data.x)"}},
         {"module.m[0].terraform_data.x", "module.m[1].terraform_data.x"},
         {R"(module.m[0] -> module.m["a"])", R"(module.m[1] -> module.m["b"])"}},
    });
}

BOOST_AUTO_TEST_CASE(whole_resource_collapse) {
    run({
        {"every instance renamed keeping its key",
         {{"terraform_data.old[0]", "terraform_data.new[0]"}, {"terraform_data.old[1]", "terraform_data.new[1]"}},
         {"terraform_data.old[0]", "terraform_data.old[1]", "terraform_data.other"},
         {"terraform_data.old -> terraform_data.new"}},
        {"for_each keys kept",
         {{R"(terraform_data.old["a"])", R"(terraform_data.new["a"])"},
          {R"(terraform_data.old["b"])", R"(terraform_data.new["b"])"}},
         {R"(terraform_data.old["a"])", R"(terraform_data.old["b"])"},
         {"terraform_data.old -> terraform_data.new"}},
        {"into a submodule of the same module (no module block: the target is inside the source)",
         {{"module.app.terraform_data.web[0]", "module.app.module.web.terraform_data.web[0]"},
          {"module.app.terraform_data.web[1]", "module.app.module.web.terraform_data.web[1]"},
          {"module.app.terraform_data.db", "module.app.module.db.terraform_data.db"}},
         {"module.app.terraform_data.web[0]", "module.app.terraform_data.web[1]", "module.app.terraform_data.db"},
         {"module.app.terraform_data.db -> module.app.module.db.terraform_data.db",
          "module.app.terraform_data.web -> module.app.module.web.terraform_data.web"}},
        {"a module split in two: resource blocks, no module block",
         {{"module.network.terraform_data.vpc", "module.vpc.terraform_data.vpc"},
          {"module.network.terraform_data.subnet", "module.subnets.terraform_data.subnet"}},
         {"module.network.terraform_data.vpc", "module.network.terraform_data.subnet"},
         {"module.network.terraform_data.subnet -> module.subnets.terraform_data.subnet",
          "module.network.terraform_data.vpc -> module.vpc.terraform_data.vpc"}},
    });
}

BOOST_AUTO_TEST_CASE(no_collapse_unless_exactly_equivalent) {
    run({
        {"incomplete: one instance of the old resource stays behind",
         {{"terraform_data.old[0]", "terraform_data.new[0]"}, {"terraform_data.old[1]", "terraform_data.new[1]"}},
         {"terraform_data.old[0]", "terraform_data.old[1]", "terraform_data.old[2]"},
         {"terraform_data.old[0] -> terraform_data.new[0]", "terraform_data.old[1] -> terraform_data.new[1]"}},
        {"keys change: count -> for_each",
         {{"terraform_data.r[0]", R"(terraform_data.r["a"])"}, {"terraform_data.r[1]", R"(terraform_data.r["b"])"}},
         {"terraform_data.r[0]", "terraform_data.r[1]"},
         {R"(terraform_data.r[0] -> terraform_data.r["a"])", R"(terraform_data.r[1] -> terraform_data.r["b"])"}},
        {"the target resource had prior objects",
         {{"terraform_data.old[0]", "terraform_data.new[0]"}},
         {"terraform_data.old[0]", "terraform_data.new[5]"},
         {"terraform_data.old[0] -> terraform_data.new[0]"}},
        {"the target module instance had prior objects",
         {{"module.old.terraform_data.x", "module.new.terraform_data.x"}},
         {"module.old.terraform_data.x", "module.new.terraform_data.z"},
         {"module.old.terraform_data.x -> module.new.terraform_data.x"}},
        {"incomplete module: one object stays behind",
         {{"module.old.terraform_data.x", "module.new.terraform_data.x"}},
         {"module.old.terraform_data.x", "module.old.terraform_data.y"},
         {"module.old.terraform_data.x -> module.new.terraform_data.x"}},
        // A person writes the module rename and, inside, the resource rename.
        {"the module renamed, and a resource renamed inside it",
         {{"module.old.terraform_data.x", "module.new.terraform_data.x"},
          {"module.old.terraform_data.y", "module.new.terraform_data.renamed"}},
         {"module.old.terraform_data.x", "module.old.terraform_data.y"},
         {"module.new.terraform_data.y -> module.new.terraform_data.renamed", "module.old -> module.new"}},
        // The old reading of prior objects (previous_address) put a chained object at the
        // chain's start, so "everything under module.mid moved" held vacuously.
        {"nothing known under the old module instance: never a vacuous collapse",
         {{"module.mid.terraform_data.x", "module.new.terraform_data.x"}},
         {"module.old.terraform_data.x", "module.old.terraform_data.y"},
         {"module.mid.terraform_data.x -> module.new.terraform_data.x"}},
        // Terraform refuses two module blocks into one instance ("Ambiguous move
        // statements"): refactor fuzzer, seed 700's 1793535048.
        {"two module instances, each moved whole, into one",
         {{"module.a[0].module.user.terraform_data.x", R"(module.web["k"].terraform_data.x)"},
          {"module.web.terraform_data.y", R"(module.web["k"].terraform_data.y)"}},
         {"module.a[0].module.user.terraform_data.x", "module.web.terraform_data.y"},
         {R"(module.a[0].module.user.terraform_data.x -> module.web["k"].terraform_data.x)",
          R"(module.web.terraform_data.y -> module.web["k"].terraform_data.y)"}},
        {"an unmoved object under the old module instance at a user-moved address",
         {{"module.mid.terraform_data.x", "module.new.terraform_data.x"}},
         {"module.mid.terraform_data.x", "module.mid.terraform_data.y"},
         {"module.mid.terraform_data.x -> module.new.terraform_data.x"}},
    });
}

// With the new configuration, a collapse whose old side is still declared is refused:
// Terraform would say "Moved object still exists".
BOOST_AUTO_TEST_CASE(no_collapse_when_the_old_side_is_still_declared) {
    ConfigModule svc;
    svc.resources = {resource("x")};
    ConfigModule config;
    config.resources = {resource("old", /*count=*/true), resource("new", /*count=*/true)};
    config.calls = {call("kept", svc), call("counted", svc, /*count=*/true), call("a", svc, false, /*for_each=*/true),
                    call("new", svc, /*count=*/true)};
    run(
        {
            {"old resource still declared (count = 0)",
             {{"terraform_data.old[0]", "terraform_data.new[0]"}, {"terraform_data.old[1]", "terraform_data.new[1]"}},
             {"terraform_data.old[0]", "terraform_data.old[1]"},
             {"terraform_data.old[0] -> terraform_data.new[0]", "terraform_data.old[1] -> terraform_data.new[1]"}},
            {"old resource gone",
             {{"terraform_data.gone[0]", "terraform_data.new[0]"}},
             {"terraform_data.gone[0]"},
             {"terraform_data.gone -> terraform_data.new"}},
            {"module instance still declared (the call kept, now empty of these objects)",
             {{"module.kept.terraform_data.x", "module.elsewhere.terraform_data.x"}},
             {"module.kept.terraform_data.x"},
             {"module.kept.terraform_data.x -> module.elsewhere.terraform_data.x"}},
            {"old counted call still declared: instance blocks, no whole-call block",
             {{"module.counted[0].terraform_data.x", "module.new[0].terraform_data.x"},
              {"module.counted[1].terraform_data.x", "module.new[1].terraform_data.x"}},
             {"module.counted[0].terraform_data.x", "module.counted[1].terraform_data.x"},
             {"module.counted[0].terraform_data.x -> module.new[0].terraform_data.x",
              "module.counted[1].terraform_data.x -> module.new[1].terraform_data.x"}},
            {"module gaining for_each: the no-key instance is gone",
             {{"module.a.terraform_data.x", R"(module.a["k"].terraform_data.x)"}},
             {"module.a.terraform_data.x"},
             {R"(module.a -> module.a["k"])"}},
            // Both sides keyless in their last step: Terraform reads the block as a move of
            // the whole call `a`, which is still declared (refactor fuzzer, seed 161757151).
            {"module gaining for_each, its objects one call down in an instance: no whole-call block",
             {{"module.a.terraform_data.x", R"(module.a["k"].module.sub.terraform_data.x)"}},
             {"module.a.terraform_data.x"},
             {R"(module.a.terraform_data.x -> module.a["k"].module.sub.terraform_data.x)"}},
        },
        &config);
}

// A call gaining for_each or count: the no-key instance `module.a` is gone, so one block
// says it all (Terraform's documented form). `terraform show -json` omits a for_each or
// count expression with neither references nor a constant (`toset(["first"])`,
// `length(["x"])`), so the configuration here has the calls as it reports them then:
// plain, and the moves' keys show how they repeat now.
BOOST_AUTO_TEST_CASE(module_call_gaining_repetition_omitted_from_the_configuration) {
    ConfigModule inner;
    inner.resources = {resource("leaf")};
    ConfigModule svc;
    svc.resources = {resource("web"), resource("worker", /*count=*/true)};
    svc.calls = {call("inner", inner)};
    ConfigModule parent;
    parent.resources = {resource("p")};
    parent.calls = {call("a", svc)};
    ConfigModule config;
    config.calls = {call("a", svc), call("parent", parent), call("b", svc)};
    run(
        {
            {"for_each: everything under module.a, nested modules too, to module.a[\"first\"]",
             {{"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"},
              {"module.a.terraform_data.worker[0]", R"(module.a["first"].terraform_data.worker[0])"},
              {"module.a.terraform_data.worker[1]", R"(module.a["first"].terraform_data.worker[1])"},
              {"module.a.module.inner.terraform_data.leaf", R"(module.a["first"].module.inner.terraform_data.leaf)"}},
             {"module.a.terraform_data.web", "module.a.terraform_data.worker[0]", "module.a.terraform_data.worker[1]",
              "module.a.module.inner.terraform_data.leaf"},
             {R"(module.a -> module.a["first"])"}},
            {"count: module.a to module.a[0]",
             {{"module.a.terraform_data.web", "module.a[0].terraform_data.web"},
              {"module.a.module.inner.terraform_data.leaf", "module.a[0].module.inner.terraform_data.leaf"}},
             {"module.a.terraform_data.web", "module.a.module.inner.terraform_data.leaf"},
             {"module.a -> module.a[0]"}},
            {"a call inside a child module gains for_each; the child's own resource stays",
             {{"module.parent.module.a.terraform_data.web", R"(module.parent.module.a["svc"].terraform_data.web)"},
              {"module.parent.module.a.module.inner.terraform_data.leaf",
               R"(module.parent.module.a["svc"].module.inner.terraform_data.leaf)"}},
             {"module.parent.module.a.terraform_data.web", "module.parent.module.a.module.inner.terraform_data.leaf",
              "module.parent.terraform_data.p"},
             {R"(module.parent.module.a -> module.parent.module.a["svc"])"}},
            {"nested: module.a.module.inner gains for_each",
             {{"module.a.module.inner.terraform_data.leaf", R"(module.a.module.inner["x"].terraform_data.leaf)"}},
             {"module.a.module.inner.terraform_data.leaf", "module.a.terraform_data.web"},
             {R"(module.a.module.inner -> module.a.module.inner["x"])"}},
            {"the plan was made with the moves injected: objects already at module.a[\"first\"]",
             {{"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"},
              {"module.a.module.inner.terraform_data.leaf", R"(module.a["first"].module.inner.terraform_data.leaf)"}},
             {R"(module.a["first"].terraform_data.web)", R"(module.a["first"].module.inner.terraform_data.leaf)"},
             {R"(module.a -> module.a["first"])"}},
            // Not every object under module.a goes to module.a["first"]: no module block. A
            // resource whose every instance moves keeping its key still moves whole, since
            // `module.a.terraform_data.worker` (in the no-key instance) is gone too.
            {"an object under module.a is destroyed: whole-resource blocks",
             {{"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"},
              {"module.a.terraform_data.worker[0]", R"(module.a["first"].terraform_data.worker[0])"},
              {"module.a.terraform_data.worker[1]", R"(module.a["first"].terraform_data.worker[1])"}},
             {"module.a.terraform_data.web", "module.a.terraform_data.worker[0]", "module.a.terraform_data.worker[1]",
              "module.a.terraform_data.gone"},
             {R"(module.a.terraform_data.web -> module.a["first"].terraform_data.web)",
              R"(module.a.terraform_data.worker -> module.a["first"].terraform_data.worker)"}},
            {"objects under module.a split between two instances: instance blocks",
             {{"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"},
              {"module.a.terraform_data.worker[0]", R"(module.a["first"].terraform_data.worker[0])"},
              {"module.a.terraform_data.worker[1]", R"(module.a["second"].terraform_data.worker[1])"}},
             {"module.a.terraform_data.web", "module.a.terraform_data.worker[0]", "module.a.terraform_data.worker[1]"},
             {R"(module.a.terraform_data.web -> module.a["first"].terraform_data.web)",
              R"(module.a.terraform_data.worker[0] -> module.a["first"].terraform_data.worker[0])",
              R"(module.a.terraform_data.worker[1] -> module.a["second"].terraform_data.worker[1])"}},
            // Whatever was in module.a.module.inner went to module.a["first"] itself: that
            // module instance moves whole (Terraform accepts it, checked).
            {"an object under module.a moves elsewhere inside the instance: the instance, then that object",
             {{"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"},
              {"module.a.module.inner.terraform_data.leaf", R"(module.a["first"].terraform_data.leaf)"}},
             {"module.a.terraform_data.web", "module.a.module.inner.terraform_data.leaf"},
             {R"(module.a -> module.a["first"])",
              R"(module.a["first"].module.inner.terraform_data.leaf -> module.a["first"].terraform_data.leaf)"}},
            {"module.a[\"first\"] already held an object",
             {{"module.a.terraform_data.web", R"(module.a["first"].terraform_data.web)"}},
             {"module.a.terraform_data.web", R"(module.a["first"].terraform_data.worker[0])"},
             {R"(module.a.terraform_data.web -> module.a["first"].terraform_data.web)"}},
            // The parent instance module.parent is still declared, and so is its call `a`
            // when nothing shows a key for it: a plain call that still holds the objects'
            // resources would make a module block "Moved object still exists".
            {"no move shows a key for the call: module.b is taken as still declared",
             {{"module.b.terraform_data.web", "module.elsewhere.terraform_data.web"}},
             {"module.b.terraform_data.web"},
             {"module.b.terraform_data.web -> module.elsewhere.terraform_data.web"}},
        },
        &config);
}

// When show -json omits a call's for_each, an instance key on the old side proves
// nothing: the call may still declare that instance, and Terraform then refuses
// `module.a["x"] -> module.b["x"]` as "Moved object still exists" (checked).
BOOST_AUTO_TEST_CASE(omitted_repetition_keeps_keyed_instances_declared) {
    ConfigModule m;
    m.resources = {resource("y")};
    ConfigModule n;
    n.resources = {resource("x")};
    ConfigModule config;
    config.calls = {call("a", m), call("b", n)};
    run(
        {
            {"module.a[\"x\"] may still be declared",
             {{R"(module.a["x"].terraform_data.x)", R"(module.b["x"].terraform_data.x)"}},
             {R"(module.a["x"].terraform_data.x)"},
             {R"(module.a["x"].terraform_data.x -> module.b["x"].terraform_data.x)"}},
        },
        &config);
}

// A call in a parent instance that is gone moves whole, even while the parent's module
// still declares it (Terraform accepts `module.p.module.old -> module.p["x"].module.new`
// with `module "old" { count = 0 }` still in p, checked).
BOOST_AUTO_TEST_CASE(whole_call_out_of_a_parent_instance_that_is_gone) {
    ConfigModule m;
    m.resources = {resource("x")};
    ConfigModule p;
    p.calls = {call("old", m, /*count=*/true), call("new", m, /*count=*/true)};
    ConfigModule config;
    config.calls = {call("p", p)};
    run(
        {
            {"every instance of old, with something else under module.p destroyed",
             {{"module.p.module.old[0].terraform_data.x", R"(module.p["x"].module.new[0].terraform_data.x)"},
              {"module.p.module.old[1].terraform_data.x", R"(module.p["x"].module.new[1].terraform_data.x)"}},
             {"module.p.module.old[0].terraform_data.x", "module.p.module.old[1].terraform_data.x",
              "module.p.terraform_data.gone"},
             {R"(module.p.module.old -> module.p["x"].module.new)"}},
        },
        &config);
}

// A call renamed (or re-keyed) at several levels is written level by level: the outer
// block, then the inner one relative to nothing but the new outer module instance, so
// that placement puts it in that module's own directory, the one holding the inner call.
BOOST_AUTO_TEST_CASE(nested_collapse_level_by_level) {
    run({
        {"two levels renamed, with an object of the outer module moving alike",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"},
          {"module.a.module.b.terraform_data.s[0]", "module.x.module.y.terraform_data.s[0]"},
          {"module.a.terraform_data.own", "module.x.terraform_data.own"}},
         {"module.a.module.b.terraform_data.r", "module.a.module.b.terraform_data.s[0]", "module.a.terraform_data.own"},
         {"module.a -> module.x", "module.x.module.b -> module.x.module.y"}},
        {"two levels renamed, nothing else in the outer module",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"}},
         {"module.a.module.b.terraform_data.r"},
         {"module.a -> module.x", "module.x.module.b -> module.x.module.y"}},
        {"three levels",
         {{"module.a.module.b.module.c.terraform_data.r", "module.x.module.y.module.z.terraform_data.r"},
          {"module.a.module.b.terraform_data.s", "module.x.module.y.terraform_data.s"}},
         {"module.a.module.b.module.c.terraform_data.r", "module.a.module.b.terraform_data.s"},
         {"module.a -> module.x", "module.x.module.b -> module.x.module.y",
          "module.x.module.y.module.c -> module.x.module.y.module.z"}},
        {"outer re-keyed, inner renamed",
         {{"module.a.module.b.terraform_data.r", R"(module.a["k"].module.y.terraform_data.r)"}},
         {"module.a.module.b.terraform_data.r"},
         {R"(module.a -> module.a["k"])", R"(module.a["k"].module.b -> module.a["k"].module.y)"}},
        {"outer renamed, inner gains for_each",
         {{"module.a.module.b.terraform_data.r", R"(module.x.module.b["k"].terraform_data.r)"}},
         {"module.a.module.b.terraform_data.r"},
         {"module.a -> module.x", R"(module.x.module.b -> module.x.module.b["k"])"}},
        {"every instance of a counted outer call: one whole-call block, inner blocks per instance",
         {{"module.a[0].module.b.terraform_data.r", "module.x[0].module.y.terraform_data.r"},
          {"module.a[1].module.b.terraform_data.r", "module.x[1].module.y.terraform_data.r"}},
         {"module.a[0].module.b.terraform_data.r", "module.a[1].module.b.terraform_data.r"},
         {"module.a -> module.x", "module.x[0].module.b -> module.x[0].module.y",
          "module.x[1].module.b -> module.x[1].module.y"}},
        // Issue 32: a call re-keyed from count to for_each with a resource renamed inside.
        {"re-keyed, a resource renamed inside: a block per instance, then the rename inside each",
         {{"module.svc[0].terraform_data.a", R"(module.service["api"].terraform_data.b)"},
          {"module.svc[0].terraform_data.c", R"(module.service["api"].terraform_data.c)"},
          {"module.svc[1].terraform_data.a", R"(module.service["web"].terraform_data.b)"},
          {"module.svc[1].terraform_data.c", R"(module.service["web"].terraform_data.c)"}},
         {"module.svc[0].terraform_data.a", "module.svc[0].terraform_data.c", "module.svc[1].terraform_data.a",
          "module.svc[1].terraform_data.c"},
         {R"(module.service["api"].terraform_data.a -> module.service["api"].terraform_data.b)",
          R"(module.service["web"].terraform_data.a -> module.service["web"].terraform_data.b)",
          R"(module.svc[0] -> module.service["api"])", R"(module.svc[1] -> module.service["web"])"}},
        {"inside a module that stays: the levels start below it",
         {{"module.p.module.a.module.b.terraform_data.r", "module.p.module.x.module.y.terraform_data.r"}},
         {"module.p.module.a.module.b.terraform_data.r", "module.p.terraform_data.stays"},
         {"module.p.module.a -> module.p.module.x", "module.p.module.x.module.b -> module.p.module.x.module.y"}},
        {"objects already at the targets (a plan made with the moves injected)",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"},
          {"module.a.terraform_data.own", "module.x.terraform_data.own"}},
         {"module.x.module.y.terraform_data.r", "module.x.terraform_data.own"},
         {"module.a -> module.x", "module.x.module.b -> module.x.module.y"}},
    });
}

BOOST_AUTO_TEST_CASE(nested_collapse_only_where_exactly_equivalent) {
    run({
        {"an object of the outer module stays: one block for the inner module only",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"}},
         {"module.a.module.b.terraform_data.r", "module.a.terraform_data.keep"},
         {"module.a.module.b -> module.x.module.y"}},
        {"a resource renamed inside too: a level each, the rename in the innermost module",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r2"}},
         {"module.a.module.b.terraform_data.r"},
         {"module.a -> module.x", "module.x.module.b -> module.x.module.y",
          "module.x.module.y.terraform_data.r -> module.x.module.y.terraform_data.r2"}},
        {"the inner module is split: the outer level, then each object inside",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"},
          {"module.a.module.b.terraform_data.s", "module.x.module.z.terraform_data.s"}},
         {"module.a.module.b.terraform_data.r", "module.a.module.b.terraform_data.s"},
         {"module.a -> module.x", "module.x.module.b.terraform_data.r -> module.x.module.y.terraform_data.r",
          "module.x.module.b.terraform_data.s -> module.x.module.z.terraform_data.s"}},
        {"the new outer module already held an object",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"}},
         {"module.a.module.b.terraform_data.r", "module.x.terraform_data.there"},
         {"module.a.module.b -> module.x.module.y"}},
        {"another object moves into the new outer module from elsewhere",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"},
          {"module.c.terraform_data.t", "module.x.terraform_data.t"}},
         {"module.a.module.b.terraform_data.r", "module.c.terraform_data.t"},
         {"module.a.module.b -> module.x.module.y", "module.c -> module.x"}},
        {"a chain inside: what the inner block would move is where another object lands",
         {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"},
          {"module.a.module.y.terraform_data.r", "module.x.module.z.terraform_data.r"}},
         {"module.a.module.b.terraform_data.r", "module.a.module.y.terraform_data.r"},
         {"module.a.module.b -> module.x.module.y", "module.a.module.y -> module.x.module.z"}},
    });
}

// With the new configuration: a level whose old side is still declared is refused, as
// Terraform would refuse it ("Moved object still exists").
BOOST_AUTO_TEST_CASE(nested_collapse_checks_the_configuration) {
    ConfigModule leaf;
    leaf.resources = {resource("r")};
    ConfigModule renamed;
    renamed.calls = {call("y", leaf)};
    ConfigModule kept_b;
    kept_b.calls = {call("b", leaf, /*count=*/true), call("y", leaf)};
    ConfigModule config;
    config.calls = {call("x", renamed), call("w", kept_b), call("kept", renamed)};
    run(
        {
            {"both old calls gone: level by level",
             {{"module.a.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"}},
             {"module.a.module.b.terraform_data.r"},
             {"module.a -> module.x", "module.x.module.b -> module.x.module.y"}},
            {"the inner old call is still declared (count = 0) in the new module: one block from the root",
             {{"module.a.module.b.terraform_data.r", "module.w.module.y.terraform_data.r"}},
             {"module.a.module.b.terraform_data.r"},
             {"module.a.module.b -> module.w.module.y"}},
            {"the outer old call is still declared: no outer level",
             {{"module.kept.module.b.terraform_data.r", "module.x.module.y.terraform_data.r"}},
             {"module.kept.module.b.terraform_data.r"},
             {"module.kept.module.b -> module.x.module.y"}},
        },
        &config);
}
