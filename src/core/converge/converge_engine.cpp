#include "tfw/core/converge/converge_engine.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "tfw/core/converge/company.hpp"
#include "tfw/core/converge/converge_task.hpp"
#include "tfw/core/converge/fixed_point_invariant.hpp"
#include "tfw/core/parse/diagnostics.hpp"
#include "tfw/core/converge/fixed_point.hpp"
#include "tfw/core/converge/move_trial.hpp"
#include "tfw/core/parse/plan_stream.hpp"
#include "tfw/core/parse/plan_text.hpp"

namespace tfw::core::inline converge {
namespace {

using converge_task::Step;

std::vector<MovePair> pairs_of(const std::vector<Move>& moves) {
    std::vector<MovePair> out;
    for (const auto& move : moves) out.emplace_back(move.from, move.to);
    return out;
}

bool same_moves(std::vector<MovePair> a, std::vector<MovePair> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

bool is_cross_type(const Move& move) {
    return move.from.resource && move.to.resource && move.from.resource->type != move.to.resource->type;
}

// The moves whose injected block a diagnostic points at, or, for a cross-type refusal
// without a range, the cross-type moves to the type it names (all of them if it names none).
std::set<std::size_t> blamed_moves(const std::vector<Diagnostic>& diagnostics, const std::string& file_name,
                                   const std::vector<BlockLines>& block_lines, const std::vector<Move>& moves,
                                   std::vector<std::string>& reasons) {
    std::set<std::size_t> out;
    reasons.assign(block_lines.size(), {});
    for (const auto& diagnostic : diagnostics) {
        if (diagnostic.severity != "error") continue;
        if (diagnostic.filename.empty() && is_cross_type_refusal(diagnostic)) {
            std::set<std::size_t> named, all;
            for (std::size_t i = 0; i < moves.size() && i < block_lines.size(); ++i) {
                if (!is_cross_type(moves[i])) continue;
                all.insert(i);
                if (diagnostic.detail.find("\"" + moves[i].to.resource->type + "\"") != std::string::npos) named.insert(i);
            }
            for (std::size_t i : named.empty() ? all : named) {
                out.insert(i);
                if (reasons[i].empty()) reasons[i] = diagnostic.summary;
            }
            continue;
        }
        if (std::filesystem::path(diagnostic.filename).filename() != file_name) continue;
        for (std::size_t i = 0; i < block_lines.size(); ++i) {
            if (diagnostic.line < block_lines[i].first || diagnostic.line > block_lines[i].last) continue;
            out.insert(i);
            if (reasons[i].empty()) reasons[i] = diagnostic.summary;
        }
    }
    return out;
}

// The evidence with Terraform's latest verdict last, in place of an earlier one: a move
// judged again, in another company or by the final plan, says what the last plan said.
std::string with_verdict(std::string evidence, const std::string& verdict) {
    for (const char* earlier : {"; Terraform plans it with no change", "; Terraform would ", "; Terraform did not carry"})
        if (const std::size_t at = evidence.rfind(earlier); at != std::string::npos) evidence.erase(at);
    return evidence + "; " + verdict;
}

// `would update terraform_data.b in place (~ input), which holds its id` (or its arn:
// either is what a value that refers to it holds).
std::string describe_referrer(const TrialVerdict& verdict, const Address& referrer) {
    std::string words = describe(verdict);
    const std::string terraform = "Terraform ", it = " it";
    if (words.starts_with(terraform)) words.erase(0, terraform.size());
    if (const std::size_t at = words.find(it); at != std::string::npos) words.replace(at, it.size(), " " + to_string(referrer));
    return words + ", which holds its id";
}

}  // namespace

struct ConvergeEngine::State {
    explicit State(EngineSettings engine_settings) : settings(std::move(engine_settings)) {}

    EngineSettings settings;
    converge_task::EffectSlot<EngineAction, EngineAnswer> effect;
    std::optional<Step<void>> loop;
    std::optional<std::string> finished;  // the final plan's file

    ConvergeOutcome result;
    std::set<MovePair> refused;
    std::set<MovePair> on_trial;  // injected, waiting for the next plan's verdict
    std::set<MovePair> approved;  // said yes to at the prompt: not asked again on a retrial
    std::optional<AnalysisMemory> memory;
    std::optional<std::pair<std::string, Plan>> shown;
    struct PlanMade {
        PlanOutput planned;
        std::string file;
        std::vector<MovePair> moves;  // injected for it
    };
    std::optional<PlanMade> previous;
    std::optional<PlanMade> ready;  // a trial round's plan of exactly the next set of moves
    std::vector<Unmatched> withdrawn;  // both sides of each withdrawn trial move
    // Each move withdrawn by a verdict, with the company that verdict was made in: tried
    // again when the moves that stand give it another (core/converge/company).
    std::map<MovePair, Withdrawal> withdrawals;
    std::map<MovePair, Move> withdrawn_moves;
    std::map<MovePair, int> retries;  // of each withdrawal, however often it was withdrawn
    std::map<MovePair, ReadVerdict> verdicts;  // the last verdict read for each move
    std::map<std::string, std::vector<MovePair>> planned_with;  // each plan made, with its moves
    std::set<std::string> made_as_asked_files;
    CompanyRelevance relevance;  // from the last analysis
    TieBook tie_book;
    // Deletions that are themselves the end of a moved block in the configuration, and
    // where the state holds them: Terraform names that address for a chain's move.
    std::map<Address, Address> in_state_at;
    std::vector<MovePair> in_file;  // the blocks the temporary file holds now
    std::vector<PlanMade> made_as_asked;  // plans made with the user's options, refresh included
    int finals = 0;                  // plans of a final set made again as the user asked
    bool guessed_final = false;      // a plan after the first refreshed, guessing it final

