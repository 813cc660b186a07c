// The main() of every Boost.Test executable (CMakeLists.txt links it into each), with the
// master test suite named after the executable, as BOOST_TEST_MODULE would name it.
// It is defined here once rather than by BOOST_TEST_MODULE in each test file, so that
// every test file compiles with the same definitions and all of them share one
// precompiled <boost/test/unit_test.hpp> (BENCHMARKS.md, "scripts/test time").
#include <boost/test/unit_test.hpp>

#include <string>

namespace {

bool name_the_master_suite_after_the_executable() {
    auto& master = boost::unit_test::framework::master_test_suite();
    if (master.argc > 0) {
        const std::string path = master.argv[0];
        master.p_name.value = path.substr(path.find_last_of('/') + 1);
    }
    return true;
}

}  // namespace

#ifdef BOOST_TEST_DYN_LINK
int main(int argc, char* argv[]) {
    return boost::unit_test::unit_test_main(&name_the_master_suite_after_the_executable, argc, argv);
}
#else
// The static library (a portable build, CMakeLists.txt's TFW_PORTABLE) has main() built in
// and calls this instead.
boost::unit_test::test_suite* init_unit_test_suite(int, char*[]) {
    name_the_master_suite_after_the_executable();
    return nullptr;
}
#endif
