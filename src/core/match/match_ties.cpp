// Stage 2: which equal pairs are moves. A pair is a move when each side is the other's
// only candidate. Ties go to the dependency evidence (anchors that stayed put), then to
// the module instance the rest of the object's instance moved to, then to the keys their
// referents' moves took (key_trail.hpp), then to the reference structure among the tied
// objects themselves, then to constraint propagation; what stays tied stays unmatched. A
// pair settled any way but plain uniqueness of fully known values is tentative: Terraform
// confirms it by a replan.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

#include "tfw/core/match/dependency_evidence.hpp"
#include "tfw/core/match/key_trail.hpp"
#include "tfw/core/match/match_state.hpp"

namespace tfw::core::inline match {
namespace {

// Structure is tried on a tied group only this small, and only this many partial
// assignments are explored: enough for a resource and its dependents renamed together.
constexpr std::size_t structure_group_cap = 8;
constexpr std::size_t structure_step_cap = 20000;
// Terraform's trials take up a tied object only when at most tie_trial_cap of its
// candidates (and of each candidate's own) need a plan, counted after its holders
// (candidates_its_holders_allow): more would cost more rounds than a run allows. A pair
// that is certain (equal values, nothing holding the id) needs none, but identical
// objects by the thousand would cost memory by the million pairs: past tie_board_cap
// candidates in all, a tie stays a tie, as it was.
constexpr std::size_t tie_trial_cap = 32;
constexpr std::size_t tie_board_cap = 256;
// A module instance alike with at most this many new instances is tried whole against
// each of them: one plan per candidate.
constexpr std::size_t instance_group_cap = 4;

class Ties {
public:
    explicit Ties(MatchState& state) : state_(state), candidates_(state.deletions.size()) {
        for (std::size_t d = 0; d < state_.deletions.size(); ++d)
            candidates_[d].assign(state_.creations_of[d].begin(), state_.creations_of[d].end());
    }

    void run() {
        bool needs_evidence = false;
        for (std::size_t d = 0; d < candidates_.size(); ++d) needs_evidence = needs_evidence || in_tie(candidates_[d]);
        if (needs_evidence) {
            record_tied_pairs();
            gather_evidence();
            filter_by_dependencies();
            resolve_by_module_instance();
            resolve_by_instance_structure();
            resolve_by_key_trail();
            resolve_by_structure();
        }
        propagate_and_accept();
        record_ties();
    }

private:
    bool in_tie(const std::vector<std::size_t>& candidates) const {
        if (candidates.size() > 1) return true;
        for (std::size_t c : candidates)
            if (state_.deletions_of[c].size() > 1) return true;
        return false;
    }

    // Every candidate pair of every tied side, before evidence narrows them: if the
    // evidence's choice falls, Terraform's trials start from here.
    void record_tied_pairs() {
        const ReferenceEdges& references = state_.references();
        std::map<std::size_t, std::vector<std::string>> refers_to;  // per tied creation
        std::vector<std::vector<Address>> referrers(candidates_.size());
        std::vector<std::vector<Move>> moving_referrers(candidates_.size());
        std::vector<std::vector<std::size_t>> on_board(candidates_.size());
        std::vector<std::vector<Move>> tied_holders(candidates_.size());
        std::map<std::pair<std::size_t, std::size_t>, std::vector<Move>> beside;  // per pair
        auto beside_of = [&](std::size_t d, std::size_t c) -> const std::vector<Move>& {
            auto found = beside.find({d, c});
            if (found == beside.end()) found = beside.emplace(std::pair{d, c}, holders_beside(d, c, tied_holders[d])).first;
            return found->second;
        };
        // A condition of the creation's own may tell equal objects apart (issue 47): only
        // Terraform's plan says whether it does.
        auto checked = [&](std::size_t c) {
            return state_.plan.checked_resources.count(config_resource_address(state_.creations[c].address())) > 0;
        };
        auto certain = [&](std::size_t d, std::size_t c) {
            return referrers[d].empty() && moving_referrers[d].empty() && tied_holders[d].empty() &&
                   beside_of(d, c).empty() && !state_.unverified.count({d, c}) && !checked(c);
        };
        // Per side: its candidates on the board, and those of them a trial must judge.
        struct Count {
            std::size_t all = 0, tried = 0;
            bool fits() const { return all <= tie_board_cap && tried <= tie_trial_cap; }
        };
        std::vector<Count> of_deletion(candidates_.size()), of_creation(state_.creations.size());
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (!in_tie(candidates_[d])) continue;
            referrers[d] = referrers_of(d);
            moving_referrers[d] = moving_referrers_of(d);
            tied_holders[d] = tied_holders_of(d);
            on_board[d] = candidates_its_holders_allow(d, referrers[d], moving_referrers[d]);
            for (std::size_t c : on_board[d]) {
                const std::size_t tried = certain(d, c) ? 0 : 1;
                for (Count* count : {&of_deletion[d], &of_creation[c]}) {
                    ++count->all;
                    count->tried += tried;
                }
            }
        }
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (!of_deletion[d].fits()) continue;
            for (std::size_t c : on_board[d]) {
                if (!of_creation[c].fits()) continue;
                const Attributes& before = state_.deletions[d].attributes();
                const Attributes& after = state_.creations[c].attributes();
                TiedPair tie;
                tie.move.from = state_.deletions[d].address();
                tie.move.to = state_.creations[c].address();
                tie.move.kind = differing_paths(before, after).empty() ? MatchKind::exact : MatchKind::ignore_rules;
                tie.move.evidence = known_values_equal(before, after, tie.move.kind);
                tie.move.tentative_because = "one of several equal candidates";
                auto unverified = state_.unverified.find({d, c});
                if (unverified != state_.unverified.end()) {
                    tie.move.evidence += "; " + join(unverified->second, ", ") + " unknown until apply";
                    tie.move.tentative_because += "; " + join(unverified->second, ", ") +
                                                  (unverified->second.size() == 1 ? " is" : " are") + " unknown until apply";
                }
                tie.referrers = referrers[d];
                tie.moving_referrers = moving_referrers[d];
                for (const Move& holder : beside_of(d, c)) tie.moving_referrers.push_back(holder);
                tie.tied_holders = tied_holders[d];
                for (const std::vector<Move>* holders : {&tie.moving_referrers, &tie.tied_holders})
                    for (const Move& holder : *holders)
                        if (ignores_what_it_holds(holder, d)) tie.blind_holders.push_back(holder.from);
                for (const auto& leaf : before)
                    if (leaf.path == "id" || leaf.path == "arn") tie.deletion_ids.push_back(leaf.value);
                for (const Address& holder : tie.referrers) tie.referrers_held_at.push_back(held_at(holder, tie.deletion_ids));
                for (const Address& holder : tie.referrers)
                    tie.holder_names_another = tie.holder_names_another || names_another(holder, tie.move.to);
                for (const Move& holder : tie.moving_referrers)
                    tie.holder_names_another = tie.holder_names_another || names_another(holder.to, tie.move.to);
                tie.certain = certain(d, c);
                tie.known_equal = compared_values(before, after);
                auto reached = refers_to.find(c);
                if (reached == refers_to.end()) {
                    std::string self = config_resource_address(tie.move.to);
                    std::set<std::string> found = reachable_from(references, {self});
                    found.erase(self);
                    reached = refers_to.emplace(c, std::vector<std::string>(found.begin(), found.end())).first;
                }
                tie.creation_refers_to = reached->second;
                state_.result.ties.push_back(std::move(tie));
            }
        }
    }