    // Effects, as the shell answers them.
    Step<PlanOutput> plan(const PlanAction& action) {
        EngineAction request = action;
        EngineAnswer answer = co_await effect(std::move(request));
        if (!std::holds_alternative<PlanOutput>(answer)) throw std::logic_error("converge engine: a plan needs a PlanOutput");
        if (action.inject) in_file = *action.inject;
        const PlanOutput& output = std::get<PlanOutput>(answer);
        const bool planned = output.exit_code == 0 || output.exit_code == 2;
        if (planned && action.inject) planned_with[action.file] = *action.inject;
        if (planned && !action.skip_refresh && !action.json && action.inject) {
            made_as_asked.push_back({output, action.file, *action.inject});
            made_as_asked_files.insert(action.file);
        }
        co_return std::get<PlanOutput>(std::move(answer));
    }
    // A plan made with the user's options, of exactly these moves, or null.
    const PlanMade* made_as_asked_with(const std::vector<MovePair>& moves) const {
        for (const auto& made : made_as_asked)
            if (same_moves(made.moves, moves)) return &made;
        return nullptr;
    }
    Step<void> inject(const std::vector<MovePair>& moves) {
        EngineAction request = InjectAction{moves};
        EngineAnswer answer = co_await effect(std::move(request));
        if (!std::holds_alternative<Injected>(answer)) throw std::logic_error("converge engine: a rewrite needs Injected");
        in_file = moves;
    }
    Step<bool> ask(const Move& move, const Decision& decision) {
        EngineAction request = AskAction{move, decision};
        EngineAnswer answer = co_await effect(std::move(request));
        if (!std::holds_alternative<Answer>(answer)) throw std::logic_error("converge engine: a question needs an Answer");
        co_return std::get<Answer>(answer).yes;
    }
    // `show -json` of a plan file, read once per plan.
    Step<const Plan*> shown_plan(const std::string& file) {
        if (!shown || shown->first != file) {
            EngineAction request = ShowAction{file};
            EngineAnswer answer = co_await effect(std::move(request));
            if (!std::holds_alternative<ShownPlan>(answer)) throw std::logic_error("converge engine: a show needs a ShownPlan");
            shown.emplace(file, std::move(std::get<ShownPlan>(answer).plan));
        }
        co_return &shown->second;
    }

    PlanTextSummary scan(const PlanOutput& planned) const {
        return settings.json_stream ? scan_plan_stream(planned.stdout_text) : scan_plan_text(planned.stdout_text);
    }

    Step<void> run() {
        for (int plan_number = 1;; ++plan_number) {
            std::string file = "plan-" + std::to_string(plan_number) + ".tfplan";
            const std::vector<MovePair> injected = pairs_of(result.moves);
            PlanOutput planned;
            const PlanMade* reusable = ready && same_moves(ready->moves, injected) ? &*ready : made_as_asked_with(injected);
            if (reusable) {
                // A trial round, or a plan made as the user asked, already planned exactly these moves.
                co_await inject(injected);
                planned = reusable->planned;
                file = reusable->file;
            } else {
                const bool as_asked = plan_number == 1 || !settings.refresh || (!guessed_final && likely_final());
                if (plan_number > 1 && as_asked) guessed_final = true;
                const PlanAction request{file, injected, false, !as_asked};
                planned = co_await plan(request);
            }
            ready.reset();

            if (planned.exit_code != 0 && planned.exit_code != 2) {
                // GCC 12 cannot compile a co_await inside a short-circuit condition.
                bool dropped = false;
                if (!result.moves.empty() &&
                    may_blame_injected_file(planned.stderr_text + planned.stdout_text, settings.injected_file))
                    dropped = co_await drop_refused_moves(file, planned);
                if (dropped || withdraw_unplannable(planned)) continue;
                finish(file);
                co_return;
            }
            PlanTextSummary summary = scan(planned);
            if (co_await drop_unverified_dependency_moves(summary, file)) continue;
            if (co_await judge_trials(summary, file)) {
                // What a withdrawn pairing resolved out of a tie leaves is for the trials.
                if (co_await try_ties()) continue;
                // Every move on trial withdrawn, nothing else added: the plan before the
                // trial is the answer, and a plan of the same blocks is not made again.
                if (previous && previous->moves == pairs_of(result.moves)) {
                    if (co_await conclude()) co_return;
                }
                continue;
            }
            previous = PlanMade{planned, file, pairs_of(result.moves)};
            bool done = planned.exit_code == 0;
            auto candidates = move_candidates(summary);
            if (!done && candidates && !possible_pair(*candidates, settings.policy)) done = true;
            if (!done && candidates && memory && !could_find_more(*memory, *candidates)) {
                if (co_await try_ties()) continue;
                done = true;
            }
            if (!done && static_cast<int>(result.iterations.size()) >= settings.max_iterations) {
                result.hit_iteration_limit = true;
                done = true;
            }
            if (!done && co_await analyse(file) == 0) {
                if (co_await try_ties()) continue;
                done = true;
            }
            if (done && co_await conclude()) co_return;
        }
    }

