#include "tfw/core/converge/tie_trials.hpp"

#include "tfw/core/converge/trial_order.hpp"
#include "tfw/core/match/match_state.hpp"
#include "tfw/core/model/text.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace tfw::core::inline converge {
namespace {

bool confirmed(const TieEdge& edge) {
    return edge.verdict == TieVerdict::confirmed || (edge.certain && edge.verdict == TieVerdict::untried);
}
bool refuted(const TieEdge& edge) { return edge.verdict == TieVerdict::refuted; }
bool open(const TieEdge& edge) { return !confirmed(edge) && !refuted(edge); }
bool in_group(const TieEdge& edge) { return !edge.instance_group.empty(); }

// The edges of each side, deletions by `from` and creations by `to`, in board order.
struct Sides {
    std::map<Address, std::vector<std::size_t>> of_deletion;
    std::map<Address, std::vector<std::size_t>> of_creation;

    explicit Sides(const TieBoard& board) {
        for (std::size_t e = 0; e < board.edges.size(); ++e) {
            of_deletion[board.edges[e].move.from].push_back(e);
            of_creation[board.edges[e].move.to].push_back(e);
        }
    }
};

// Why a side can no longer be paired, or "" while it still can. A pair can still be
// made of an edge not refuted whose two sides have no other candidate that planned no
// change: the rest could yet be refuted.
class Hope {
public:
    Hope(const TieBoard& board, const Sides& sides) : board_(board), sides_(sides) {}

    // "; no instance mapping: …" where the deletion's module instance (or an ancestor)
    // went to several new ones by the moves that stand, so none tells where the twin went.
    std::string no_instance_mapping(const Address& side, bool is_deletion) const {
        if (!is_deletion) return "";
        const ModulePath from = module_of(side);
        for (std::size_t depth = from.size(); depth > 0; --depth) {
            const ModulePath instance(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(depth));
            const auto went = board_.trail.went_to.find(instance);
            if (went == board_.trail.went_to.end() || went->second.size() < 2) continue;
            std::vector<std::string> places;
            for (const ModulePath& place : went->second) places.push_back(place.empty() ? "the root module" : to_string(place));
            return "; no instance mapping: the other objects of " + to_string(instance) + " went to " + join(places, " and ");
        }
        return "";
    }

    std::string lost(const Address& side, bool is_deletion) const {
        const auto& edges = edges_of(side, is_deletion);
        std::vector<const Address*> planned_equal;
        for (std::size_t e : edges)
            if (confirmed(board_.edges[e])) planned_equal.push_back(&other(e, is_deletion));
        if (planned_equal.size() >= 2) {
            // Not yet true while a candidate whose holders tell is untried: its conclusive
            // confirmation would rule the others out.
            for (std::size_t e : edges)
                if (open(board_.edges[e]) && board_.edges[e].holders_tell && pairable(e)) return "";
            // Only what Terraform planned is said to be its verdict (issue 47): twins certain
            // on their values alone, which no plan was spent on, are said to be that.
            const bool planned = std::count_if(edges.begin(), edges.end(), [&](std::size_t e) {
                                     return confirmed(board_.edges[e]) && board_.edges[e].round > 0;
                                 }) >= 2;
            if (!planned)
                return "identical to " + to_string(*planned_equal[0]) + " and to " + to_string(*planned_equal[1]) +
                       ": every known value equal, nothing that stays holding its id, and no module instance "
                       "telling them apart (not planned: Terraform would plan no change with either)" +
                       no_instance_mapping(side, is_deletion);
            return "a true tie: Terraform plans no change with " + to_string(*planned_equal[0]) + " and with " +
                   to_string(*planned_equal[1]) + no_instance_mapping(side, is_deletion);
        }
        const std::size_t* left = nullptr;
        for (const std::size_t& e : edges) {
            if (refuted(board_.edges[e])) continue;
            if (pairable(e)) return "";
            if (!left) left = &e;
        }
        if (!left) return "Terraform's trials ruled out every candidate";
        if (!planned_equal.empty()) return "its only match, " + to_string(*planned_equal.front()) + ", is a true tie itself";
        std::vector<std::string> others;
        for (std::size_t e : edges)
            if (!refuted(board_.edges[e])) others.push_back(to_string(other(e, is_deletion)));
        return "every candidate Terraform did not refute planned no change with another object: " + join(others, ", ");
    }

private:
    // A candidate the holders of its deletion's id may confirm conclusively is worth a plan
    // beside certain ones and others confirmed without a holder that tells, which its
    // confirmation would rule out.
    bool pairable(std::size_t e) const {
        const bool may_be_conclusive = board_.edges[e].holders_tell;
        auto alone = [&](const std::vector<std::size_t>& edges) {
            return std::none_of(edges.begin(), edges.end(), [&](std::size_t o) {
                const TieEdge& other = board_.edges[o];
                return o != e && confirmed(other) && !(may_be_conclusive && !other.conclusive());
            });
        };
        const TieEdge& edge = board_.edges[e];
        return !refuted(edge) && alone(edges_of(edge.move.from, true)) && alone(edges_of(edge.move.to, false));
    }

