#include "tfw/core/parse/shell_words.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

namespace {

using Words = std::vector<std::string>;

struct SplitCase {
    std::string text;
    Words words;
};

const SplitCase split_cases[] = {
    {"", {}},
    {"   \t\n ", {}},
    {"-out=x", {"-out=x"}},
    {"  -no-color   -lock=false ", {"-no-color", "-lock=false"}},
    {"-var 'name=a b'", {"-var", "name=a b"}},
    {"-var \"name=a b\"", {"-var", "name=a b"}},
    {"-var=\"k=\\\"q\\\"\"", {"-var=k=\"q\""}},
    {"'it''s'", {"its"}},
    {"\"it's\"", {"it's"}},
    {"'back\\slash'", {"back\\slash"}},
    {"a\\ b", {"a b"}},
    {"a\"\"b", {"ab"}},
    {"'' -json", {"-json"}},
    {"-out=x; rm -rf /", {"-out=x"}},
    {"-json|tee", {"-json"}},
    {"'a;b' \"c|d\"", {"a;b", "c|d"}},
    {"$HOME `pwd`", {"$HOME", "`pwd`"}},
};

std::string joined(const Words& words) {
    std::string out;
    for (const auto& word : words) out += "[" + word + "]";
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(words_split_as_terraform_splits_them) {
    for (const auto& c : split_cases)
        BOOST_TEST(joined(split_shell_words(c.text, "TF_CLI_ARGS")) == joined(c.words), "text: " << c.text);
}

BOOST_AUTO_TEST_CASE(unterminated_text_is_a_one_line_error_naming_the_variable) {
    for (const std::string text : {"'open", "\"open", "trailing\\", "-var 'a=b"}) {
        try {
            split_shell_words(text, "TF_CLI_ARGS_plan");
            BOOST_ERROR("no error for " << text);
        } catch (const std::invalid_argument& error) {
            std::string message = error.what();
            BOOST_TEST(message.find("TF_CLI_ARGS_plan") != std::string::npos, message);
            BOOST_TEST(message.find('\n') == std::string::npos, message);
        }
    }
}


// Issue 48: the words tfw gives terraform in TF_CLI_ARGS_<subcommand> split back into
// exactly the user's words, whatever they hold.
BOOST_AUTO_TEST_CASE(quoted_words_split_back_into_themselves) {
    const std::vector<Words> cases = {
        {},
        {"-var=password=s3cret"},
        {"-var", "name=a b"},
        {"-var=quote='", "-var=double=\"", "-var=back=\\"},
        {"-var=x=it's", "'", "a'b'c"},
        {"-var=semi=;&|<>", "$HOME", "`pwd`", "tab\there", "new\nline"},
        {"-var=unicode=\u00e9\u00e8"},
    };
    for (const auto& words : cases)
        BOOST_TEST(joined(split_shell_words(quote_shell_words(words), "TF_CLI_ARGS_plan")) == joined(words), joined(words));
    BOOST_TEST(quote_shell_words({"a", "", "b"}) == "'a' 'b'");
}
