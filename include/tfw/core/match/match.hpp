// Pairing planned deletions with planned creations that are the same real object.
// Output: moves with their evidence, and the unresolved with the reason each stayed so.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tfw/core/model/address.hpp"
#include "tfw/core/model/move.hpp"
#include "tfw/core/model/plan.hpp"
#include "tfw/core/policy/policy.hpp"

namespace tfw::core::inline match {

// One rejected or tied candidate of an unmatched object, for explanations.
struct CandidateNote {
    Address other;
    std::vector<std::string> differing_paths;  // first few; empty for a tie
    // What else kept the pair apart, when not (only) differing values: `provider
    // registry.terraform.io/acme/aws`, `name unknown until apply`.
    std::string note;
};

struct Unmatched {
    Address address;
    bool is_deletion = false;
    std::string reason;
    std::vector<CandidateNote> candidates;
};

// A candidate pair of a side that had several equal candidates: where Terraform's
// trials start when static evidence leaves the tie (core/converge/tie_trials).
struct TiedPair {
    Move move;  // tentative: only a trial can settle it
    // Every known value equal and none unknown until apply: Terraform would plan it
    // with no change.
    bool certain = false;
    std::size_t known_equal = 0;  // how many known values are equal: the evidence
    // Config addresses the creation's configuration reaches through references (itself
    // excluded): a tied object whose parent is tied too waits for the parent's trial.
    std::vector<std::string> creation_refers_to;
    // Objects that stay and hold the deletion's id (or arn) in a value the plan leaves
    // unknown: under the wrong pairing they would plan a change, under the right one none.
    // With any, equal values are not certain: the trial judges them too.
    std::vector<Address> referrers;
    // For each of `referrers`, the paths at which it holds the deletion's id, unknown in
    // this plan: once the same paths are known in another plan, it refers to something
    // known there.
    std::vector<std::vector<std::string>> referrers_held_at;
    // Objects that hold the deletion's id and move too, each as its only pairing (a
    // holder renamed with its twins): a trial of this pair moves them with it, and they
    // must plan no change as well. A tie is true only when each candidate, with what
    // refers to it, plans no change.
    std::vector<Move> moving_referrers;
    // Objects that hold the deletion's id and move too, but are tied among themselves:
    // each matches every creation the others match, as many creations as holders (two
    // identical holders of one twin, renamed). A trial of this pair moves them onto those
    // creations in one order, which no plan can tell from another since they hold the same
    // id, and they must plan no change as well, as `moving_referrers` must. They do not
    // move with the pair: their own tie is theirs to settle.
    std::vector<Move> tied_holders;
    // The holders of `moving_referrers` and `tied_holders` (by their old addresses) whose
    // new configuration ignores what holds the id (`ignore_changes`): they plan no change
    // whatever the pairing, so they move with it but cannot tell the twins apart.
    std::vector<Address> blind_holders;
    // The deletion's id and arn as the plan gives them (JSON strings): what a holder that
    // refers to the creation holds once this pair is moved.
    std::vector<std::string> deletion_ids;
    // A holder's configuration names another instance of the creation's resource (its
    // module instance's own, or another key): its plan speaks of that instance, so its no
    // change cannot confirm this pair (under ignore_changes it plans none whatever moves).
    bool holder_names_another = false;
    // A module instance that went whole, alike with several that came whole: each of
    // its objects is tried only with its counterpart in one of them, the whole instance
    // at once (`module.a to module.a["x"]`), with the rest of it as `moving_referrers`.
    // One plan per candidate instance settles every twin inside, which, tried one by one,
    // plan no change with any candidate. Empty: a pair tried on its own.
    std::string instance_group;
};

struct MatchResult {
    std::vector<Move> moves;
    std::vector<Unmatched> unmatched;
    // Every candidate pair of every side that tied, whether static evidence then
    // resolved the tie or not, by `from` then `to`.
    std::vector<TiedPair> ties;
};

// Infers moves from a plan. Pure: the same plan and policy always give the same result,
// sorted by `from`.
MatchResult match_moves(const Plan& plan, const Policy& policy);

// The paths at which a deletion's prior values and a creation's planned values differ,
// skipping paths unknown until apply; with ignore rules applied when `rules` is not empty.
std::vector<std::string> differing_paths(const Attributes& before, const Attributes& after,
                                         const std::vector<const IgnoreRule*>& rules = {});

}  // namespace tfw::core::match