    // The candidates of tied deletion `d` that what holds its id leaves: a holder whose
    // configuration names one instance of the candidates' resource holds that instance's
    // id once the moves are made, so a pairing with another instance changes the holder,
    // and its trial, which the holder must pass too, cannot confirm it (were it confirmed
    // all the same, the named pairing's conclusive confirmation would rule it out). Left
    // off the board, such pairings cost no rounds, and a tie of many twins, each told
    // apart by the holder beside it in its module instance, comes within tie_trial_cap.
    // Where the holders leave no candidate (they name different ones), all stay.
    std::vector<std::size_t> candidates_its_holders_allow(std::size_t d, const std::vector<Address>& referrers,
                                                          const std::vector<Move>& moving_referrers) {
        std::vector<std::size_t> allowed;
        for (std::size_t c : candidates_[d]) {
            const Address& creation = state_.creations[c].address();
            const bool named_another =
                std::any_of(referrers.begin(), referrers.end(), [&](const Address& holder) { return names_another(holder, creation); }) ||
                std::any_of(moving_referrers.begin(), moving_referrers.end(),
                            [&](const Move& holder) { return names_another(holder.to, creation); });
            if (!named_another) allowed.push_back(c);
        }
        return allowed.empty() ? candidates_[d] : allowed;
    }

    // Whether the configuration of `holder` (at its new address) names another instance
    // of `creation`'s resource than `creation`: its own module instance's where the two
    // module instances differ, or another key where its references say which.
    bool names_another(const Address& holder, const Address& creation) {
        const auto found = state_.config_resources().find(config_resource_address(holder));
        if (found == state_.config_resources().end() || !creation.resource) return false;
        const ConfigResource& config = *found->second;
        if (holder.module.size() != creation.module.size()) return false;
        for (std::size_t i = 0; i < holder.module.size(); ++i)
            if (holder.module[i].name != creation.module[i].name) return false;
        const std::string resource = config_resource_address(Address{{}, creation.resource});
        if (std::find(config.references.begin(), config.references.end(), resource) == config.references.end()) return false;
        if (holder.module != creation.module) return true;
        std::vector<std::string> keyed;
        for (const auto& instance : config.instance_references)
            if (instance.starts_with(resource + "[")) keyed.push_back(instance);
        // Only the whole resource is named (a splat, a for expression): it may be any.
        if (keyed.empty()) return false;
        return std::find(keyed.begin(), keyed.end(), to_string(Address{{}, creation.resource})) == keyed.end();
    }

