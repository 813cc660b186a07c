#include "tfw/shell/converge.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "tfw/core/diagnostics.hpp"
#include "tfw/core/fixed_point.hpp"
#include "tfw/core/move_trial.hpp"
#include "tfw/core/plan_json.hpp"
#include "tfw/core/plan_stream.hpp"
#include "tfw/core/plan_text.hpp"
#include "tfw/core/tie_trials.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::shell {
namespace {

using MovePair = std::pair<core::Address, core::Address>;

std::vector<MovePair> pairs_of(const std::vector<core::Move>& moves) {
    std::vector<MovePair> out;
    for (const auto& move : moves) out.emplace_back(move.from, move.to);
    return out;
}

bool same_moves(std::vector<MovePair> a, std::vector<MovePair> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

std::vector<std::string> plan_args(const PlanRequest& request, const std::filesystem::path& plan_file, bool json) {
    std::vector<std::string> args = {"plan", "-input=false", "-detailed-exitcode", "-out=" + plan_file.string()};
    if (json || request.json_stream) args.push_back("-json");
    args.insert(args.end(), request.terraform_args.begin(), request.terraform_args.end());
    return args;
}

bool is_cross_type(const core::Move& move) {
    return move.from.resource && move.to.resource && move.from.resource->type != move.to.resource->type;
}

// The moves whose injected block a diagnostic points at, or, for a cross-type refusal
// without a range, the cross-type moves to the type it names (all of them if it names none).
std::set<std::size_t> blamed_moves(const std::vector<core::Diagnostic>& diagnostics, const std::string& file_name,
                                   const std::vector<MovedFileGuard::LineRange>& block_lines, const std::vector<core::Move>& moves,
                                   std::vector<std::string>& reasons) {
    std::set<std::size_t> out;
    reasons.assign(block_lines.size(), {});
    for (const auto& diagnostic : diagnostics) {
        if (diagnostic.severity != "error") continue;
        if (diagnostic.filename.empty() && core::is_cross_type_refusal(diagnostic)) {
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

class Loop {
public:
    Loop(Terraform& terraform, MovedFileGuard& guard, const PlanRequest& request)
        : terraform_(terraform), guard_(guard), request_(request) {}

    ConvergeResult run() {
        for (int plan_number = 1;; ++plan_number) {
            throw_if_interrupted();
            std::vector<MovedFileGuard::LineRange> block_lines = guard_.write(pairs_of(result_.moves));
            std::filesystem::path plan_file = request_.plan_dir / ("plan-" + std::to_string(plan_number) + ".tfplan");
            ProcessResult planned;
            if (ready_ && same_moves(ready_->moves, pairs_of(result_.moves))) {
                // A trial round already planned exactly these moves.
                planned = std::move(ready_->planned);
                plan_file = ready_->plan_file;
            } else {
                planned = plan(plan_file);
            }
            ready_.reset();

            if (planned.exit_code != 0 && planned.exit_code != 2) {
                if (result_.moves.empty() ||
                    !core::may_blame_injected_file(planned.stderr_text + planned.stdout_text, guard_.file_name()) ||
                    !drop_refused_moves(plan_file, block_lines, planned))
                    return finish(planned, plan_file);
                continue;
            }
            core::PlanTextSummary summary = request_.json_stream ? core::scan_plan_stream(planned.stdout_text)
                                                                 : core::scan_plan_text(planned.stdout_text);
            if (drop_unverified_dependency_moves(summary, plan_file)) continue;
            if (judge_trials(summary, plan_file)) {
                // What a withdrawn pairing resolved out of a tie leaves is for the trials.
                if (try_ties()) continue;
                // Every move on trial withdrawn, nothing else added: the plan before the
                // trial is the answer, and a plan of the same blocks is not made again.
                if (previous_ && previous_->moves == pairs_of(result_.moves))
                    return finish(std::move(previous_->planned), previous_->plan_file);
                continue;
            }
            previous_ = PlanMade{planned, plan_file, pairs_of(result_.moves)};
            if (planned.exit_code == 0) return finish(planned, plan_file);

            auto candidates = core::move_candidates(summary);
            if (candidates && !core::possible_pair(*candidates, request_.policy)) return finish(planned, plan_file);
            if (candidates && memory_ && !core::could_find_more(*memory_, *candidates)) {
                if (try_ties()) continue;
                return finish(planned, plan_file);
            }
            if (static_cast<int>(result_.iterations.size()) >= request_.max_iterations) {
                result_.hit_iteration_limit = true;
                return finish(planned, plan_file);
            }
            if (analyse(plan_file) == 0) {
                if (try_ties()) continue;
                return finish(planned, plan_file);
            }
        }
    }

private:
    ConvergeResult finish(ProcessResult planned, const std::filesystem::path& plan_file) {
        // Objects whose trial move was withdrawn stay a destroy and a create, unless a
        // later move took them after all.
        std::set<core::Address> placed;
        for (const auto& move : result_.moves) {
            placed.insert(move.from);
            placed.insert(move.to);
        }
        for (const auto& entry : result_.unmatched) placed.insert(entry.address);
        for (auto& entry : withdrawn_)
            if (placed.insert(entry.address).second) result_.unmatched.push_back(std::move(entry));
        for (auto& entry : result_.unmatched) explain_trials(entry);
        // A pairing withdrawn with its tie, then made again by Terraform's trials, moves.
        std::set<MovePair> final_pairs;
        for (const auto& move : result_.moves) final_pairs.insert({move.from, move.to});
        std::erase_if(result_.dropped, [&](const DroppedMove& dropped) {
            return final_pairs.count({dropped.move.from, dropped.move.to}) > 0;
        });
        result_.final_plan = std::move(planned);
        result_.plan_file = plan_file;
        return std::move(result_);
    }

    ProcessResult plan(const std::filesystem::path& plan_file) {
        ProcessOptions options;
        options.on_stdout = request_.on_plan_output;
        ProcessResult planned = terraform_.run(plan_args(request_, plan_file, false), options);
        throw_if_interrupted();
        return planned;
    }

    // `show -json` of a plan file, read once per plan.
    const core::Plan& shown_plan(const std::filesystem::path& plan_file) {
        if (shown_ && shown_->first == plan_file) return shown_->second;
        ProcessResult shown = terraform_.run({"show", "-json", plan_file.string()});
        throw_if_interrupted();
        if (shown.exit_code != 0)
            throw std::runtime_error("terraform show -json failed: " + core::first_error_line(shown.stderr_text));
        shown_.emplace(plan_file, core::load_plan_json(shown.stdout_text));
        return shown_->second;
    }

    // Runs show -json and the matcher; returns how many moves it added, on trial or not.
    std::size_t analyse(const std::filesystem::path& plan_file) {
        const core::Plan& plan = shown_plan(plan_file);
        core::MatchResult matched = core::match_moves(plan, request_.policy);
        // New values, new ties: earlier trial verdicts were made with other moves in.
        ties_ = matched.ties;
        judged_.clear();

        std::vector<core::Move> fresh;
        for (const auto& move : matched.moves)
            if (!refused_.count({move.from, move.to})) fresh.push_back(move);
        // max_moves is per run: the moves the policy accepted in earlier iterations count.
        std::size_t accepted_before = static_cast<std::size_t>(
            std::count_if(result_.move_decisions.begin(), result_.move_decisions.end(),
                          [](const core::Decision& d) { return d.verdict == core::Verdict::accepted; }));
        std::vector<core::Decision> decisions = core::decide_moves(request_.policy, fresh, accepted_before);

        std::vector<core::Move> added;
        for (std::size_t i = 0; i < fresh.size(); ++i) {
            // A tentative move is injected on trial whatever the policy would say of it
            // now: what Terraform plans for it decides its kind. Only a deny keeps it out.
            if (fresh[i].is_tentative() && decisions[i].verdict != core::Verdict::denied) {
                added.push_back(fresh[i]);
                result_.moves.push_back(fresh[i]);
                result_.move_decisions.push_back({core::Verdict::proposed, "on trial"});
                on_trial_.insert({fresh[i].from, fresh[i].to});
                continue;
            }
            bool take = decisions[i].verdict == core::Verdict::accepted;
            if (decisions[i].verdict == core::Verdict::proposed && request_.confirm) {
                take = request_.confirm(fresh[i], decisions[i]);
                throw_if_interrupted();
                if (take) decisions[i].rule = "confirmed at the prompt (" + decisions[i].rule + ")";
            }
            if (take) {
                added.push_back(fresh[i]);
                result_.moves.push_back(fresh[i]);
                result_.move_decisions.push_back(decisions[i]);
            } else {
                refused_.insert({fresh[i].from, fresh[i].to});
                result_.proposals.push_back({fresh[i], decisions[i]});
            }
        }
        result_.unmatched = matched.unmatched;
        result_.prior_objects = core::prior_objects(plan);
        result_.module_instances = core::known_module_instances(plan);
        result_.configuration = plan.configuration;
        result_.iterations.push_back({added.size()});
        memory_ = core::remember_analysis(plan, matched, added);
        return added.size();
    }

    // Ties that static evidence left are tried in Terraform, round by round: each round
    // injects the moves that stand plus at most one candidate of each tied object, and
    // what Terraform plans for each moved candidate is its verdict (core/tie_trials
    // decides what to try and what the verdicts settle). Settled pairs join the moves on
    // trial, so the next plan confirms them all together. True when something was settled.
    bool try_ties() {
        std::set<core::Address> placed;
        for (const auto& move : result_.moves) {
            placed.insert(move.from);
            placed.insert(move.to);
        }
        std::vector<core::TiedPair> open;
        for (const auto& tie : ties_)
            if (!placed.count(tie.move.from) && !placed.count(tie.move.to) && !denied(tie.move)) open.push_back(tie);
        if (open.empty()) return false;
        core::TieBoard board = core::tie_board(open);
        for (std::size_t e = 0; e < board.edges.size(); ++e)
            if (auto known = judged_.find({board.edges[e].move.from, board.edges[e].move.to}); known != judged_.end())
                board.edges[e] = known->second;

        std::vector<PlanMade> rounds;
        for (auto trials = core::next_round(board); !trials.empty(); trials = core::next_round(board)) {
            if (result_.tie_rounds >= static_cast<int>(request_.policy.max_trial_rounds)) {
                result_.hit_trial_limit = true;
                break;
            }
            int round = ++result_.tie_rounds;
            std::vector<core::Move> injected = result_.moves;
            for (std::size_t e : trials) injected.push_back(board.edges[e].move);
            guard_.write(pairs_of(injected));
            std::filesystem::path plan_file = request_.plan_dir / ("trial-" + std::to_string(round) + ".tfplan");
            ProcessResult planned = plan(plan_file);
            std::optional<core::PlanTextSummary> summary;
            if (planned.exit_code == 0 || planned.exit_code == 2)
                summary = request_.json_stream ? core::scan_plan_stream(planned.stdout_text) : core::scan_plan_text(planned.stdout_text);
            for (std::size_t e : trials) {
                const core::Move& move = board.edges[e].move;
                bool no_change = false;
                std::string verdict;
                if (!summary) {
                    // Only the trial blocks are new since the last plan that succeeded.
                    verdict = "Terraform refused the plan: " + core::first_error_line(planned.stderr_text + planned.stdout_text);
                } else {
                    auto judged = core::judge_trial(*summary, move);
                    core::TrialVerdict trial = judged ? *judged : core::judge_trial(shown_plan(plan_file), move);
                    no_change = trial.outcome == core::TrialOutcome::no_change;
                    verdict = core::describe(trial);
                }
                core::record_verdict(board, e, no_change, round, verdict);
                judged_[{move.from, move.to}] = board.edges[e];
                result_.tie_trials.push_back({round, move, no_change, verdict});
            }
            if (summary) rounds.push_back({std::move(planned), plan_file, pairs_of(injected)});
        }
        guard_.write(pairs_of(result_.moves));

        core::TieOutcome outcome = core::settle(board);
        for (const auto& side : outcome.unpaired) trial_reasons_[side.address] = side.reason;
        for (const auto& side : outcome.undecided) {
            trial_reasons_[side] = "undecided: the trials stopped at the policy's trials.max_rounds (" +
                                   std::to_string(request_.policy.max_trial_rounds) + ")";
            if (std::find(result_.undecided.begin(), result_.undecided.end(), side) == result_.undecided.end())
                result_.undecided.push_back(side);
        }
        bool settled = false;
        for (std::size_t e : outcome.paired) {
            core::Move move = core::settled_move(board, e);
            // Settled before, then withdrawn by the plan that had every settled pair in.
            if (!settled_.insert({move.from, move.to}).second && refused_.count({move.from, move.to})) continue;
            settled = true;
            trial_reasons_.erase(move.from);
            trial_reasons_.erase(move.to);
            on_trial_.insert({move.from, move.to});
            result_.moves.push_back(std::move(move));
            result_.move_decisions.push_back({core::Verdict::proposed, "on trial"});
        }
        if (!settled) return false;
        // What waits for a settled parent is looked at again once the parent's move
        // stands: the next plan is analysed, whatever the last analysis remembered.
        if (core::waiting(board)) memory_.reset();
        for (auto& round : rounds)
            if (same_moves(round.moves, pairs_of(result_.moves))) ready_ = std::move(round);
        return true;
    }

    bool denied(const core::Move& move) const {
        return core::decide_moves(request_.policy, {move}, 0).front().verdict == core::Verdict::denied;
    }

    // An unmatched object whose tie Terraform's trials took up says what they found.
    void explain_trials(core::Unmatched& entry) const {
        auto reason = trial_reasons_.find(entry.address);
        if (reason == trial_reasons_.end()) return;
        entry.reason = reason->second;
        for (auto& candidate : entry.candidates) {
            MovePair pair = entry.is_deletion ? MovePair{entry.address, candidate.other} : MovePair{candidate.other, entry.address};
            if (auto judged = judged_.find(pair); judged != judged_.end() && judged->second.round > 0)
                candidate.note = "tried in round " + std::to_string(judged->second.round) + ": " + judged->second.because;
        }
    }

    // The moves on trial, judged by the plan Terraform just made with them in: no change
    // confirms a move; an update leaves it to the policy as a partial move; a replace, or
    // a move Terraform did not carry out, withdraws it. A verdict holds only for the set of
    // moves it was made with: when one is withdrawn, the others of the round go on trial
    // again without it (a dependent looked unchanged only because its parent moved too).
    // Withdrawing a move resolved out of a tie withdraws the others resolved out of ties,
    // since they may lean on it. True when something was withdrawn: plan again.
    bool judge_trials(const core::PlanTextSummary& summary, const std::filesystem::path& plan_file) {
        if (on_trial_.empty()) return false;
        struct Judged {
            std::size_t index;
            core::Move move;  // with the verdict applied
            core::TrialVerdict verdict;
            core::Decision decision;
        };
        std::vector<Judged> judged;
        for (std::size_t i = 0; i < result_.moves.size(); ++i) {
            const auto& move = result_.moves[i];
            if (!on_trial_.count({move.from, move.to})) continue;
            auto verdict = core::judge_trial(summary, move);
            judged.push_back({i, move, verdict ? *verdict : core::judge_trial(shown_plan(plan_file), move), {}});
        }
        on_trial_.clear();

        std::map<std::size_t, std::string> withdrawn;  // index -> reason ("" for a proposal)
        bool tie_failed = false;
        for (auto& entry : judged) {
            core::Move& move = entry.move;
            move.evidence += "; " + core::describe(entry.verdict);
            switch (entry.verdict.outcome) {
                case core::TrialOutcome::no_change:
                    move.confirmed_by_terraform = true;
                    if (move.kind == core::MatchKind::partial) move.kind = core::MatchKind::confirmed;
                    move.remaining_differences.clear();
                    break;
                case core::TrialOutcome::update:
                    if (move.kind != core::MatchKind::cross_type) move.kind = core::MatchKind::partial;
                    break;
                case core::TrialOutcome::replace:
                case core::TrialOutcome::not_moved:
                    withdrawn[entry.index] = core::describe(entry.verdict) + "; tried because " + move.tentative_because;
                    tie_failed = tie_failed || move.from_tie;
                    break;
            }
        }
        // The policy, and the person at the prompt, judge only a round that stands whole.
        if (withdrawn.empty()) {
            std::size_t accepted_before = 0;
            for (const auto& decision : result_.move_decisions)
                if (decision.verdict == core::Verdict::accepted) ++accepted_before;
            for (auto& entry : judged) {
                entry.decision = core::decide_moves(request_.policy, {entry.move}, accepted_before).front();
                MovePair pair{entry.move.from, entry.move.to};
                if (entry.decision.verdict == core::Verdict::proposed && request_.confirm) {
                    bool take = approved_.count(pair) > 0;
                    if (!take) {
                        take = request_.confirm(entry.move, entry.decision);
                        throw_if_interrupted();
                    }
                    if (take) {
                        approved_.insert(pair);
                        entry.decision = {core::Verdict::accepted, "confirmed at the prompt (" + entry.decision.rule + ")"};
                    }
                }
                if (entry.decision.verdict == core::Verdict::accepted) {
                    ++accepted_before;
                    continue;
                }
                withdrawn[entry.index] = "";
                tie_failed = tie_failed || entry.move.from_tie;
                result_.proposals.push_back({entry.move, entry.decision});
            }
        }
        if (tie_failed)
            for (const auto& entry : judged)
                if (entry.move.from_tie && !withdrawn.count(entry.index))
                    withdrawn[entry.index] = "the other pairings resolved out of its tie fell, one of which "
                                             "Terraform did not confirm";
        if (withdrawn.empty()) {
            for (const auto& entry : judged) {
                result_.moves[entry.index] = entry.move;
                result_.move_decisions[entry.index] = entry.decision;
            }
            return false;
        }

        // What was withdrawn is known now; its halves reappearing as a destroy and a
        // create are nothing new to analyse. The rest of the round is tried again.
        for (const auto& entry : judged)
            if (!withdrawn.count(entry.index)) on_trial_.insert({entry.move.from, entry.move.to});
        std::vector<core::Move> kept;
        std::vector<core::Decision> kept_decisions;
        for (std::size_t i = 0; i < result_.moves.size(); ++i) {
            auto reason = withdrawn.find(i);
            if (reason == withdrawn.end()) {
                kept.push_back(result_.moves[i]);
                kept_decisions.push_back(result_.move_decisions[i]);
                continue;
            }
            const core::Move& move = result_.moves[i];
            refused_.insert({move.from, move.to});
            if (!reason->second.empty()) result_.dropped.push_back({move, "withdrawn: " + reason->second});
            const std::string why = "tried with its only candidate, then withdrawn";
            const std::string note = reason->second.empty() ? "proposed, not accepted by policy" : reason->second;
            withdrawn_.push_back({move.from, true, why, {{move.to, move.remaining_differences, note}}});
            withdrawn_.push_back({move.to, false, why, {{move.from, move.remaining_differences, note}}});
            if (memory_) {
                memory_->unmatched.insert(core::to_string(move.from));
                memory_->unmatched.insert(core::to_string(move.to));
            }
        }
        result_.moves = std::move(kept);
        result_.move_decisions = std::move(kept_decisions);
        return true;
    }

    // A pairing chosen by dependency evidence is confirmed by the replan: the resources
    // that vouched for it must now plan no change. If one does, the pairing is dropped,
    // and with it every pairing resolved out of a tie, since their elimination relied on it.
    // A replan whose output was not recognised cannot confirm anything: the same drop.
    bool drop_unverified_dependency_moves(const core::PlanTextSummary& summary, const std::filesystem::path& plan_file) {
        bool vouched = std::any_of(result_.moves.begin(), result_.moves.end(),
                                   [](const core::Move& move) { return move.by_dependency && !move.witnesses.empty(); });
        if (!vouched) return false;
        // What still changes: from the rendering when tfw recognises it, else from
        // show -json of the same plan.
        std::set<std::string> changed;
        if (summary.recognised) {
            for (const auto& header : summary.headers) {
                if (header.action == core::HeaderAction::move || header.action == core::HeaderAction::read) continue;
                auto parsed = core::parse_address(header.address);
                if (parsed.address) changed.insert(core::config_resource_address(*parsed.address));
            }
        } else {
            for (const auto& change : shown_plan(plan_file).changes)
                if (change.action != core::Action::no_op && change.action != core::Action::read && change.address.resource)
                    changed.insert(core::config_resource_address(change.address));
        }
        std::string changed_witness;
        for (const auto& move : result_.moves)
            if (move.by_dependency)
                for (const auto& witness : move.witnesses)
                    if (changed.count(witness)) changed_witness = witness;
        if (changed_witness.empty()) return false;
        const std::string reason = "unverified: " + changed_witness +
                                   ", whose dependencies resolved the tie this pairing came from, still changes after the move";

        bool dropped = false;
        std::vector<core::Move> kept;
        std::vector<core::Decision> kept_decisions;
        for (std::size_t i = 0; i < result_.moves.size(); ++i) {
            const auto& move = result_.moves[i];
            if (!move.from_tie) {
                kept.push_back(move);
                kept_decisions.push_back(result_.move_decisions[i]);
                continue;
            }
            refused_.insert({move.from, move.to});
            result_.dropped.push_back({move, reason});
            dropped = true;
        }
        if (dropped) {
            result_.moves = std::move(kept);
            result_.move_decisions = std::move(kept_decisions);
            memory_.reset();
        }
        return dropped;
    }

    // Terraform refused the plan: find the injected blocks it blamed, drop those moves
    // and say why. False when the failure is not about tfw's blocks.
    bool drop_refused_moves(const std::filesystem::path& plan_file, const std::vector<MovedFileGuard::LineRange>& block_lines,
                            const ProcessResult& planned) {
        // A plan that streamed JSON already holds its diagnostics.
        ProcessResult explained = request_.json_stream ? planned : terraform_.run(plan_args(request_, plan_file, true));
        throw_if_interrupted();
        std::vector<std::string> reasons;
        auto blamed = blamed_moves(core::parse_diagnostics(explained.stdout_text), guard_.file_name(), block_lines,
                                   result_.moves, reasons);
        if (blamed.empty()) return false;
        std::vector<core::Move> kept;
        std::vector<core::Decision> kept_decisions;
        for (std::size_t i = 0; i < result_.moves.size(); ++i) {
            if (blamed.count(i)) {
                refused_.insert({result_.moves[i].from, result_.moves[i].to});
                result_.dropped.push_back({result_.moves[i], reasons[i]});
            } else {
                kept.push_back(result_.moves[i]);
                kept_decisions.push_back(result_.move_decisions[i]);
            }
        }
        result_.moves = std::move(kept);
        result_.move_decisions = std::move(kept_decisions);
        memory_.reset();
        return true;
    }

    Terraform& terraform_;
    MovedFileGuard& guard_;
    const PlanRequest& request_;
    ConvergeResult result_;
    std::set<MovePair> refused_;
    std::set<MovePair> on_trial_;  // injected, waiting for the next plan's verdict
    std::set<MovePair> approved_;  // said yes to at the prompt: not asked again on a retrial
    std::optional<core::AnalysisMemory> memory_;
    std::optional<std::pair<std::filesystem::path, core::Plan>> shown_;
    struct PlanMade {
        ProcessResult planned;
        std::filesystem::path plan_file;
        std::vector<MovePair> moves;  // injected for it
    };
    std::optional<PlanMade> previous_;
    std::optional<PlanMade> ready_;  // a trial round's plan of exactly the next set of moves
    std::vector<core::Unmatched> withdrawn_;  // both sides of each withdrawn trial move
    std::vector<core::TiedPair> ties_;        // of the last analysis
    std::map<MovePair, core::TieEdge> judged_;  // tie trials since the last analysis
    std::set<MovePair> settled_;                 // pairs the trials have made
    std::map<core::Address, std::string> trial_reasons_;  // why a tied object stays
};

}  // namespace

ConvergeResult converge(Terraform& terraform, MovedFileGuard& guard, const PlanRequest& request) {
    return Loop(terraform, guard, request).run();
}

}  // namespace tfw::shell