    const std::vector<std::size_t>& edges_of(const Address& side, bool is_deletion) const {
        return (is_deletion ? sides_.of_deletion : sides_.of_creation).at(side);
    }

    const Address& other(std::size_t e, bool is_deletion) const {
        return is_deletion ? board_.edges[e].move.to : board_.edges[e].move.from;
    }

    const TieBoard& board_;
    const Sides& sides_;
};

bool worth_trying(const TieBoard& board, const Hope& hope, std::size_t e) {
    const TieEdge& edge = board.edges[e];
    return open(edge) && (hope.lost(edge.move.from, true).empty() || hope.lost(edge.move.to, false).empty());
}

// The config addresses of the tied creations that may yet be moved: those with a
// candidate Terraform has not refuted.
std::set<std::string> open_creations(const TieBoard& board) {
    std::set<std::string> out;
    for (const auto& edge : board.edges)
        if (!refuted(edge)) out.insert(config_resource_address(edge.move.to));
    return out;
}

bool waits(const TieEdge& edge, const std::set<std::string>& open) {
    return std::any_of(edge.creation_refers_to.begin(), edge.creation_refers_to.end(),
                       [&](const std::string& address) { return open.count(address) > 0; });
}

}  // namespace

TieOutcome settle(const TieBoard& board);

namespace {

// Whether the verdicts so far pair a module instance group's edge.
bool group_paired(const TieBoard& board) {
    const TieOutcome outcome = settle(board);
    return std::any_of(outcome.paired.begin(), outcome.paired.end(), [&](std::size_t e) { return in_group(board.edges[e]); });
}

std::vector<std::size_t> schedule(const TieBoard& board, bool let_wait) {
    Sides sides(board);
    Hope hope(board, sides);
    std::set<std::string> open = let_wait ? open_creations(board) : std::set<std::string>{};
    std::vector<std::size_t> round;
    std::set<Address> used_deletions, used_creations;
    // A group's trial moves every object of its instance: no other edge of the round may
    // move one of them, or the group's company would not be the one it is judged in.
    auto moves_of = [&](std::size_t e) {
        std::vector<const Move*> out{&board.edges[e].move};
        if (!board.edges[e].instance_group.empty())
            for (const Move& member : board.edges[e].moving_referrers) out.push_back(&member);
        return out;
    };
    bool groups_open = false;
    for (std::size_t e = 0; e < board.edges.size(); ++e)
        groups_open = groups_open || (in_group(board.edges[e]) && worth_trying(board, hope, e) && !waits(board.edges[e], open));
    if (!groups_open && group_paired(board)) return {};
    for (const auto& [from, edges] : sides.of_deletion) {
        std::vector<std::size_t> in_order = edges;
        std::stable_partition(in_order.begin(), in_order.end(), [&](std::size_t e) { return board.edges[e].pointed_to; });
        for (std::size_t e : in_order) {
            if (in_group(board.edges[e]) != groups_open) continue;
            const auto moves = moves_of(e);
            const bool taken = std::any_of(moves.begin(), moves.end(), [&](const Move* move) {
                return used_deletions.count(move->from) || used_creations.count(move->to);
            });
            if (taken || !worth_trying(board, hope, e) || waits(board.edges[e], open)) continue;
            round.push_back(e);
            if (groups_open) return round;
            for (const Move* move : moves) {
                used_deletions.insert(move->from);
                used_creations.insert(move->to);
            }
            break;
        }
    }
    return round;
}

// How many candidates of `e`'s deletion other than `e` are still open.
std::size_t other_open(const TieBoard& board, const Sides& sides, std::size_t e) {
    const auto& edges = sides.of_deletion.at(board.edges[e].move.from);
    return static_cast<std::size_t>(
        std::count_if(edges.begin(), edges.end(), [&](std::size_t o) { return o != e && open(board.edges[o]); }));
}

}  // namespace

