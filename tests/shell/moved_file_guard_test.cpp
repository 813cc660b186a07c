#include "tfw/shell/moved_file_guard.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "tfw/core/parse/hcl_moved.hpp"

namespace fs = std::filesystem;
using namespace tfw::shell;
using tfw::core::must_parse_address;

namespace {

using testing::ScratchDir;
using testing::get;
using testing::put;

// The pid of a process that has exited and been reaped: it runs no more.
pid_t dead_pid() {
    pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    BOOST_TEST_REQUIRE(child > 0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

std::string own_name() { return "tfw-moved-" + std::to_string(::getpid()) + ".tf"; }

std::string header() { return std::string(moved_file_header) + "\n"; }

using Moves = std::vector<std::pair<tfw::core::Address, tfw::core::Address>>;

Moves moves_of(const std::vector<std::pair<std::string, std::string>>& texts) {
    Moves out;
    for (const auto& [from, to] : texts) out.emplace_back(must_parse_address(from), must_parse_address(to));
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        out.push_back(text.substr(start, end - start));
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

// One file of a stale-file table: whether remove_stale_moved_files must remove it.
struct StaleCandidate {
    std::string name;
    std::string content;
    bool removed;
};

// Puts the files in `dir`, runs remove_stale_moved_files, and checks what it removed
// (and reported) and that the rest are untouched.
void check_stale_removal(const ScratchDir& dir, const std::vector<StaleCandidate>& files, bool root_locked) {
    for (const auto& f : files) put(dir.path / f.name, f.content);
    std::vector<std::string> removed_names;
    for (const auto& path : remove_stale_moved_files(dir.path, root_locked))
        removed_names.push_back(path.filename().string());
    std::vector<std::string> expected_removed;
    for (const auto& f : files)
        if (f.removed) expected_removed.push_back(f.name);
    // Directory order is the file system's.
    std::sort(removed_names.begin(), removed_names.end());
    std::sort(expected_removed.begin(), expected_removed.end());
    BOOST_TEST(removed_names == expected_removed, boost::test_tools::per_element());
    for (const auto& f : files) {
        BOOST_TEST_CONTEXT(f.name) {
            BOOST_TEST(fs::exists(dir.path / f.name) == !f.removed);
            if (!f.removed) BOOST_TEST(get(dir.path / f.name) == f.content);
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(guard_names_its_file_by_pid) {
    ScratchDir dir;
    MovedFileGuard guard(dir.path);
    BOOST_TEST(guard.file_name() == own_name());
    BOOST_TEST(guard.path() == dir.path / own_name());
    // Nothing is written until there is something to write.
    BOOST_TEST(dir.names().empty());
}

BOOST_AUTO_TEST_CASE(guard_writes_header_and_blocks) {
    struct Case {
        std::string name;
        std::vector<std::pair<std::string, std::string>> moves;
    };
    const std::vector<Case> cases = {
        {"one move", {{"terraform_data.a", "terraform_data.b"}}},
        {"several moves", {{"terraform_data.a", "terraform_data.b"}, {"module.old", "module.new"},
                           {"aws_instance.x[0]", R"(module.m["x y"].aws_instance.x)"}}},
        {"escaped keys", {{R"(terraform_data.k["q\"uote"])", R"(terraform_data.k2["$${x}"])"},
                          {"terraform_data.k[\"tab\\t\"]", "terraform_data.k2[\"\xC3\xA9\"]"}}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            ScratchDir dir;
            MovedFileGuard guard(dir.path);
            Moves moves = moves_of(c.moves);
            std::vector<MovedFileGuard::LineRange> block_lines = guard.write(moves);
            BOOST_TEST(dir.names() == std::vector<std::string>{own_name()}, boost::test_tools::per_element());
            std::string content = get(guard.path());
            BOOST_TEST(content.rfind(header(), 0) == 0u);

            // Exactly the header, then each block after a blank line.
            std::string expected = header();
            for (const auto& [from, to] : moves) expected += "\n" + tfw::core::render_moved_block(from, to);
            BOOST_TEST(content == expected);

            // The returned ranges run from each block's `moved` keyword to its closing brace.
            BOOST_TEST_REQUIRE(block_lines.size() == moves.size());
            std::vector<std::string> lines = lines_of(content);
            for (std::size_t i = 0; i < block_lines.size(); ++i) {
                BOOST_TEST_CONTEXT("block " << i) {
                    BOOST_TEST_REQUIRE(block_lines[i].first >= 1);
                    BOOST_TEST_REQUIRE(static_cast<std::size_t>(block_lines[i].last) <= lines.size());
                    BOOST_TEST(lines[block_lines[i].first - 1] == "moved {");
                    BOOST_TEST(lines[block_lines[i].last - 1] == "}");
                }
            }

            // And the file reads back as the same moves, at those lines.
            auto blocks = tfw::core::read_moved_blocks(content, guard.file_name());
            BOOST_TEST_REQUIRE(blocks.size() == moves.size());
            for (std::size_t i = 0; i < blocks.size(); ++i) {
                BOOST_TEST((blocks[i].from == moves[i].first));
                BOOST_TEST((blocks[i].to == moves[i].second));
                BOOST_TEST(blocks[i].line == block_lines[i].first);
            }
        }
    }
}

// Removed and import blocks (moves between root modules) follow the moved blocks, and are
// enough on their own to write the file; the moved blocks' lines are as without them.
BOOST_AUTO_TEST_CASE(guard_writes_other_blocks_after_the_moved_ones) {
    ScratchDir dir;
    MovedFileGuard guard(dir.path);
    const std::string removed = "removed {\n  from = a.b\n\n  lifecycle {\n    destroy = false\n  }\n}\n";
    const std::string imported = "import {\n  to = a.c\n  id = \"x\"\n}\n";
    auto lines = guard.write(moves_of({{"a.x", "a.y"}}), {removed, imported});
    BOOST_TEST_REQUIRE(lines.size() == 1u);
    BOOST_TEST(lines[0].first == 3);
    BOOST_TEST(lines[0].last == 6);
    BOOST_TEST(get(guard.path()) == header() + "\n" +
                                        tfw::core::render_moved_block(must_parse_address("a.x"), must_parse_address("a.y")) +
                                        "\n" + removed + "\n" + imported);
    BOOST_TEST(guard.write({}, {imported}).empty());
    BOOST_TEST(get(guard.path()) == header() + "\n" + imported);
    guard.write({}, {});
    BOOST_TEST(dir.names().empty());
}

BOOST_AUTO_TEST_CASE(guard_rewrites_and_removes) {
    ScratchDir dir;
    {
        MovedFileGuard guard(dir.path);
        guard.write(moves_of({{"a.b", "a.c"}, {"a.d", "a.e"}}));
        guard.write(moves_of({{"a.x", "a.y"}}));
        BOOST_TEST(get(guard.path()) == header() + "\n" + tfw::core::render_moved_block(must_parse_address("a.x"),
                                                                                          must_parse_address("a.y")));
        BOOST_TEST(dir.names() == std::vector<std::string>{own_name()}, boost::test_tools::per_element());

        // No moves: no file.
        BOOST_TEST(guard.write({}).empty());
        BOOST_TEST(dir.names().empty());

        guard.write(moves_of({{"a.x", "a.y"}}));
        guard.remove();
        BOOST_TEST(dir.names().empty());
        guard.remove();  // twice is harmless

        guard.write(moves_of({{"a.x", "a.y"}}));
        fs::remove(guard.path());  // someone else removed it
        guard.remove();
        BOOST_TEST(dir.names().empty());

        guard.write(moves_of({{"a.x", "a.y"}}));
        BOOST_TEST(fs::exists(guard.path()));
    }
    // The destructor removed it.
    BOOST_TEST(dir.names().empty());
}

BOOST_AUTO_TEST_CASE(guard_leaves_files_it_did_not_write) {
    ScratchDir dir;
    put(dir.path / "main.tf", "resource \"terraform_data\" \"a\" {}\n");
    {
        MovedFileGuard guard(dir.path);
        guard.write(moves_of({{"a.x", "a.y"}}));
    }
    BOOST_TEST(dir.names() == std::vector<std::string>{"main.tf"}, boost::test_tools::per_element());

    // A guard that never wrote removes nothing, even a file with its name.
    put(dir.path / own_name(), "user content\n");
    { MovedFileGuard guard(dir.path); }
    BOOST_TEST(get(dir.path / own_name()) == "user content\n");
}

BOOST_AUTO_TEST_CASE(remove_stale_moved_files_table) {
    ScratchDir dir;
    const std::string dead1 = std::to_string(dead_pid());
    const std::string dead2 = std::to_string(dead_pid());
    const std::string alive_self = std::to_string(::getpid());
    const std::string alive_parent = std::to_string(::getppid());
    const std::string body = "\nmoved {\n  from = a.b\n  to   = a.c\n}\n";

    const std::vector<StaleCandidate> files = {
        {"tfw-moved-" + dead1 + ".tf", header() + body, true},
        {"tfw-moved-" + dead2 + ".tf", "# my own notes\n" + body, false},                 // not our header
        {"tfw-moved-" + alive_self + ".tf", header() + body, false},                       // this process
        {"tfw-moved-" + alive_parent + ".tf", header() + body, false},                     // a running process
        {"tfw-moved-1.tf", header() + body, false},                                        // init runs
        {"tfw-moved-notes.tf", header() + body, false},                                    // not a pid
        {"tfw-moved-" + dead1 + ".tf.bak", header() + body, false},                        // not .tf
        {"my-tfw-moved-" + dead1 + ".tf", header() + body, false},                         // not our prefix
        {"tfw-moved-" + dead1 + "x.tf", header() + body, false},                           // not a pid
        {"tfw-moved-.tf", header() + body, false},                                         // no pid
        {"tfw-moved-" + dead1 + ".TF", header() + body, false},                            // not .tf
        {"tfw-moved-" + dead2 + ".tf.txt", header() + body, false},
        {"tfw-moved-" + dead1 + ".tf.tfw-" + dead1 + ".tmp", header() + body, true},     // a write cut short
        {"tfw-moved-" + dead1 + ".tf.tfw-" + dead2 + ".tmp", header() + body, false},    // pids differ
        {"moved.tf", header() + body, false},                                              // the user's file
    };
    // A header on the second line is not our header.
    put(dir.path / ("tfw-moved-" + dead2 + "0.tf"), "\n" + header() + body);
    check_stale_removal(dir, files, false);
    BOOST_TEST(fs::exists(dir.path / ("tfw-moved-" + dead2 + "0.tf")));
}

// The backend override a migration check puts in a root (shell/plan_with_state.hpp) is
// named and marked as a moved file is, with its own suffix and header.
BOOST_AUTO_TEST_CASE(remove_stale_backend_overrides_table) {
    ScratchDir dir;
    const std::string dead = std::to_string(dead_pid());
    const std::string alive_parent = std::to_string(::getppid());
    const std::string override_header = std::string(tfw::shell::override_file_header) + "\n";
    const std::string body = "terraform {\n  backend \"local\" {\n    path = \"/tmp/x.tfstate\"\n  }\n}\n";
    const std::vector<StaleCandidate> files = {
        {"tfw-moved-" + dead + "_override.tf", override_header + body, true},
        {"tfw-moved-" + dead + "_override.tf.tfw-" + dead + ".tmp", override_header.substr(0, 20), true},  // cut short
        {"tfw-moved-" + alive_parent + "_override.tf", override_header + body, false},                     // running
        {"tfw-moved-" + dead + "0_override.tf", header() + body, false},  // a moved file's header: not an override
        {"tfw-moved-" + dead + "1_override.tf", "# mine\n" + body, false},
        {"backend_override.tf", override_header + body, false},  // not our name
    };
    check_stale_removal(dir, files, false);
}

BOOST_AUTO_TEST_CASE(remove_stale_moved_files_after_a_guard_of_a_dead_process) {
    ScratchDir dir;
    // What a killed tfw leaves behind: its guard's file, under its pid.
    {
        MovedFileGuard guard(dir.path);
        guard.write(moves_of({{"terraform_data.a", "terraform_data.b"}}));
        std::string content = get(guard.path());
        put(dir.path / ("tfw-moved-" + std::to_string(dead_pid()) + ".tf"), content);
    }
    BOOST_TEST(dir.names().size() == 1u);
    BOOST_TEST(remove_stale_moved_files(dir.path).size() == 1u);
    BOOST_TEST(dir.names().empty());
}

// Names that look like ours but hold no real pid must be left alone, not crash the run.
BOOST_AUTO_TEST_CASE(remove_stale_moved_files_survives_odd_names) {
    ScratchDir dir;
    const std::vector<std::string> names = {
        "tfw-moved-99999999999999999999999.tf",  // too large for any pid type
        "tfw-moved-000.tf",
    };
    for (const auto& name : names) put(dir.path / name, header());
    fs::create_directory(dir.path / ("tfw-moved-" + std::to_string(dead_pid()) + ".tf"));  // a directory
    std::vector<fs::path> removed;
    try {
        removed = remove_stale_moved_files(dir.path);
    } catch (const std::exception& e) {
        BOOST_ERROR("threw " << e.what());
    }
    BOOST_TEST(removed.empty());
    BOOST_TEST(dir.names().size() == 3u);
}

BOOST_AUTO_TEST_CASE(remove_stale_moved_files_in_a_missing_directory) {
    ScratchDir dir;
    BOOST_TEST(remove_stale_moved_files(dir.path / "nope").empty());
    BOOST_TEST(remove_stale_moved_files(dir.path).empty());
}

// Holding the root module's lock, no other tfw runs there: a file of any process but this
// one is stale, even when its pid now belongs to a running process. And a write cut short
// may hold any beginning of the file, down to nothing at all.
BOOST_AUTO_TEST_CASE(remove_stale_moved_files_under_the_root_lock) {
    ScratchDir dir;
    const std::string dead = std::to_string(dead_pid());
    const std::string alive_self = std::to_string(::getpid());
    const std::string alive_parent = std::to_string(::getppid());
    const std::string body = "\nmoved {\n  from = a.b\n  to   = a.c\n}\n";
    const std::string half_header = header().substr(0, header().size() / 2);

    auto temporary = [](const std::string& pid) { return "tfw-moved-" + pid + ".tf.tfw-" + pid + ".tmp"; };
    const std::vector<StaleCandidate> files = {
        {"tfw-moved-" + alive_parent + ".tf", header() + body, true},  // a reused pid
        {"tfw-moved-1.tf", header() + body, true},
        {"tfw-moved-" + alive_self + ".tf", header() + body, false},  // this run's own
        {"tfw-moved-" + dead + ".tf", "# my own notes\n" + body, false},
        {"tfw-moved-" + dead + "0.tf", half_header, false},  // a complete file has the whole header
        {temporary(dead), "", true},                          // cut short before the first byte
        {temporary("1"), half_header, true},                  // in the header
        {temporary(alive_parent), header() + "\nmov", true},  // in a block
        {temporary(alive_self), "", false},
        {"tfw-moved-" + dead + ".tf.tfw-" + alive_parent + ".tmp", "", false},  // pids differ
        {"tfw-moved-2.tf.tfw-2.tmp", "# my own notes\n", false},
    };
    check_stale_removal(dir, files, true);
}

// Without the lock, a write cut short is still recognised by its beginning.
BOOST_AUTO_TEST_CASE(remove_stale_moved_files_takes_writes_cut_short) {
    ScratchDir dir;
    const std::string dead = std::to_string(dead_pid());
    const std::string name = "tfw-moved-" + dead + ".tf.tfw-" + dead + ".tmp";
    put(dir.path / name, "");
    BOOST_TEST(remove_stale_moved_files(dir.path).size() == 1u);
    BOOST_TEST(dir.names().empty());
}

BOOST_AUTO_TEST_CASE(guard_write_failure_names_the_root_module_directory) {
    ScratchDir dir;
    fs::path gone = dir.path / "gone";
    MovedFileGuard guard(gone);
    std::string error;
    try {
        guard.write(moves_of({{"a.b", "a.c"}}));
    } catch (const std::runtime_error& e) {
        error = e.what();
    }
    BOOST_TEST(error.find("cannot try moves") != std::string::npos, error);
    BOOST_TEST(error.find("root module directory " + gone.string() + ",") != std::string::npos, error);
    BOOST_TEST(error.find('\n') == std::string::npos, error);
}
