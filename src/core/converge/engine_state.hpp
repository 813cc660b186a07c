// The convergence engine's state and its steps, shared by the files that define them:
// converge_engine.cpp (the loop, the effects, the final plan), engine_analysis.cpp (what a
// shown plan pairs), engine_judging.cpp (Terraform's verdicts on the moves a plan holds),
// engine_ties.cpp (the trial rounds that break ties) and engine_withdrawals.cpp (what is
// withdrawn, tried again, and the fixed point checked at the end). Private to them.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tfw/core/converge/company.hpp"
#include "tfw/core/converge/converge_engine.hpp"
#include "tfw/core/converge/converge_task.hpp"
#include "tfw/core/converge/fixed_point.hpp"
#include "tfw/core/converge/fixed_point_invariant.hpp"
#include "tfw/core/converge/move_trial.hpp"
#include "tfw/core/converge/tie_trials.hpp"
#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::inline converge {

using converge_task::Step;

std::vector<MovePair> pairs_of(const std::vector<Move>& moves);
// The same moves, in any order.
bool same_moves(std::vector<MovePair> a, std::vector<MovePair> b);
// `would update terraform_data.b in place (~ input), which holds its id` (or its arn:
// either is what a value that refers to it holds).
std::string describe_referrer(const TrialVerdict& verdict, const Address& referrer);

// Why a pair is kept out of the moves that stand. Each kind has one way back in, and
// State::refuse is the one place a refusal is recorded (docs/ARCHITECTURE.md, "Where a
// move is decided").
enum class Refusal {
    declined,     // the policy did not accept it, nor the user at the prompt: proposed, not tried again
    withdrawn,    // a plan's verdict in a company (State::withdraw), a failed plan's too: tried again
                  // when the moves that stand give it another (retry_stale_withdrawals), unless final
    set_aside,    // the second half of a bisected unplannable round: tried in its turn (retry_unplannable_half)
    blamed,       // Terraform's error names its injected block: not tried again
    superseded,   // set aside, and meanwhile a move that stands took its object or its address
};

// A move taken out of the moves that stand, with where it stood and its decision.
struct TakenOut {
    std::size_t index = 0;
    Move move;
    Decision decision;
};

struct ConvergeEngine::State {
    explicit State(EngineSettings engine_settings) : settings(std::move(engine_settings)) {}

    EngineSettings settings;
    converge_task::EffectSlot<EngineAction, EngineAnswer> effect;
    std::optional<Step<void>> loop;
    std::optional<std::string> finished;  // the final plan's file

    ConvergeOutcome result;
    std::map<MovePair, Refusal> refused;  // written by refuse() alone
    std::set<MovePair> on_trial;  // injected, waiting for the next plan's verdict
    std::set<MovePair> approved;  // said yes to at the prompt: not asked again on a retrial
    std::optional<AnalysisMemory> memory;
    std::optional<std::pair<std::string, Plan>> shown;
    // A plan that succeeded with blocks injected.
    struct PlanMade {
        PlanOutput planned;
        std::string file;
        std::vector<MovePair> moves;  // injected for it
        bool as_asked = false;        // with the user's options, or standing for them (refreshed_clean)
    };
    std::vector<PlanMade> plans;        // every one of the run, in order
    std::optional<PlanMade> previous;   // the loop's plan before the moves now on trial
    std::optional<std::string> ready;   // a trial round's plan of exactly the next set of moves
    std::vector<Unmatched> withdrawn;  // both sides of each withdrawn trial move
    // Each move withdrawn by a verdict, with the company that verdict was made in: tried
    // again when the moves that stand give it another (core/converge/company).
    std::map<MovePair, Withdrawal> withdrawals;
    std::map<MovePair, Move> withdrawn_moves;
    std::map<MovePair, int> retries;  // of each withdrawal, however often it was withdrawn
    std::map<MovePair, ReadVerdict> verdicts;  // the last verdict read for each move
    // Moves set aside from a plan Terraform could not make, with their decisions: each
    // half is tried again once the rest has settled (withdraw_unplannable).
    std::vector<std::vector<std::pair<Move, Decision>>> unplannable_halves;
    // What the last plan that withdrew moves withdrew: the moves Terraform replaced, and
    // whether every withdrawn move shows as a destroy and a create once those are read
    // apart (core/converge/replaced_moves). An update keeps its old values, so a move
    // withdrawn on one, or on the policy, does not.
    struct PlanWithdrawals {
        std::set<MovePair> replaced;
        bool read_apart = true;
    };
    PlanWithdrawals last_withdrawals;
    CompanyRelevance relevance;  // from the last analysis
    // Each resource's ignore_changes by config address, from the last analysis.
    std::unordered_map<std::string, IgnoredChanges> ignored_changes;
    TieBook tie_book;
    // Deletions that are themselves the end of a moved block in the configuration, and
    // where the state holds them: Terraform names that address for a chain's move.
    std::map<Address, Address> in_state_at;
    std::vector<MovePair> in_file;  // the blocks the temporary file holds now
    int finals = 0;                  // plans of a final set made again as the user asked
    int refreshing_plans = 0;        // plans made with the user's refresh
    bool guessed_final = false;      // a plan after the first refreshed, guessing it final
    // The first plan refreshed and its refresh found no drift: every object read back as
    // the state holds it, so a later refresh would read the same and a plan that skips it
    // is the plan the user asked for.
    bool refreshed_clean = false;

