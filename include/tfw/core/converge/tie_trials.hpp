// Breaking ties with Terraform. When static evidence leaves a deletion with several
// candidate creations (or a creation with several deletions), each candidate pair is
// tried: injected as a `moved` block, with one replan per round, and judged by what
// Terraform then plans for the moved object. A pair is made when it planned no change and
// every other candidate of both its sides was refuted; two candidates that both plan no
// change are a true tie, and nothing moves.
//
// This file decides, and runs nothing: which pairs go into the next round, and what the
// verdicts so far settle. The engine (core/converge/converge_engine) asks for the rounds' plans.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/converge/trial_order.hpp"
#include "tfw/core/match/match.hpp"
#include "tfw/core/model/move.hpp"

namespace tfw::core::inline converge {

enum class TieVerdict {
    untried,
    confirmed,  // planned with no change
    refuted,    // an update, a replace, or a move Terraform did not carry out
};

struct TieEdge {
    Move move;  // as a trial injects it
    // Every known value equal, none unknown until apply, and nothing that stays refers to
    // it by value: Terraform would plan the pair with no change, so no plan is spent.
    bool certain = false;
    TieVerdict verdict = TieVerdict::untried;
    int round = 0;        // the round that judged it; 0: not tried
    std::string because;  // Terraform's verdict in words, once tried
    std::vector<std::string> creation_refers_to;  // as TiedPair's
    std::vector<Address> referrers;               // as TiedPair's: must plan no change too
    std::vector<Move> moving_referrers;           // as TiedPair's: tried with it, must plan no change too
    // Refuted though the pair itself planned no change: only what holds the deletion's id
    // changed, which it may do whatever the pairing (a holder changed for its own reason).
    bool refuted_by_holders_only = false;
    // Some holder of the deletion's id holds no other tied deletion's: it refers to one
    // creation, and its verdict tells which (one holding both twins' ids, sorted, cannot).
    bool holders_tell = false;
    // As TiedPair's: the module instance group whose one trial judges every pair in it.
    std::string instance_group;
    std::vector<std::string> deletion_ids;                   // as TiedPair's
    std::vector<std::vector<std::string>> referrers_held_at;  // as TiedPair's
    // In the plan of a trial of another candidate, a holder of the deletion's id held
    // instead the id of the deletion that trial moved to this creation: the holder refers
    // to it, so it is the deletion's candidate tried next (an order, the trial judges).
    bool pointed_to = false;
    // As TiedPair's: tried with it and must plan no change too, but never moved with it.
    std::vector<Move> tied_holders;
    // How many module steps deep the deletion's module instance is whose other objects the
    // moves that stand took to the creation's (trail_depth); 0 where none did. Where every
    // candidate plans no change, the deepest tells the twins apart (settle).
    std::size_t instance_depth = 0;

