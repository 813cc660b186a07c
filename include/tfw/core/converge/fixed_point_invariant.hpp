// The fixed point every run ends at, stated once and checked at the end of every run
// (docs/ARCHITECTURE.md, "The fixed point"):
//   1. the final plan is made with the user's options and holds exactly the moves reported;
//   2. every reported move is judged in that plan: no change, or an update a `partial`
//      rule accepted or a person confirmed;
//   3. every withdrawn move was refuted in the company of the moves that stand, or was
//      tried again until the policy's round limit, which the run then says;
//   4. a tie is true only when each candidate, with what holds its id, planned no change
//      (a candidate untried whose holders tell the twins apart could still break it).
// The engine holds these by construction; this function is the proof it can be asked for,
// and a run whose final plan breaks one withdraws the moves at fault instead of reporting
// them. Pure.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tfw/core/converge/move_trial.hpp"
#include "tfw/core/model/address.hpp"
#include "tfw/core/model/move.hpp"

namespace tfw::core::inline converge {

// The last verdict read for a move: which plan, what Terraform planned, and whether the
// policy or a person accepted it there.
struct ReadVerdict {
    std::string plan_file;
    TrialOutcome outcome = TrialOutcome::not_moved;
    bool accepted = false;
};

// A tied side left unpaired as a true tie, with each candidate not refuted: whether it
// was tried (not taken as certain) and whether what holds the deletion's id tells the
// twins apart (TieEdge::holders_tell), so that its confirmation would rule the others out.
struct TrueTie {
    Address side;
    struct Candidate {
        MovePair move;
        bool tried = false;
        bool holders_tell = false;
    };
    std::vector<Candidate> candidates;
};

struct RunEnd {
    std::string final_file;
    bool final_as_asked = false;          // made with the user's options (refresh as asked)
    std::vector<MovePair> reported;       // the moves the run reports
    std::vector<MovePair> final_injected; // the moves the final plan was made with
    std::map<MovePair, ReadVerdict> verdicts;
    std::vector<MovePair> stale_withdrawals;  // withdrawals the moves that stand give another company
    bool retries_ran_out = false;             // the policy's round limit stopped them: said
    std::vector<TrueTie> true_ties;
};

struct Breach {
    int rule = 0;          // 1 to 4, as above
    std::string what;      // in words, naming the move
    std::vector<MovePair> at_fault;  // the moves to withdraw; empty when none can be
};

std::vector<Breach> fixed_point_breaches(const RunEnd& end);

}  // namespace tfw::core::converge