    // The final plan is the one the user sees and may save, made with the user's options,
    // and it judges every move it holds, whatever earlier plans said of them: a plan that
    // skipped the refresh, or held other moves, vouches for nothing here. When no plan of
    // the moves that stand was made so, they are planned again as asked. First, a
    // withdrawal whose company these moves change is tried again with them
    // (core/converge/company), in a plan that need not refresh. True when finished; false
    // when something changed: plan on.
    Step<bool> conclude() {
        if (retry_stale_withdrawals()) co_return false;
        const std::vector<MovePair> moves = pairs_of(result.moves);
        PlanOutput planned;
        std::string final_file;
        if (const PlanMade* made = made_as_asked_with(moves)) {
            if (!same_moves(in_file, moves)) co_await inject(moves);
            planned = made->planned;
            final_file = made->file;
        } else {
            final_file = "final-" + std::to_string(++finals) + ".tfplan";
            const PlanAction request{final_file, moves, false, false};
            planned = co_await plan(request);
        }
        if (planned.exit_code != 0 && planned.exit_code != 2) {
            finish(final_file);
            co_return true;
        }
        PlanTextSummary summary = scan(planned);
        for (const auto& move : result.moves) on_trial.insert({move.from, move.to});
        if (co_await drop_unverified_dependency_moves(summary, final_file)) co_return false;
        if (co_await judge_trials(summary, final_file)) co_return false;
        if (withdraw_breaches(final_file)) co_return false;
        finish(final_file);
        co_return true;
    }

    // The fixed point, checked at the end of the run (core/converge/fixed_point_invariant):
    // a move at fault is withdrawn, never reported; a breach no withdrawal mends is a bug
    // of the engine's, and stops the run rather than report what Terraform did not judge.
    // True when something was withdrawn: plan again.
    bool withdraw_breaches(const std::string& final_file) {
        RunEnd end;
        end.final_file = final_file;
        end.final_as_asked = made_as_asked_files.count(final_file) > 0;
        end.reported = pairs_of(result.moves);
        end.final_injected = planned_with[final_file];
        end.verdicts = verdicts;
        const int max_retries = static_cast<int>(settings.policy.max_trial_rounds);
        for (const auto& pair : stale_withdrawals(withdrawals, end.reported, relevance, std::numeric_limits<int>::max())) {
            end.stale_withdrawals.push_back(pair);
            end.retries_ran_out = end.retries_ran_out || retries[pair] >= max_retries;
        }
        end.true_ties = true_ties();
        std::set<MovePair> at_fault;
        for (const auto& breach : fixed_point_breaches(end)) {
            if (breach.at_fault.empty()) throw std::logic_error("converge engine: the fixed point does not hold: " + breach.what);
            for (const auto& move : breach.at_fault) at_fault.insert(move);
        }
        if (at_fault.empty()) return false;
        std::vector<Move> kept;
        std::vector<Decision> kept_decisions;
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            const MovePair pair{result.moves[i].from, result.moves[i].to};
            if (!at_fault.count(pair)) {
                kept.push_back(result.moves[i]);
                kept_decisions.push_back(result.move_decisions[i]);
                continue;
            }
            refused.insert(pair);
            withdrawals[pair] = {{}, retries[pair], true};
            result.dropped.push_back({result.moves[i], "withdrawn: the final plan did not judge it so that it can stand"});
        }
        result.moves = std::move(kept);
        result.move_decisions = std::move(kept_decisions);
        return true;
    }

    // The sides the trials left as true ties, each with its candidates that planned no
    // change, and whether each was tried with what holds its id.
    std::vector<TrueTie> true_ties() const {
        std::vector<TrueTie> out;
        for (const auto& [side, reason] : tie_book.reasons) {
            if (!reason.starts_with("a true tie")) continue;
            TrueTie tie{side, {}};
            for (const auto& pair : tie_book.ties) {
                if (pair.move.from != side && pair.move.to != side) continue;
                const auto judged = tie_book.judged.find({pair.move.from, pair.move.to});
                const bool tried = judged != tie_book.judged.end() && judged->second.round > 0;
                if (tried && judged->second.verdict != TieVerdict::confirmed) continue;
                tie.candidates.push_back({{pair.move.from, pair.move.to}, tried,
                                          !pair.referrers.empty() || !pair.moving_referrers.empty()});
            }
            out.push_back(std::move(tie));
        }
        return out;
    }

    // Whether a move of the moves that stand already takes its object or its new address.
    bool taken(const Move& move) const {
        return std::any_of(result.moves.begin(), result.moves.end(),
                           [&](const Move& m) { return m.from == move.from || m.to == move.to; });
    }

    // A move joins the moves on trial, as it was withdrawn if it was; false when its
    // object or its new address is already taken.
    // A tentative move waits for its verdict to be decided on; one certain on tfw's
    // comparison is decided now, as analyse() decides it, and stays out if not accepted.
    bool add_on_trial(const Move& given) {
        const MovePair pair{given.from, given.to};
        const auto withdrawn_move = withdrawn_moves.find(pair);
        const Move& move = withdrawn_move == withdrawn_moves.end() ? given : withdrawn_move->second;
        if (taken(move)) return false;
        Decision decision{Verdict::proposed, "on trial"};
        if (!move.is_tentative()) {
            const std::size_t accepted = static_cast<std::size_t>(std::count_if(
                result.move_decisions.begin(), result.move_decisions.end(), [](const Decision& d) { return d.verdict == Verdict::accepted; }));
            decision = decide_moves(settings.policy, {move}, accepted).front();
            if (decision.verdict != Verdict::accepted && approved.count(pair))
                decision = {Verdict::accepted, "confirmed at the prompt (" + decision.rule + ")"};
            if (decision.verdict != Verdict::accepted) return false;
        }
        forget_withdrawal(pair);
        on_trial.insert(pair);
        result.moves.push_back(move);
        result.move_decisions.push_back(decision);
        return true;
    }

