#include "roots_split.hpp"

#include <boost/test/unit_test.hpp>

#include <string_view>

#include <rapidjson/document.h>

namespace tfw::e2e {

const std::vector<std::string> split_moved_addresses = {
    "module.app.terraform_data.disk", "module.app.terraform_data.server", "terraform_data.network",
    "terraform_data.subnet[\"a\"]", "terraform_data.subnet[\"b\"]"};

std::map<std::string, std::string> ids_of(const Workspace& ws) {
    const RunResult pulled = ws.terraform({"state", "pull"});
    if (pulled.exit_code != 0) throw E2eError(pulled.describe());
    return ids_in_state(pulled.out);
}

std::map<std::string, std::string> ids_in_state(const std::string& state) {
    std::map<std::string, std::string> ids;
    if (state.find_first_not_of(" \n") == std::string::npos) return ids;
    rapidjson::Document doc;
    doc.Parse(state.c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("resources"))
        throw E2eError("not a state:\n" + state);
    for (const auto& resource : doc["resources"].GetArray()) {
        std::string base = resource.HasMember("module") ? std::string(resource["module"].GetString()) + "." : "";
        if (std::string_view(resource["mode"].GetString()) == "data") base += "data.";
        base += std::string(resource["type"].GetString()) + "." + resource["name"].GetString();
        for (const auto& instance : resource["instances"].GetArray()) {
            std::string key;
            if (instance.HasMember("index_key"))
                key = instance["index_key"].IsString() ? "[\"" + std::string(instance["index_key"].GetString()) + "\"]"
                                                       : "[" + std::to_string(instance["index_key"].GetInt64()) + "]";
            const rapidjson::Value& attributes = instance["attributes"];
            ids[base + key] = attributes.HasMember("id") && attributes["id"].IsString() ? attributes["id"].GetString() : "?";
        }
    }
    return ids;
}

void check_split_carried_out(const SplitRoots& roots, const std::map<std::string, std::string>& ids_before) {
    for (const Workspace* ws : {&roots.a, &roots.b}) {
        const RunResult plain = ws->terraform_past_a_lost_lock_answer({"plan", "-input=false", "-no-color", "-detailed-exitcode"});
        BOOST_TEST(plain.exit_code == 0, plain.describe());
    }
    const auto ids_a = ids_of(roots.a);
    const auto ids_b = ids_of(roots.b);
    BOOST_TEST(ids_a.size() == 1u);
    BOOST_TEST(ids_a.at("terraform_data.stays") == ids_before.at("terraform_data.stays"));
    BOOST_TEST(ids_b.size() == split_moved_addresses.size() + 1);  // and B's own `existing`
    for (const auto& address : split_moved_addresses) {
        BOOST_TEST_CONTEXT(address) {
            BOOST_TEST_REQUIRE(ids_b.contains(address));
            BOOST_TEST(ids_b.at(address) == ids_before.at(address));
        }
    }
}

S3State split_roots_state(S3Lock lock, const std::string& root) { return {"tfstate", root + "/terraform.tfstate", lock}; }

BackendWriter s3_backend(const MotoServer& moto, S3Lock lock, const std::string& endpoint) {
    return [&moto, lock, endpoint](Workspace& ws, const std::string& root) {
        S3State state = split_roots_state(lock, root);
        state.endpoint = endpoint;
        moto.write_s3_backend(ws, state);
    };
}

SplitRoots::SplitRoots(const PgServer* server, const std::string& fixture_a, const std::string& fixture_b)
    : a(fixture_a), b(fixture_b), pg(server) {
    if (pg)
        backend = [pg = pg](Workspace& ws, const std::string& schema) {
            ws.set_environment("PG_CONN_STR", pg->conn_str());
            ws.write_file("backend.tf", "terraform {\n  backend \"pg\" {\n    schema_name = \"" + schema + "\"\n  }\n}\n");
        };
    switch_both("before", "before");
    a.apply_before();
    b.apply_before();
}

SplitRoots::SplitRoots(BackendWriter writer, const std::string& fixture_a, const std::string& fixture_b)
    : a(fixture_a), b(fixture_b), backend(std::move(writer)) {
    switch_both("before", "before");
    a.apply_before();
    b.apply_before();
}

SplitRoots::SplitRoots(FreshCheckout checkout, BackendWriter writer, const std::string& fixture_a,
                       const std::string& fixture_b)
    : a(fixture_a), b(fixture_b), backend(std::move(writer)) {
    a.set_environment("XDG_STATE_HOME", (a.scratch() / "state").string());
    switch_both(checkout.stage, checkout.stage);
}

RunResult SplitRoots::tfw_past_a_lost_lock_answer(const std::vector<std::string>& args) {
    // Every terraform the run starts logs to one file, where the SDK's retry shows: a lock
    // the run took and lost otherwise (tfw's own fault) still fails the test.
    const fs::path log = a.scratch() / "tfw-run-terraform.log";
    std::error_code ignored;
    fs::remove(log, ignored);
    a.set_environment("TF_LOG", "debug");
    a.set_environment("TF_LOG_PATH", log.string());
    const auto started = std::chrono::system_clock::now();
    RunResult run = a.tfw(args);
    a.set_environment("TF_LOG", "");
    a.set_environment("TF_LOG_PATH", "");
    if (read_text_file(log).find("retrying request DynamoDB/PutItem") == std::string::npos) return run;
    const auto lock = own_lock_lost_to_a_retry(run, started);
    if (!lock) return run;
    // force-unlock refuses an ID that is not the lock's: only the root that holds it lets go.
    const bool released = a.terraform({"force-unlock", "-force", *lock}).exit_code == 0 ||
                          b.terraform({"force-unlock", "-force", *lock}).exit_code == 0;
    return released ? a.tfw(args) : run;
}

void SplitRoots::switch_one(Workspace& ws, const std::string& stage, const std::string& root) {
    ws.switch_to(stage, Workspace::Init::skip);
    if (backend) backend(ws, root);
    if (stage != "broken") ws.init();
}

void SplitRoots::switch_both(const std::string& stage_a, const std::string& stage_b) {
    switch_one(a, stage_a, "root_a");
    switch_one(b, stage_b, "root_b");
}

std::unique_ptr<SplitRoots> split_roots_in_s3(const MotoServer& moto, S3Lock lock, const std::string& endpoint) {
    moto.create_state_store(split_roots_state(lock, "root_a"));  // one bucket and table for both
    auto roots = std::make_unique<SplitRoots>(s3_backend(moto, lock, endpoint));
    roots->a.set_environment("XDG_STATE_HOME", (roots->a.scratch() / "state").string());
    roots->switch_both("after", "after");
    return roots;
}

RunResult SplitRoots::plan(const std::vector<std::string>& extra) const {
    std::vector<std::string> args = {"plan", "-input=false", "-no-color", "--root", b.dir().string()};
    if (pg) args.push_back("-lock-timeout=60s");
    args.insert(args.end(), extra.begin(), extra.end());
    return a.tfw(args);
}

std::multiset<std::string> ids_in_both_roots(const SplitRoots& roots) {
    std::multiset<std::string> out;
    for (const Workspace* ws : {&roots.a, &roots.b})
        for (const auto& [address, id] : ids_of(*ws)) out.insert(id);
    return out;
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
