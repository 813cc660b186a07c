// A one-line progress display on the terminal while terraform plans.
#pragma once

#include <string>
#include <string_view>

namespace tfw::cli {

class ProgressLine {
public:
    explicit ProgressLine(bool enabled) : enabled_(enabled) {}

    // Sees terraform's human plan output as it streams and counts what it reports.
    void feed(std::string_view chunk);
    // Erases the line, so the next output starts clean.
    void clear();

private:
    void draw();

    bool enabled_;
    bool drawn_ = false;
    std::string partial_line_;
    int refreshed_ = 0;
    int plans_ = 0;
};

}  // namespace tfw::cli
