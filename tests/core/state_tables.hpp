// States for table tests, as `terraform state pull` prints them: shared by the tests of
// the state migration and of split objects.
#pragma once

#include <string>

namespace tfw::core::test {

// A state with `resources` (JSON text of the list) under a lineage and serial.
inline std::string state(const std::string& lineage, int serial, const std::string& resources) {
    return R"({"version":4,"terraform_version":"1.11.4","serial":)" + std::to_string(serial) + R"(,"lineage":")" +
           lineage + R"(","outputs":{},"resources":[)" + resources + R"(],"check_results":null})";
}

inline const std::string provider = R"("provider":"provider[\"terraform.io/builtin/terraform\"]")";

inline std::string resource(const std::string& module, const std::string& name, const std::string& each,
                            const std::string& instances) {
    return std::string("{") + (module.empty() ? "" : R"("module":")" + module + R"(",)") +
           R"("mode":"managed","type":"terraform_data","name":")" + name + R"(",)" +
           (each.empty() ? "" : R"("each":")" + each + R"(",)") + provider + R"(,"instances":[)" + instances + "]}";
}

inline std::string instance(const std::string& key, const std::string& id, const std::string& dependencies = "") {
    return std::string("{") + (key.empty() ? "" : R"("index_key":)" + key + ",") +
           R"("schema_version":0,"attributes":{"id":")" + id + R"("},"sensitive_attributes":[])" +
           (dependencies.empty() ? "" : R"(,"dependencies":[)" + dependencies + "]") + "}";
}

}  // namespace tfw::core::test
