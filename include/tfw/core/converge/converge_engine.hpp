// The convergence engine: plan, infer moves, inject them, replan, until nothing new is
// found. It decides everything and does nothing: it answers one question, "given what
// Terraform just said, what next?", with an action (plan with these moves injected, show
// that plan, ask about this move, rewrite the injected blocks, or finish with that plan).
// The shell (shell/converge.hpp) performs each action and feeds Terraform's answer back.
// Table tests script the answers (tests/core/converge/converge_engine_test.cpp).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tfw/core/match/match.hpp"
#include "tfw/core/write/placement.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/policy/policy.hpp"
#include "tfw/core/policy/policy_decide.hpp"
#include "tfw/core/converge/tie_trials.hpp"

namespace tfw::core::inline converge {

struct EngineSettings {
    int max_iterations = 10;
    Policy policy;
    bool can_ask = false;      // a person answers proposals (else they stay proposals)
    bool json_stream = false;  // plans stream JSON (-json) instead of the human rendering
    std::string injected_file;  // the temporary file's name, which diagnostics blame
    // The user's plans refresh (core::plans_refresh). Then the first plan refreshes, and
    // every plan after it runs with -refresh=false. Where that refresh found no drift (no
    // `resource_drift` in its show -json), a refresh again would read every object as the
    // state holds it, so those plans are as the user asked and the last one is the final
    // plan. Where it found drift, the final plan, the one the user sees, refreshes too, and
    // judges again every move the plans without refresh confirmed.
    bool refresh = true;
    // Narrows each analysis to the pairs the caller can carry out, when set: between
    // roots, only transfers between two states (core/roots/cross_root_plan).
    std::function<void(MatchResult&)> keep_only;
};

// The lines an injected block occupies in the temporary file, first and last, 1-based.
struct BlockLines {
    int first = 0;
    int last = 0;
};

// Actions.
struct PlanAction {
    std::string file;  // the plan file's name, unique per plan made
    // The moves to inject before planning; std::nullopt: the blocks stay as they are.
    std::optional<std::vector<MovePair>> inject;
    bool json = false;  // `-json`, for the diagnostics of a plan that failed
    bool skip_refresh = false;  // `-refresh=false` added: a plan after the first (EngineSettings::refresh)
};
struct ShowAction {
    std::string file;  // `show -json` of this plan
};
struct AskAction {
    Move move;
    Decision decision;
};
struct InjectAction {
    std::vector<MovePair> moves;  // rewrite the temporary file, without planning
};
struct FinishAction {
    std::string file;  // the final plan: its output and file are the result
};
using EngineAction = std::variant<PlanAction, ShowAction, AskAction, InjectAction, FinishAction>;

// Answers.
struct PlanOutput {
    int exit_code = 0;  // 0 no changes, 2 changes, else a failure
    std::string stdout_text, stderr_text;
    std::vector<BlockLines> block_lines;  // per injected move, when the action injected
};
struct ShownPlan {
    Plan plan;
};
struct Answer {
    bool yes = false;
};
struct Injected {};
using EngineAnswer = std::variant<PlanOutput, ShownPlan, Answer, Injected>;

struct Proposal {
    Move move;
    Decision decision;
};

struct DroppedMove {
    Move move;
    std::string reason;  // terraform's diagnostic
};

// One analysis: a `show -json` read by the matcher.
struct Iteration {
    std::size_t moves_added = 0;
};

// One pair tried to break a tie, and what Terraform planned for it.
struct TieTrial {
    int round = 0;
    Move move;
    bool no_change = false;
    std::string verdict;  // Terraform's, in words
};

// What the engine concluded; the final plan is the one FinishAction names.
struct ConvergeOutcome {
    std::vector<Move> moves;  // accepted and in the final plan
    std::vector<Decision> move_decisions;
    std::vector<Proposal> proposals;
    std::vector<DroppedMove> dropped;
    std::vector<Unmatched> unmatched;  // of the last analysis
    std::vector<Iteration> iterations;
    bool hit_iteration_limit = false;
    std::vector<TieTrial> tie_trials;  // every trial, in the order they ran
    int tie_rounds = 0;                // replans spent on them
    bool hit_trial_limit = false;      // the policy's trials.max_rounds stopped them
    std::vector<Address> undecided;    // sides the limit left open
    // A run makes at most two refreshing plans (the user's first plan, and the final one
    // where that plan's refresh found drift) but where the refreshing final plan withdrew
    // a move: then the final plan is made again, refreshing as asked. Why each refreshing
    // plan past the second was made, one line each.
    std::vector<std::string> extra_refreshes;
    // From the last analysis, for placing the moves with --write.
    std::vector<Address> prior_objects;
    std::vector<ModulePath> module_instances;
    std::vector<Address> declared_objects;  // the resource instances the configuration declares
    ConfigModule configuration;
};

class ConvergeEngine {
public:
    explicit ConvergeEngine(EngineSettings settings);
    ~ConvergeEngine();
    ConvergeEngine(const ConvergeEngine&) = delete;
    ConvergeEngine& operator=(const ConvergeEngine&) = delete;

    // The first action: always a plan.
    EngineAction start();
    // The answer to the last action (PlanOutput for a plan, ShownPlan for a show, Answer
    // for a question, Injected for a rewrite); returns the next action. Throws
    // std::logic_error on an answer of the wrong kind.
    EngineAction next(EngineAnswer answer);
    // After FinishAction.
    ConvergeOutcome outcome();

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace tfw::core::converge