    // A withdrawal tried again: no longer refused, proposed, or reported as left behind.
    void forget_withdrawal(const MovePair& pair) {
        withdrawals.erase(pair);
        refused.erase(pair);
        std::erase_if(result.proposals, [&](const Proposal& p) { return p.move.from == pair.first && p.move.to == pair.second; });
        std::erase_if(withdrawn, [&](const Unmatched& entry) {
            return entry.address == (entry.is_deletion ? pair.first : pair.second) && !entry.candidates.empty() &&
                   entry.candidates.front().other == (entry.is_deletion ? pair.second : pair.first);
        });
    }

    // Puts back on trial each withdrawal whose company the moves that stand have changed.
    // True when one was.
    bool retry_stale_withdrawals() {
        const std::vector<MovePair> standing = pairs_of(result.moves);
        const int max_retries = static_cast<int>(settings.policy.max_trial_rounds);
        const std::vector<MovePair> stale = stale_withdrawals(withdrawals, standing, relevance, max_retries);
        for (const auto& [pair, withdrawal] : withdrawals)
            if (!withdrawal.final && withdrawal.retries >= max_retries && relevance.company_of(pair, standing) != withdrawal.company)
                result.hit_trial_limit = true;
        bool added = false;
        for (const auto& pair : stale) {
            ++retries[pair];
            added = add_on_trial(withdrawn_moves.at(pair)) || added;
        }
        return added;
    }

    void finish(const std::string& file) {
        // Objects whose trial move was withdrawn stay a destroy and a create, unless a
        // later move took them after all.
        std::set<Address> placed;
        for (const auto& move : result.moves) {
            placed.insert(move.from);
            placed.insert(move.to);
        }
        // The last analysis's unmatched sides that trials paired since are moves now.
        std::erase_if(result.unmatched, [&](const Unmatched& entry) { return placed.count(entry.address) > 0; });
        for (const auto& entry : result.unmatched) placed.insert(entry.address);
        for (auto& entry : withdrawn)
            if (placed.insert(entry.address).second) result.unmatched.push_back(std::move(entry));
        for (auto& entry : result.unmatched) tie_book.explain(entry);
        // A pairing withdrawn with its tie, then made again by Terraform's trials, moves.
        std::set<MovePair> final_pairs;
        for (const auto& move : result.moves) final_pairs.insert({move.from, move.to});
        std::erase_if(result.dropped,
                      [&](const DroppedMove& dropped) { return final_pairs.count({dropped.move.from, dropped.move.to}) > 0; });
        finished = file;
    }

    // Runs show -json and the matcher; returns how many moves it added, on trial or not.
    Step<std::size_t> analyse(const std::string& file) {
        const Plan& plan = *co_await shown_plan(file);
        relevance = CompanyRelevance(plan);
        MatchResult matched = match_moves(plan, settings.policy);
        if (settings.keep_only) settings.keep_only(matched);
        for (const auto& change : plan.changes)
            if (change.previous_address && change.action == Action::remove) in_state_at[change.address] = *change.previous_address;
        // A deletion Terraform moved itself first (`x` to `x[0]` as `count` came, inside a
        // module instance that goes) is moved from where the state holds it: a block that
        // names `x[0]` switches that implied move off, and nothing is at `x[0]` then.
        auto from_state = [&](Move& move) {
            const auto found = in_state_at.find(move.from);
            if (found != in_state_at.end() && is_implied_move(found->second, move.from)) move.from = found->second;
        };
        for (auto& move : matched.moves) from_state(move);
        for (auto& tie : matched.ties) from_state(tie.move);
        tie_book.start_analysis(matched.ties);

        std::vector<Move> fresh;
        for (const auto& move : matched.moves)
            if (!refused.count({move.from, move.to}) && !taken(move)) fresh.push_back(move);
        // max_moves is per run: the moves the policy accepted in earlier iterations count.
        std::size_t accepted_before = static_cast<std::size_t>(
            std::count_if(result.move_decisions.begin(), result.move_decisions.end(),
                          [](const Decision& d) { return d.verdict == Verdict::accepted; }));
        std::vector<Decision> decisions = decide_moves(settings.policy, fresh, accepted_before);

        std::vector<Move> added;
        for (std::size_t i = 0; i < fresh.size(); ++i) {
            // A tentative move is injected on trial whatever the policy would say of it
            // now: what Terraform plans for it decides its kind. Only a deny keeps it out.
            if (fresh[i].is_tentative() && decisions[i].verdict != Verdict::denied) {
                added.push_back(fresh[i]);
                result.moves.push_back(fresh[i]);
                result.move_decisions.push_back({Verdict::proposed, "on trial"});
                on_trial.insert({fresh[i].from, fresh[i].to});
                continue;
            }
            bool take = decisions[i].verdict == Verdict::accepted;
            if (decisions[i].verdict == Verdict::proposed && settings.can_ask) {
                take = co_await ask(fresh[i], decisions[i]);
                if (take) decisions[i].rule = "confirmed at the prompt (" + decisions[i].rule + ")";
            }
            if (take) {
                added.push_back(fresh[i]);
                result.moves.push_back(fresh[i]);
                result.move_decisions.push_back(decisions[i]);
                // Certain on tfw's comparison, and judged all the same by the plan it goes into.
                on_trial.insert({fresh[i].from, fresh[i].to});
            } else {
                refused.insert({fresh[i].from, fresh[i].to});
                result.proposals.push_back({fresh[i], decisions[i]});
            }
        }
        result.unmatched = matched.unmatched;
        result.prior_objects = core::prior_objects(plan);
        result.module_instances = known_module_instances(plan);
        result.configuration = plan.configuration;
        result.iterations.push_back({added.size()});
        memory = remember_analysis(plan, matched, added);
        co_return added.size();
    }

