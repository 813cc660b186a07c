// `tfw version -json` is terraform's own `version -json` object, every field as terraform
// prints it, with "tfw_version" added; plain `tfw version` stays tfw's line, then terraform's.
#include <boost/test/unit_test.hpp>

#include <string>

#include <rapidjson/document.h>

#include "workspace.hpp"

using namespace tfw::e2e;

namespace {

rapidjson::Document parse_object(const RunResult& run) {
    rapidjson::Document document;
    document.Parse(run.out.c_str());
    BOOST_TEST_REQUIRE((!document.HasParseError() && document.IsObject()), "not a JSON object:\n" << run.describe());
    return document;
}

// "tfw v0.1.0\n…" -> "0.1.0"
std::string plain_version(const RunResult& run) {
    std::string first_line = run.out.substr(0, run.out.find('\n'));
    BOOST_TEST_REQUIRE(first_line.rfind("tfw v", 0) == 0u, run.describe());
    return first_line.substr(5);
}

}  // namespace

BOOST_AUTO_TEST_CASE(version_json_is_terraforms_with_tfw_version_added) {
    Workspace ws("nothing_to_move");
    RunResult plain = ws.tfw({"version"});
    BOOST_TEST_REQUIRE(plain.exit_code == 0, plain.describe());
    RunResult tfw = ws.tfw({"version", "-json"});
    BOOST_TEST_REQUIRE(tfw.exit_code == 0, tfw.describe());
    RunResult terraform = ws.terraform({"version", "-json"});
    BOOST_TEST_REQUIRE(terraform.exit_code == 0, terraform.describe());

    rapidjson::Document tfw_fields = parse_object(tfw);
    rapidjson::Document terraform_fields = parse_object(terraform);
    BOOST_TEST_REQUIRE(tfw_fields.HasMember("tfw_version"), tfw.out);
    BOOST_TEST_REQUIRE(tfw_fields["tfw_version"].IsString(), tfw.out);
    BOOST_TEST(std::string(tfw_fields["tfw_version"].GetString()) == plain_version(plain));

    // Every field terraform prints, with terraform's value, and nothing else but tfw's.
    BOOST_TEST(tfw_fields.MemberCount() == terraform_fields.MemberCount() + 1, tfw.out);
    const rapidjson::Value& expected = terraform_fields;
    for (const auto& member : expected.GetObject()) {
        std::string name = member.name.GetString();
        BOOST_TEST_REQUIRE(tfw_fields.HasMember(name.c_str()), name << " is missing:\n" << tfw.out);
        BOOST_TEST((tfw_fields[name.c_str()] == member.value), name << " differs:\n" << tfw.out);
    }
    BOOST_TEST(terraform_fields.HasMember("terraform_version"), terraform.out);
}

BOOST_AUTO_TEST_CASE(plain_version_is_tfws_line_then_terraforms) {
    Workspace ws("nothing_to_move");
    RunResult tfw = ws.tfw({"version"});
    RunResult terraform = ws.terraform({"version"});
    BOOST_TEST_REQUIRE(tfw.exit_code == 0, tfw.describe());
    std::string version = plain_version(tfw);
    BOOST_TEST(tfw.out == "tfw v" + version + "\n" + terraform.out);
}
