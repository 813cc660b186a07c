// tfw on a pseudo-terminal, for the questions it asks only on a terminal.
//
//   TerminalSession tfw(ws, {"plan", "-no-color", "-out=final.tfplan"});
//   BOOST_TEST_REQUIRE(tfw.wait_for("Move it?"), tfw.transcript());
//   tfw.type("y\n");
//   RunResult result = tfw.finish();   // result.out is the whole transcript
//
// The child runs in the workspace's root module with its environment, in a new session
// whose controlling terminal is the pty: stdin, stdout and stderr are all the terminal,
// so the transcript interleaves them (with the terminal's \r\n line ends) and includes the
// echo of what was typed. POSIX ptys only (posix_openpt), no extra library.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

#include "workspace.hpp"

namespace tfw::e2e {

class TerminalSession {
public:
    TerminalSession(const Workspace& ws, const std::vector<std::string>& tfw_args);
    ~TerminalSession();  // kills a still-running child (SIGKILL)
    TerminalSession(const TerminalSession&) = delete;
    TerminalSession& operator=(const TerminalSession&) = delete;

    // Reads the terminal until `text` appears after everything matched so far (so that
    // a question asked twice is waited for twice). False when the child exits or the
    // timeout passes first.
    bool wait_for(std::string_view text, std::chrono::seconds timeout = std::chrono::seconds(120));
    // Types on the terminal's keyboard.
    void type(std::string_view keys);
    // Reads until the child exits (killing it after `timeout`, which throws E2eError) and
    // returns its exit code, with the whole transcript as `out`.
    RunResult finish(std::chrono::seconds timeout = std::chrono::seconds(120));

    const std::string& transcript() const { return transcript_; }
    // The transcript with "\r\n" turned into "\n".
    std::string text() const;

private:
    // Reads what is available within `wait`; false at end of output (child gone).
    bool read_some(std::chrono::milliseconds wait);
    bool reap(bool block);

    int master_ = -1;
    pid_t pid_ = -1;
    bool exited_ = false;
    bool output_ended_ = false;
    int exit_code_ = -1;
    std::string transcript_;
    std::size_t matched_ = 0;
    std::string command_;
};

}  // namespace tfw::e2e