TieBoard tie_board(const std::vector<TiedPair>& ties, const std::vector<Move>& standing) {
    std::vector<const TiedPair*> order;
    for (const auto& tie : ties) order.push_back(&tie);
    // Then the candidate where the rest of the deletion's module instance went, then the
    // one whose address has more of the deletion's names (trial_order.hpp).
    const InstanceTrail trail = instance_trail(standing);
    std::map<const TiedPair*, std::pair<std::size_t, std::size_t>> likeness;
    for (const TiedPair* tie : order)
        likeness[tie] = {trail_depth(trail, tie->move), shared_names(tie->move.from, tie->move.to)};
    // A holder that moves too most likely refers to what is beside it in its new module
    // instance: that candidate is tried first (a guess to order the trials, which judge).
    auto beside_its_holder = [](const TiedPair* tie) {
        return std::any_of(tie->moving_referrers.begin(), tie->moving_referrers.end(),
                           [&](const Move& holder) { return holder.to.module == tie->move.to.module; });
    };
    std::stable_sort(order.begin(), order.end(), [&](const TiedPair* a, const TiedPair* b) {
        if (a->move.from != b->move.from) return a->move.from < b->move.from;
        if (a->known_equal != b->known_equal) return a->known_equal > b->known_equal;
        if (beside_its_holder(a) != beside_its_holder(b)) return beside_its_holder(a);
        if (a->move.similarity != b->move.similarity) return a->move.similarity > b->move.similarity;
        if (likeness[a] != likeness[b]) return likeness[a] > likeness[b];
        return a->move.to < b->move.to;
    });
    // The tied deletions each holder holds the id of.
    std::map<Address, std::set<Address>> held_by;
    for (const TiedPair* tie : order) {
        for (const Address& holder : tie->referrers) held_by[holder].insert(tie->move.from);
        for (const Move& holder : tie->moving_referrers) held_by[holder.from].insert(tie->move.from);
        for (const Move& holder : tie->tied_holders) held_by[holder.from].insert(tie->move.from);
    }
    auto tells = [&](const Address& holder) { return held_by[holder].size() == 1; };
    TieBoard board;
    board.trail = trail;
    for (const TiedPair* tie : order) {
        TieEdge edge{tie->move,    tie->certain, TieVerdict::untried, 0,     {},
                     tie->creation_refers_to, tie->referrers, tie->moving_referrers, false, false,
                     tie->instance_group, tie->deletion_ids, tie->referrers_held_at, false, tie->tied_holders};
        const auto moved_holder_tells = [&](const Move& holder) {
            return tells(holder.from) &&
                   std::find(tie->blind_holders.begin(), tie->blind_holders.end(), holder.from) == tie->blind_holders.end();
        };
        // A group's other pairs are its company, not holders: the sibling groups' verdicts decide.
        edge.holders_tell = tie->instance_group.empty() && !tie->holder_names_another &&
                            (std::any_of(tie->referrers.begin(), tie->referrers.end(), tells) ||
                             std::any_of(tie->moving_referrers.begin(), tie->moving_referrers.end(), moved_holder_tells) ||
                             std::any_of(tie->tied_holders.begin(), tie->tied_holders.end(), moved_holder_tells));
        edge.instance_depth = likeness[tie].first;
        board.edges.push_back(std::move(edge));
    }
    return board;
}

std::vector<std::size_t> without_clashes(const TieBoard& board, const std::vector<std::size_t>& round) {
    std::map<Address, Address> to_of, from_of;
    std::vector<std::size_t> out;
    for (std::size_t e : round) {
        std::vector<const Move*> moves = {&board.edges[e].move};
        for (const Move& holder : board.edges[e].moving_referrers) moves.push_back(&holder);
        const bool clashes = std::any_of(moves.begin(), moves.end(), [&](const Move* m) {
            const auto to = to_of.find(m->from);
            const auto from = from_of.find(m->to);
            return (to != to_of.end() && to->second != m->to) || (from != from_of.end() && from->second != m->from);
        });
        if (clashes) continue;
        for (const Move* m : moves) {
            to_of[m->from] = m->to;
            from_of[m->to] = m->from;
        }
        out.push_back(e);
    }
    return out;
}

