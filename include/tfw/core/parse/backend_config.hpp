// Whether a root's backend is configured in full by its files, or partly by
// `terraform init -backend-config=…`: then one configuration serves several states
// (staging, prod) that the initialised backend cannot see, and a tool that decides from
// "every state" must be told where the others are. Pure: .tf text and the data
// directory's backend record in, names out.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline parse {

// `terraform { backend "TYPE" { … } }` as a file declares it.
struct BackendBlock {
    std::string type;
    std::vector<std::string> settings;  // the attribute names set in the block
    std::string file;
    int line = 0;
};

// The backend block of one .tf file, if it has one. Throws HclError on a syntax error.
std::optional<BackendBlock> read_backend_block(std::string_view tf_text, std::string_view file_name);

// The backend block of one .tf.json file (`{"terraform": {"backend": {"TYPE": {…}}}}`,
// where "terraform" and "backend" may also be arrays of such objects). `line` is that of
// the "backend" key. Throws HclError naming the file and line when the JSON is invalid.
std::optional<BackendBlock> read_backend_block_json(std::string_view json_text, std::string_view file_name);

// The backend block Terraform uses for a root module, from its files (name and text, in
// any order): the one in an ordinary file (.tf or .tf.json), replaced as a whole by the
// last override file (override.tf, NAME_override.tf and their .tf.json forms, taken in
// lexicographic order) that has one. Files of other extensions are not read.
std::optional<BackendBlock> effective_backend_block(const std::vector<std::pair<std::string, std::string>>& files);

// The backend the data directory records (`.terraform/terraform.tfstate` after init):
// its type and the settings that have a value, whether from the block or -backend-config.
struct RecordedBackend {
    std::string type;
    std::vector<std::string> settings;
};
std::optional<RecordedBackend> parse_backend_record(std::string_view record_json);

// The recorded settings that the block does not set: they came from -backend-config.
// Empty when the block names every one, or when the record is of another backend.
std::vector<std::string> settings_from_backend_config(const BackendBlock& block, const RecordedBackend& recorded);

}  // namespace tfw::core::parse