    // ---- The loop, its effects as the shell answers them, and the final plan.

    Step<PlanOutput> plan(const PlanAction& action);

    // A plan now must refresh to be the one the user asked for.
    bool refresh_again() const { return settings.refresh && !refreshed_clean; }

    // The plan of that file, or null.
    const PlanMade* plan_made(const std::string& file) const;

    // A plan made with the user's options, of exactly these moves, or null.
    const PlanMade* made_as_asked_with(const std::vector<MovePair>& moves) const;

    Step<void> inject(const std::vector<MovePair>& moves);

    Step<bool> ask(const Move& move, const Decision& decision);

    // `show -json` of a plan file, read once per plan.
    Step<const Plan*> shown_plan(const std::string& file);

    PlanTextSummary scan(const PlanOutput& planned) const;

    Step<void> run();

    // The final plan is the one the user sees and may save, made with the user's options,
    // and it judges every move it holds, whatever earlier plans said of them: a plan that
    // skipped the refresh, or held other moves, vouches for nothing here. When no plan of
    // the moves that stand was made so, they are planned again as asked. First, a
    // withdrawal whose company these moves change is tried again with them
    // (core/converge/company), in a plan that need not refresh. True when finished; false
    // when something changed: plan on.
    Step<bool> conclude();

    void finish(const std::string& file);

    // What the shell is to do now: the effect the engine waits for, or the end.
    EngineAction pending();

    // ---- What a shown plan pairs (engine_analysis.cpp).

    // Runs show -json and the matcher; returns how many moves it added, on trial or not.
    // The plan's moves of `replaced`, which it withdrew, are read as their deletions and
    // creations.
    Step<std::size_t> analyse(const std::string& file, const std::set<MovePair>& replaced = {});

    // A plan of these moves is likely the final one: each was either taken on equal values
    // or paired by the trials (whose rounds planned it with no change), and no tie is left
    // to try. Where the first plan's refresh found drift, the first such plan after it
    // refreshes as the user asked, so a rename costs plan, show -json, plan and a settled
    // tie no plan more than before; a later one does not, so a wrong guess costs at most
    // one refreshing plan per run.
    bool likely_final() const;

    std::optional<Address> state_address_of(const Address& from) const;

    bool denied(const Move& move) const;

    // ---- Terraform's verdicts on the moves a plan holds (engine_judging.cpp).

    // Why a pair settled out of a tie by what holds its id falls in this plan: a holder
    // that does not plan no change. Nothing when it stands, or was not so settled.
    Step<std::optional<std::string>> referrer_changes(const MovePair& pair, const PlanTextSummary& summary,
                                                      const std::string& file);

    // The moves on trial (every move, in the first plan that holds it), judged by the plan
    // Terraform just made with them in: no change confirms a move; an update leaves it to
    // the policy as a partial move; a replace, or a move Terraform did not carry out,
    // withdraws it. Equal known values are evidence, not a verdict: an attribute whose type
    // changes, a value newly sensitive, a replace_triggered_by plan differently. An
    // ignore-rules move keeps its kind on an update of attributes its rules cover.
    // A verdict holds only for the set of moves it was made with: when one is withdrawn,
    // the others of the round go on trial again without it (a dependent looked unchanged
    // only because its parent moved too). Withdrawing a move resolved out of a tie
    // withdraws the others resolved out of ties, since they may lean on it. True when
    // something was withdrawn: plan again.
    Step<bool> judge_trials(const PlanTextSummary& summary, const std::string& file);

