#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "tfw/core/policy/policy_decide.hpp"
#include "tfw/core/policy/policy_yaml.hpp"

using namespace tfw::core;

namespace {

Move move(std::string_view from, std::string_view to, MatchKind kind = MatchKind::exact) {
    Move out;
    out.from = must_parse_address(from);
    out.to = must_parse_address(to);
    out.kind = kind;
    return out;
}

Policy loaded_policy(const std::string& yaml) { return load_policy("version: 1\n" + yaml, "p.yaml"); }

std::string show(const Decision& decision) {
    return std::string(to_string(decision.verdict)) + ": " + decision.rule;
}

}  // namespace

BOOST_AUTO_TEST_CASE(verdict_names) {
    BOOST_TEST(to_string(Verdict::accepted) == "accepted");
    BOOST_TEST(to_string(Verdict::proposed) == "proposed");
    BOOST_TEST(to_string(Verdict::denied) == "denied");
}

BOOST_AUTO_TEST_CASE(decide_table) {
    struct Case {
        std::string name;
        Policy policy;
        Move move;
        std::string expected;  // show() of the decision
    };
    const Policy defaults = default_policy();
    const std::string null_to_data = "cross_type:\n  - {from: null_resource, to: terraform_data}\n";
    std::vector<Case> cases = {
        // The defaults.
        {"defaults accept exact", defaults, move("aws_instance.a", "aws_instance.b"),
         "accepted: accept[0] at built-in defaults"},
        {"defaults accept ignore", defaults, move("aws_instance.a", "aws_instance.b", MatchKind::ignore_rules),
         "accepted: accept[0] at built-in defaults"},
        {"defaults propose partial", defaults, move("aws_instance.a", "aws_instance.b", MatchKind::partial),
         "proposed: no accept rule matches kind partial"},
        {"defaults deny cross_type", defaults,
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type),
         "denied: no cross_type rule allows null_resource -> terraform_data"},
        {"a file without accept keeps the default rule", loaded_policy("max_moves: 5\n"),
         move("aws_instance.a", "aws_instance.b"), "accepted: accept[0] at built-in defaults"},
        {"accept: [] accepts nothing", loaded_policy("accept: []\n"), move("aws_instance.a", "aws_instance.b"),
         "proposed: no accept rule matches kind exact"},

        // accept: kinds, types, modules and order.
        {"the first matching rule is named",
         loaded_policy("accept:\n  - kinds: [ignore]\n  - kinds: [exact]\n  - kinds: [exact, ignore]\n"),
         move("a.x", "a.y"), "accepted: accept[1] at p.yaml:4:5"},
        {"partial accepted when listed", loaded_policy("partial: {threshold: 0.8}\naccept:\n  - kinds: [partial]\n"),
         move("a.x", "a.y", MatchKind::partial), "accepted: accept[0] at p.yaml:4:5"},
        {"types match", loaded_policy("accept:\n  - kinds: [exact]\n    types: [\"aws_*\"]\n"),
         move("aws_instance.a", "aws_instance.b"), "accepted: accept[0] at p.yaml:3:5"},
        {"types do not match",
         loaded_policy("accept:\n  - kinds: [exact]\n    types: [\"aws_*\"]\n"),
         move("google_compute_instance.a", "google_compute_instance.b"),
         "proposed: no accept rule matches kind exact for type google_compute_instance in the root module"},
        {"modules match instances and children",
         loaded_policy("accept:\n  - kinds: [exact]\n    modules: [\"module.net*\"]\n"),
         move("module.net[0].module.sub.a.x", "module.net[0].module.sub.a.y"), "accepted: accept[0] at p.yaml:3:5"},
        {"modules do not match the root",
         loaded_policy("accept:\n  - kinds: [exact]\n    modules: [\"module.net*\"]\n"), move("a.x", "a.y"),
         "proposed: no accept rule matches kind exact for type a in the root module"},
        {"\"\" is the root module", loaded_policy("accept:\n  - kinds: [exact]\n    modules: [\"\"]\n"), move("a.x", "a.y"),
         "accepted: accept[0] at p.yaml:3:5"},
        {"\"\" is only the root module", loaded_policy("accept:\n  - kinds: [exact]\n    modules: [\"\"]\n"),
         move("module.m.a.x", "module.m.a.y"),
         "proposed: no accept rule matches kind exact for type a in module.m"},
        {"both module paths must match",
         loaded_policy("accept:\n  - kinds: [exact]\n    modules: [\"module.net*\"]\n"),
         move("a.x", "module.net.a.x"),
         "proposed: no accept rule matches kind exact for type a from the root module to module.net"},
        {"a move between two listed modules",
         loaded_policy("accept:\n  - kinds: [exact]\n    modules: [\"\", \"module.net*\"]\n"),
         move("a.x", "module.net.a.x"), "accepted: accept[0] at p.yaml:3:5"},
        {"a module address has no type to match",
         loaded_policy("accept:\n  - kinds: [exact]\n    types: [\"*\"]\n"), move("module.a", "module.b"),
         "proposed: no accept rule matches kind exact from module.a to module.b"},

        // cross_type needs both an allowance and an accept rule naming the kind.
        {"cross_type allowed and accepted",
         loaded_policy(null_to_data + "accept:\n  - kinds: [cross_type]\n"),
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type), "accepted: accept[0] at p.yaml:5:5"},
        {"cross_type allowed but no rule lists it", loaded_policy(null_to_data),
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type),
         "proposed: no accept rule matches kind cross_type"},
        {"cross_type allows one direction only", loaded_policy(null_to_data + "accept:\n  - kinds: [cross_type]\n"),
         move("terraform_data.a", "null_resource.a", MatchKind::cross_type),
         "denied: no cross_type rule allows terraform_data -> null_resource"},
        {"a type change is cross_type whatever the matcher said",
         loaded_policy(null_to_data + "accept:\n  - kinds: [exact]\n"),
         move("null_resource.a", "terraform_data.a", MatchKind::exact),
         "proposed: no accept rule matches kind cross_type"},
        {"cross_type types must cover both ends",
         loaded_policy(null_to_data + "accept:\n  - kinds: [cross_type]\n    types: [terraform_data]\n"),
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type),
         "proposed: no accept rule matches kind cross_type for type null_resource -> terraform_data in the root "
         "module"},
        {"an accept rule without kinds never takes cross_type", [&] {
             Policy p = loaded_policy(null_to_data);
             p.accept = {AcceptRule{}};
             return p;
         }(),
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type),
         "proposed: no accept rule matches kind cross_type"},
        {"an accept rule without kinds takes the rest", [&] {
             Policy p = loaded_policy("");
             p.accept = {AcceptRule{}};
             return p;
         }(),
         move("a.x", "a.y", MatchKind::partial), "accepted: accept[0]"},

        // deny.
        {"deny by address", loaded_policy("deny:\n  - address: \"aws_db_instance.*\"\n"),
         move("aws_db_instance.a", "aws_db_instance.b"),
         "denied: deny[0] (address aws_db_instance.*) at p.yaml:3:5"},
        {"deny matches the new address too", loaded_policy("deny:\n  - address: \"aws_db_instance.b\"\n"),
         move("aws_db_instance.a", "aws_db_instance.b"),
         "denied: deny[0] (address aws_db_instance.b) at p.yaml:3:5"},
        {"deny of a resource covers its instances", loaded_policy("deny:\n  - address: aws_db_instance.main\n"),
         move("aws_db_instance.main[0]", "aws_db_instance.primary[0]"),
         "denied: deny[0] (address aws_db_instance.main) at p.yaml:3:5"},
        {"deny of a module call covers its instances", loaded_policy("deny:\n  - address: module.db\n"),
         move("module.db[\"eu\"].aws_db_instance.a", "module.db[\"eu\"].aws_db_instance.b"),
         "denied: deny[0] (address module.db) at p.yaml:3:5"},
        {"deny of a module instance covers its resources", loaded_policy("deny:\n  - address: 'module.db[\"eu\"]'\n"),
         move("module.db[\"eu\"].module.x.aws_db_instance.a", "module.db[\"eu\"].module.x.aws_db_instance.b"),
         "denied: deny[0] (address module.db[\"eu\"]) at p.yaml:3:5"},
        {"deny of another instance does not", loaded_policy("deny:\n  - address: 'module.db[\"eu\"]'\n"),
         move("module.db[\"us\"].aws_db_instance.a", "module.db[\"us\"].aws_db_instance.b"),
         "accepted: accept[0] at built-in defaults"},
        {"deny of a prefix is not containment", loaded_policy("deny:\n  - address: aws_db_instance.ma\n"),
         move("aws_db_instance.main", "aws_db_instance.primary"), "accepted: accept[0] at built-in defaults"},
        {"deny by type", loaded_policy("deny:\n  - type: aws_s3_bucket\n  - type: aws_kms_key\n"),
         move("aws_kms_key.a", "aws_kms_key.b"), "denied: deny[1] (type aws_kms_key) at p.yaml:4:5"},
        {"deny by type covers the new type",
         loaded_policy(null_to_data + "accept:\n  - kinds: [cross_type]\ndeny:\n  - type: terraform_data\n"),
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type),
         "denied: deny[0] (type terraform_data) at p.yaml:7:5"},
        {"deny with address and type needs both",
         loaded_policy("deny:\n  - {address: \"module.sec*\", type: \"aws_*\"}\n"),
         move("module.sec.google_kms_key.a", "module.sec.google_kms_key.b"),
         "accepted: accept[0] at built-in defaults"},
        {"deny with address and type, both matching",
         loaded_policy("deny:\n  - {address: \"module.sec*\", type: \"aws_*\"}\n"),
         move("module.sec.aws_kms_key.a", "module.sec.aws_kms_key.b"),
         "denied: deny[0] (address module.sec*, type aws_*) at p.yaml:3:5"},
        {"deny wins over accept", loaded_policy("accept:\n  - kinds: [exact]\ndeny:\n  - type: a\n"), move("a.x", "a.y"),
         "denied: deny[0] (type a) at p.yaml:5:5"},
        {"deny wins over a proposal", loaded_policy("deny:\n  - type: a\n"), move("a.x", "a.y", MatchKind::partial),
         "denied: deny[0] (type a) at p.yaml:3:5"},
        {"deny wins over a cross_type refusal", loaded_policy("deny:\n  - type: null_resource\n"),
         move("null_resource.a", "terraform_data.a", MatchKind::cross_type),
         "denied: deny[0] (type null_resource) at p.yaml:3:5"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(show(decide_move(c.policy, c.move)) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(max_moves_keeps_the_first_accepted_in_order) {
    Policy capped = loaded_policy("max_moves: 2\ndeny:\n  - type: d\n");
    std::vector<Move> moves = {
        move("a.x1", "a.y1"),                      // accepted (1)
        move("a.x2", "a.y2", MatchKind::partial),  // proposed: does not count
        move("d.x", "d.y"),                        // denied: does not count
        move("a.x3", "a.y3"),                      // accepted (2)
        move("a.x4", "a.y4"),                      // over the cap
        move("a.x5", "a.y5", MatchKind::partial),  // still proposed for its own reason
        move("d.x2", "d.y2"),                      // still denied
    };
    std::vector<std::string> expected = {
        "accepted: accept[0] at built-in defaults",
        "proposed: no accept rule matches kind partial",
        "denied: deny[0] (type d) at p.yaml:4:5",
        "accepted: accept[0] at built-in defaults",
        "proposed: over max_moves (2)",
        "proposed: no accept rule matches kind partial",
        "denied: deny[0] (type d) at p.yaml:4:5",
    };
    std::vector<Decision> decisions = decide_moves(capped, moves);
    BOOST_TEST_REQUIRE(decisions.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        BOOST_TEST_CONTEXT("move " << i) { BOOST_TEST(show(decisions[i]) == expected[i]); }
    }
}

BOOST_AUTO_TEST_CASE(max_moves_table) {
    struct Case {
        std::string yaml;
        std::vector<std::string> expected;
    };
    std::vector<Case> cases = {
        {"", {"accepted", "accepted", "accepted"}},
        {"max_moves: 0\n", {"proposed", "proposed", "proposed"}},
        {"max_moves: 1\n", {"accepted", "proposed", "proposed"}},
        {"max_moves: 3\n", {"accepted", "accepted", "accepted"}},
        {"max_moves: 50\n", {"accepted", "accepted", "accepted"}},
    };
    std::vector<Move> moves = {move("a.x1", "a.y1"), move("a.x2", "a.y2"), move("a.x3", "a.y3")};
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.yaml) {
            std::vector<Decision> decisions = decide_moves(loaded_policy(c.yaml), moves);
            BOOST_TEST_REQUIRE(decisions.size() == moves.size());
            for (std::size_t i = 0; i < moves.size(); ++i)
                BOOST_TEST(std::string(to_string(decisions[i].verdict)) == c.expected[i]);
        }
    }
    BOOST_TEST(decide_moves(loaded_policy("max_moves: 1\n"), moves)[2].rule == "over max_moves (1)");
}