std::vector<std::size_t> next_round(const TieBoard& board) {
    std::vector<std::size_t> round = without_clashes(board, schedule(board, true));
    if (!round.empty()) return round;
    // What waits for a parent the trials have paired is tried once that move stands.
    if (!settle(board).paired.empty() && waiting(board)) return {};
    // Parents that stay tied, or objects that refer to each other in a circle: what
    // waits for them is tried as things are.
    return without_clashes(board, schedule(board, false));
}

bool waiting(const TieBoard& board) {
    Sides sides(board);
    Hope hope(board, sides);
    std::set<std::string> open = open_creations(board);
    for (std::size_t e = 0; e < board.edges.size(); ++e)
        if (worth_trying(board, hope, e) && waits(board.edges[e], open)) return true;
    if (!group_paired(board)) return false;
    for (std::size_t e = 0; e < board.edges.size(); ++e)
        if (!in_group(board.edges[e]) && worth_trying(board, hope, e)) return true;
    return false;
}

void record_verdict(TieBoard& board, std::size_t edge, bool no_change, int round, std::string because,
                    const HoldersMayReferTo& may_refer) {
    TieEdge& judged = board.edges.at(edge);
    judged.verdict = no_change ? TieVerdict::confirmed : TieVerdict::refuted;
    judged.round = round;
    judged.because = std::move(because);
    if (!judged.conclusive()) return;
    const Move chosen = judged.move;
    for (std::size_t e = 0; e < board.edges.size(); ++e) {
        TieEdge& other = board.edges[e];
        if (e == edge || other.conclusive() || other.verdict == TieVerdict::refuted ||
            (other.move.from != chosen.from && other.move.to != chosen.to))
            continue;
        if (other.move.from != chosen.from && other.holders_tell &&
            (!may_refer || may_refer(judged, other)))
            continue;
        other.verdict = TieVerdict::refuted;
        other.round = round;
        other.because = "ruled out by " + to_string(chosen.from) + " -> " + to_string(chosen.to) +
                        ", which what holds " + to_string(chosen.from) + "'s id confirmed";
    }
}

std::vector<std::size_t> record_trial(TieBoard& board, std::size_t edge, bool no_change, int round,
                                      const std::string& because, const HoldersMayReferTo& may_refer) {
    const std::string group = board.edges.at(edge).instance_group;
    std::vector<std::size_t> changed;
    for (std::size_t e = 0; e < board.edges.size(); ++e)
        if (e == edge || (!group.empty() && board.edges[e].instance_group == group)) {
            record_verdict(board, e, no_change, round, because, may_refer);
            changed.push_back(e);
        }
    if (group.empty()) return changed;
    // The groups of the same instance: those whose edges leave the same deletions.
    const Address& from = board.edges[edge].move.from;
    std::map<std::string, const TieEdge*> siblings;
    for (const auto& other : board.edges)
        if (in_group(other) && other.move.from == from) siblings.emplace(other.instance_group, &other);
    std::vector<std::string> confirmed_groups;
    for (const auto& [name, sample] : siblings) {
        if (open(*sample)) return changed;
        if (confirmed(*sample)) confirmed_groups.push_back(name);
    }
    if (confirmed_groups.size() != 1) return changed;
    std::set<Address> taken_deletions, taken_creations;
    for (const auto& member : board.edges)
        if (member.instance_group == confirmed_groups.front()) {
            taken_deletions.insert(member.move.from);
            taken_creations.insert(member.move.to);
        }
    for (std::size_t e = 0; e < board.edges.size(); ++e) {
        TieEdge& other = board.edges[e];
        if (other.instance_group == confirmed_groups.front() || refuted(other) ||
            (!taken_deletions.count(other.move.from) && !taken_creations.count(other.move.to)))
            continue;
        other.verdict = TieVerdict::refuted;
        other.round = round;
        other.because = "ruled out by the module instance's move, " + confirmed_groups.front() +
                        ", which Terraform planned with no change where every other candidate instance changed";
        changed.push_back(e);
    }
    return changed;
}

