#include "tfw/shell/config_lifecycle.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"
#include "tfw/core/parse/hcl_lexer.hpp"

using namespace tfw;
using namespace tfw::shell::testing;
namespace fs = std::filesystem;

namespace {

core::ConfigResource managed(const std::string& type, const std::string& name) {
    core::ConfigResource resource;
    resource.address = type + "." + name;
    resource.type = type;
    resource.name = name;
    return resource;
}

// terraform_data.a at the root, terraform_data.b in module.net (installed) and
// terraform_data.c in module.gone (not in the manifest).
core::Plan planned() {
    core::Plan plan;
    plan.configuration.resources.push_back(managed("terraform_data", "a"));
    plan.configuration.resources.push_back(managed("terraform_data", "plain"));
    core::ModuleCall net{"net", "./modules/net", false, false, {}, {}};
    net.module.resources.push_back(managed("terraform_data", "b"));
    core::ModuleCall gone{"gone", "./modules/gone", false, false, {}, {}};
    gone.module.resources.push_back(managed("terraform_data", "c"));
    plan.configuration.calls = {net, gone};
    return plan;
}

void write_root(const fs::path& root, const std::string& net_text) {
    fs::create_directories(root / "modules" / "net");
    fs::create_directories(root / ".terraform" / "modules");
    put(root / "main.tf", "resource \"terraform_data\" \"a\" {\n  lifecycle {\n    ignore_changes = [input]\n  }\n}\n"
                          "resource \"terraform_data\" \"plain\" {}\n");
    put(root / "notes.txt", "resource \"terraform_data\" \"plain\" {\n  lifecycle {\n    ignore_changes = all\n  }\n}\n");
    put(root / "modules" / "net" / "main.tf", net_text);
    put(root / ".terraform" / "modules" / "modules.json",
        R"({"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"net","Source":"./modules/net","Dir":"modules/net"}]})");
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_resource_gets_the_ignore_changes_of_its_module_directory) {
    ScratchDir dir;
    write_root(dir.path, "resource \"terraform_data\" \"b\" {\n  lifecycle {\n    ignore_changes = all\n  }\n}\n");
    core::Plan plan = planned();
    shell::ConfigLifecycles(dir.path).fill(plan);
    const auto& root = plan.configuration;
    BOOST_TEST(root.resources[0].ignored_changes.paths == std::vector<std::string>{"input"}, boost::test_tools::per_element());
    BOOST_TEST(!root.resources[0].ignored_changes.all);
    BOOST_TEST((root.resources[1].ignored_changes == core::IgnoredChanges{}), "only .tf files are read");
    BOOST_TEST(root.calls[0].module.resources[0].ignored_changes.all);
    BOOST_TEST((root.calls[1].module.resources[0].ignored_changes == core::IgnoredChanges{}), "a module not installed is left alone");
}

BOOST_AUTO_TEST_CASE(a_file_it_cannot_read_is_named) {
    ScratchDir dir;
    write_root(dir.path, "resource \"terraform_data\" \"b\" {\n  lifecycle {\n    ignore_changes = var.x\n  }\n}\n");
    core::Plan plan = planned();
    std::string error;
    try {
        shell::ConfigLifecycles(dir.path).fill(plan);
    } catch (const core::HclError& e) {
        error = e.what();
    }
    BOOST_TEST(error == (dir.path / "modules" / "net" / "main.tf").string() + ":3:22: ignore_changes is neither all nor a list of attributes");
}