    // Confirmed by a plan in which a holder that tells planned no change too: that holder
    // refers to this creation, so no other candidate of either side can plan no change
    // with it, and they are ruled out without a plan of their own.
    bool conclusive() const { return verdict == TieVerdict::confirmed && holders_tell; }
};

struct TieBoard {
    std::vector<TieEdge> edges;  // the candidate pairs of every tied side
    // Where the moves that stand took each old module instance's objects: a side left a
    // tie says when its instance went to several, so that no instance mapping tells.
    InstanceTrail trail;
};

// The board of a match's ties, each deletion's candidates with the most evidence first:
// more known values equal, then the closer match, then the likelier by the moves that
// stand (`standing`) and by the addresses (trial_order.hpp).
TieBoard tie_board(const std::vector<TiedPair>& ties, const std::vector<Move>& standing = {});

// The edges to try in the next round: at most one per deletion and one per creation,
// each side's untried candidate with the most evidence first, and only where the answer
// could still change a decision. A module instance group is tried alone, before the rest:
// its trial moves a whole instance, and what refers into the instance plans differently
// with each candidate, so a trial beside it would be judged in the company of a guess;
// once a group is paired, the rest waits for it to stand. A candidate whose configuration refers to a tied
// creation that may yet be moved waits for it: its values depend on where that one goes,
// and once that move stands its tie may settle without a trial. Empty: nothing left worth
// a plan now; with waiting() true, the pairs settled so far must stand first.
std::vector<std::size_t> next_round(const TieBoard& board);

// The round without the trials that would move an object, or onto an address, otherwise
// than an earlier trial of it does, with what moves with it (a holder that goes with one
// trial is another trial's side, tried elsewhere): a verdict read of a move the round did
// not make would refute a pairing on nothing. They wait for a round of their own.
std::vector<std::size_t> without_clashes(const TieBoard& board, const std::vector<std::size_t>& round);

// True when some candidate worth a plan waits for a tied object it refers to.
bool waiting(const TieBoard& board);

// Whether, in the plan of the trial that confirmed `chosen` conclusively, something that
// holds the id of `other`'s deletion may refer to `chosen`'s creation: then `other`, of
// the same creation, may plan no change with its own holders too. Empty: it may.
using HoldersMayReferTo = std::function<bool(const TieEdge& chosen, const TieEdge& other)>;

// Records a round's verdict on an edge. A conclusive confirmation rules out the other
// candidates of its deletion, and of its creation those whose deletion no holder tells
// of, or whose holders refer elsewhere in the trial's plan (`may_refer`): two
// deletions whose holders both come to refer to one creation are a tie for Terraform
// to try, each planning no change with its own holder, not a race the first tried wins.
void record_verdict(TieBoard& board, std::size_t edge, bool no_change, int round, std::string because,
                    const HoldersMayReferTo& may_refer = {});

// A HoldersMayReferTo that reads the trial's plan: a holder that plans no change, where
// it stays or where it moved, refers elsewhere (it still holds the rival's id, which the
// creation does not have), and one created there refers to the creation only if it holds
// the id the creation took. Any other holder may.
bool holders_may_refer_to(const Plan& trial, const TieEdge& chosen, const TieEdge& other);

// Certain pairs that go with a round so that, in its plan, a refuted holder's values name
// the creation it refers to. Each creation a refuted trial could point to (an open
// candidate of a round edge whose holders tell, whose deletion has two others open) is
// moved to by a tied deletion nothing holds. Such a holder then holds that deletion's id
// instead of a value known after apply, which names nothing. No verdict changes with
// them: a holder that refers to a wrong creation changes either way.
std::vector<std::size_t> round_fillers(const TieBoard& board, const std::vector<std::size_t>& round);

// Whether a round's plan may point a refuted edge's deletion to a candidate: some edge of
// the round was refuted, its holders tell, and its deletion has other candidates open.
bool may_point(const TieBoard& board, const std::vector<std::size_t>& round);

// Reads the round's plan (`moved`: every edge it injected, fillers included): a holder
// of a refuted edge's deletion that now holds the id of another deletion the round moved
// refers to that deletion's new creation, and the edge from its own deletion to that
// creation is marked `pointed_to`.
void record_pointers(TieBoard& board, const Plan& trial, const std::vector<std::size_t>& moved);

// Whether a conclusive confirmation of `edge` would leave another candidate of its
// creation to `holders_may_refer_to`: one whose deletion a holder tells of.
bool has_held_rival(const TieBoard& board, std::size_t edge);

// Records the verdict of a trial of `edge` on every edge it judged: itself and the rest of
// its module instance group, whose moves were in the same plan and each had to plan no
// change. A group confirmed while every other group of its instance was refuted is the
// instance's move: each other candidate of its objects' new addresses is ruled out. The
// edges whose verdict changed.
std::vector<std::size_t> record_trial(TieBoard& board, std::size_t edge, bool no_change, int round,
                                      const std::string& because, const HoldersMayReferTo& may_refer = {});


struct TieOutcome {
    std::vector<std::size_t> paired;  // edges that are moves now
    // Sides that are true ties (two candidates planned no change), and sides whose every
    // candidate was refuted, each with its reason, by printed address.
    struct Settled {
        Address address;
        bool is_deletion = false;
        std::string reason;
    };
    std::vector<Settled> unpaired;
    std::vector<Address> undecided;  // still open: the round limit stopped the trials
};

// The move a paired edge makes, its evidence saying how the trials settled it. It stays
// tentative: the plan that injects every settled pair together confirms it.
Move settled_move(const TieBoard& board, std::size_t edge);

// What the verdicts so far settle. A side still open is undecided: more rounds could
// decide it, but none ran.
TieOutcome settle(const TieBoard& board);

// Whether a side the trials left unpaired has one candidate left that a settled pair did
// not take, refuted only by what holds its id: alone now, it may pair on its own once the
// settled pairs stand (a twin whose holder changes whatever the pairing).
bool alone_beside_settled(const TieBoard& board, const TieOutcome& outcome);

// What the trials of one run know: the ties of the last analysis, the verdicts since it,
// the pairs the trials made, and why each tied object they could not pair stays.
struct TieBook {
    std::vector<TiedPair> ties;
    std::map<MovePair, TieEdge> judged;
    std::set<MovePair> settled;
    std::map<Address, std::string> reasons;

    // A new analysis: new values, new ties, and verdicts made with other moves in are stale.
    void start_analysis(std::vector<TiedPair> fresh);
    // An unmatched object whose tie the trials took up says what they found, and each of
    // its candidates what its trial found.
    void explain(Unmatched& entry) const;
};

}  // namespace tfw::core::converge