bool holders_may_refer_to(const Plan& trial, const TieEdge& chosen, const TieEdge& other) {
    auto change_at = [&](const Address& address) -> const ResourceChange* {
        for (const auto& change : trial.changes)
            if (change.address == address && !change.deposed) return &change;
        return nullptr;
    };
    auto holds_any = [](const Attributes& attributes, const std::vector<std::string>& ids) {
        return std::any_of(attributes.begin(), attributes.end(), [&](const AttributeLeaf& leaf) {
            return !leaf.unknown &&
                   std::any_of(ids.begin(), ids.end(), [&](const std::string& id) { return holds_id(leaf.value, id); });
        });
    };
    // A holder that plans no change, where it stays or where it moved, still holds the
    // rival's id, which the chosen creation does not have: it refers to something else.
    // One created there refers to the creation only if it holds the id the creation took.
    // One that stays and changes refers to something still unknown there (not the
    // creation, whose id is known) when every path at which it held the rival's id is
    // unknown again; any other may now hold that id (an update's new values are not read).
    auto may_hold_chosen = [&](const Address& holder, const std::vector<std::string>* held_at) {
        const ResourceChange* change = change_at(holder);
        if (!change) return true;
        if (change->action == Action::no_op) return false;
        if (change->is_creation_candidate()) return holds_any(change->after, chosen.deletion_ids);
        if (!held_at || held_at->empty()) return true;
        return !std::all_of(held_at->begin(), held_at->end(), [&](const std::string& path) {
            return std::any_of(change->held_until_apply.begin(), change->held_until_apply.end(), [&](const AttributeLeaf& leaf) {
                return leaf.path == path &&
                       std::any_of(other.deletion_ids.begin(), other.deletion_ids.end(),
                                   [&](const std::string& id) { return holds_id(leaf.value, id); });
            });
        });
    };
    for (std::size_t k = 0; k < other.referrers.size(); ++k)
        if (may_hold_chosen(other.referrers[k], k < other.referrers_held_at.size() ? &other.referrers_held_at[k] : nullptr))
            return true;
    // Tied holders may be at any of their group's creations, which their moves cover.
    const auto moved_may_hold_chosen = [&](const Move& holder) { return may_hold_chosen(holder.to, nullptr); };
    return std::any_of(other.moving_referrers.begin(), other.moving_referrers.end(), moved_may_hold_chosen) ||
           std::any_of(other.tied_holders.begin(), other.tied_holders.end(), moved_may_hold_chosen);
}

bool has_held_rival(const TieBoard& board, std::size_t edge) {
    const TieEdge& chosen = board.edges.at(edge);
    return std::any_of(board.edges.begin(), board.edges.end(), [&](const TieEdge& other) {
        return other.move.to == chosen.move.to && other.move.from != chosen.move.from && other.holders_tell &&
               other.verdict != TieVerdict::refuted && !other.conclusive();
    });
}

Move settled_move(const TieBoard& board, std::size_t edge) {
    const TieEdge& chosen = board.edges.at(edge);
    std::vector<std::string> refuted_others;
    for (const auto& other : board.edges) {
        if (&other == &chosen || !refuted(other)) continue;
        if (other.move.from == chosen.move.from) refuted_others.push_back(to_string(other.move.to));
        if (other.move.to == chosen.move.to) refuted_others.push_back(to_string(other.move.from));
    }
    std::vector<std::string> confirmed_others;
    for (const auto& other : board.edges) {
        if (&other == &chosen || !confirmed(other)) continue;
        if (other.move.from == chosen.move.from) confirmed_others.push_back(to_string(other.move.to));
        if (other.move.to == chosen.move.to) confirmed_others.push_back(to_string(other.move.from));
    }
    Move move = chosen.move;
    std::vector<std::string> evidence;
    if (!move.evidence.empty()) evidence.push_back(move.evidence);
    if (!confirmed_others.empty()) {
        const ModulePath from = module_of(move.from);
        const ModulePath instance(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(std::min(chosen.instance_depth, from.size())));
        evidence.push_back("Terraform plans no change with " + join(confirmed_others, ", ") +
                           " too; its module instance tells them apart: the other objects of " + to_string(instance) +
                           " went to " + to_string(module_of(move.to)));
    }
    // With no rival on the board, what holds the deletion's id left no other candidate
    // (match_ties' candidates_its_holders_allow): nothing was ruled out by a trial.
    const bool held = !chosen.referrers.empty() || !chosen.moving_referrers.empty() || !chosen.tied_holders.empty();
    if (!refuted_others.empty())
        evidence.push_back("Terraform's trials ruled out the other candidate" + std::string(refuted_others.size() == 1 ? "" : "s") +
                           " (" + join(refuted_others, ", ") + ")");
    else if (held)
        evidence.push_back("what holds its id refers to no other candidate");
    move.evidence = join(evidence, "; ");
    move.tentative_because = "chosen out of a tie by Terraform's trials";
    move.from_tie = false;
    move.by_dependency = false;
    move.witnesses.clear();
    return move;
}

