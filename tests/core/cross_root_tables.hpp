// Shared by the cross-root test tables: a leftover deletion or creation of one root.
#pragma once

#include <cstddef>
#include <string>

#include "tfw/core/roots/cross_root.hpp"

namespace tfw::core::test {

inline RootCandidate candidate(std::size_t root, std::string address, bool is_deletion) {
    RootCandidate out;
    out.root = root;
    out.address = std::move(address);
    out.type = "terraform_data";
    out.provider = "terraform.io/builtin/terraform";
    out.is_deletion = is_deletion;
    return out;
}

}  // namespace tfw::core::test