    // Ties that static evidence left are tried in Terraform, round by round: each round
    // injects the moves that stand plus at most one candidate of each tied object, and
    // what Terraform plans for each moved candidate is its verdict (core/converge/tie_trials
    // decides what to try and what the verdicts settle). Settled pairs join the moves on
    // trial, so the next plan confirms them all together. True when something was settled.
    Step<bool> try_ties() {
        TieBoard board = open_tie_board();
        if (board.edges.empty()) co_return false;

        std::vector<PlanMade> rounds;
        for (auto trials = next_round(board); !trials.empty(); trials = next_round(board)) {
            if (result.tie_rounds >= static_cast<int>(settings.policy.max_trial_rounds)) {
                result.hit_trial_limit = true;
                break;
            }
            int round = ++result.tie_rounds;
            std::vector<Move> injected = result.moves;
            for (std::size_t e : trials) injected.push_back(board.edges[e].move);
            // What holds a twin's id and moves too goes with it, unless its object is
            // already taken.
            for (std::size_t e : trials)
                for (const Move& referrer : board.edges[e].moving_referrers)
                    if (std::none_of(injected.begin(), injected.end(), [&](const Move& m) {
                            return m.from == referrer.from || m.to == referrer.to;
                        }))
                        injected.push_back(referrer);
            const std::string file = "trial-" + std::to_string(round) + ".tfplan";
            const PlanAction request{file, pairs_of(injected), false, settings.refresh};
            PlanOutput planned = co_await plan(request);
            std::optional<PlanTextSummary> summary;
            if (planned.exit_code == 0 || planned.exit_code == 2) summary = scan(planned);
            for (std::size_t e : trials) {
                const Move& move = board.edges[e].move;
                bool no_change = false;
                std::string verdict;
                if (!summary) {
                    // Only the trial blocks are new since the last plan that succeeded.
                    verdict = "Terraform refused the plan: " + first_error_line(planned.stderr_text + planned.stdout_text);
                } else {
                    const std::optional<Address> from_in_state = state_address_of(move.from);
                    std::optional<TrialVerdict> trial = judge_trial(*summary, move, from_in_state);
                    if (!trial) trial = judge_trial(*co_await shown_plan(file), move, from_in_state);
                    no_change = trial->outcome == TrialOutcome::no_change;
                    const bool moved_unchanged = no_change;
                    verdict = describe(*trial);
                    // What holds the deletion's id by value judges the pairing too.
                    for (const Address& referrer : board.edges[e].referrers) {
                        if (!no_change) break;
                        std::optional<TrialVerdict> staying = judge_staying(*summary, referrer);
                        if (!staying) staying = judge_staying(*co_await shown_plan(file), referrer);
                        if (staying->outcome == TrialOutcome::no_change) continue;
                        no_change = false;
                        verdict += ", but " + describe_referrer(*staying, referrer);
                    }
                    for (const Move& referrer : board.edges[e].moving_referrers) {
                        if (!no_change) break;
                        std::optional<TrialVerdict> moved = judge_trial(*summary, referrer, state_address_of(referrer.from));
                        if (!moved) moved = judge_trial(*co_await shown_plan(file), referrer, state_address_of(referrer.from));
                        if (moved->outcome == TrialOutcome::no_change) continue;
                        no_change = false;
                        verdict += ", but " + describe_referrer(*moved, referrer.to);
                    }
                    board.edges[e].refuted_by_holders_only = moved_unchanged && !no_change;
                }
                record_verdict(board, e, no_change, round, verdict);
                tie_book.judged[{move.from, move.to}] = board.edges[e];
                result.tie_trials.push_back({round, move, no_change, verdict});
            }
            if (summary) rounds.push_back({std::move(planned), file, pairs_of(injected)});
        }
        const std::vector<MovePair> standing = pairs_of(result.moves);
        co_await inject(standing);

        TieOutcome outcome = settle(board);
        for (const auto& side : outcome.unpaired) tie_book.reasons[side.address] = side.reason;
        for (const auto& side : outcome.undecided) {
            tie_book.reasons[side] = "undecided: the trials stopped at the policy's trials.max_rounds (" +
                                  std::to_string(settings.policy.max_trial_rounds) + ")";
            if (std::find(result.undecided.begin(), result.undecided.end(), side) == result.undecided.end())
                result.undecided.push_back(side);
        }
        bool any_settled = false;
        for (std::size_t e : outcome.paired) {
            Move move = settled_move(board, e);
            // Settled before, then withdrawn by the plan that had every settled pair in.
            if (!tie_book.settled.insert({move.from, move.to}).second && refused.count({move.from, move.to})) continue;
            any_settled = true;
            tie_book.reasons.erase(move.from);
            tie_book.reasons.erase(move.to);
            on_trial.insert({move.from, move.to});
            result.moves.push_back(std::move(move));
            result.move_decisions.push_back({Verdict::proposed, "on trial"});
            // What held its id and moved with it in the trial moves with it again.
            for (const Move& referrer : board.edges[e].moving_referrers) add_on_trial(referrer);
        }
        if (!any_settled) co_return false;
        // What waits for a settled parent is looked at again once the parent's move
        // stands, and so is a side alone beside the settled pairs: the next plan is
        // analysed, whatever the last analysis remembered.
        if (waiting(board) || alone_beside_settled(board, outcome)) memory.reset();
        for (auto& made : rounds)
            if (same_moves(made.moves, pairs_of(result.moves))) ready = std::move(made);
        co_return true;
    }

