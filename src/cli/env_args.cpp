#include "tfw/cli/env_args.hpp"

#include "tfw/cli/args.hpp"

namespace tfw::cli {
namespace {

const std::string cli_args = "TF_CLI_ARGS";

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::vector<std::string> split_shell_words(std::string_view text, std::string_view variable) {
    std::vector<std::string> words;
    std::string word;
    bool escaped = false, single_quoted = false, double_quoted = false, has_word = false;
    for (char c : text) {
        if (escaped) {
            word += c;
            has_word = true;
            escaped = false;
            continue;
        }
        if (c == '\\' && !single_quoted) {
            escaped = true;
            continue;
        }
        if (is_blank(c) && !single_quoted && !double_quoted) {
            if (has_word) words.push_back(word);
            word.clear();
            has_word = false;
            continue;
        }
        if (c == '"' && !single_quoted) {
            double_quoted = !double_quoted;
            continue;
        }
        if (c == '\'' && !double_quoted) {
            single_quoted = !single_quoted;
            continue;
        }
        bool quoted = single_quoted || double_quoted;
        if (!quoted && (c == ';' || c == '&' || c == '|' || c == '<' || c == '>')) break;
        word += c;
        has_word = true;
    }
    if (escaped || single_quoted || double_quoted)
        throw UsageError("cannot parse " + std::string(variable) + ": " +
                         (escaped ? "it ends with a backslash" : "a quote is not closed"));
    if (has_word) words.push_back(word);
    return words;
}

std::vector<std::string> env_arg_words(const std::string& subcommand,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup) {
    std::vector<std::string> out;
    // Terraform inserts TF_CLI_ARGS right after the subcommand, then TF_CLI_ARGS_<sub>
    // at the same place, ahead of it; a subcommand's dashes become underscores.
    std::string specific = cli_args + "_" + subcommand;
    for (char& c : specific)
        if (c == '-' || c == ' ') c = '_';
    for (const std::string& name : {specific, cli_args}) {
        auto value = lookup(name);
        if (!value || value->empty()) continue;
        auto words = split_shell_words(*value, name);
        out.insert(out.end(), words.begin(), words.end());
    }
    return out;
}

std::vector<std::string> with_env_args(const std::string& subcommand, const std::vector<std::string>& args,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup) {
    std::vector<std::string> out = env_arg_words(subcommand, lookup);
    out.insert(out.end(), args.begin(), args.end());
    return out;
}

}  // namespace tfw::cli
