#include "tfw/shell/state_migration.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <optional>
#include <pwd.h>
#include <string>
#include <unistd.h>
#include <vector>

using namespace tfw::shell;

namespace {

// Sets (or, for nullopt, unsets) a variable for the life of the object.
struct Variable {
    std::string name;
    std::optional<std::string> saved;
    Variable(std::string variable, const std::optional<std::string>& value) : name(std::move(variable)) {
        if (const char* old = std::getenv(name.c_str())) saved = old;
        if (value) ::setenv(name.c_str(), value->c_str(), 1);
        else ::unsetenv(name.c_str());
    }
    ~Variable() {
        if (saved) ::setenv(name.c_str(), saved->c_str(), 1);
        else ::unsetenv(name.c_str());
    }
};

}  // namespace

// Issue 48: the journal never goes to a shared directory such as /tmp.
BOOST_AUTO_TEST_CASE(migrations_are_kept_in_a_directory_of_the_users_own) {
    const struct passwd* user = ::getpwuid(::geteuid());
    BOOST_TEST_REQUIRE(user != nullptr);
    const std::string own_home = user->pw_dir;
    struct Case {
        std::string name;
        std::optional<std::string> xdg_state_home;
        std::optional<std::string> home;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"XDG_STATE_HOME", "/var/state", "/home/u", "/var/state/tfw/migrations"},
        {"HOME", std::nullopt, "/home/u", "/home/u/.local/state/tfw/migrations"},
        {"a relative XDG_STATE_HOME is ignored", "state", "/home/u", "/home/u/.local/state/tfw/migrations"},
        {"an empty XDG_STATE_HOME is ignored", "", "/home/u", "/home/u/.local/state/tfw/migrations"},
        {"without HOME, the user's home", std::nullopt, std::nullopt, own_home + "/.local/state/tfw/migrations"},
        {"an empty HOME is no home", std::nullopt, "", own_home + "/.local/state/tfw/migrations"},
        {"a relative HOME is no home", std::nullopt, "here", own_home + "/.local/state/tfw/migrations"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            Variable xdg("XDG_STATE_HOME", c.xdg_state_home);
            Variable home("HOME", c.home);
            BOOST_TEST(migrations_home().string() == c.expected);
        }
    }
}
