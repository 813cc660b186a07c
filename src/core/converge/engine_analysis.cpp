#include "engine_state.hpp"

#include <algorithm>

#include "tfw/core/converge/implied_moves.hpp"
#include "tfw/core/converge/replaced_moves.hpp"

namespace tfw::core::inline converge {

Step<std::size_t> ConvergeEngine::State::analyse(const std::string& file, const std::set<MovePair>& replaced) {
    const Plan& shown_as_planned = *co_await shown_plan(file);
    std::optional<Plan> read_apart;
    if (!replaced.empty()) read_apart = without_replaced_moves(shown_as_planned, replaced);
    // Terraform's own moves that another deletion questions are hypotheses too.
    const std::vector<MovePair> injected_now = pairs_of(result.moves);
    const std::set<MovePair> own(injected_now.begin(), injected_now.end());
    const Plan& before_questions = read_apart ? *read_apart : shown_as_planned;
    if (std::any_of(before_questions.changes.begin(), before_questions.changes.end(),
                    [](const ResourceChange& change) { return change.is_kept_implied_move(); }))
        read_apart = with_implied_moves_questioned(before_questions, own);
    const Plan& plan = read_apart ? *read_apart : shown_as_planned;
    // Only the first plan's refresh is the user's: the plans after it skip theirs until
    // the final one, which need not refresh either when this one read nothing new.
    if (settings.refresh && plans.size() == 1 && plans.front().file == file) refreshed_clean = plan.drifted.empty();
    const std::vector<MovePair> planned_with = pairs_of(result.moves);
    relevance = CompanyRelevance(plan);
    ignored_changes.clear();
    for (const auto& [address, resource] : config_resources_by_address(plan.configuration))
        if (resource->ignored_changes.any()) ignored_changes[address] = resource->ignored_changes;
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
            stand_on_trial(fresh[i], {Verdict::proposed, "on trial"});
            continue;
        }
        bool take = decisions[i].verdict == Verdict::accepted;
        if (decisions[i].verdict == Verdict::proposed && settings.can_ask) {
            take = co_await ask(fresh[i], decisions[i]);
            if (take) {
                approved.insert({fresh[i].from, fresh[i].to});
                decisions[i] = {Verdict::accepted, "confirmed at the prompt (" + decisions[i].rule + ")"};
            }
        }
        if (take) {
            added.push_back(fresh[i]);
            // Certain on tfw's comparison, and judged all the same by the plan it goes into.
            stand_on_trial(fresh[i], decisions[i]);
        } else {
            refuse({fresh[i].from, fresh[i].to}, Refusal::declined);
            result.proposals.push_back({fresh[i], decisions[i]});
        }
    }
    result.unmatched = matched.unmatched;
    result.prior_objects = core::prior_objects(plan);
    result.module_instances = known_module_instances(plan);
    result.declared_objects = declared_objects(plan);
    result.configuration = plan.configuration;
    result.iterations.push_back({added.size()});
    memory = remember_analysis(plan, matched, added, planned_with);
    // A pair refused or withdrawn before stays a destroy and a create: the next plan
    // showing it again holds nothing this analysis has not judged.
    for (const auto& move : matched.moves)
        if (refused.count({move.from, move.to})) {
            memory->unmatched.insert(to_string(move.from));
            memory->unmatched.insert(to_string(move.to));
        }
    co_return added.size();
}

bool ConvergeEngine::State::likely_final() const {
    const bool doubtful = std::any_of(result.moves.begin(), result.moves.end(), [&](const Move& move) {
        return move.is_tentative() && !tie_book.settled.count({move.from, move.to});
    });
    return !doubtful && next_round(open_tie_board()).empty();
}

std::optional<Address> ConvergeEngine::State::state_address_of(const Address& from) const {
    const auto found = in_state_at.find(from);
    return found == in_state_at.end() ? std::nullopt : std::optional<Address>(found->second);
}

bool ConvergeEngine::State::denied(const Move& move) const {
    return decide_moves(settings.policy, {move}, 0).front().verdict == Verdict::denied;
}

}  // namespace tfw::core::converge