bool alone_beside_settled(const TieBoard& board, const TieOutcome& outcome) {
    std::set<Address> settled_sides;
    for (std::size_t e : outcome.paired) settled_sides.insert({board.edges[e].move.from, board.edges[e].move.to});
    for (const auto& side : outcome.unpaired) {
        std::vector<const TieEdge*> left;
        for (const auto& edge : board.edges) {
            const bool of_side = side.is_deletion ? edge.move.from == side.address : edge.move.to == side.address;
            if (of_side && !settled_sides.count(side.is_deletion ? edge.move.to : edge.move.from)) left.push_back(&edge);
        }
        if (left.size() == 1 && left.front()->refuted_by_holders_only) return true;
    }
    return false;
}

TieOutcome settle(const TieBoard& board) {
    Sides sides(board);
    Hope hope(board, sides);
    TieOutcome outcome;
    std::set<Address> paired;
    for (std::size_t e = 0; e < board.edges.size(); ++e) {
        const TieEdge& edge = board.edges[e];
        if (!confirmed(edge)) continue;
        auto only_one = [&](const std::vector<std::size_t>& edges) {
            return std::all_of(edges.begin(), edges.end(), [&](std::size_t other) { return other == e || refuted(board.edges[other]); });
        };
        if (!only_one(sides.of_deletion.at(edge.move.from)) || !only_one(sides.of_creation.at(edge.move.to))) continue;
        outcome.paired.push_back(e);
        paired.insert(edge.move.from);
        paired.insert(edge.move.to);
    }
    // Twins Terraform planned no change with either way are no tie where their module
    // instance tells them apart (issue 47): the rest of the deletion's instance went where
    // this creation is, deeper in that trail than any other candidate of either side that
    // was not refuted. Identical members follow their instance; Terraform's no change stands.
    for (std::size_t e = 0; e < board.edges.size(); ++e) {
        const TieEdge& edge = board.edges[e];
        if (!confirmed(edge) || edge.instance_depth == 0 || paired.count(edge.move.from) || paired.count(edge.move.to))
            continue;
        auto deepest = [&](const std::vector<std::size_t>& edges) {
            return std::all_of(edges.begin(), edges.end(), [&](std::size_t other) {
                const TieEdge& rival = board.edges[other];
                return other == e || refuted(rival) || (confirmed(rival) && rival.instance_depth < edge.instance_depth);
            });
        };
        if (!deepest(sides.of_deletion.at(edge.move.from)) || !deepest(sides.of_creation.at(edge.move.to))) continue;
        outcome.paired.push_back(e);
        paired.insert(edge.move.from);
        paired.insert(edge.move.to);
    }
    auto settle_side = [&](const Address& side, const std::vector<std::size_t>& edges, bool is_deletion) {
        if (paired.count(side)) return;
        std::string reason = hope.lost(side, is_deletion);
        if (!reason.empty()) {
            outcome.unpaired.push_back({side, is_deletion, std::move(reason)});
            return;
        }
        // Open while a candidate of its own is worth a plan, or one of the side it planned
        // no change with is.
        auto open_side = [&](const std::vector<std::size_t>& of_side) {
            return std::any_of(of_side.begin(), of_side.end(), [&](std::size_t e) { return worth_trying(board, hope, e); });
        };
        bool more = open_side(edges) || std::any_of(edges.begin(), edges.end(), [&](std::size_t e) {
                        const TieEdge& edge = board.edges[e];
                        if (!confirmed(edge)) return false;
                        return open_side(is_deletion ? sides.of_creation.at(edge.move.to) : sides.of_deletion.at(edge.move.from));
                    });
        if (more)
            outcome.undecided.push_back(side);
        else
            outcome.unpaired.push_back({side, is_deletion, "Terraform's verdicts leave it with no single match"});
    };
    for (const auto& [from, edges] : sides.of_deletion) settle_side(from, edges, true);
    for (const auto& [to, edges] : sides.of_creation) settle_side(to, edges, false);
    return outcome;
}

