#include "tfw/shell/config_view.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace tfw::shell;
using testing::get;
using testing::put;
using testing::ScratchDir;

namespace {

// A monorepo: envs/prod is the root; it calls ./mods/app and ../../shared/net, reads
// ./files/x.txt and ../common.tfvars.
struct Monorepo {
    ScratchDir scratch;
    fs::path top = ScratchDir::make(scratch.path / "repo");
    fs::path root = top / "envs" / "prod";
    Monorepo() {
        fs::create_directories(root / "mods" / "app");
        fs::create_directories(root / "files");
        fs::create_directories(top / "shared" / "net");
        put(root / "main.tf", "root\n");
        put(root / "mods" / "app" / "main.tf", "app\n");
        put(root / "files" / "x.txt", "x\n");
        put(top / "envs" / "common.tfvars", "common\n");
        put(top / "shared" / "net" / "main.tf", "net\n");
    }
    std::vector<std::string> root_names() const {
        std::vector<std::string> out;
        for (const auto& entry : fs::directory_iterator(root)) out.push_back(entry.path().filename().string());
        std::sort(out.begin(), out.end());
        return out;
    }
};

const std::vector<std::pair<std::string, std::string>> paths_read = {
    {"main.tf", "root\n"},
    {"mods/app/main.tf", "app\n"},
    {"files/x.txt", "x\n"},
    {"../common.tfvars", "common\n"},
    {"../../shared/net/main.tf", "net\n"},
    {"../prod/main.tf", "root\n"},
    {"./../../envs/prod/files/x.txt", "x\n"},
};

}  // namespace

BOOST_AUTO_TEST_CASE(every_relative_path_reads_what_the_root_reads) {
    Monorepo repo;
    ScratchDir run;
    const fs::path view = make_config_view(repo.root, run.path);
    BOOST_TEST(view.string().starts_with(run.path.string()));
    for (const auto& [path, content] : paths_read) BOOST_TEST(get(view / path) == content, path);
}

BOOST_AUTO_TEST_CASE(a_root_reached_through_a_link_is_viewed_at_its_real_path) {
    // `..` from a link to envs/prod is envs, as the kernel resolves it.
    Monorepo repo;
    fs::create_directory_symlink(repo.root, repo.scratch.path / "prod-link");
    ScratchDir run;
    const fs::path view = make_config_view(repo.scratch.path / "prod-link", run.path);
    for (const auto& [path, content] : paths_read) BOOST_TEST(get(view / path) == content, path);
}

BOOST_AUTO_TEST_CASE(a_file_written_in_the_view_is_not_in_the_root_and_removing_the_view_keeps_the_root) {
    Monorepo repo;
    const std::vector<std::string> before = repo.root_names();
    {
        ScratchDir run;
        const fs::path view = make_config_view(repo.root, run.path);
        put(view / "tfw_override.tf", "override\n");
        BOOST_TEST(get(view / "tfw_override.tf") == "override\n");
        BOOST_TEST(repo.root_names() == before);
        fs::remove_all(run.path);  // what the sweep of an abandoned scratch directory does
    }
    BOOST_TEST(repo.root_names() == before);
    for (const auto& [path, content] : paths_read) BOOST_TEST(get(repo.root / path) == content, path);
}
