// A private PostgreSQL server for the tests of Terraform's `pg` backend: a real remote
// backend with real state locking, offline. Debian's `postgresql` package (installed by
// scripts/install-deps --tests) provides the binaries; the server runs as the unprivileged
// `postgres` user (PostgreSQL refuses to run as root), with its own data directory, its
// own socket directory and a free port on 127.0.0.1 only, and trusts local connections
// as the user `tfw`. It is stopped and its directory removed when the object goes.
//
//   PgServer pg;                                   // initdb, start, createdb tfstate
//   ws.set_environment("PG_CONN_STR", pg.conn_str());  // backend "pg" {} reads it
#pragma once

#include <memory>
#include <string>

#include "workspace.hpp"

namespace tfw::e2e {

class PgServer;

// A psql session holding a state lock (PgServer::hold_state_lock). release(), or the
// destructor, ends the session and returns once the server has dropped the lock.
class HeldStateLock {
public:
    HeldStateLock(const PgServer& server, std::unique_ptr<BackgroundProcess> session, std::string lock_id);
    ~HeldStateLock();
    HeldStateLock(const HeldStateLock&) = delete;
    HeldStateLock& operator=(const HeldStateLock&) = delete;
    void release();

private:
    const PgServer& server_;
    std::unique_ptr<BackgroundProcess> session_;
    std::string lock_id_;
};

class PgServer {
public:
    // Starts the server and creates the database `tfstate`. Throws E2eError with the
    // reason (no PostgreSQL installed, initdb or start failed, with the server's log).
    PgServer();
    ~PgServer();
    PgServer(const PgServer&) = delete;
    PgServer& operator=(const PgServer&) = delete;

    int port() const { return port_; }
    // postgres://tfw@127.0.0.1:PORT/tfstate?sslmode=disable
    std::string conn_str() const;

    // Runs SQL in the database with psql and returns its unaligned, tuples-only output.
    // Throws E2eError when psql fails.
    std::string query(const std::string& sql) const;

    // Holds the advisory lock with which Terraform's pg backend locks the state of the
    // workspace `workspace` in schema `schema`, as a concurrent terraform would, until
    // the returned holder releases it. Returns once the lock is held.
    std::unique_ptr<HeldStateLock> hold_state_lock(const Workspace& ws, const std::string& schema,
                                                       const std::string& workspace = "default") const;

    // Whether some session holds the advisory lock `lock_id`.
    bool advisory_lock_held(const std::string& lock_id) const;

private:
    void stop();  // the server, then its directory; safe to call twice

    fs::path bin_dir_;
    fs::path base_;  // data/, sock/ and the log
    int port_ = 0;
    bool running_ = false;
};

}  // namespace tfw::e2e
