#include "tfw/core/converge/fixed_point_invariant.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

MovePair pair_of(const std::string& from, const std::string& to) {
    return {must_parse_address("terraform_data." + from), must_parse_address("terraform_data." + to)};
}

// A run that ends well: a and b moved, each judged by the final plan, accepted.
RunEnd good_end() {
    RunEnd end;
    end.final_file = "final-1.tfplan";
    end.final_as_asked = true;
    end.reported = {pair_of("a", "a2"), pair_of("b", "b2")};
    end.final_injected = end.reported;
    for (const auto& move : end.reported) end.verdicts[move] = {"final-1.tfplan", TrialOutcome::no_change, true};
    return end;
}

std::vector<std::string> breaches_of(const RunEnd& end) {
    std::vector<std::string> out;
    for (const auto& breach : fixed_point_breaches(end)) {
        std::string faulty;
        for (const auto& move : breach.at_fault) faulty += " [" + to_string(move.first) + "]";
        out.push_back(std::to_string(breach.rule) + ": " + breach.what + faulty);
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_way_the_fixed_point_can_break) {
    struct Case {
        std::string name;
        std::function<void(RunEnd&)> change;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"a run that ends well", [](RunEnd&) {}, {}},
        {"1: the final plan skipped the refresh the user asked for", [](RunEnd& end) { end.final_as_asked = false; },
         {"1: the final plan final-1.tfplan was not made with the user's options"}},
        {"1: a move reported that the final plan does not hold",
         [](RunEnd& end) { end.final_injected.pop_back(); },
         {"1: terraform_data.b -> terraform_data.b2 is reported but not in the final plan [terraform_data.b]"}},
        {"1: a move in the final plan that is not reported",
         [](RunEnd& end) { end.reported.pop_back(); },
         {"1: terraform_data.b -> terraform_data.b2 is in the final plan but not reported [terraform_data.b]"}},
        {"2: a move judged only by an earlier plan",
         [](RunEnd& end) { end.verdicts[pair_of("a", "a2")].plan_file = "plan-2.tfplan"; },
         {"2: terraform_data.a -> terraform_data.a2 was not judged by the final plan [terraform_data.a]"}},
        {"2: a move the final plan replaces",
         [](RunEnd& end) { end.verdicts[pair_of("a", "a2")].outcome = TrialOutcome::replace; },
         {"2: terraform_data.a -> terraform_data.a2: Terraform would replace it in the final plan, and not accepted "
          "[terraform_data.a]"}},
        {"2: an update nobody accepted",
         [](RunEnd& end) {
             end.verdicts[pair_of("b", "b2")].outcome = TrialOutcome::update;
             end.verdicts[pair_of("b", "b2")].accepted = false;
         },
         {"2: terraform_data.b -> terraform_data.b2: Terraform would update it in place in the final plan, and not "
          "accepted [terraform_data.b]"}},
        {"2: an update a partial rule accepted stands",
         [](RunEnd& end) { end.verdicts[pair_of("b", "b2")].outcome = TrialOutcome::update; }, {}},
        {"3: a withdrawal never tried with the moves that stand",
         [](RunEnd& end) { end.stale_withdrawals = {pair_of("c", "c2")}; },
         {"3: terraform_data.c -> terraform_data.c2 was withdrawn in another company than the moves that stand, and not "
          "tried with them"}},
        {"3: unless the round limit stopped its retries, which the run says",
         [](RunEnd& end) {
             end.stale_withdrawals = {pair_of("c", "c2")};
             end.retries_ran_out = true;
         },
         {}},
        {"4: a true tie of a candidate never tried with holders that tell the twins apart",
         [](RunEnd& end) {
             end.true_ties.push_back({must_parse_address("terraform_data.t"), {{pair_of("t", "x"), false, true}, {pair_of("t", "y"), true, true}}});
         },
         {"4: terraform_data.t is called a true tie, but terraform_data.t -> terraform_data.x was never tried with what "
          "holds its id"}},
        {"4: twins nothing holds, or holders that hold both, are a true tie without a plan",
         [](RunEnd& end) {
             end.true_ties.push_back({must_parse_address("terraform_data.t"), {{pair_of("t", "x"), false, false}, {pair_of("t", "y"), false, false}}});
         },
         {}},
    };
    for (const auto& c : cases) {
        RunEnd end = good_end();
        c.change(end);
        BOOST_TEST(breaches_of(end) == c.expected, c.name);
    }
}
