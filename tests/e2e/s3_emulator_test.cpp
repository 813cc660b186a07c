// The AWS API emulator fixture itself (support/moto_server.hpp): each test gets an empty
// emulator, and a server is stopped by its pid when its owner goes, an exception included.
#include <boost/test/unit_test.hpp>

#include "moto_server.hpp"

using namespace tfw::e2e;

namespace {
struct FailingTest {};
}  // namespace

BOOST_AUTO_TEST_CASE(each_test_gets_an_empty_emulator, *moto_server_required()) {
    MotoServer& moto = clean_moto_server();
    const S3State state{"tfstate", "a/terraform.tfstate", S3Lock::dynamodb};
    moto.create_state_store(state);
    BOOST_TEST(!moto.s3_object(state.bucket, state.key).has_value());
    BOOST_TEST(!moto.lock_record(state).has_value());
    // A table cannot be created twice: that it can again shows the reset emptied the server.
    BOOST_CHECK_THROW(moto.create_lock_table(state.lock_table), E2eError);
    const pid_t pid = moto.pid();
    MotoServer& again = clean_moto_server();
    BOOST_TEST(again.pid() == pid, "the binary's server was started twice");
    BOOST_CHECK_NO_THROW(again.create_state_store(state));
}

BOOST_AUTO_TEST_CASE(a_server_is_stopped_by_pid_when_a_test_throws, *moto_server_required()) {
    pid_t pid = -1;
    try {
        MotoServer moto;
        pid = moto.pid();
        BOOST_TEST_REQUIRE(process_alive(pid));
        BOOST_TEST(moto.port() != clean_moto_server().port());
        throw FailingTest{};
    } catch (const FailingTest&) {
    }
    BOOST_TEST(!process_alive(pid), "moto_server " << pid << " still runs");
}
