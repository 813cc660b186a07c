// Terraform's JSON configuration syntax (NAME.tf.json): what tfw reads of it, as it reads
// the same of HCL files, so that a configuration written as JSON is not read as empty.
// At every block level Terraform takes an object or an array of objects.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "tfw/core/model/plan.hpp"
#include "tfw/core/parse/hcl_moved.hpp"

namespace tfw::core::inline parse {

// The 1-based line of byte `offset` of `text`.
int line_of_offset(std::string_view text, std::size_t offset);

// The parsed file; throws HclError naming the file and line when it is not valid JSON.
rapidjson::Document parse_json_configuration(std::string_view json_text, std::string_view file_name);

// `body` when it is an object, or each object of it when it is an array.
void for_each_json_body(const rapidjson::Value& body, const std::function<void(const rapidjson::Value&)>& visit);

// The top-level moved blocks (`"moved": {"from": "a.b", "to": "a.c"}`, or an array of
// them), each line the file's line of its "moved" key. The same errors as
// read_moved_blocks, for an endpoint that is not a static address or is missing.
std::vector<MovedBlock> read_moved_blocks_json(std::string_view json_text, std::string_view file_name);

// The `ignore_changes` of each managed resource that has any (`"resource": {"TYPE":
// {"NAME": {"lifecycle": {"ignore_changes": ["input", "tags[\"Name\"]"]}}}}`, or "all"),
// by `type.name`, as read_ignored_changes reads them.
std::map<std::string, IgnoredChanges> read_ignored_changes_json(std::string_view json_text, std::string_view file_name);

}  // namespace tfw::core::parse
