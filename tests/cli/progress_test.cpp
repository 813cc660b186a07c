#include "tfw/cli/progress.hpp"

#include <boost/test/unit_test.hpp>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace tfw;

namespace {

// Captures what is written to std::cerr while it lives.
struct CapturedStderr {
    std::ostringstream text;
    std::streambuf* saved = std::cerr.rdbuf(text.rdbuf());
    ~CapturedStderr() { std::cerr.rdbuf(saved); }
};

std::string line(int refreshed, int plans) {
    return "\r\x1b[Ktfw: planning: " + std::to_string(refreshed) + " resources refreshed, " + std::to_string(plans) +
           " plans done";
}

}  // namespace

BOOST_AUTO_TEST_CASE(counts_what_terraform_reports) {
    struct Case {
        std::string name;
        std::vector<std::string> chunks;
        std::string drawn;
    };
    const std::vector<Case> cases = {
        {"refreshes and a plan, a redraw per chunk that changes the counts",
         {"terraform_data.a: Refreshing state... [id=1]\nterraform_data.b: Refreshing state... [id=2]\n",
          "data.x.y: Reading...\n", "\nTerraform will perform the following actions:\n"},
         line(2, 0) + line(3, 0) + line(3, 1)},
        {"a line split across chunks counts once it ends",
         {"terraform_data.a: Refresh", "ing state... [id=1]", "\n"}, line(1, 0)},
        {"colour codes do not hide a line", {"\x1b[0m\x1b[1mterraform_data.a: Refreshing state... [id=1]\x1b[0m\n"}, line(1, 0)},
        {"a plan with no changes", {"\x1b[32mNo changes.\x1b[0m Your infrastructure matches the configuration.\n"}, line(0, 1)},
        {"other output draws nothing", {"Plan: 1 to add, 0 to change, 0 to destroy.\n", "  # terraform_data.a will be created\n"}, ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            CapturedStderr captured;
            cli::ProgressLine progress(true);
            for (const auto& chunk : c.chunks) progress.feed(chunk);
            BOOST_TEST(captured.text.str() == c.drawn);
        }
    }
}

BOOST_AUTO_TEST_CASE(clear_erases_only_a_drawn_line) {
    CapturedStderr captured;
    cli::ProgressLine progress(true);
    progress.clear();
    BOOST_TEST(captured.text.str() == "");
    progress.feed("terraform_data.a: Refreshing state... [id=1]\n");
    progress.clear();
    progress.clear();
    BOOST_TEST(captured.text.str() == line(1, 0) + "\r\x1b[K");
}

// Off when tfw's stderr is not a terminal: nothing at all is written.
BOOST_AUTO_TEST_CASE(disabled_writes_nothing) {
    CapturedStderr captured;
    cli::ProgressLine progress(false);
    progress.feed("terraform_data.a: Refreshing state... [id=1]\nNo changes.\n");
    progress.clear();
    BOOST_TEST(captured.text.str() == "");
}