    // The ties of the last analysis whose sides no move took, with the verdicts known.
    TieBoard open_tie_board() const {
        std::set<Address> placed;
        for (const auto& move : result.moves) {
            placed.insert(move.from);
            placed.insert(move.to);
        }
        std::vector<TiedPair> open;
        for (const auto& tie : tie_book.ties)
            if (!placed.count(tie.move.from) && !placed.count(tie.move.to) && !denied(tie.move)) open.push_back(tie);
        if (open.empty()) return {};
        TieBoard board = tie_board(open);
        for (std::size_t e = 0; e < board.edges.size(); ++e)
            if (auto known = tie_book.judged.find({board.edges[e].move.from, board.edges[e].move.to}); known != tie_book.judged.end())
                board.edges[e] = known->second;
        return board;
    }

    // A plan of these moves is likely the final one: each was either taken on equal values
    // or paired by the trials (whose rounds planned it with no change), and no tie is left
    // to try. The first such plan after the first refreshes as the user asked, so a rename
    // costs plan, show -json, plan and a settled tie no plan more than before; a later one
    // does not, so a wrong guess costs at most one refreshing plan per run.
    bool likely_final() const {
        const bool doubtful = std::any_of(result.moves.begin(), result.moves.end(), [&](const Move& move) {
            return move.is_tentative() && !tie_book.settled.count({move.from, move.to});
        });
        return !doubtful && next_round(open_tie_board()).empty();
    }

    std::optional<Address> state_address_of(const Address& from) const {
        const auto found = in_state_at.find(from);
        return found == in_state_at.end() ? std::nullopt : std::optional<Address>(found->second);
    }

    bool denied(const Move& move) const {
        return decide_moves(settings.policy, {move}, 0).front().verdict == Verdict::denied;
    }

    // Why a pair settled out of a tie by what holds its id falls in this plan: a holder
    // that does not plan no change. Nothing when it stands, or was not so settled.
    Step<std::optional<std::string>> referrer_changes(const MovePair& pair, const PlanTextSummary& summary,
                                                      const std::string& file) {
        const auto judged = tie_book.judged.find(pair);
        if (!tie_book.settled.count(pair) || judged == tie_book.judged.end()) co_return std::nullopt;
        for (const Address& referrer : judged->second.referrers) {
            std::optional<TrialVerdict> staying = judge_staying(summary, referrer);
            if (!staying) staying = judge_staying(*co_await shown_plan(file), referrer);
            if (staying->outcome != TrialOutcome::no_change) co_return describe_referrer(*staying, referrer);
        }
        co_return std::nullopt;
    }

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
    Step<bool> judge_trials(const PlanTextSummary& summary, const std::string& file) {
        if (on_trial.empty()) co_return false;
        const std::vector<MovePair> company = pairs_of(result.moves);
        struct Judged {
            std::size_t index;
            Move move;  // with the verdict applied
            TrialVerdict verdict;
            Decision decision;
            bool was_certain = false;  // taken on tfw's comparison, before any verdict
            bool decided = false;      // the decision it was taken with still holds
        };
        std::vector<Judged> judged_moves;
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            const auto& move = result.moves[i];
            if (!on_trial.count({move.from, move.to})) continue;
            const std::optional<Address> from_in_state = state_address_of(move.from);
            std::optional<TrialVerdict> verdict = judge_trial(summary, move, from_in_state);
            if (!verdict) verdict = judge_trial(*co_await shown_plan(file), move, from_in_state);
            judged_moves.push_back({i, move, *verdict, result.move_decisions[i], !move.is_tentative(), false});
        }
        on_trial.clear();

