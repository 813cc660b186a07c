#include "tfw/cli/prompt.hpp"

#include <boost/test/unit_test.hpp>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace tfw;

namespace {

// Feeds standard input (descriptor 0, which the prompts read) from `input` through a
// pipe, and captures std::cout and std::cerr while it lives.
struct Terminal {
    std::ostringstream out, err;
    int saved_in = ::dup(STDIN_FILENO);
    std::streambuf* saved_out;
    std::streambuf* saved_err;
    explicit Terminal(const std::string& input)
        : saved_out(std::cout.rdbuf(out.rdbuf())), saved_err(std::cerr.rdbuf(err.rdbuf())) {
        int fds[2];
        BOOST_TEST_REQUIRE(::pipe(fds) == 0);
        BOOST_TEST_REQUIRE(::write(fds[1], input.data(), input.size()) == static_cast<ssize_t>(input.size()));
        ::close(fds[1]);
        ::dup2(fds[0], STDIN_FILENO);
        ::close(fds[0]);
    }
    ~Terminal() {
        ::dup2(saved_in, STDIN_FILENO);
        ::close(saved_in);
        std::cout.rdbuf(saved_out);
        std::cerr.rdbuf(saved_err);
    }
};

core::Move move(const std::string& from, const std::string& to) {
    core::Move out;
    out.from = core::must_parse_address(from);
    out.to = core::must_parse_address(to);
    out.kind = core::MatchKind::partial;
    out.evidence = "90% of known attribute values equal";
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(move_prompt_answers) {
    struct Case {
        std::string name;
        std::string input;
        std::vector<bool> answers;  // for three moves asked in turn
        std::size_t questions;      // how many were put on the terminal
    };
    const std::vector<Case> cases = {
        {"yes and no per move", "y\nn\nyes\n", {true, false, true}, 3},
        {"all accepts the rest without asking", "n\na\n", {false, true, true}, 2},
        {"anything else is no", "Y\nok\nq\n", {false, false, false}, 3},
        {"end of input is no", "y\n", {true, false, false}, 3},
    };
    const core::Decision decision{core::Verdict::proposed, "no accept rule matches kind partial",
                                  core::DecidedBy::no_accept_rule};
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Terminal terminal(c.input);
            cli::ProgressLine progress(false);
            auto ask = cli::make_move_prompt(progress);
            std::vector<bool> answers;
            for (int i = 0; i < 3; ++i)
                answers.push_back(ask(move("aws_s3_bucket.a" + std::to_string(i), "aws_s3_bucket.b" + std::to_string(i)), decision));
            BOOST_TEST(answers == c.answers, boost::test_tools::per_element());
            std::string asked = terminal.err.str();
            std::size_t questions = 0;
            for (std::size_t at = asked.find("Move it?"); at != std::string::npos; at = asked.find("Move it?", at + 1)) ++questions;
            BOOST_TEST(questions == c.questions);
            BOOST_TEST(asked.find("tfw: aws_s3_bucket.a0 -> aws_s3_bucket.b0\n     90% of known values are equal\n"
                                  "     proposed, not accepted: no accept rule matches kind partial\n") == 0u);
            BOOST_TEST(terminal.out.str().empty());  // questions go to stderr, not into the plan output
        }
    }
}

// Terraform's own rule: only "yes" approves.
BOOST_AUTO_TEST_CASE(apply_approval) {
    for (const auto& [input, approved] : std::vector<std::pair<std::string, bool>>{
             {"yes\n", true}, {"y\n", false}, {"YES\n", false}, {"yes please\n", false}, {"", false}}) {
        BOOST_TEST_CONTEXT(input) {
            Terminal terminal(input);
            BOOST_TEST(cli::ask_apply_approval() == approved);
            BOOST_TEST(terminal.out.str().find("Only 'yes' will be accepted to approve.") != std::string::npos);
        }
    }
}
