#include "tfw/shell/tidy.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scratch_dir.hpp"

using namespace tfw;
using namespace tfw::shell::testing;
namespace fs = std::filesystem;

namespace {

const std::string block_ab = "moved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n";
const std::string block_cd = "moved {\n  from = terraform_data.c\n  to   = terraform_data.d\n}\n";
const std::string resource = "resource \"terraform_data\" \"b\" {}\n";

// A root module in scratch/root with a local module in modules/net, a module beside the
// root in scratch/shared, a download under .terraform/, and a manifest entry left over
// for a module directory that is gone.
struct Tree {
    ScratchDir scratch;
    fs::path root = scratch.path / "root";
    core::ModuleDirs dirs = {{"", {".", true}},
                             {"net", {"modules/net", true}},
                             {"net2", {"modules/net", true}},
                             {"shared", {"../shared", true}},
                             {"gone", {"modules/gone", true}},
                             {"remote", {".terraform/modules/remote", false}}};
    Tree() {
        fs::create_directories(root / "modules" / "net");
        fs::create_directories(root / ".terraform" / "modules" / "remote");
        fs::create_directories(scratch.path / "shared");
        put(root / "main.tf", resource + "\n" + block_ab + "\n" + block_cd);
        put(root / "tfw-moved-1.tf", block_ab);  // a run's temporary file: not the user's
        put(root / ".hidden.tf", block_ab);      // terraform skips it
        put(root / "modules" / "net" / "moved.tf", block_ab);
        put(root / ".terraform" / "modules" / "remote" / "moved.tf", block_ab);
        put(scratch.path / "shared" / "moved.tf", block_cd);
    }
};

std::vector<std::string> described(const std::vector<core::TidyBlock>& blocks) {
    std::vector<std::string> out;
    for (const auto& b : blocks)
        out.push_back(b.block.file + ":" + std::to_string(b.block.line) + (b.shared.empty() ? "" : " shared"));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(finds_the_blocks_of_the_root_and_its_local_modules_once_each) {
    Tree tree;
    auto blocks = shell::find_tidy_blocks(tree.root, tree.dirs);
    BOOST_TEST(described(blocks) ==
                   (std::vector<std::string>{"main.tf:3", "main.tf:8", "modules/net/moved.tf:1", "../shared/moved.tf:1 shared"}));
    BOOST_TEST_REQUIRE(blocks.size() == 4u);
    BOOST_TEST(blocks[3].shared.find("lies outside this root module") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(removes_blocks_atomically_and_a_file_left_empty) {
    Tree tree;
    auto blocks = shell::find_tidy_blocks(tree.root, tree.dirs);
    BOOST_TEST_REQUIRE(blocks.size() == 4u);
    std::vector<core::TidyVerdict> verdicts(blocks.size());
    verdicts[0].remove = true;  // main.tf's first block
    verdicts[2].remove = true;  // modules/net/moved.tf's only block
    auto changed = shell::remove_tidy_blocks(tree.root, blocks, verdicts);
    BOOST_TEST(changed == (std::vector<std::string>{"main.tf", "modules/net/moved.tf"}));
    BOOST_TEST(get(tree.root / "main.tf") == resource + "\n" + block_cd);
    BOOST_TEST(!fs::exists(tree.root / "modules" / "net" / "moved.tf"));
    BOOST_TEST(get(tree.scratch.path / "shared" / "moved.tf") == block_cd);
    // Run again on what is left: the blocks found have moved up a line or gone.
    auto left = shell::find_tidy_blocks(tree.root, tree.dirs);
    BOOST_TEST(described(left) == (std::vector<std::string>{"main.tf:3", "../shared/moved.tf:1 shared"}));
}

BOOST_AUTO_TEST_CASE(a_file_changed_since_it_was_read_is_not_written) {
    Tree tree;
    auto blocks = shell::find_tidy_blocks(tree.root, tree.dirs);
    BOOST_TEST_REQUIRE(blocks.size() == 4u);
    std::vector<core::TidyVerdict> verdicts(blocks.size());
    verdicts[1].remove = true;  // main.tf:8
    put(tree.root / "main.tf", resource);
    BOOST_CHECK_THROW(shell::remove_tidy_blocks(tree.root, blocks, verdicts), std::runtime_error);
    BOOST_TEST(get(tree.root / "main.tf") == resource);
}