BOOST_AUTO_TEST_CASE(decide_moves_agrees_with_decide_move_without_a_cap) {
    Policy p = loaded_policy("deny:\n  - type: d\n");
    std::vector<Move> moves = {move("a.x", "a.y"), move("d.x", "d.y"), move("a.p", "a.q", MatchKind::partial)};
    std::vector<Decision> decisions = decide_moves(p, moves);
    BOOST_TEST_REQUIRE(decisions.size() == moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i)
        BOOST_TEST_CONTEXT("move " << i) { BOOST_TEST(show(decisions[i]) == show(decide_move(p, moves[i]))); }
    BOOST_TEST(decide_moves(p, {}).empty());
}

// A partial move leaves a real update: accepted only at or above partial.threshold.
BOOST_AUTO_TEST_CASE(partial_moves_meet_the_threshold) {
    Policy policy = default_policy();
    policy.partial_threshold = 0.8;
    policy.accept.front().kinds.push_back(MatchKind::partial);
    Move move;
    move.from = must_parse_address("a.x");
    move.to = must_parse_address("a.y");
    move.kind = MatchKind::partial;
    move.similarity = 0.8;
    BOOST_TEST((decide_move(policy, move).verdict == Verdict::accepted));
    move.similarity = 0.79;
    const Decision below = decide_move(policy, move);
    BOOST_TEST((below.verdict == Verdict::proposed));
    BOOST_TEST(below.rule == "similarity 79% is below partial.threshold (80%)");
    // The threshold concerns partial moves only.
    move.kind = MatchKind::confirmed;
    BOOST_TEST((decide_move(policy, move).verdict == Verdict::accepted));
}