void TieBook::start_analysis(std::vector<TiedPair> fresh) {
    ties = std::move(fresh);
    judged.clear();
}

void TieBook::explain(Unmatched& entry) const {
    auto reason = reasons.find(entry.address);
    if (reason == reasons.end()) return;
    entry.reason = reason->second;
    for (auto& candidate : entry.candidates) {
        MovePair pair = entry.is_deletion ? MovePair{entry.address, candidate.other} : MovePair{candidate.other, entry.address};
        if (auto found = judged.find(pair); found != judged.end() && found->second.round > 0)
            candidate.note = "tried in round " + std::to_string(found->second.round) + ": " + found->second.because;
    }
}

std::vector<std::size_t> round_fillers(const TieBoard& board, const std::vector<std::size_t>& round) {
    Sides sides(board);
    std::set<Address> used_deletions, used_creations, pointable;
    for (std::size_t e : round) {
        used_deletions.insert(board.edges[e].move.from);
        used_creations.insert(board.edges[e].move.to);
    }
    for (std::size_t e : round) {
        const TieEdge& edge = board.edges[e];
        // Pointing matters where, once this edge is refuted, two candidates or more are left.
        if (!edge.holders_tell || other_open(board, sides, e) < 2) continue;
        for (std::size_t o : sides.of_deletion.at(edge.move.from))
            if (open(board.edges[o])) pointable.insert(board.edges[o].move.to);
    }
    // A creation another tied creation refers to stays unfilled: where its filler went
    // would make the referrer's verdict.
    std::set<std::string> referred;
    for (const auto& edge : board.edges) referred.insert(edge.creation_refers_to.begin(), edge.creation_refers_to.end());
    std::vector<std::size_t> out;
    for (const Address& creation : pointable) {
        if (used_creations.count(creation) || referred.count(config_resource_address(creation))) continue;
        for (std::size_t o : sides.of_creation.at(creation)) {
            const TieEdge& filler = board.edges[o];
            if (!filler.certain || in_group(filler) || filler.verdict != TieVerdict::untried ||
                used_deletions.count(filler.move.from))
                continue;
            out.push_back(o);
            used_deletions.insert(filler.move.from);
            used_creations.insert(creation);
            break;
        }
    }
    return out;
}

bool may_point(const TieBoard& board, const std::vector<std::size_t>& round) {
    Sides sides(board);
    return std::any_of(round.begin(), round.end(), [&](std::size_t e) {
        return refuted(board.edges[e]) && board.edges[e].holders_tell && other_open(board, sides, e) >= 2;
    });
}

void record_pointers(TieBoard& board, const Plan& trial, const std::vector<std::size_t>& moved) {
    std::map<std::string, Address> went_to;  // a moved deletion's id -> the creation it went to
    for (std::size_t e : moved)
        for (const std::string& id : board.edges[e].deletion_ids) went_to.emplace(id, board.edges[e].move.to);
    std::map<Address, const ResourceChange*> changes;
    for (const auto& change : trial.changes)
        if (!change.deposed) changes.emplace(change.address, &change);
    std::set<MovePair> pointed;
    for (std::size_t e : moved) {
        const TieEdge& edge = board.edges[e];
        if (!refuted(edge) || !edge.holders_tell) continue;
        std::vector<Address> holders = edge.referrers;
        for (const Move& holder : edge.moving_referrers) holders.push_back(holder.to);
        for (const Address& holder : holders) {
            const auto change = changes.find(holder);
            if (change == changes.end()) continue;
            for (const AttributeLeaf& leaf : change->second->after) {
                if (leaf.unknown) continue;
                for (const auto& [id, to] : went_to)
                    if (to != edge.move.to && holds_id(leaf.value, id)) pointed.insert({edge.move.from, to});
            }
        }
    }
    for (auto& edge : board.edges)
        if (open(edge) && pointed.count({edge.move.from, edge.move.to})) edge.pointed_to = true;
}

}  // namespace tfw::core::converge
