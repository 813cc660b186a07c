// Reading Terraform's human plan rendering just enough to know whether a move is
// possible, so a plan with nothing to move costs one terraform run and no `show -json`.
// Anything unexpected makes the answer "maybe", never "no".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline parse {

enum class HeaderAction { create, destroy, replace, update, read, forget, move, other };

// "create", "destroy", …, "other".
std::string_view to_string(HeaderAction action);

struct PlanHeader {
    // As printed: `module.a.terraform_data.b["k"]`; for a move (`# a has moved to b`),
    // the new address `b`.
    std::string address;
    HeaderAction action = HeaderAction::other;
    bool deposed = false;
    // The address before this plan's moves: `a` of a move header or of the
    // `# (moved from a)` note under an update or replace. Empty when it did not move.
    std::string previous_address;
    // The top-level attributes Terraform marks as changing (`~ input`, `-/+ name`), in
    // order; ` (known after apply)` marks one whose new value is computed at apply, and
    // ` (forces replacement)` is kept as printed.
    std::vector<std::string> changed_attributes;
};

struct PlanTextSummary {
    std::vector<PlanHeader> headers;
    bool no_changes = false;  // "No changes." was printed
    std::optional<int> to_add, to_change, to_destroy;  // from the "Plan:" line
    // A closing line of a known rendering was read: the "Plan:" counts, "No changes.", or
    // the closing of an outputs-only or refresh-only plan. Without one, headings that were
    // not found may still be there in another wording, so nothing can be concluded.
    bool recognised = false;
};

std::string strip_ansi(std::string_view text);

PlanTextSummary scan_plan_text(std::string_view human_output);

// The addresses planned for a plain destroy and a plain create, or std::nullopt when the
// rendering was not recognised or its headers do not add up to the "Plan:" counts (an
// unfamiliar rendering: ask show -json). Never an empty answer for an unknown text.
struct MoveCandidates {
    std::vector<std::string> destroyed;
    std::vector<std::string> created;
};
std::optional<MoveCandidates> move_candidates(const PlanTextSummary& summary);

// The first "Error: ..." line of Terraform's human diagnostics, without box drawing or
// colour, or the first non-blank line when there is none.
std::string first_error_line(std::string_view human_output);
// That error with its detail, the diagnostic's following lines joined into one:
// "Error: Failed to read the given file as a state or plan file: State read error: …".
// Where the summary alone says little, as when `terraform show` cannot read a plan file.
std::string first_error_with_detail(std::string_view human_output);

// Go's %q for the plan path Terraform prints after "terraform apply".
std::string go_quote(std::string_view text);

// Terraform's closing lines name the plan file it saved. tfw plans into a private file,
// so it rewrites them as Terraform would have printed them for the user's own `-out`
// (or for none). Text without those lines (TF_IN_AUTOMATION) is returned unchanged.
std::string rewrite_plan_trailer(std::string_view human_output, std::string_view private_plan,
                                 std::optional<std::string_view> user_plan);

// The same text without the closing rule and the saved-plan lines: `tfw apply` shows
// the plan as `terraform apply` does, before its question.
std::string strip_plan_trailer(std::string_view human_output, std::string_view private_plan);

}  // namespace tfw::core::parse