// What decided, and where its rule stands, for verdict_words: a file's rule by its line,
// the built-in default with line 0.
BOOST_AUTO_TEST_CASE(decisions_say_what_decided_and_where) {
    Policy file = loaded_policy("deny:\n  - type: d\naccept:\n  - kinds: [exact]\n");
    Policy partial_file = loaded_policy("partial:\n  threshold: 0.8\naccept:\n  - kinds: [partial]\n");
    Move partial = move("a.p", "a.q", MatchKind::partial);
    partial.similarity = 0.5;
    struct Case {
        std::string name;
        Decision decision;
        DecidedBy by;
        int line;
    };
    const std::vector<Case> cases = {
        {"built-in default accept rule", decide_move(default_policy(), move("a.x", "a.y")), DecidedBy::accept_rule, 0},
        {"a file's accept rule", decide_move(file, move("a.x", "a.y")), DecidedBy::accept_rule, 5},
        {"a file's deny rule", decide_move(file, move("d.x", "d.y")), DecidedBy::deny_rule, 3},
        {"no accept rule", decide_move(file, move("a.p", "a.q", MatchKind::partial)), DecidedBy::no_accept_rule, 0},
        {"below the partial threshold", decide_move(partial_file, partial), DecidedBy::partial_threshold, 0},
        {"no cross_type rule", decide_move(default_policy(), move("a.x", "b.y", MatchKind::cross_type)),
         DecidedBy::no_cross_type_rule, 0},
        {"over max_moves", decide_moves(loaded_policy("max_moves: 0\n"), {move("a.x", "a.y")}).front(), DecidedBy::max_moves, 0},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST((c.decision.by == c.by));
            BOOST_TEST(c.decision.where.line == c.line);
        }
    }
    BOOST_TEST(decide_move(file, move("a.x", "a.y")).where.file == "p.yaml");
    BOOST_TEST(decide_move(default_policy(), move("a.x", "a.y")).where.file == "built-in defaults");
}
