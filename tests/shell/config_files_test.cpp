#include "tfw/shell/config_files.hpp"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "scratch_dir.hpp"

namespace fs = std::filesystem;
using namespace tfw::shell;
using testing::put;
using testing::ScratchDir;

namespace {

std::vector<std::string> names(const std::vector<fs::path>& files) {
    std::vector<std::string> out;
    for (const auto& file : files) out.push_back(file.filename().string());
    return out;
}

}  // namespace

// Issue 48: the files terraform reads, in its order, and nothing else.
BOOST_AUTO_TEST_CASE(lists_what_terraform_reads_in_its_order) {
    ScratchDir dir;
    for (const char* name : {"main.tf", "b.tf.json", "z_override.tf", "override.tf.json", "a.tf", ".old-moves.tf",
                             "main.tf~", "#auto.tf#", "#read.tf", "notes.txt", "vars.tfvars"})
        put(dir.path / name, "");
    fs::create_directory(dir.path / "dir.tf");                         // a directory
    fs::create_symlink(dir.path / "nowhere.tf", dir.path / ".#main.tf");  // an editor's lock link
    fs::create_symlink("nowhere.tf", dir.path / "dangling.tf");
    fs::create_symlink("a.tf", dir.path / "linked.tf");                  // a link to a regular file
    fs::create_symlink("dir.tf", dir.path / "to_dir.tf");                // a link to a directory
    BOOST_TEST(names(configuration_files(dir.path)) ==
                   std::vector<std::string>({"#read.tf", "a.tf", "b.tf.json", "linked.tf", "main.tf", "override.tf.json",
                                             "z_override.tf"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_directory_that_cannot_be_listed) {
    ScratchDir dir;
    const fs::path missing = dir.path / "gone";
    std::error_code error;
    BOOST_TEST(configuration_files(missing, error).empty());
    BOOST_TEST(static_cast<bool>(error));
    try {
        configuration_files(missing);
        BOOST_FAIL("no error");
    } catch (const std::runtime_error& e) {
        BOOST_TEST(std::string(e.what()) == "cannot list the module directory " + missing.string() + ": No such file or directory");
    }
}
