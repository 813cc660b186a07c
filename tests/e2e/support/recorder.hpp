// How many times tfw runs terraform, and how: a recording wrapper, passed as
// --terraform-bin, logs every call (its working directory, TF_WORKSPACE and argv) and
// execs the real terraform with the same argv. Refreshing plans are the cost a user on a
// real cloud feels most: every `plan` without `-refresh=false`.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "workspace.hpp"

namespace tfw::e2e {

using Call = std::vector<std::string>;

struct RecordedCall {
    std::string cwd;        // the working directory terraform was started in
    std::string workspace;  // $TF_WORKSPACE, "" when unset
    Call args;
};

class Recorder {
public:
    explicit Recorder(const Workspace& ws);

    std::string option() const { return "--terraform-bin=" + script_.string(); }
    void reset() const;

    std::vector<RecordedCall> recorded() const;
    std::vector<Call> calls() const;
    // The subcommand of each call: its first argument that is not an option.
    std::vector<std::string> subcommands() const;

    // Plans made with a refresh: every `plan` without -refresh=false.
    std::size_t refreshing_plans() const;
    // The same per root module: the directory a call's -chdir names (relative to its
    // working directory), else its working directory; canonical paths.
    std::map<std::string, std::size_t> refreshing_plans_per_directory() const;
    // The same per workspace ($TF_WORKSPACE; "" when unset).
    std::map<std::string, std::size_t> refreshing_plans_per_workspace() const;

    std::string describe() const;

private:
    fs::path script_;
    fs::path log_;
};

bool has_arg(const Call& call, const std::string& arg);
bool is_refreshing_plan(const Call& call);

}  // namespace tfw::e2e