        std::map<std::size_t, std::string> withdrawn_now;  // index -> reason ("" for a proposal)
        std::set<std::size_t> declined;  // by a person at the prompt: never asked again
        bool tie_failed = false;
        for (auto& entry : judged_moves) {
            Move& move = entry.move;
            // An ignore-rules move keeps its kind on an update its rules cover: the
            // difference they accepted. An update of anything else is partial.
            const bool kept_as_taken =
                entry.was_certain &&
                (entry.verdict.outcome == TrialOutcome::no_change ||
                 (entry.verdict.outcome == TrialOutcome::update && move.kind == MatchKind::ignore_rules && move.to.resource &&
                  ignore_rules_cover(settings.policy, move.to.resource->type, entry.verdict)));
            // confirmed_by_terraform stays for tentative moves: the reports say "(confirmed by
            // Terraform)" where tfw's comparison alone could not settle the pair. The
            // explanation still gives Terraform's verdict, once however often it is read.
            move.evidence = with_verdict(move.evidence, describe(entry.verdict));
            if (kept_as_taken) {
                entry.decided = true;
                continue;
            }
            // A pair settled out of a tie by what holds its id stands only while that
            // holder plans no change, in this plan too.
            if (entry.verdict.outcome == TrialOutcome::no_change) {
                if (auto reason = co_await referrer_changes({move.from, move.to}, summary, file)) {
                    withdrawn_now[entry.index] = *reason;
                    tie_failed = tie_failed || move.from_tie;
                    continue;
                }
            }
            switch (entry.verdict.outcome) {
                case TrialOutcome::no_change:
                    move.confirmed_by_terraform = true;
                    if (move.kind == MatchKind::partial) move.kind = MatchKind::confirmed;
                    move.remaining_differences.clear();
                    break;
                case TrialOutcome::update:
                    // A move made only because a trial settled its tie stands on no change alone.
                    if (tie_book.settled.count({move.from, move.to})) {
                        withdrawn_now[entry.index] = describe(entry.verdict) + "; only no change confirms a pair chosen by Terraform's trials";
                        break;
                    }
                    if (move.kind != MatchKind::cross_type) move.kind = MatchKind::partial;
                    break;
                case TrialOutcome::replace:
                case TrialOutcome::not_moved:
                    withdrawn_now[entry.index] = describe(entry.verdict) +
                                                 (move.tentative_because.empty() ? "" : "; tried because " + move.tentative_because);
                    tie_failed = tie_failed || move.from_tie;
                    break;
            }
        }
        // The policy, and the person at the prompt, judge only a round that stands whole.
        if (withdrawn_now.empty()) {
            // max_moves counts the accepted moves outside this round, then this round's in order.
            std::set<std::size_t> in_round;
            for (const auto& entry : judged_moves) in_round.insert(entry.index);
            std::size_t accepted_before = 0;
            for (std::size_t i = 0; i < result.move_decisions.size(); ++i)
                if (!in_round.count(i) && result.move_decisions[i].verdict == Verdict::accepted) ++accepted_before;
            for (auto& entry : judged_moves) {
                if (entry.decided) {
                    if (entry.decision.verdict == Verdict::accepted) ++accepted_before;
                    continue;
                }
                entry.decision = decide_moves(settings.policy, {entry.move}, accepted_before).front();
                MovePair pair{entry.move.from, entry.move.to};
                if (entry.decision.verdict == Verdict::proposed && settings.can_ask) {
                    bool take = approved.count(pair) > 0;
                    if (!take) take = co_await ask(entry.move, entry.decision);
                    if (take) {
                        approved.insert(pair);
                        entry.decision = {Verdict::accepted, "confirmed at the prompt (" + entry.decision.rule + ")"};
                    }
                }
                if (entry.decision.verdict == Verdict::accepted) {
                    ++accepted_before;
                    continue;
                }
                if (settings.can_ask) declined.insert(entry.index);
                withdrawn_now[entry.index] = "";
                tie_failed = tie_failed || entry.move.from_tie;
                result.proposals.push_back({entry.move, entry.decision});
            }
        }
        if (tie_failed)
            for (const auto& entry : judged_moves)
                if (entry.move.from_tie && !withdrawn_now.count(entry.index))
                    withdrawn_now[entry.index] = "the other pairings resolved out of its tie fell, one of which "
                                                 "Terraform did not confirm";
        if (withdrawn_now.empty()) {
            for (const auto& entry : judged_moves) {
                result.moves[entry.index] = entry.move;
                result.move_decisions[entry.index] = entry.decision;
                verdicts[{entry.move.from, entry.move.to}] = {file, entry.verdict.outcome,
                                                              entry.decision.verdict == Verdict::accepted};
            }
            co_return false;
        }