    // The objects that stay and hold the deletion's id or arn in a value still unknown:
    // which twin went where shows in their plans.
    std::vector<Address> referrers_of(std::size_t d) {
        std::vector<Address> out;
        for (const auto& leaf : state_.deletions[d].attributes()) {
            if (leaf.path != "id" && leaf.path != "arn") continue;
            for (const Held& held : held_values(leaf.value))
                if (std::find(out.begin(), out.end(), *held.holder) == out.end()) out.push_back(*held.holder);
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    // The paths at which `holder`, which stays, holds one of `ids` in a value still unknown.
    std::vector<std::string> held_at(const Address& holder, const std::vector<std::string>& ids) {
        std::vector<std::string> out;
        for (const std::string& id : ids)
            for (const Held& held : held_values(id))
                if (*held.holder == holder) out.push_back(*held.path);
        return out;
    }

    // Who holds `value` in a value still unknown, and where. A holder replaced for another
    // reason than its values (`replace_triggered_by`, `-replace`, a taint) is created anew
    // whatever it holds: its unknown values say nothing of what its configuration sets,
    // which may ignore them (`ignore_changes`), and it may plan no change whatever the
    // pairing once that reason is gone (refactor fuzzer, seed 1278689090: a wrong move).
    struct Held {
        const Address* holder;
        const std::string* path;
    };
    struct HeldLeaf {
        const Address* holder;
        const std::string* path;
        const std::string* value;
    };
    // A string holds an id when it is the id, or contains it (an ARN, a JSON policy, a
    // name built from it, by interpolation or through a `local`): holds_id.
    std::vector<Held> held_values(const std::string& value) {
        if (!held_values_) {
            held_values_.emplace();
            for (const auto& change : state_.plan.changes) {
                const bool replaced = change.action == Action::delete_then_create || change.action == Action::create_then_delete;
                if (replaced && change.action_reason != "replace_because_cannot_update") continue;
                for (const auto& leaf : change.held_until_apply)
                    if (leaf.value.size() > 2 && leaf.value.front() == '"')
                        held_values_->push_back({&change.address, &leaf.path, &leaf.value});
            }
        }
        std::vector<Held> out;
        for (const HeldLeaf& leaf : *held_values_)
            if (holds_id(*leaf.value, value)) out.push_back({leaf.holder, leaf.path});
        return out;
    }

    // The other deletions that hold the deletion's id or arn among their own values.
    std::set<std::size_t> deleted_holders_of(std::size_t d) {
        if (!deletion_values_) {
            deletion_values_.emplace();
            for (std::size_t other = 0; other < state_.deletions.size(); ++other)
                for (const auto& leaf : state_.deletions[other].attributes())
                    if (leaf.path != "id" && leaf.path != "arn" && leaf.value.size() > 2 && leaf.value.front() == '"')
                        deletion_values_->emplace_back(&leaf.value, other);
        }
        std::set<std::size_t> holders;
        for (const auto& leaf : state_.deletions[d].attributes()) {
            if (leaf.path != "id" && leaf.path != "arn") continue;
            for (const auto& [value, other] : *deletion_values_)
                if (holds_id(*value, leaf.value)) holders.insert(other);
        }
        holders.erase(d);
        return holders;
    }

    // Whether the moving `holder`'s new configuration ignores every attribute it sets that
    // holds tied deletion `d`'s id (`ignore_changes`): it then plans no change whichever
    // twin it is given, so its plan tells nothing (refactor fuzzer, seed 700's 1399005739).
    bool ignores_what_it_holds(const Move& holder, std::size_t d) {
        const auto config = state_.config_resources().find(config_resource_address(holder.to));
        if (config == state_.config_resources().end()) return false;
        const IgnoredChanges& ignored = config->second->ignored_changes;
        if (!ignored.any()) return false;
        std::set<std::string> ids;
        for (const auto& leaf : state_.deletions[d].attributes())
            if (leaf.path == "id" || leaf.path == "arn") ids.insert(leaf.value);
        if (!deletion_at_) {
            deletion_at_.emplace();
            for (std::size_t i = 0; i < state_.deletions.size(); ++i) deletion_at_->emplace(state_.deletions[i].address(), i);
        }
        const auto at = deletion_at_->find(holder.from);
        if (at == deletion_at_->end()) return false;
        bool holds = false;
        for (const auto& leaf : state_.deletions[at->second].attributes()) {
            if (leaf.path == "id" || leaf.path == "arn" || !ids.count(leaf.value)) continue;
            // What the provider computes from what it ignores (terraform_data's output) follows it.
            if (!config->second->sets(leaf.path)) continue;
            if (!ignored.covers(leaf.path)) return false;
            holds = true;
        }
        return holds;
    }

    Move holder_move(std::size_t holder, std::size_t creation, std::size_t d, const char* because) const {
        Move move;
        move.from = state_.deletions[holder].address();
        move.to = state_.creations[creation].address();
        move.evidence = "holds the id of " + to_string(state_.deletions[d].address());
        move.tentative_because = because;
        return move;
    }

    // The holders with one candidate creation alone, each as that move: they move with
    // the tied object, and their plans tell which twin went where, as the plans of
    // objects that stay do.
    std::vector<Move> moving_referrers_of(std::size_t d) {
        std::vector<Move> out;
        for (std::size_t r : deleted_holders_of(d))
            if (candidates_[r].size() == 1) out.push_back(holder_move(r, candidates_[r].front(), d, "moves with a tied object it holds"));
        return out;
    }

    // The holders of `d`'s id with several candidates, exactly one of them in the module
    // instance of creation `c`: tried with the pair (d, c), each goes beside it, where its
    // configuration refers to what that instance holds, and judges the pairing as a
    // holder with one candidate does (refactor fuzzer, seed 700's 1391802337: a module
    // given for_each, an identical instance created beside the old one, and twins inside
    // told apart only by holders that have a candidate in each instance). Holders tied
    // among themselves are not among them: their trial goes as `tied_holders` says.
    std::vector<Move> holders_beside(std::size_t d, std::size_t c, const std::vector<Move>& tied) {
        std::vector<Move> out;
        const ModulePath& instance = state_.creations[c].address().module;
        for (std::size_t r : deleted_holders_of(d)) {
            if (candidates_[r].size() < 2) continue;
            const Address& holder = state_.deletions[r].address();
            if (std::any_of(tied.begin(), tied.end(), [&](const Move& m) { return m.from == holder; })) continue;
            std::vector<std::size_t> there;
            for (std::size_t x : candidates_[r])
                if (state_.creations[x].address().module == instance) there.push_back(x);
            if (there.size() == 1)
                out.push_back(holder_move(r, there.front(), d, "moves with a tied object it holds, beside the candidate tried"));
        }
        return out;
    }

    // The holders with several candidates, when they are all alike: each has the same
    // candidates, as many as they are. Paired in the plan's order: they hold the same
    // id, so their plans judge the tied object's pairing in any order, and no order is
    // theirs (refactor fuzzer 1472923522: two identical holders of one of three twins,
    // each renamed, reaching it through module outputs; tried apart, every twin planned
    // no change with every candidate and every holder an update).
    std::vector<Move> tied_holders_of(std::size_t d) {
        std::vector<std::size_t> holders;
        for (std::size_t r : deleted_holders_of(d))
            if (candidates_[r].size() > 1) holders.push_back(r);
        if (holders.empty()) return {};
        const std::set<std::size_t> shared(candidates_[holders.front()].begin(), candidates_[holders.front()].end());
        if (shared.size() != holders.size()) return {};
        for (std::size_t r : holders)
            if (std::set<std::size_t>(candidates_[r].begin(), candidates_[r].end()) != shared) return {};
        std::vector<Move> out;
        auto creation = shared.begin();
        for (std::size_t r : holders) out.push_back(holder_move(r, *creation++, d, "tried with a tied object it holds"));
        return out;
    }

    void gather_evidence() {
        std::vector<std::pair<Address, Address>> known;
        std::vector<Address> tied_olds, tied_news;
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (candidates_[d].size() == 1 && state_.deletions_of[candidates_[d][0]].size() == 1)
                known.push_back({state_.deletions[d].address(), state_.creations[candidates_[d][0]].address()});
            if (!in_tie(candidates_[d])) continue;
            tied_olds.push_back(state_.deletions[d].address());
            for (std::size_t c : candidates_[d]) tied_news.push_back(state_.creations[c].address());
        }
        evidence_.emplace(state_.plan, known, tied_olds, tied_news);
    }

    void filter_by_dependencies() {
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (!in_tie(candidates_[d])) continue;
            std::vector<std::size_t> kept;
            for (std::size_t c : candidates_[d])
                if (evidence_->consistent(state_.deletions[d].address(), state_.creations[c].address())) kept.push_back(c);
            if (kept.size() != candidates_[d].size()) by_dependency_.insert(d);
            candidates_[d] = std::move(kept);
        }
    }

