#include "pg_server.hpp"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <thread>

#include <pwd.h>
#include <unistd.h>

#include "tfw/shell/process.hpp"

namespace tfw::e2e {
namespace {

// The newest /usr/lib/postgresql/<version>/bin with initdb in it.
fs::path find_postgres_bin() {
    fs::path best;
    int best_version = -1;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", error)) {
        const std::string name = entry.path().filename().string();
        int version = std::atoi(name.c_str());
        if (version > best_version && fs::exists(entry.path() / "bin" / "initdb")) {
            best_version = version;
            best = entry.path() / "bin";
        }
    }
    if (best.empty())
        throw E2eError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run scripts/install-deps --tests");
    return best;
}

bool running_as_root() { return ::geteuid() == 0; }

// As the postgres user when the tests run as root (PostgreSQL refuses root), else as is.
shell::ProcessResult run_as_server_user(const fs::path& program, const std::vector<std::string>& args) {
    shell::ProcessOptions options;
    options.own_process_group = false;
    if (!running_as_root()) return shell::run_process(program, args, options);
    std::vector<std::string> wrapped = {"-u", "postgres", "--", program.string()};
    wrapped.insert(wrapped.end(), args.begin(), args.end());
    return shell::run_process("/usr/sbin/runuser", wrapped, options);
}

void give_to_server_user(const fs::path& dir) {
    if (!running_as_root()) return;
    const passwd* user = ::getpwnam("postgres");
    if (user == nullptr) throw E2eError("there is no postgres user to run PostgreSQL as: run scripts/install-deps --tests");
    if (::chown(dir.c_str(), user->pw_uid, user->pw_gid) != 0)
        throw E2eError("chown " + dir.string() + ": " + std::strerror(errno));
}

}  // namespace

PgServer::PgServer() : bin_dir_(find_postgres_bin()) {
    std::string pattern = (fs::temp_directory_path() / "tfw-e2e-pg-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw E2eError("mkdtemp " + pattern + ": " + std::strerror(errno));
    base_ = pattern;
    try {
        // The server user must reach its directories inside this one.
        fs::permissions(base_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
        const fs::path sockets = base_ / "sock";
        fs::create_directories(sockets);
        give_to_server_user(sockets);
        // initdb creates data/ itself, owned by the server user, in a directory it can write.
        const fs::path parent = base_ / "cluster";
        fs::create_directories(parent);
        give_to_server_user(parent);
        const fs::path cluster = parent / "data";
        shell::ProcessResult init =
            run_as_server_user(bin_dir_ / "initdb", {"-D", cluster.string(), "-A", "trust", "-U", "tfw", "--no-sync"});
        if (init.exit_code != 0) throw E2eError("initdb failed:\n" + init.stdout_text + init.stderr_text);
        // The port may be taken between choosing and binding it: a few tries.
        for (int attempt = 0; attempt < 5 && !running_; ++attempt) {
            port_ = free_loopback_port();
            shell::ProcessResult start = run_as_server_user(
                bin_dir_ / "pg_ctl",
                {"-D", cluster.string(), "-w", "-t", "60", "-l", (parent / "log").string(), "-o",
                 "-p " + std::to_string(port_) + " -k " + sockets.string() +
                     " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50",
                 "start"});
            running_ = start.exit_code == 0;
            if (!running_ && attempt == 4)
                throw E2eError("PostgreSQL did not start:\n" + start.stdout_text + start.stderr_text +
                               read_text_file(parent / "log"));
        }
        shell::ProcessResult created = shell::run_process(
            bin_dir_ / "createdb", {"-h", "127.0.0.1", "-p", std::to_string(port_), "-U", "tfw", "tfstate"});
        if (created.exit_code != 0) throw E2eError("createdb failed:\n" + created.stderr_text);
    } catch (...) {
        stop();
        throw;
    }
}

PgServer::~PgServer() { stop(); }

void PgServer::stop() {
    if (running_) {
        try {
            run_as_server_user(bin_dir_ / "pg_ctl", {"-D", (base_ / "cluster" / "data").string(), "-m", "immediate",
                                                     "-w", "stop"});
        } catch (const std::exception& error) {
            std::cerr << "PgServer: could not stop the server: " << error.what() << "\n";
        }
        running_ = false;
    }
    if (!base_.empty()) {
        if (const char* keep = std::getenv("TFW_E2E_KEEP"); keep && *keep) {
            std::cerr << "TFW_E2E_KEEP: kept the PostgreSQL directory at " << base_.string() << "\n";
        } else {
            std::error_code ignored;
            fs::remove_all(base_, ignored);
        }
        base_.clear();
    }
}

std::string PgServer::conn_str() const {
    return "postgres://tfw@127.0.0.1:" + std::to_string(port_) + "/tfstate?sslmode=disable";
}

std::string PgServer::query(const std::string& sql) const {
    shell::ProcessResult result =
        shell::run_process(bin_dir_ / "psql", {"-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", conn_str(), "-c", sql});
    if (result.exit_code != 0) throw E2eError("psql failed on " + sql + ":\n" + result.stderr_text);
    return result.stdout_text;
}

bool PgServer::advisory_lock_held(const std::string& lock_id) const {
    return query("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = " + lock_id) != "0\n";
}

std::unique_ptr<HeldStateLock> PgServer::hold_state_lock(const Workspace& ws, const std::string& schema,
                                                         const std::string& workspace) const {
    // Terraform's pg backend (internal/backend/remote-state/pg) locks a workspace with
    // pg_try_advisory_lock on its row's id in <schema>.states: hold the same lock.
    const std::string id = query("SELECT id FROM \"" + schema + "\".states WHERE name = '" + workspace + "'");
    if (id.empty() || id == "\n") throw E2eError("no state named " + workspace + " in schema " + schema);
    const std::string lock_id = id.substr(0, id.find('\n'));
    auto session = ws.start(bin_dir_ / "psql", {"-X", "-q", "-d", conn_str(), "-c",
                                                "SELECT pg_advisory_lock(" + lock_id + "); SELECT pg_sleep(600)"});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!advisory_lock_held(lock_id)) {
        if (!session->running()) throw E2eError("the psql holding the lock exited:\n" + session->wait().describe());
        if (std::chrono::steady_clock::now() > deadline) throw E2eError("the state lock was not taken within 60 s");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return std::make_unique<HeldStateLock>(*this, std::move(session), lock_id);
}

HeldStateLock::HeldStateLock(const PgServer& server, std::unique_ptr<BackgroundProcess> session, std::string lock_id)
    : server_(server), session_(std::move(session)), lock_id_(std::move(lock_id)) {}

HeldStateLock::~HeldStateLock() {
    try {
        release();
    } catch (const std::exception& error) {
        std::cerr << "HeldStateLock: " << error.what() << "\n";
    }
}

void HeldStateLock::release() {
    if (!session_) return;
    // A server process in pg_sleep() does not notice its client go: end it from the
    // server's side, which drops its locks, then the client.
    server_.query("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = " + lock_id_);
    session_.reset();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (server_.advisory_lock_held(lock_id_)) {
        if (std::chrono::steady_clock::now() > deadline) throw E2eError("the state lock was not released within 60 s");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

}  // namespace tfw::e2e