        // What was withdrawn is known now; its halves reappearing as a destroy and a
        // create are nothing new to analyse. The rest of the round is tried again.
        for (const auto& entry : judged_moves)
            if (!withdrawn_now.count(entry.index)) on_trial.insert({entry.move.from, entry.move.to});
        std::vector<Move> kept;
        std::vector<Decision> kept_decisions;
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            auto reason = withdrawn_now.find(i);
            if (reason == withdrawn_now.end()) {
                kept.push_back(result.moves[i]);
                kept_decisions.push_back(result.move_decisions[i]);
                continue;
            }
            const Move& move = result.moves[i];
            refused.insert({move.from, move.to});
            const MovePair pair{move.from, move.to};
            withdrawals[pair] = {relevance.company_of(pair, company), retries[pair], declined.count(i) > 0};
            withdrawn_moves[pair] = move;
            if (!reason->second.empty()) result.dropped.push_back({move, "withdrawn: " + reason->second});
            const std::string why = "tried with its only candidate, then withdrawn";
            const std::string note = reason->second.empty() ? "proposed, not accepted by policy" : reason->second;
            withdrawn.push_back({move.from, true, why, {{move.to, move.remaining_differences, note}}});
            withdrawn.push_back({move.to, false, why, {{move.from, move.remaining_differences, note}}});
            if (memory) {
                memory->unmatched.insert(to_string(move.from));
                memory->unmatched.insert(to_string(move.to));
            }
        }
        result.moves = std::move(kept);
        result.move_decisions = std::move(kept_decisions);
        co_return true;
    }

    // A pairing chosen by dependency evidence is confirmed by the replan: the resources
    // that vouched for it must now plan no change. If one does, the pairing is dropped,
    // and with it every pairing resolved out of a tie, since their elimination relied on it.
    // A replan whose output was not recognised cannot confirm anything: the same drop.
    Step<bool> drop_unverified_dependency_moves(const PlanTextSummary& summary, const std::string& file) {
        bool vouched = std::any_of(result.moves.begin(), result.moves.end(),
                                   [](const Move& move) { return move.by_dependency && !move.witnesses.empty(); });
        if (!vouched) co_return false;
        // What still changes: from the rendering when tfw recognises it, else from
        // show -json of the same plan.
        std::set<std::string> changed;
        if (summary.recognised) {
            for (const auto& header : summary.headers) {
                if (header.action == HeaderAction::move || header.action == HeaderAction::read) continue;
                auto parsed = parse_address(header.address);
                if (parsed.address) changed.insert(config_resource_address(*parsed.address));
            }
        } else {
            const Plan* plan = co_await shown_plan(file);
            for (const auto& change : plan->changes)
                if (change.action != Action::no_op && change.action != Action::read && change.address.resource)
                    changed.insert(config_resource_address(change.address));
        }
        std::string changed_witness;
        for (const auto& move : result.moves)
            if (move.by_dependency)
                for (const auto& witness : move.witnesses)
                    if (changed.count(witness)) changed_witness = witness;
        if (changed_witness.empty()) co_return false;
        const std::string reason = "unverified: " + changed_witness +
                                   ", whose dependencies resolved the tie this pairing came from, still changes after the move";

        bool dropped = false;
        std::vector<Move> kept;
        std::vector<Decision> kept_decisions;
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            const auto& move = result.moves[i];
            if (!move.from_tie) {
                kept.push_back(move);
                kept_decisions.push_back(result.move_decisions[i]);
                continue;
            }
            refused.insert({move.from, move.to});
            result.dropped.push_back({move, reason});
            dropped = true;
        }
        if (dropped) {
            result.moves = std::move(kept);
            result.move_decisions = std::move(kept_decisions);
            memory.reset();
        }
        co_return dropped;
    }

    // A plan that failed where the plan before it, without the moves now on trial, did
    // not (a dependency cycle those moves make among the destroys): a verdict on them,
    // not the run's failure. They are withdrawn with Terraform's first error.
    bool withdraw_unplannable(const PlanOutput& planned) {
        if (!previous || on_trial.empty()) return false;
        const std::string reason = "Terraform cannot plan with it: " + first_error_line(planned.stderr_text + planned.stdout_text);
        std::vector<Move> kept;
        std::vector<Decision> kept_decisions;
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            const Move& move = result.moves[i];
            const MovePair pair{move.from, move.to};
            if (!on_trial.count(pair)) {
                kept.push_back(move);
                kept_decisions.push_back(result.move_decisions[i]);
                continue;
            }
            refused.insert(pair);
            result.dropped.push_back({move, "withdrawn: " + reason});
            withdrawn.push_back({move.from, true, "tried with its only candidate, then withdrawn", {{move.to, {}, reason}}});
            withdrawn.push_back({move.to, false, "tried with its only candidate, then withdrawn", {{move.from, {}, reason}}});
            if (memory) {
                memory->unmatched.insert(to_string(move.from));
                memory->unmatched.insert(to_string(move.to));
            }
        }
        on_trial.clear();
        result.moves = std::move(kept);
        result.move_decisions = std::move(kept_decisions);
        return true;
    }

    // Terraform refused the plan: find the injected blocks it blamed, drop those moves
    // and say why. False when the failure is not about tfw's blocks.
    Step<bool> drop_refused_moves(const std::string& file, const PlanOutput& planned) {
        // A plan that streamed JSON already holds its diagnostics.
        PlanOutput explained = planned;
        if (!settings.json_stream) {
            const PlanAction request{file, std::nullopt, true, settings.refresh};
            explained = co_await plan(request);
        }
        std::vector<std::string> reasons;
        auto blamed = blamed_moves(parse_diagnostics(explained.stdout_text), settings.injected_file, planned.block_lines,
                                   result.moves, reasons);
        if (blamed.empty()) co_return false;
        std::vector<Move> kept;
        std::vector<Decision> kept_decisions;
        for (std::size_t i = 0; i < result.moves.size(); ++i) {
            if (blamed.count(i)) {
                refused.insert({result.moves[i].from, result.moves[i].to});
                result.dropped.push_back({result.moves[i], reasons[i]});
            } else {
                kept.push_back(result.moves[i]);
                kept_decisions.push_back(result.move_decisions[i]);
            }
        }
        result.moves = std::move(kept);
        result.move_decisions = std::move(kept_decisions);
        memory.reset();
        co_return true;
    }

    // What the shell is to do now: the effect the engine waits for, or the end.
    EngineAction pending() {
        if (loop->done()) {
            loop->result();  // rethrows what ended the loop early
            if (!finished) throw std::logic_error("converge engine: ended without a final plan");
            return FinishAction{*finished};
        }
        if (!effect.pending) throw std::logic_error("converge engine: suspended without an action");
        return *effect.pending;
    }
};

ConvergeEngine::ConvergeEngine(EngineSettings settings) : state_(std::make_unique<State>(std::move(settings))) {}

ConvergeEngine::~ConvergeEngine() = default;

EngineAction ConvergeEngine::start() {
    if (state_->loop) throw std::logic_error("converge engine: started twice");
    state_->loop.emplace(state_->run());
    state_->loop->resume();
    return state_->pending();
}

EngineAction ConvergeEngine::next(EngineAnswer answer) {
    if (!state_->loop || state_->loop->done() || !state_->effect.waiting)
        throw std::logic_error("converge engine: an answer while no action waits for one");
    state_->effect.answer_with(std::move(answer));
    return state_->pending();
}

ConvergeOutcome ConvergeEngine::outcome() {
    if (!state_->finished) throw std::logic_error("converge engine: no outcome before FinishAction");
    return std::move(state_->result);
}

}  // namespace tfw::core::converge