    // A pairing chosen by dependency evidence is confirmed by the replan: the resources
    // that vouched for it must now plan no change. If one does, the pairing is dropped,
    // and with it every pairing resolved out of a tie, since their elimination relied on it.
    // A replan whose output was not recognised cannot confirm anything: the same drop.
    Step<bool> drop_unverified_dependency_moves(const PlanTextSummary& summary, const std::string& file);

    // A plan that failed where the plan before it, without the moves now on trial, did
    // not (a dependency cycle those moves make among the destroys, a new block's failing
    // postcondition): a verdict on some of them, not the run's failure. One move alone is
    // withdrawn with Terraform's first error; of several, the second half waits
    // (unplannable_halves) and the first is planned again, so that a move that breaks the
    // plan takes none of the others with it.
    bool withdraw_unplannable(const PlanOutput& planned);

    // Puts back on trial the next half of moves set aside by withdraw_unplannable. True
    // when there was one.
    bool retry_unplannable_half();

    // Terraform refused the plan: find the injected blocks it blamed, drop those moves
    // and say why. False when the failure is not about tfw's blocks.
    Step<bool> drop_refused_moves(const std::string& file, const PlanOutput& planned);

    // ---- The trial rounds that break ties (engine_ties.cpp).

    // Ties that static evidence left are tried in Terraform, round by round: each round
    // injects the moves that stand plus at most one candidate of each tied object, and
    // what Terraform plans for each moved candidate is its verdict (core/converge/tie_trials
    // decides what to try and what the verdicts settle). Settled pairs join the moves on
    // trial, so the next plan confirms them all together. True when something was settled.
    Step<bool> try_ties();

    // The ties of the last analysis whose sides no move took, with the verdicts known.
    TieBoard open_tie_board() const;

    // ---- Withdrawals, tried again in a new company, and the fixed point (engine_withdrawals.cpp).

    // The fixed point, checked at the end of the run (core/converge/fixed_point_invariant):
    // a move at fault is withdrawn, never reported; a breach no withdrawal mends is a bug
    // of the engine's, and stops the run rather than report what Terraform did not judge.
    // True when something was withdrawn: plan again.
    bool withdraw_breaches(const std::string& final_file);

    // The sides the trials left as true ties, each with its candidates that planned no
    // change, and whether each was tried with what holds its id.
    std::vector<TrueTie> true_ties() const;

    // Whether a move of the moves that stand already takes its object or its new address.
    bool taken(const Move& move) const;

    // A move joins the moves on trial, as it was withdrawn if it was; false when its
    // object or its new address is already taken. A tentative move waits for its verdict
    // to be decided on; one certain on tfw's comparison is decided now, as analyse()
    // decides it, and stays out if not accepted.
    bool add_on_trial(const Move& given);

    // The one way a move joins the moves that stand, on trial in the next plan. A move
    // that stands is not withdrawn: a withdrawal it had (a trial settled a pairing an
    // earlier company refuted) is forgotten, or the end of the run would find it stale.
    void stand_on_trial(Move move, Decision decision);

    // Records why a pair is kept out: the one place a refusal is written.
    void refuse(const MovePair& pair, Refusal why);

    // A move a plan's verdict withdrew in the company `withdrawal` names: refused as
    // withdrawn, and remembered as it was, to be tried again as it was.
    void withdraw(const Move& move, Withdrawal withdrawal);

    // Takes out of the moves that stand each one whose index `out` picks, in order.
    std::vector<TakenOut> take_out(const std::function<bool(std::size_t)>& out);

    // A withdrawal tried again: no longer refused, proposed, or reported as left behind.
    void forget_withdrawal(const MovePair& pair);

    // Puts back on trial each withdrawal whose company the moves that stand have changed.
    // True when one was.
    bool retry_stale_withdrawals();
};

}  // namespace tfw::core::converge
