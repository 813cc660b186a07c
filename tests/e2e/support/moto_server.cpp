#include "moto_server.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <rapidjson/document.h>

#include "tfw/core/model/text.hpp"
#include "tfw/shell/process.hpp"

extern char** environ;

namespace tfw::e2e {
namespace {

using core::json_quote;

// A slow start on a busy 2-core machine (importing moto takes seconds) is not a failure.
constexpr auto start_limit = std::chrono::seconds(120);

bool ci_requires_everything() {
    const char* ci = std::getenv("CI");
    return ci != nullptr && (std::string_view(ci) == "true" || std::string_view(ci) == "1");
}

std::string missing_moto_server() {
    return "moto_server is not on PATH: the S3 and AWS end-to-end tests run moto's AWS API emulator (the Python "
           "package moto 5.2 and its moto_server command, a prerequisite like terraform; see tests/e2e/README.md)";
}

}  // namespace

std::string_view to_string(S3Lock lock) { return lock == S3Lock::lockfile ? "use_lockfile" : "dynamodb_table"; }

boost::unit_test::precondition moto_server_required() {
    return boost::unit_test::precondition([](boost::unit_test::test_unit_id) -> boost::test_tools::assertion_result {
        if (shell::find_executable("moto_server") || ci_requires_everything()) return true;
        // Boost.Test logs a skip only at a verbose log level: say it where ctest shows it.
        std::cerr << "tfw e2e: skipped: " << missing_moto_server() << "; with CI=true this fails instead\n";
        boost::test_tools::assertion_result skipped(false);
        skipped.message() << missing_moto_server();
        return skipped;
    });
}

MotoServer::MotoServer(std::vector<std::pair<std::string, std::string>> environment) {
    const auto program = shell::find_executable("moto_server");
    if (!program)
        throw E2eError(missing_moto_server() + (ci_requires_everything() ? " (CI=true: a missing prerequisite fails)" : ""));
    std::string pattern = (fs::temp_directory_path() / "tfw-e2e-moto-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw E2eError("mkdtemp " + pattern + ": " + std::strerror(errno));
    base_ = pattern;
    try {
        // The port may be taken between choosing and binding it: a few tries.
        for (int attempt = 0; attempt < 5; ++attempt)
            if (start(*program, environment)) return;
        throw E2eError("moto_server did not start; its log:\n" + read_text_file(base_ / "server.log"));
    } catch (...) {
        stop();
        throw;
    }
}

MotoServer::~MotoServer() { stop(); }

bool MotoServer::start(const fs::path& program, const std::vector<std::pair<std::string, std::string>>& environment) {
    port_ = free_loopback_port();
    // Everything the child needs is made before fork: between fork and exec it may only
    // make system calls.
    std::vector<std::string> argv_text = {program.string(), "-H", "127.0.0.1", "-p", std::to_string(port_)};
    std::vector<char*> argv;
    for (auto& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_text;
    for (char** entry = environ; entry && *entry; ++entry) env_text.emplace_back(*entry);
    for (const auto& [name, value] : environment) env_text.push_back(name + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : env_text) envp.push_back(entry.data());
    envp.push_back(nullptr);
    const int log = ::open((base_ / "server.log").c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (log < 0 || null < 0) throw E2eError("cannot open the log of moto_server in " + base_.string());
    const pid_t parent = ::getpid();

    const pid_t child = ::fork();
    if (child == 0) {
        // A process group of its own, so that stop() reaches whatever it starts, and a
        // signal when the test binary dies, however it dies (a ctest timeout's SIGKILL).
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) ::_exit(127);
        ::dup2(null, 0);
        ::dup2(log, 1);
        ::dup2(log, 2);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    const int fork_error = errno;
    ::close(log);
    ::close(null);
    if (child < 0) throw E2eError(std::string("fork: ") + std::strerror(fork_error));
    ::setpgid(child, child);
    pid_ = child;
    register_server_process(pid_);

    const auto deadline = std::chrono::steady_clock::now() + start_limit;
    while (true) {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {  // exited: the port was taken, or moto is broken
            unregister_server_process(pid_);
            pid_ = -1;
            return false;
        }
        try {
            reset();
            return true;
        } catch (const E2eError&) {
            // Not listening yet.
        }
        if (std::chrono::steady_clock::now() > deadline)
            throw E2eError("moto_server did not answer on port " + std::to_string(port_) + " within " +
                           std::to_string(start_limit.count()) + " s; its log:\n" + read_text_file(base_ / "server.log"));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

void MotoServer::stop() {
    if (pid_ > 0) {
        ::kill(-pid_, SIGTERM);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (true) {
            int status = 0;
            const pid_t done = ::waitpid(pid_, &status, WNOHANG);
            if (done == pid_ || (done < 0 && errno == ECHILD)) break;  // gone (or reaped by an orphan collector)
            if (std::chrono::steady_clock::now() > deadline) {
                ::kill(-pid_, SIGKILL);
                ::waitpid(pid_, &status, 0);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        unregister_server_process(pid_);
        pid_ = -1;
    }
    if (!base_.empty()) {
        if (const char* keep = std::getenv("TFW_E2E_KEEP"); keep && *keep) {
            std::cerr << "TFW_E2E_KEEP: kept the log of moto_server at " << (base_ / "server.log").string() << "\n";
        } else {
            std::error_code ignored;
            fs::remove_all(base_, ignored);
        }
        base_.clear();
    }
}

std::string MotoServer::endpoint() const { return "http://127.0.0.1:" + std::to_string(port_); }

MotoServer::Response MotoServer::request(std::string_view service, std::string_view method, std::string_view path,
                                         const std::vector<std::string>& headers, std::string_view body) const {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw E2eError(std::string("socket: ") + std::strerror(errno));
    const std::unique_ptr<const int, void (*)(const int*)> closer(&fd, [](const int* open) { ::close(*open); });
    timeval timeout{60, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port_));
    const std::string what = std::string(method) + " " + std::string(path) + " on moto_server at " + endpoint();
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
        throw E2eError(what + ": " + std::strerror(errno));
    // HTTP/1.0: the server closes the connection after its answer and sends no chunks.
    std::string text = std::string(method) + " " + std::string(path) + " HTTP/1.0\r\nHost: 127.0.0.1:" +
                       std::to_string(port_) + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    if (!service.empty())
        text += "Authorization: AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/" + std::string(service) +
                "/aws4_request, SignedHeaders=host, Signature=0\r\n";
    for (const auto& header : headers) text += header + "\r\n";
    text += "\r\n";
    text += body;
    for (std::size_t sent = 0; sent < text.size();) {
        const ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) throw E2eError(what + ": send: " + std::strerror(errno));
        sent += static_cast<std::size_t>(n);
    }
    std::string answer;
    char buffer[65536];
    while (true) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n < 0) throw E2eError(what + ": recv: " + std::strerror(errno));
        if (n == 0) break;
        answer.append(buffer, static_cast<std::size_t>(n));
    }
    const std::size_t header_end = answer.find("\r\n\r\n");
    Response response;
    if (!answer.starts_with("HTTP/1.") || header_end == std::string::npos || answer.size() < 12)
        throw E2eError(what + ": not an HTTP answer:\n" + answer);
    response.status = std::atoi(answer.c_str() + 9);
    response.body = answer.substr(header_end + 4);
    return response;
}

MotoServer::Response MotoServer::dynamodb(std::string_view action, std::string_view body) const {
    return request("dynamodb", "POST", "/",
                   {"X-Amz-Target: DynamoDB_20120810." + std::string(action), "Content-Type: application/x-amz-json-1.0"},
                   body);
}

MotoServer::Response MotoServer::sqs(std::string_view action, std::string_view body) const {
    return request("sqs", "POST", "/",
                   {"X-Amz-Target: AmazonSQS." + std::string(action), "Content-Type: application/x-amz-json-1.0"}, body);
}

void MotoServer::set_queue_timeout(const std::string& queue, int seconds) const {
    const Response found = sqs("GetQueueUrl", "{\"QueueName\":" + json_quote(queue) + "}");
    rapidjson::Document url;
    url.Parse(found.body.c_str());
    if (found.status != 200 || url.HasParseError() || !url.IsObject() || !url.HasMember("QueueUrl") || !url["QueueUrl"].IsString())
        throw E2eError("the URL of the queue " + queue + ": moto_server answered " + std::to_string(found.status) + ": " + found.body);
    const Response set = sqs("SetQueueAttributes", "{\"QueueUrl\":" + json_quote(url["QueueUrl"].GetString()) +
                                                       ",\"Attributes\":{\"VisibilityTimeout\":\"" +
                                                       std::to_string(seconds) + "\"}}");
    if (set.status != 200)
        throw E2eError("setting the timeout of the queue " + queue + " answered " + std::to_string(set.status) + ": " + set.body);
}

void MotoServer::set_role_max_session(const std::string& role, int seconds) const {
    // IAM's query protocol: a form, each value percent-encoded.
    std::string name;
    for (unsigned char c : role) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            name += static_cast<char>(c);
        } else {
            static constexpr char hex[] = "0123456789ABCDEF";
            name += {'%', hex[c >> 4], hex[c & 15]};
        }
    }
    const Response set = request("iam", "POST", "/", {"Content-Type: application/x-www-form-urlencoded"},
                                 "Action=UpdateRole&Version=2010-05-08&RoleName=" + name +
                                     "&MaxSessionDuration=" + std::to_string(seconds));
    if (set.status != 200)
        throw E2eError("updating the role " + role + " answered " + std::to_string(set.status) + ": " + set.body);
}

void MotoServer::reset() const {
    const Response reset = request("", "POST", "/moto-api/reset");
    if (reset.status != 200) throw E2eError("moto_server's reset answered " + std::to_string(reset.status) + ": " + reset.body);
}

void MotoServer::create_bucket(const std::string& bucket) const {
    const Response created = request("s3", "PUT", "/" + bucket);
    if (created.status != 200)
        throw E2eError("creating the bucket " + bucket + " answered " + std::to_string(created.status) + ": " + created.body);
}

void MotoServer::create_lock_table(const std::string& table) const {
    const Response created = dynamodb(
        "CreateTable", "{\"TableName\":" + json_quote(table) +
                           ",\"AttributeDefinitions\":[{\"AttributeName\":\"LockID\",\"AttributeType\":\"S\"}],"
                           "\"KeySchema\":[{\"AttributeName\":\"LockID\",\"KeyType\":\"HASH\"}],"
                           "\"BillingMode\":\"PAY_PER_REQUEST\"}");
    if (created.status != 200)
        throw E2eError("creating the table " + table + " answered " + std::to_string(created.status) + ": " + created.body);
}

void MotoServer::create_state_store(const S3State& state) const {
    create_bucket(state.bucket);
    if (state.lock == S3Lock::dynamodb) create_lock_table(state.lock_table);
}

std::optional<std::string> MotoServer::s3_object(const std::string& bucket, const std::string& key) const {
    const Response got = request("s3", "GET", "/" + bucket + "/" + key);
    if (got.status == 404) return std::nullopt;
    if (got.status != 200)
        throw E2eError("reading s3://" + bucket + "/" + key + " answered " + std::to_string(got.status) + ": " + got.body);
    return got.body;
}

std::optional<std::string> MotoServer::lock_record(const S3State& state) const {
    if (state.lock == S3Lock::lockfile) return s3_object(state.bucket, state.key + ".tflock");
    // Terraform's item for a state's lock is keyed "<bucket>/<key>"; "<bucket>/<key>-md5"
    // holds the state's digest.
    const Response got = dynamodb("GetItem", "{\"TableName\":" + json_quote(state.lock_table) +
                                                 ",\"ConsistentRead\":true,\"Key\":{\"LockID\":{\"S\":" +
                                                 json_quote(state.bucket + "/" + state.key) + "}}}");
    rapidjson::Document doc;
    doc.Parse(got.body.c_str());
    if (got.status != 200 || doc.HasParseError() || !doc.IsObject())
        throw E2eError("reading the lock item of " + state.key + " answered " + std::to_string(got.status) + ": " + got.body);
    if (!doc.HasMember("Item")) return std::nullopt;
    const rapidjson::Value& item = doc["Item"];
    if (!item.HasMember("Info") || !item["Info"].HasMember("S"))
        throw E2eError("the lock item of " + state.key + " has no Info: " + got.body);
    return std::string(item["Info"]["S"].GetString());
}

std::string MotoServer::aws_provider_block(const std::string& region) const {
    return "provider \"aws\" {\n"
           "  region                      = " + json_quote(region) + "\n"
           "  access_key                  = \"test\"\n"
           "  secret_key                  = \"test\"\n"
           "  skip_credentials_validation = true\n"
           "  skip_requesting_account_id  = true\n"
           "  skip_metadata_api_check     = true\n"
           "  skip_region_validation      = true\n"
           "  s3_use_path_style           = true\n"
           "}\n";
}

void MotoServer::write_aws_provider(Workspace& ws, const fs::path& file) const {
    ws.write_file(file, aws_provider_block());
    // The emulator's address reaches the provider through the AWS SDK's own variable, not
    // an `endpoints {}` block: with the block, the provider's validation of its own
    // configuration took 1.6 s of CPU at each of a plan's two validations (3.1 of the 5.5 s
    // of a small -refresh=false plan; tests/e2e/README.md), and a user's configuration has
    // no such block. The variable sends every service's calls here, not only those of the
    // services the tests know of.
    ws.set_environment("AWS_ENDPOINT_URL", endpoint());
}

std::string MotoServer::s3_backend_settings(const S3State& state) const {
    const std::string url = json_quote(state.endpoint.empty() ? endpoint() : state.endpoint);
    std::string text = "bucket                      = " + json_quote(state.bucket) + "\n"
                       "key                         = " + json_quote(state.key) + "\n"
                       "region                      = \"us-east-1\"\n"
                       "access_key                  = \"test\"\n"
                       "secret_key                  = \"test\"\n"
                       "skip_credentials_validation = true\n"
                       "skip_requesting_account_id  = true\n"
                       "skip_metadata_api_check     = true\n"
                       "skip_region_validation      = true\n"
                       "use_path_style              = true\n";
    if (state.lock == S3Lock::lockfile)
        text += "use_lockfile                = true\n"
                "endpoints                   = { s3 = " + url + " }\n";
    else
        text += "dynamodb_table              = " + json_quote(state.lock_table) + "\n"
                "endpoints                   = { s3 = " + url + ", dynamodb = " + url + " }\n";
    return text;
}

void MotoServer::write_s3_backend(const Workspace& ws, const S3State& state, const fs::path& file,
                                  const std::vector<std::string>& omit) const {
    std::string body;
    std::istringstream lines(s3_backend_settings(state));
    for (std::string line; std::getline(lines, line);) {
        const std::string name = line.substr(0, line.find(' '));
        if (std::find(omit.begin(), omit.end(), name) == omit.end()) body += "    " + line + "\n";
    }
    ws.write_file(file, "terraform {\n  backend \"s3\" {\n" + body + "  }\n}\n");
}

MotoServer& clean_moto_server() {
    static std::unique_ptr<MotoServer> server;
    if (!server) {
        server = std::make_unique<MotoServer>();  // a new server is empty
        return *server;
    }
    server->reset();
    return *server;
}

}  // namespace tfw::e2e
