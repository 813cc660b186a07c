// An AWS API emulator for the tests of Terraform's S3 backend and of the AWS provider:
// moto's `moto_server` (the Python package moto 5.2, preinstalled on the project's
// machines; not a Debian package, so a documented prerequisite like terraform) as a
// process of its own on a free 127.0.0.1 port. It is stopped by pid when the object goes,
// and dies with the test binary however that ends (PR_SET_PDEATHSIG). Everything it
// holds is in memory.
//
//   BOOST_AUTO_TEST_CASE(name, *moto_server_required()) {
//       MotoServer& moto = clean_moto_server();        // the binary's server, emptied
//       const S3State state{"tfstate", "a/terraform.tfstate", S3Lock::dynamodb};
//       moto.create_state_store(state);                 // the bucket and the lock table
//       moto.write_s3_backend(ws, state);               // backend.tf
//       moto.write_aws_provider(ws);                    // aws_provider.tf, AWS_ENDPOINT_URL
//
// A missing moto_server skips the tests that require it, with the reason; with CI=true
// they fail with it instead, as a missing terraform does.
#pragma once

#include <boost/test/unit_test.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/types.h>

#include "workspace.hpp"

namespace tfw::e2e {

// How Terraform's S3 backend locks a state: an S3 object beside it (`use_lockfile`,
// Terraform 1.10+) or an item in a DynamoDB table (`dynamodb_table`, the older way).
enum class S3Lock { lockfile, dynamodb };
inline constexpr std::array<S3Lock, 2> every_s3_lock = {S3Lock::lockfile, S3Lock::dynamodb};
std::string_view to_string(S3Lock lock);  // "use_lockfile" or "dynamodb_table"

// Where a state lives in the emulator, and how it is locked.
struct S3State {
    std::string bucket;
    std::string key;
    S3Lock lock = S3Lock::lockfile;
    std::string lock_table = "tfstate-locks";  // with S3Lock::dynamodb
    std::string endpoint{};                    // where the backend sends its calls; empty: the server
};

// Boost.Test decorator for the tests that need moto_server: without it on PATH they are
// skipped with the reason on stderr, or run and fail with it when CI=true.
boost::unit_test::precondition moto_server_required();

class MotoServer {
public:
    // Starts the server and returns once it answers. `environment` is added to the
    // server's (e.g. MOTO_IAM_LOAD_MANAGED_POLICIES=true). Throws E2eError with the
    // reason: moto_server missing, or its log when it did not start.
    explicit MotoServer(std::vector<std::pair<std::string, std::string>> environment = {});
    ~MotoServer();
    MotoServer(const MotoServer&) = delete;
    MotoServer& operator=(const MotoServer&) = delete;

    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    std::string endpoint() const;  // http://127.0.0.1:PORT

    // Forgets every bucket, object, table and resource (moto's /moto-api/reset).
    void reset() const;

    void create_bucket(const std::string& bucket) const;
    // A DynamoDB table keyed by the string LockID, as Terraform's dynamodb_table needs.
    void create_lock_table(const std::string& table) const;
    // The state's bucket, and its lock table with S3Lock::dynamodb.
    void create_state_store(const S3State& state) const;

    // The object's bytes, or std::nullopt when there is none. Throws on another error.
    std::optional<std::string> s3_object(const std::string& bucket, const std::string& key) const;
    // The lock record the backend keeps for the state while a run holds its lock (the
    // JSON of the `.tflock` object, or the `Info` of the DynamoDB item), else std::nullopt.
    std::optional<std::string> lock_record(const S3State& state) const;

    // Changes an object outside Terraform, as a console user would: drift a refresh finds.
    void set_queue_timeout(const std::string& queue, int seconds) const;
    void set_role_max_session(const std::string& role, int seconds) const;

    // A `provider "aws"` block with fake credentials and no lookups of the account or
    // region; write_aws_provider writes it and points the workspace's runs at this server
    // (AWS_ENDPOINT_URL), so that every call the provider makes comes here.
    std::string aws_provider_block(const std::string& region = "us-east-1") const;
    void write_aws_provider(Workspace& ws, const fs::path& file = "aws_provider.tf") const;
    // The S3 backend's settings for the state, one `name = value` line each: the body of
    // a `backend "s3"` block or a -backend-config file.
    std::string s3_backend_settings(const S3State& state) const;
    // `terraform { backend "s3" { … } }` with those settings, less the names in `omit`
    // (which -backend-config files then give at init).
    void write_s3_backend(const Workspace& ws, const S3State& state, const fs::path& file = "backend.tf",
                          const std::vector<std::string>& omit = {}) const;

private:
    struct Response {
        int status = 0;
        std::string body;
    };
    // One HTTP request to the server, signed for `service` as far as moto looks (it
    // reads the service from the credential scope and checks no signature).
    Response request(std::string_view service, std::string_view method, std::string_view path,
                     const std::vector<std::string>& headers = {}, std::string_view body = {}) const;
    Response dynamodb(std::string_view action, std::string_view body) const;
    Response sqs(std::string_view action, std::string_view body) const;  // the JSON protocol
    bool start(const fs::path& program, const std::vector<std::pair<std::string, std::string>>& environment);
    void stop();  // the server, then its directory; safe to call twice

    fs::path base_;  // the server's log
    int port_ = 0;
    pid_t pid_ = -1;
};

// The test binary's one server, started on first use, reset on every call (an empty
// emulator for each test, for a few milliseconds instead of the seconds a start takes),
// and stopped by pid when the binary exits.
MotoServer& clean_moto_server();

}  // namespace tfw::e2e