    // A tied object in a module instance goes with the rest of that instance. Where every
    // object of instance P paired on its own went to instance Q, and every one of Q's came
    // from P, the instance moved as a whole (a call renamed, or re-keyed from count to
    // for_each), and P's tied object takes Q's of the same resource and key. The other
    // pairings would split an instance; Terraform judges the whole instance's moves
    // together (a helper referred to by id plans no change only beside its own referrer).
    void resolve_by_module_instance() {
        std::vector<std::size_t> deletions_per_creation(state_.creations.size(), 0);
        for (const auto& candidates : candidates_)
            for (std::size_t c : candidates) ++deletions_per_creation[c];
        // Every pair that stands on its own counts, the root's and those within one
        // instance too: any of them means the instance did not move whole.
        std::map<ModulePath, std::set<ModulePath>> went_to, came_from;
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (candidates_[d].size() != 1 || deletions_per_creation[candidates_[d][0]] != 1) continue;
            const ModulePath& from = state_.deletions[d].address().module;
            const ModulePath& to = state_.creations[candidates_[d][0]].address().module;
            went_to[from].insert(to);
            came_from[to].insert(from);
        }
        if (went_to.empty()) return;
        // An instance that keeps or gains an object is still there; one that keeps or
        // loses an object was there before.
        std::set<ModulePath> still_there, there_before;
        for (const auto& change : state_.plan.changes) {
            if (!change.is_managed() || change.deposed) continue;
            if (change.action != Action::remove) still_there.insert(change.address.module);
            if (change.action != Action::create) there_before.insert(change.address.module);
        }
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (!in_tie(candidates_[d])) continue;
            const Address& deletion = state_.deletions[d].address();
            auto instance = went_to.find(deletion.module);
            if (deletion.module.empty() || instance == went_to.end() || instance->second.size() != 1) continue;
            const ModulePath& to = *instance->second.begin();
            if (to.empty() || to == deletion.module || came_from[to].size() != 1 || still_there.count(deletion.module) ||
                there_before.count(to))
                continue;
            for (std::size_t c : candidates_[d]) {
                const Address& creation = state_.creations[c].address();
                if (creation.module != to || creation.resource != deletion.resource) continue;
                candidates_[d] = {c};
                instance_moved_[d] = to_string(deletion.module) + " to " + to_string(to);
                break;
            }
        }
    }

    // A module instance that goes whole, and one that comes whole with the same objects at
    // the same addresses within it, each object a candidate of its counterpart, and no other
    // instance alike on either side: the instance moved whole (a call renamed, re-keyed,
    // given for_each, hoisted), and each tied object inside takes its counterpart. That
    // one trial settles every twin inside at once, which, tried one by one, plan no change
    // with any candidate. Instances alike on a side (two twins of one call) stay ties.
    // A pair that stands on its own is left out of both subtrees: it moves whatever its
    // instance does, so an instance whose other objects went elsewhere (out of the module,
    // as a call lost its for_each) is judged by what is left in it, as a second run judges
    // it once the first has written those moves.
    void resolve_by_instance_structure() {
        std::vector<std::size_t> deletions_per_creation(state_.creations.size(), 0);
        for (const auto& candidates : candidates_)
            for (std::size_t c : candidates) ++deletions_per_creation[c];
        std::vector<bool> settled_deletion(state_.deletions.size(), false);
        std::vector<bool> settled_creation(state_.creations.size(), false);
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (candidates_[d].size() != 1 || deletions_per_creation[candidates_[d][0]] != 1) continue;
            settled_deletion[d] = true;
            settled_creation[candidates_[d][0]] = true;
        }
        using Subtree = std::map<std::string, std::size_t>;  // address within it -> object
        std::map<ModulePath, Subtree> gone, come;
        for (std::size_t d = 0; d < candidates_.size(); ++d) {
            if (settled_deletion[d]) continue;
            const Address& address = state_.deletions[d].address();
            for (std::size_t depth = 1; depth <= address.module.size(); ++depth) {
                const ModulePath prefix(address.module.begin(), address.module.begin() + static_cast<std::ptrdiff_t>(depth));
                gone[prefix][to_string(relative_to(address, prefix))] = d;
            }
        }
        for (std::size_t c = 0; c < state_.creations.size(); ++c) {
            if (settled_creation[c]) continue;
            const Address& address = state_.creations[c].address();
            for (std::size_t depth = 1; depth <= address.module.size(); ++depth) {
                const ModulePath prefix(address.module.begin(), address.module.begin() + static_cast<std::ptrdiff_t>(depth));
                come[prefix][to_string(relative_to(address, prefix))] = c;
            }
        }
        // Only an instance all of whose objects go, and one all of whose objects are new.
        for (const auto& change : state_.plan.changes) {
            if (!change.is_managed() || change.deposed) continue;
            for (std::size_t depth = 1; depth <= change.address.module.size(); ++depth) {
                const ModulePath prefix(change.address.module.begin(),
                                        change.address.module.begin() + static_cast<std::ptrdiff_t>(depth));
                if (change.action != Action::remove) gone.erase(prefix);
                if (change.action != Action::create) come.erase(prefix);
            }
        }
        // By the candidates evidence has left, or, `by_values`, by every equal candidate:
        // the trials of a group judge what the dependency evidence could not.
        auto alike = [&](const Subtree& old_objects, const Subtree& new_objects, bool by_values = false) {
            if (old_objects.size() != new_objects.size()) return false;
            for (const auto& [within, d] : old_objects) {
                const auto counterpart = new_objects.find(within);
                if (counterpart == new_objects.end()) return false;
                if (by_values ? !state_.creations_of[d].count(counterpart->second)
                              : std::find(candidates_[d].begin(), candidates_[d].end(), counterpart->second) ==
                                    candidates_[d].end())
                    return false;
            }
            return true;
        };
        // Only instances with the same addresses within them can be alike.
        auto signature = [](const Subtree& objects) {
            std::string out;
            for (const auto& [within, object] : objects) out += within + '\n';
            return out;
        };
        std::map<std::string, std::vector<const ModulePath*>> come_by_signature, gone_by_signature;
        for (const auto& [instance, objects] : come) come_by_signature[signature(objects)].push_back(&instance);
        for (const auto& [instance, objects] : gone) gone_by_signature[signature(objects)].push_back(&instance);
        std::vector<const ModulePath*> shallow_first;
        for (const auto& [instance, objects] : gone) shallow_first.push_back(&instance);
        std::stable_sort(shallow_first.begin(), shallow_first.end(),
                         [](const ModulePath* a, const ModulePath* b) { return a->size() < b->size(); });
        std::vector<ModulePath> moved;
        for (const ModulePath* from : shallow_first) {
            if (std::any_of(moved.begin(), moved.end(), [&](const ModulePath& done) { return starts_with(*from, done); }))
                continue;
            const Subtree& old_objects = gone.at(*from);
            const std::string shape = signature(old_objects);
            std::vector<const ModulePath*> matches;
            for (const ModulePath* to : come_by_signature[shape])
                if (*to != *from && alike(old_objects, come.at(*to))) matches.push_back(to);
            if (matches.size() != 1) {
                // Inside an instance that goes whole too, the enclosing instance is the
                // company: a trial of the inner one alone would be judged without it.
                const ModulePath parent(from->begin(), from->end() - 1);
                if (!parent.empty() && gone.count(parent)) continue;
                std::vector<std::pair<const ModulePath*, const Subtree*>> instances;
                for (const ModulePath* to : come_by_signature[shape])
                    if (*to != *from && alike(old_objects, come.at(*to), true)) instances.push_back({to, &come.at(*to)});
                if (instances.size() >= 2 && instances.size() <= instance_group_cap &&
                    group_instance(*from, old_objects, instances))
                    moved.push_back(*from);
                continue;
            }
            const Subtree& new_objects = come.at(*matches.front());
            const auto& same_shape = gone_by_signature[shape];
            const bool another_goes_there = std::any_of(same_shape.begin(), same_shape.end(), [&](const ModulePath* other) {
                return *other != *from && alike(gone.at(*other), new_objects);
            });
            if (another_goes_there) continue;
            moved.push_back(*from);
            const std::string why = to_string(*from) + " to " + to_string(*matches.front());
            std::map<std::size_t, std::size_t> owner;  // counterpart -> this instance's object
            for (const auto& [within, d] : old_objects) {
                if (!in_tie(candidates_[d])) continue;
                candidates_[d] = {new_objects.at(within)};
                owner[new_objects.at(within)] = d;
                instance_moved_[d] = why;
            }
            // An object of an instance not alike (it keeps objects that go nowhere) does not
            // contest the counterparts: they are this instance's.
            for (std::size_t other = 0; other < candidates_.size(); ++other)
                candidates_[other].erase(std::remove_if(candidates_[other].begin(), candidates_[other].end(),
                                                        [&](std::size_t c) {
                                                            auto claimed = owner.find(c);
                                                            return claimed != owner.end() && claimed->second != other;
                                                        }),
                                         candidates_[other].end());
        }
    }

    // A tie group of one resource's instances (every deletion of R, every creation of R'),
    // as many on each side, whose creations' configuration refers to a resource S whose
    // instances moved by key: each deletion R[k] takes R'[m] where S[k] went to S[m], when
    // that pairs the group one to one. Only where the deletions differ from each other by
    // value at the paths their candidates' configuration leaves unknown (key_trail.hpp):
    // then at most one pairing plans every object with no change, and Terraform judges
    // this one in the same plan as S's moves, a plan and a show sooner than once the next
    // plan has made those values known. Twins alike there stay ties.
    void resolve_by_key_trail() {
        std::vector<std::size_t> deletions_per_creation(state_.creations.size(), 0);
        for (const auto& candidates : candidates_)
            for (std::size_t c : candidates) ++deletions_per_creation[c];
        std::vector<std::pair<Address, Address>> unique;
        for (std::size_t d = 0; d < candidates_.size(); ++d)
            if (candidates_[d].size() == 1 && deletions_per_creation[candidates_[d][0]] == 1)
                unique.push_back({state_.deletions[d].address(), state_.creations[candidates_[d][0]].address()});
        const KeyTrail trail = key_trail_of(state_.plan, std::move(unique));
        for (const auto& [deletions, creations] : tie_groups()) {
            const std::vector<std::size_t> group_creations(creations.begin(), creations.end());
            const auto chosen = pair_by_key_trail(state_, trail, state_.references(), deletions, group_creations, [&](std::size_t d, std::size_t c) {
                return std::find(candidates_[d].begin(), candidates_[d].end(), c) != candidates_[d].end();
            });
            for (const auto& [d, c] : chosen) {
                candidates_[d] = {c};
                by_key_trail_[d] =
                    trail_referents(trail, state_.references(), config_resource_address(state_.creations[c].address()));
            }
        }
    }

    // Each tie group: deletions and creations linked by candidates, as evidence left them.
    std::vector<std::pair<std::vector<std::size_t>, std::set<std::size_t>>> tie_groups() const {
        std::vector<std::vector<std::size_t>> deletions_of(state_.creations.size());
        for (std::size_t d = 0; d < candidates_.size(); ++d)
            for (std::size_t c : candidates_[d]) deletions_of[c].push_back(d);
        std::vector<std::pair<std::vector<std::size_t>, std::set<std::size_t>>> groups;
        std::vector<bool> seen(candidates_.size(), false);
        for (std::size_t start = 0; start < candidates_.size(); ++start) {
            if (seen[start] || candidates_[start].empty() || !in_current_tie(start, deletions_of)) continue;
            std::vector<std::size_t> group_deletions;
            std::set<std::size_t> group_creations;
            std::vector<std::size_t> queue = {start};
            seen[start] = true;
            while (!queue.empty()) {
                std::size_t d = queue.back();
                queue.pop_back();
                group_deletions.push_back(d);
                for (std::size_t c : candidates_[d]) {
                    group_creations.insert(c);
                    for (std::size_t other : deletions_of[c])
                        if (!seen[other]) {
                            seen[other] = true;
                            queue.push_back(other);
                        }
                }
            }
            std::sort(group_deletions.begin(), group_deletions.end());
            groups.push_back({std::move(group_deletions), std::move(group_creations)});
        }
        return groups;
    }

    // The trials of a module instance `from` alike with several new instances: its
    // objects' recorded tie pairs become one group per candidate instance, each object
    // paired only with its counterpart there, and each pair carrying the rest of its
    // group (and every holder any of them has) into its trial. False, and the ties as
    // they were, when a pair of some group was not recorded (a tie too large to try).
    template <typename Subtree>
    bool group_instance(const ModulePath& from, const Subtree& old_objects,
                        const std::vector<std::pair<const ModulePath*, const Subtree*>>& instances) {
        std::map<std::pair<Address, Address>, std::size_t> group_of;  // counterpart pair -> instance
        std::vector<std::vector<Move>> members(instances.size());
        for (std::size_t i = 0; i < instances.size(); ++i)
            for (const auto& [within, d] : old_objects) {
                Move member;
                member.from = state_.deletions[d].address();
                member.to = state_.creations[instances[i].second->at(within)].address();
                member.evidence = "moves with its module instance";
                member.tentative_because = "moves with its module instance";
                group_of[{member.from, member.to}] = i;
                members[i].push_back(std::move(member));
            }
        std::set<Address> member_from;
        for (const auto& [within, d] : old_objects) member_from.insert(state_.deletions[d].address());
        std::set<std::string> member_config;
        for (const auto& group : members)
            for (const Move& member : group) member_config.insert(config_resource_address(member.to));

        auto& ties = state_.result.ties;
        auto in_instance = [&](const TiedPair& tie) { return member_from.count(tie.move.from) > 0; };
        std::vector<std::vector<const TiedPair*>> recorded(instances.size());
        for (const auto& tie : ties) {
            if (!in_instance(tie)) continue;
            if (auto group = group_of.find({tie.move.from, tie.move.to}); group != group_of.end())
                recorded[group->second].push_back(&tie);
        }
        for (const auto& group : recorded)
            if (group.size() != old_objects.size()) return false;

        std::vector<TiedPair> grouped;
        for (std::size_t i = 0; i < instances.size(); ++i) {
            std::set<Address> referrers;
            std::map<Address, Move> holders;
            bool names_another = false;
            for (const TiedPair* tie : recorded[i]) {
                referrers.insert(tie->referrers.begin(), tie->referrers.end());
                for (const Move& holder : tie->moving_referrers)
                    if (!member_from.count(holder.from)) holders.emplace(holder.from, holder);
                names_another = names_another || tie->holder_names_another;
            }
            const std::string label = to_string(from) + " to " + to_string(*instances[i].first);
            for (const TiedPair* tie : recorded[i]) {
                TiedPair pair = *tie;
                pair.instance_group = label;
                pair.certain = false;
                pair.referrers.assign(referrers.begin(), referrers.end());
                pair.moving_referrers.clear();
                pair.tied_holders.clear();  // the group's one trial is judged by its own
                for (const Move& member : members[i])
                    if (member.from != pair.move.from) pair.moving_referrers.push_back(member);
                for (const auto& [address, holder] : holders) pair.moving_referrers.push_back(holder);
                pair.holder_names_another = names_another;
                // Its own instance's objects go with it: nothing in the group waits for them.
                std::erase_if(pair.creation_refers_to, [&](const std::string& address) { return member_config.count(address) > 0; });
                pair.move.evidence += "; tried with the rest of its module instance, " + label;
                grouped.push_back(std::move(pair));
            }
        }
        std::erase_if(ties, in_instance);
        ties.insert(ties.end(), grouped.begin(), grouped.end());
        std::stable_sort(ties.begin(), ties.end(), [](const TiedPair& a, const TiedPair& b) {
            return std::tie(a.move.from, a.move.to) < std::tie(b.move.from, b.move.to);
        });
        return true;
    }

    // Within each group of tied objects, the assignments that pair as many as possible;
    // of those, the one whose pairs carry every old dependency among them (and to
    // anchors) onto a new reference, and every new reference onto an old dependency.
    // Applied only when it is the one such assignment and elimination alone cannot
    // decide: two assignments that both fit leave the tie as it is.
    void resolve_by_structure() {
        // The groups are disjoint: settling one leaves the others as they were.
        for (const auto& [group_deletions, group_creations] : tie_groups())
            if (group_deletions.size() <= structure_group_cap && group_creations.size() <= structure_group_cap)
                settle_group(group_deletions);
    }

    bool in_current_tie(std::size_t d, const std::vector<std::vector<std::size_t>>& deletions_of) const {
        if (candidates_[d].size() > 1) return true;
        for (std::size_t c : candidates_[d])
            if (deletions_of[c].size() > 1) return true;
        return false;
    }

    struct Search {
        std::vector<std::size_t> deletions;
        std::vector<std::optional<std::size_t>> assignment;  // per group deletion
        std::set<std::size_t> used;
        std::size_t best_size = 0;
        std::size_t assignments_of_best_size = 0;
        std::vector<std::vector<std::optional<std::size_t>>> fitting;  // of the best size
        std::size_t steps = 0;
        bool exhausted = false;
    };

    void settle_group(const std::vector<std::size_t>& group_deletions) {
        Search search;
        search.deletions = group_deletions;
        search.assignment.assign(group_deletions.size(), std::nullopt);
        explore(search, 0, 0);
        if (search.exhausted || search.assignments_of_best_size < 2 || search.fitting.size() != 1) return;
        const auto& chosen = search.fitting.front();
        for (std::size_t i = 0; i < group_deletions.size(); ++i) {
            std::size_t d = group_deletions[i];
            candidates_[d] = chosen[i] ? std::vector<std::size_t>{*chosen[i]} : std::vector<std::size_t>{};
            by_structure_.insert(d);
        }
    }

    void explore(Search& search, std::size_t index, std::size_t size) {
        if (search.exhausted || ++search.steps > structure_step_cap) {
            search.exhausted = true;
            return;
        }
        std::size_t left = search.deletions.size() - index;
        if (size + left < search.best_size) return;
        if (index == search.deletions.size()) {
            if (size > search.best_size) {
                search.best_size = size;
                search.assignments_of_best_size = 0;
                search.fitting.clear();
            }
            ++search.assignments_of_best_size;
            if (preserves_structure(search)) search.fitting.push_back(search.assignment);
            return;
        }
        for (std::size_t c : candidates_[search.deletions[index]]) {
            if (search.used.count(c)) continue;
            search.used.insert(c);
            search.assignment[index] = c;
            explore(search, index + 1, size + 1);
            search.assignment[index] = std::nullopt;
            search.used.erase(c);
        }
        explore(search, index + 1, size);
    }

    bool preserves_structure(const Search& search) const {
        std::vector<std::pair<Address, Address>> pairs;
        for (std::size_t i = 0; i < search.deletions.size(); ++i)
            if (search.assignment[i])
                pairs.push_back({state_.deletions[search.deletions[i]].address(), state_.creations[*search.assignment[i]].address()});
        return evidence_->preserves_structure(pairs);
    }

    // Constraint propagation: a side with a single remaining candidate claims it.
    void propagate_and_accept() {
        std::vector<std::set<std::size_t>> deletions_of(state_.creations.size());
        for (std::size_t d = 0; d < candidates_.size(); ++d)
            for (std::size_t c : candidates_[d]) deletions_of[c].insert(d);
        std::vector<std::set<std::size_t>> creations_of(candidates_.size());
        for (std::size_t d = 0; d < candidates_.size(); ++d) creations_of[d].insert(candidates_[d].begin(), candidates_[d].end());

        bool progress = true;
        while (progress) {
            progress = false;
            // A side whose only candidate is X claims X: X is no longer a candidate for
            // anyone else, unless another side is pinned to X too (then it is a tie).
            auto claim = [&progress](std::vector<std::set<std::size_t>>& options_of_side,
                                     std::vector<std::set<std::size_t>>& sides_of_option, std::set<std::size_t>& taken) {
                for (std::size_t side = 0; side < options_of_side.size(); ++side) {
                    if (options_of_side[side].size() != 1) continue;
                    std::size_t option = *options_of_side[side].begin();
                    if (sides_of_option[option].size() == 1) continue;
                    bool contested = false;
                    for (std::size_t other : sides_of_option[option])
                        if (other != side && options_of_side[other].size() == 1) contested = true;
                    if (contested) continue;
                    for (std::size_t other : std::set<std::size_t>(sides_of_option[option])) {
                        if (other == side) continue;
                        options_of_side[other].erase(option);
                        sides_of_option[option].erase(other);
                        taken.insert(other);
                        progress = true;
                    }
                    taken.insert(side);
                }
            };
            claim(creations_of, deletions_of, propagated_deletions_);
            claim(deletions_of, creations_of, propagated_creations_);
            for (std::size_t d = 0; d < candidates_.size(); ++d) {
                if (state_.matched_deletion[d] || creations_of[d].size() != 1) continue;
                std::size_t c = *creations_of[d].begin();
                if (deletions_of[c].size() != 1) continue;
                accept(d, c);
                progress = true;
                for (std::size_t other : state_.deletions_of[c]) creations_of[other].erase(c);
                for (std::size_t other : state_.creations_of[d]) deletions_of[other].erase(d);
                creations_of[d].clear();
                deletions_of[c].clear();
            }
        }
    }

    void accept(std::size_t d, std::size_t c) {
        const Attributes& before = state_.deletions[d].attributes();
        const Attributes& after = state_.creations[c].attributes();
        bool propagated = propagated_deletions_.count(d) > 0 || propagated_creations_.count(c) > 0;
        bool structure = by_structure_.count(d) > 0;
        auto instance = instance_moved_.find(d);
        auto keyed = by_key_trail_.find(d);
        bool dependency = by_dependency_.count(d) > 0 ||
                          (!propagated && !structure && instance == instance_moved_.end() && keyed == by_key_trail_.end() &&
                           (state_.creations_of[d].size() > 1 || state_.deletions_of[c].size() > 1));
        Move move;
        move.kind = differing_paths(before, after).empty() ? MatchKind::exact : MatchKind::ignore_rules;
        move.evidence = known_values_equal(before, after, move.kind);
        std::vector<std::string> tentative;
        if (auto it = state_.unverified.find({d, c}); it != state_.unverified.end()) {
            std::string attributes = join(it->second, ", ");
            move.evidence += "; " + attributes + " unknown until apply";
            tentative.push_back(attributes + (it->second.size() == 1 ? " is" : " are") + " unknown until apply");
        }
        if (dependency) {
            move.evidence += "; dependencies tell it from its identical twins";
            tentative.push_back("resolved out of a tie by dependencies");
            if (evidence_) move.witnesses = evidence_->witnesses(state_.deletions[d].address());
        }
        if (structure) {
            move.evidence += "; the only pairing that carries the old dependencies onto the new references";
            tentative.push_back("resolved out of a tie by reference structure");
        }
        if (instance != instance_moved_.end()) {
            move.evidence += "; moves with the rest of its module instance, " + instance->second;
            tentative.push_back("resolved out of a tie by its module instance");
        }
        if (keyed != by_key_trail_.end()) {
            move.evidence += "; takes the key its referent took, " + keyed->second;
            tentative.push_back("resolved out of a tie by its referent's keys");
        }
        if (propagated) {
            move.evidence += "; its other candidates are each another object's only match";
            tentative.push_back("resolved out of a tie by elimination");
        }
        move.by_dependency = dependency;
        move.guessed = keyed != by_key_trail_.end();
        move.from_tie = dependency || propagated || structure || instance != instance_moved_.end() || keyed != by_key_trail_.end();
        move.tentative_because = join(tentative, "; ");
        if (move.from_tie) {
            for (std::size_t other : state_.creations_of[d])
                if (other != c) move.tied_with.push_back(state_.creations[other].address());
            for (std::size_t other : state_.deletions_of[c])
                if (other != d) move.tied_with.push_back(state_.deletions[other].address());
        }
        state_.accept(d, c, std::move(move));
    }

    void record_ties() {
        for (std::size_t d = 0; d < state_.deletions.size(); ++d) {
            if (state_.matched_deletion[d] || state_.creations_of[d].empty()) continue;
            state_.tied_deletions[d].assign(state_.creations_of[d].begin(), state_.creations_of[d].end());
        }
        for (std::size_t c = 0; c < state_.creations.size(); ++c) {
            if (state_.matched_creation[c] || state_.deletions_of[c].empty()) continue;
            state_.tied_creations[c].assign(state_.deletions_of[c].begin(), state_.deletions_of[c].end());
        }
    }

    MatchState& state_;
    std::vector<std::vector<std::size_t>> candidates_;  // per deletion, narrowed by evidence
    std::optional<DependencyEvidence> evidence_;
    // Quoted string values held until apply -> the objects holding them; built on first use.
    std::optional<std::vector<HeldLeaf>> held_values_;
    // A value of some deletion (id and arn aside) -> the deletions that hold it.
    std::optional<std::vector<std::pair<const std::string*, std::size_t>>> deletion_values_;
    // Each deletion's index by its address, for what a holder move names.
    std::optional<std::map<Address, std::size_t>> deletion_at_;
    std::set<std::size_t> by_dependency_;
    std::set<std::size_t> by_structure_;
    std::map<std::size_t, std::string> instance_moved_;  // deletion -> `module.a[0] to module.b["x"]`
    std::map<std::size_t, std::string> by_key_trail_;    // deletion -> the referents whose keys it followed
    std::set<std::size_t> propagated_deletions_;  // paired by propagation, either way
    std::set<std::size_t> propagated_creations_;
};

}  // namespace

void resolve_ties(MatchState& state) { Ties(state).run(); }

}  // namespace tfw::core::match
