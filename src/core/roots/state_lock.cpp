#include "tfw/core/roots/state_lock.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace tfw::core::inline roots {
namespace {

using Clock = std::chrono::system_clock;

// Reads exactly `digits` decimal digits at `at`, moving past them.
std::optional<int> read_number(std::string_view text, std::size_t& at, std::size_t digits) {
    if (at + digits > text.size()) return std::nullopt;
    int value = 0;
    for (std::size_t i = 0; i < digits; ++i) {
        const char c = text[at + i];
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    at += digits;
    return value;
}

bool read_char(std::string_view text, std::size_t& at, char expected) {
    if (at >= text.size() || text[at] != expected) return false;
    ++at;
    return true;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

}  // namespace

std::optional<Clock::time_point> parse_go_time(std::string_view text) {
    text = trim(text);
    // A time.Now() not yet stripped prints its monotonic reading last: " m=+0.001".
    if (const std::size_t monotonic = text.find(" m="); monotonic != std::string_view::npos) text = text.substr(0, monotonic);
    std::size_t at = 0;
    const auto year = read_number(text, at, 4);
    if (!year || !read_char(text, at, '-')) return std::nullopt;
    const auto month = read_number(text, at, 2);
    if (!month || !read_char(text, at, '-')) return std::nullopt;
    const auto day = read_number(text, at, 2);
    if (!day || !read_char(text, at, ' ')) return std::nullopt;
    const auto hour = read_number(text, at, 2);
    if (!hour || !read_char(text, at, ':')) return std::nullopt;
    const auto minute = read_number(text, at, 2);
    if (!minute || !read_char(text, at, ':')) return std::nullopt;
    const auto second = read_number(text, at, 2);
    if (!second) return std::nullopt;
    std::chrono::nanoseconds fraction{0};
    if (read_char(text, at, '.')) {
        long long scale = 100'000'000, nanos = 0;
        std::size_t digits = 0;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
            if (digits++ < 9) nanos += (text[at] - '0') * scale, scale /= 10;
            ++at;
        }
        if (digits == 0) return std::nullopt;
        fraction = std::chrono::nanoseconds(nanos);
    }
    if (!read_char(text, at, ' ') || at >= text.size() || (text[at] != '+' && text[at] != '-')) return std::nullopt;
    const int sign = text[at++] == '-' ? -1 : 1;
    const auto offset_hours = read_number(text, at, 2);
    const auto offset_minutes = read_number(text, at, 2);
    if (!offset_hours || !offset_minutes) return std::nullopt;
    // The zone's abbreviation follows ("UTC", "CET", "+03"); the offset already says it all.
    if (at < text.size() && (!read_char(text, at, ' ') || at == text.size())) return std::nullopt;

    const std::chrono::year_month_day date{std::chrono::year(*year), std::chrono::month(static_cast<unsigned>(*month)),
                                           std::chrono::day(static_cast<unsigned>(*day))};
    if (!date.ok() || *hour > 23 || *minute > 59 || *second > 60 || *offset_hours > 23 || *offset_minutes > 59)
        return std::nullopt;
    const auto local = std::chrono::sys_days(date) + std::chrono::hours(*hour) + std::chrono::minutes(*minute) +
                       std::chrono::seconds(*second) + fraction;
    const auto offset = std::chrono::hours(*offset_hours) + std::chrono::minutes(*offset_minutes);
    return std::chrono::time_point_cast<Clock::duration>(local - sign * offset);
}

std::optional<LockInfo> parse_lock_info(std::string_view output) {
    const std::size_t header = output.find("Lock Info:");
    if (header == std::string_view::npos) return std::nullopt;
    LockInfo lock;
    std::size_t at = output.find('\n', header);
    // Indented "Key: value" lines, up to the first line that is not one.
    while (at != std::string_view::npos && at + 1 < output.size()) {
        const std::size_t start = at + 1;
        const std::size_t end = std::min(output.find('\n', start), output.size());
        const std::string_view line = output.substr(start, end - start);
        at = end < output.size() ? end : std::string_view::npos;
        if (line.empty() || line.front() != ' ') break;
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) break;
        const std::string_view key = trim(line.substr(0, colon));
        const std::string value(trim(line.substr(colon + 1)));
        if (key == "ID") lock.id = value;
        else if (key == "Operation") lock.operation = value;
        else if (key == "Who") lock.who = value;
        else if (key == "Created") lock.created = value;
    }
    lock.created_at = parse_go_time(lock.created);
    return lock;
}

std::string describe_lock(const LockInfo& lock) {
    std::string out;
    const std::vector<std::pair<const char*, const std::string*>> fields = {
        {"ID", &lock.id}, {"Who", &lock.who}, {"Operation", &lock.operation}, {"Created", &lock.created}};
    for (const auto& [name, value] : fields) {
        if (value->empty()) continue;
        out += (out.empty() ? "" : ", ") + std::string(name) + ": " + *value;
    }
    return out;
}

ConsoleLockStep console_lock_step(std::string_view log) {
    const std::size_t asked = log.find("[TRACE] backend/local: requesting state lock for workspace");
    if (asked == std::string_view::npos) return ConsoleLockStep::not_asked;
    if (log.find("[TRACE] backend/local: reading remote state for workspace", asked) == std::string_view::npos)
        return ConsoleLockStep::asked;
    return ConsoleLockStep::acquired;
}

std::optional<std::string> console_lock_id(std::string_view log) {
    // A field of a log line: " name=value", up to the next space. Values with spaces are
    // quoted, and neither of the two read here has one.
    const auto field = [](std::string_view line, std::string_view name) -> std::optional<std::string_view> {
        const std::string key = " " + std::string(name) + "=";
        const std::size_t at = line.find(key);
        if (at == std::string_view::npos) return std::nullopt;
        const std::size_t begin = at + key.size();
        return line.substr(begin, std::min(line.find(' ', begin), line.size()) - begin);
    };
    for (std::size_t start = 0; start < log.size();) {
        const std::size_t end = std::min(log.find('\n', start), log.size());
        const std::string_view line = log.substr(start, end - start);
        start = end + 1;
        const auto id = field(line, "tf_backend.lock.id");
        if (field(line, "tf_backend.operation") == "Lock" && id && !id->empty()) return std::string(*id);
    }
    return std::nullopt;
}

bool refused_by_its_own_lock(std::string_view refusal, std::string_view trace_log) {
    const auto holder = parse_lock_info(refusal);
    const auto own = console_lock_id(trace_log);
    return holder && own && !holder->id.empty() && holder->id == *own;
}

LockJudgement judge_lock_ownership(const LockEvidence& evidence) {
    if (evidence.console_step != ConsoleLockStep::acquired) return {LockOwnership::not_yet, ""};
    if (!evidence.probe_refused)
        return {LockOwnership::unknown,
                "terraform console took the state lock, yet another command could take it too: this backend's lock "
                "does not keep other runs out"};
    // A refusal whose details were written after the probe began describes the probe
    // itself (the pg backend): the backend records no holder, and the console's log decides.
    if (!evidence.holder || !evidence.holder->created_at || *evidence.holder->created_at >= evidence.probe_started)
        return {LockOwnership::ours, ""};
    const LockInfo& holder = *evidence.holder;
    if (holder.operation == "OperationTypeInvalid" && holder.who == evidence.who &&
        *holder.created_at >= evidence.console_started)
        return {LockOwnership::ours, ""};
    return {LockOwnership::someone_else, "the state lock is held by another run (" + describe_lock(holder) + ")"};
}

}  // namespace tfw::core::roots
