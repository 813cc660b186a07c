// tfw plan --write with a remote module (a git::file:// repository made by the test):
// nothing is ever written into the downloaded copy; blocks go to the root with full
// addresses. Cases in support/write_cases.cpp.
#include <boost/test/unit_test.hpp>

#include "write_checks.hpp"

using namespace tfw::e2e;

// The call to the remote module is renamed: module.lib -> module.core, in the root.
BOOST_AUTO_TEST_CASE(remote_module_call_rename_is_written_in_the_root) { check_write_case("remote_call_renamed"); }

// A resource renamed inside the remote module (its ref moved to v2): the common ancestor
// module.lib lives under .terraform/modules, so the block goes to the root.
BOOST_AUTO_TEST_CASE(move_inside_a_remote_module_is_written_in_the_root) {
    const WriteCase& c = write_case("remote_inner_moved");
    Workspace ws(c.fixture);
    c.prepare(ws);
    require_case_reference(ws, c);
    check_write_cycle(ws, c);
    BOOST_TEST(!ws.exists(".terraform/modules/lib/moved.tf"));
}

// The same with TF_DATA_DIR=.tfdata: the download is recognised by its source, not by the
// name of the data directory.
BOOST_AUTO_TEST_CASE(move_inside_a_remote_module_with_tf_data_dir_is_written_in_the_root) {
    const WriteCase& c = write_case("remote_inner_moved_data_dir");
    DataDirOverride data_dir(c.data_dir);
    Workspace ws(c.fixture);
    c.prepare(ws);
    BOOST_TEST_REQUIRE(ws.exists(".tfdata/modules/modules.json"));
    BOOST_TEST_REQUIRE(!ws.exists(".terraform"));
    require_case_reference(ws, c);
    check_write_cycle(ws, c);
    BOOST_TEST(!ws.exists(".tfdata/modules/lib/moved.tf"));
}
