#include "tfw/shell/moved_writer.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>
#include <unistd.h>

#include "tfw/core/parse/hcl_moved.hpp"

namespace fs = std::filesystem;
using namespace tfw;
using shell::testing::get;
using shell::testing::put;
using shell::testing::ScratchDir;

namespace {

core::Placement placement(const std::string& dir, const std::string& from, const std::string& to) {
    core::Placement p;
    p.dir = dir;
    p.from = core::must_parse_address(from);
    p.to = core::must_parse_address(to);
    p.block = {p.from, p.to};
    return p;
}

// The moves a file declares, as "from -> to".
std::vector<std::string> declared(const fs::path& file) {
    std::vector<std::string> out;
    for (const auto& block : core::read_moved_blocks(get(file), file.string()))
        out.push_back(core::to_string(block.from) + " -> " + core::to_string(block.to));
    return out;
}

// Sets an environment variable for one scope.
struct ScopedEnv {
    std::string name;
    ScopedEnv(std::string n, const std::string& value) : name(std::move(n)) { ::setenv(name.c_str(), value.c_str(), 1); }
    ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(appends_only_what_is_new_per_directory) {
    ScratchDir dir;
    fs::create_directories(dir.path / "modules" / "net");
    const std::string user_file = "# mine\nmoved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n";
    put(dir.path / "main.tf", user_file);
    put(dir.path / "moves.tf", "# existing moves file\n");
    // A leftover of a run cut short: never a source of "already declared".
    put(dir.path / "tfw-moved-99999.tf", "moved {\n  from = terraform_data.c\n  to   = terraform_data.d\n}\n");

    auto written = shell::write_moved_blocks(dir.path,
                                             {placement(".", "terraform_data.a", "terraform_data.b"),
                                              placement(".", "terraform_data.c", "terraform_data.d"),
                                              placement("modules/net", "aws_vpc.x", "aws_vpc.y")},
                                             "moves.tf");
    BOOST_TEST_REQUIRE(written.size() == 2u);
    BOOST_TEST(written[0].path == dir.path / "./moves.tf");
    BOOST_TEST(written[0].blocks == 1u);
    BOOST_TEST(written[1].path == dir.path / "modules/net/moves.tf");
    BOOST_TEST(written[1].blocks == 1u);

    std::string root_moves = get(dir.path / "moves.tf");
    BOOST_TEST(root_moves.rfind("# existing moves file\n", 0) == 0u);  // the old bytes stay first
    BOOST_TEST(declared(dir.path / "moves.tf") == std::vector<std::string>{"terraform_data.c -> terraform_data.d"},
               boost::test_tools::per_element());
    BOOST_TEST(declared(dir.path / "modules/net/moves.tf") == std::vector<std::string>{"aws_vpc.x -> aws_vpc.y"},
               boost::test_tools::per_element());
    BOOST_TEST(get(dir.path / "main.tf") == user_file);

    // A second run finds everything declared and writes nothing.
    auto again = shell::write_moved_blocks(dir.path,
                                           {placement(".", "terraform_data.c", "terraform_data.d"),
                                            placement("modules/net", "aws_vpc.x", "aws_vpc.y")},
                                           "moves.tf");
    BOOST_TEST(again.empty());
    BOOST_TEST(get(dir.path / "moves.tf") == root_moves);
}

// A full disk or a read-only module: the files are staged first, so when one cannot be
// written, none is changed and no temporary file stays.
BOOST_AUTO_TEST_CASE(a_failed_file_leaves_every_file_as_it_was) {
    ScratchDir dir;
    fs::create_directories(dir.path / "modules" / "net");
    put(dir.path / "moves.tf", "# existing moves file\n");
    // The second file is read-only: its write is refused when it is staged, after the
    // first file's is staged and before any is committed.
    put(dir.path / "modules" / "net" / "moves.tf", "# read-only\n");
    fs::permissions(dir.path / "modules" / "net" / "moves.tf", fs::perms::owner_read | fs::perms::group_read);

    std::string error;
    try {
        shell::write_moved_blocks(dir.path,
                                  {placement(".", "terraform_data.c", "terraform_data.d"),
                                   placement("modules/net", "aws_vpc.x", "aws_vpc.y")},
                                  "moves.tf");
    } catch (const std::runtime_error& e) {
        error = e.what();
    }
    BOOST_TEST(error.find("cannot write " + (dir.path / "modules/net/moves.tf").string()) == 0u, error);
    BOOST_TEST(get(dir.path / "moves.tf") == "# existing moves file\n");
    BOOST_TEST(dir.names() == std::vector<std::string>({"modules", "moves.tf"}), boost::test_tools::per_element());
    BOOST_TEST(get(dir.path / "modules" / "net" / "moves.tf") == "# read-only\n");
    std::vector<std::string> in_module;
    for (const auto& entry : fs::directory_iterator(dir.path / "modules" / "net")) in_module.push_back(entry.path().filename());
    BOOST_TEST(in_module == std::vector<std::string>({"moves.tf"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(never_writes_outside_the_users_code) {
    struct Case {
        std::string dir;
        std::string data_dir;  // TF_DATA_DIR, "" for unset
    };
    const std::vector<Case> cases = {
        {".terraform/modules/net", ""},
        {"../elsewhere", ""},
        {"/abs", ""},
        {"cache/modules/net", "cache"},
        {"./cache/x", "cache/"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.dir << " with TF_DATA_DIR=" << c.data_dir) {
            ScratchDir dir;
            std::optional<ScopedEnv> env;
            if (!c.data_dir.empty()) env.emplace("TF_DATA_DIR", c.data_dir);
            BOOST_CHECK_THROW(shell::write_moved_blocks(dir.path, {placement(c.dir, "a.b", "a.c")}, "moves.tf"),
                              std::logic_error);
            BOOST_TEST(dir.names().empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(module_dirs_from_the_manifest) {
    ScratchDir dir;
    BOOST_TEST((shell::read_module_dirs(dir.path) == core::ModuleDirs{{"", {".", true}}}));

    fs::create_directories(dir.path / ".terraform" / "modules");
    put(dir.path / ".terraform" / "modules" / "modules.json",
        R"({"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"net","Source":"./modules/net","Dir":"modules/net"},)"
        R"({"Key":"reg","Source":"registry.terraform.io/x/y/z","Version":"1.0.0","Dir":".terraform/modules/reg"}]})");
    core::ModuleDirs dirs = shell::read_module_dirs(dir.path);
    BOOST_TEST(dirs.size() == 3u);
    BOOST_TEST((dirs.at("net") == core::ModuleDir{"modules/net", true}));
    BOOST_TEST(dirs.at("reg").local == false);

    // TF_DATA_DIR moves the manifest.
    ScopedEnv env("TF_DATA_DIR", "elsewhere");
    BOOST_TEST(shell::read_module_dirs(dir.path).size() == 1u);
}

// terragrunt copies a module to <dir>/.terragrunt-cache/<hash>/<hash>/<subdir> and plans
// there; a symlink into such a copy is the copy too.
BOOST_AUTO_TEST_CASE(terragrunt_cache_copies_are_recognised) {
    ScratchDir dir;
    fs::path copy = dir.path / "live" / "prod" / ".terragrunt-cache" / "x1Yz" / "AbCd" / "modules" / "app";
    fs::create_directories(copy);
    fs::create_directories(dir.path / "modules" / "app");
    auto cache = shell::terragrunt_cache_of(copy);
    BOOST_TEST_REQUIRE(cache.has_value());
    BOOST_TEST(*cache == fs::weakly_canonical(dir.path / "live" / "prod" / ".terragrunt-cache"));
    BOOST_TEST(!shell::terragrunt_cache_of(dir.path / "modules" / "app").has_value());
    BOOST_TEST(!shell::terragrunt_cache_of(dir.path / "live" / "prod").has_value());
    // A name that merely contains the word is no cache.
    fs::create_directories(dir.path / "my.terragrunt-cache.d");
    BOOST_TEST(!shell::terragrunt_cache_of(dir.path / "my.terragrunt-cache.d").has_value());

    fs::create_symlink(copy, dir.path / "link");
    BOOST_TEST(shell::terragrunt_cache_of(dir.path / "link").has_value());
}
