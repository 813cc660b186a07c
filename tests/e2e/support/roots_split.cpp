#include "roots_split.hpp"

namespace tfw::e2e {

const std::vector<std::string> split_moved_addresses = {
    "module.app.terraform_data.disk", "module.app.terraform_data.server", "terraform_data.network",
    "terraform_data.subnet[\"a\"]", "terraform_data.subnet[\"b\"]"};

std::map<std::string, std::string> ids_of(const Workspace& ws) {
    std::map<std::string, std::string> ids;
    const RunResult list = ws.terraform({"state", "list"});
    if (list.exit_code != 0) throw E2eError(list.describe());
    std::size_t start = 0;
    for (std::size_t end; (end = list.out.find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string address = list.out.substr(start, end - start);
        const RunResult shown = ws.terraform({"state", "show", "-no-color", address});
        const std::size_t at = shown.out.find("id     = \"");
        ids[address] = at == std::string::npos ? "?" : shown.out.substr(at + 10, shown.out.find('"', at + 10) - at - 10);
    }
    return ids;
}

SplitRoots::SplitRoots(const PgServer* server) : pg(server) {
    switch_both("before", "before");
    a.apply_before();
    b.apply_before();
}

void SplitRoots::switch_one(Workspace& ws, const std::string& stage, const std::string& schema) {
    ws.switch_to(stage, Workspace::Init::skip);
    if (pg) {
        ws.set_environment("PG_CONN_STR", pg->conn_str());
        ws.write_file("backend.tf", "terraform {\n  backend \"pg\" {\n    schema_name = \"" + schema + "\"\n  }\n}\n");
    }
    if (stage != "broken") ws.init();
}

void SplitRoots::switch_both(const std::string& stage_a, const std::string& stage_b) {
    switch_one(a, stage_a, "root_a");
    switch_one(b, stage_b, "root_b");
}

RunResult SplitRoots::plan(const std::vector<std::string>& extra) const {
    std::vector<std::string> args = {"plan", "-input=false", "-no-color", "--root", b.dir().string()};
    if (pg) args.push_back("-lock-timeout=60s");
    args.insert(args.end(), extra.begin(), extra.end());
    return a.tfw(args);
}

std::string SplitRoots::everything() const {
    std::string out;
    for (const Workspace* ws : {&a, &b}) {
        for (const auto& [path, bytes] : ws->snapshot()) out += path + "\n" + bytes + "\n";
        out += ws->terraform({"state", "pull"}).out;
    }
    return out;
}

}  // namespace tfw::e2e
