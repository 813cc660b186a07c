#include "tfw/core/parse/plan_text.hpp"

#include <boost/test/unit_test.hpp>

#include "plan_summary_show.hpp"

#include <optional>
#include <string>
#include <vector>

using namespace tfw::core;
using namespace tfw::core::testing;

// Human plan output captured from Terraform 1.11.4 (terraform_data, local state), with
// colour (`terraform plan -out=p`) and without (`-no-color`), byte for byte.

namespace {

// A rename of terraform_data.a to .b and of a for_each resource k to k2, with colour.
const std::string rename_color =
    "\x1b[0m\x1b[1mterraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]\x1b[0m\n"
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "  \x1b[31m-\x1b[0m destroy\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.a\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (because terraform_data.a is not in configuration)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"a\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"d5e42005-3639-0535-e5ac-f1274c2f6f4d\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"hello\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"hello\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.k[\"q\\\"uote\"]\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (because terraform_data.k is not in configuration)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"k\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"992f3bfe-7ea4-3507-50a4-b3e460f54b5c\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"q\\\"uote\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"q\\\"uote\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.k[\"with space\"]\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (because terraform_data.k is not in configuration)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"k\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"e9d78356-845a-69b0-88d4-9479a22000a7\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"with space\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"with space\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.k2[\"q\\\"uote\"]\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"k2\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"q\\\"uote\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.k2[\"with space\"]\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"k2\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"with space\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 3 to add, 0 to change, 3 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: p\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"p\"\n";

const std::string rename_plain = R"tf(terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create
  - destroy

Terraform will perform the following actions:

  # terraform_data.a will be destroyed
  # (because terraform_data.a is not in configuration)
  - resource "terraform_data" "a" {
      - id     = "d5e42005-3639-0535-e5ac-f1274c2f6f4d" -> null
      - input  = "hello" -> null
      - output = "hello" -> null
    }

  # terraform_data.b will be created
  + resource "terraform_data" "b" {
      + id     = (known after apply)
      + input  = "hello"
      + output = (known after apply)
    }

  # terraform_data.k["q\"uote"] will be destroyed
  # (because terraform_data.k is not in configuration)
  - resource "terraform_data" "k" {
      - id     = "992f3bfe-7ea4-3507-50a4-b3e460f54b5c" -> null
      - input  = "q\"uote" -> null
      - output = "q\"uote" -> null
    }

  # terraform_data.k["with space"] will be destroyed
  # (because terraform_data.k is not in configuration)
  - resource "terraform_data" "k" {
      - id     = "e9d78356-845a-69b0-88d4-9479a22000a7" -> null
      - input  = "with space" -> null
      - output = "with space" -> null
    }

  # terraform_data.k2["q\"uote"] will be created
  + resource "terraform_data" "k2" {
      + id     = (known after apply)
      + input  = "q\"uote"
      + output = (known after apply)
    }

  # terraform_data.k2["with space"] will be created
  + resource "terraform_data" "k2" {
      + id     = (known after apply)
      + input  = "with space"
      + output = (known after apply)
    }

Plan: 3 to add, 0 to change, 3 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// triggers_replace changed.
const std::string replace_plain = R"tf(terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
-/+ destroy and then create replacement

Terraform will perform the following actions:

  # terraform_data.r must be replaced
-/+ resource "terraform_data" "r" {
      ~ id               = "536b7b13-7df5-28d9-53be-c46cc6f6502a" -> (known after apply)
      ~ triggers_replace = "one" -> "two"
    }

Plan: 1 to add, 0 to change, 1 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// The same with create_before_destroy.
const std::string replace_cbd_plain = R"tf(terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
+/- create replacement and then destroy

Terraform will perform the following actions:

  # terraform_data.r must be replaced
+/- resource "terraform_data" "r" {
      ~ id               = "536b7b13-7df5-28d9-53be-c46cc6f6502a" -> (known after apply)
      ~ triggers_replace = "one" -> "two"
    }

Plan: 1 to add, 0 to change, 1 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// moved { from = terraform_data.a, to = terraform_data.b }, with colour.
const std::string move_color =
    "\x1b[0m\x1b[1mterraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.b: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.a\x1b[0m has moved to \x1b[1mterraform_data.b\x1b[0m\n"
    "\x1b[0m    resource \"terraform_data\" \"b\" {\n"
    "        id     = \"d5e42005-3639-0535-e5ac-f1274c2f6f4d\"\n"
    "        \x1b[90m# (2 unchanged attributes hidden)\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 0 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: p\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"p\"\n";

// The same move with a changed input.
const std::string move_update_plain = R"tf(terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]
terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.b: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # terraform_data.b will be updated in-place
  # (moved from terraform_data.a)
  ~ resource "terraform_data" "b" {
        id     = "d5e42005-3639-0535-e5ac-f1274c2f6f4d"
      ~ input  = "hello" -> "changed"
      ~ output = "hello" -> (known after apply)
    }

Plan: 0 to add, 1 to change, 0 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

const std::string no_changes_color =
    "\x1b[0m\x1b[1mterraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]\x1b[0m\n"
    "\n"
    "\x1b[0m\x1b[1m\x1b[32mNo changes.\x1b[0m\x1b[1m Your infrastructure matches the configuration.\x1b[0m\n"
    "\n"
    "\x1b[0mTerraform has compared your real infrastructure against your configuration\n"
    "and found no differences, so no changes are needed.\n";

const std::string outputs_only_plain = R"tf(terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]

Changes to Outputs:
  ~ o = "v1" -> "v2"

You can apply this plan to save these new output values to the Terraform
state, without changing any real infrastructure.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// removed { from = terraform_data.a, lifecycle { destroy = false } }.
const std::string forget_plain = R"tf(terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:

Terraform will perform the following actions:

 # terraform_data.a will no longer be managed by Terraform, but will not be destroyed
 # (destroy = false is set in the configuration)
 . resource "terraform_data" "a" {
        id     = "d5e42005-3639-0535-e5ac-f1274c2f6f4d"
        # (2 unchanged attributes hidden)
    }

Plan: 0 to add, 0 to change, 0 to destroy.

Warning: Some objects will no longer be managed by Terraform

If you apply this plan, Terraform will discard its tracking information for
the following objects, but it will not delete them:
 - terraform_data.a

After applying this plan, Terraform will no longer manage these objects. You
will need to import them into Terraform to manage them again.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// A state with a deposed object for terraform_data.m.
const std::string deposed_plain = R"tf(terraform_data.m (deposed object c0ffee01): Refreshing state... [id=deposed-id]
terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]
terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  - destroy

Terraform will perform the following actions:

  # terraform_data.m (deposed object c0ffee01) will be destroyed
  # (left over from a partially-failed replacement of this instance)
  - resource "terraform_data" "m" {
      - id     = "deposed-id" -> null
      - input  = "stay" -> null
      - output = "stay" -> null
    }

Plan: 0 to add, 0 to change, 1 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// The deposed object, a rename of a to b, and a data source read during apply because
// its config refers to b, with colour.
const std::string deposed_rename_data_color =
    "\x1b[0m\x1b[1mterraform_data.m (deposed object c0ffee01): Refreshing state... [id=deposed-id]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]\x1b[0m\n"
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "  \x1b[31m-\x1b[0m destroy\x1b[0m\n"
    " \x1b[36m<=\x1b[0m read (data resources)\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # data.terraform_remote_state.x\x1b[0m will be read during apply\n"
    "  # (config refers to values not yet known)\n"
    "\x1b[0m \x1b[36m<=\x1b[0m\x1b[0m data \"terraform_remote_state\" \"x\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m backend = \"local\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m config  = {\n"
    "          \x1b[32m+\x1b[0m\x1b[0m path = (known after apply)\n"
    "        }\n"
    "      \x1b[32m+\x1b[0m\x1b[0m outputs = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.a\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (because terraform_data.a is not in configuration)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"a\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"d5e42005-3639-0535-e5ac-f1274c2f6f4d\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"hello\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"hello\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1m  # terraform_data.m (deposed object c0ffee01)\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (left over from a partially-failed replacement of this instance)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"m\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"deposed-id\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"stay\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"stay\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 2 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: p\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"p\"\n";

// module "m" (for_each = ["x y", "q\"z"]) renamed to "n", with colour.
const std::string module_keys_color =
    "\x1b[0m\x1b[1mmodule.c[0].terraform_data.t: Refreshing state... [id=9fcb9756-576b-da28-3244-204d4a8ce232]\x1b[0m\n"
    "\x1b[0m\x1b[1mmodule.m[\"q\\\"z\"].terraform_data.t: Refreshing state... [id=159797a4-c23c-e9fe-3f59-e535b0417dc3]\x1b[0m\n"
    "\x1b[0m\x1b[1mmodule.m[\"x y\"].terraform_data.t: Refreshing state... [id=245c4e95-af4f-71a1-bfe7-c1d78df3222d]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.top: Refreshing state... [id=a371113f-2afc-b961-7054-a4104eaa29de]\x1b[0m\n"
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "  \x1b[31m-\x1b[0m destroy\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # module.m[\"q\\\"z\"].terraform_data.t\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (because terraform_data.t is not in configuration)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"t\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"159797a4-c23c-e9fe-3f59-e535b0417dc3\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"in module\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"in module\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1m  # module.m[\"x y\"].terraform_data.t\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
    "  # (because terraform_data.t is not in configuration)\n"
    "\x1b[0m  \x1b[31m-\x1b[0m\x1b[0m resource \"terraform_data\" \"t\" {\n"
    "      \x1b[31m-\x1b[0m\x1b[0m id     = \"245c4e95-af4f-71a1-bfe7-c1d78df3222d\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m input  = \"in module\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "      \x1b[31m-\x1b[0m\x1b[0m output = \"in module\" \x1b[90m-> null\x1b[0m\x1b[0m\n"
    "    }\n"
    "\n"
    "\x1b[1m  # module.n[\"q\\\"z\"].terraform_data.t\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"t\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"in module\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1m  # module.n[\"x y\"].terraform_data.t\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"t\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"in module\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 2 to add, 0 to change, 2 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: p\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"p\"\n";

// A rename inside `module "data"`: a module may be called data.
const std::string module_named_data_plain = R"tf(module.data.terraform_data.old: Refreshing state... [id=7aeba897-3030-4c30-5bbf-f118d43cfa13]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create
  - destroy

Terraform will perform the following actions:

  # module.data.terraform_data.new will be created
  + resource "terraform_data" "new" {
      + id     = (known after apply)
      + input  = "x"
      + output = (known after apply)
    }

  # module.data.terraform_data.old will be destroyed
  # (because terraform_data.old is not in configuration)
  - resource "terraform_data" "old" {
      - id     = "7aeba897-3030-4c30-5bbf-f118d43cfa13" -> null
      - input  = "x" -> null
      - output = "x" -> null
    }

Plan: 1 to add, 0 to change, 1 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// -replace=terraform_data.a, replace_triggered_by, and new for_each keys that read like
// header text.
const std::string special_plain = R"tf(terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]
terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create
-/+ destroy and then create replacement

Terraform will perform the following actions:

  # terraform_data.a will be replaced, as requested
-/+ resource "terraform_data" "a" {
      ~ id     = "d5e42005-3639-0535-e5ac-f1274c2f6f4d" -> (known after apply)
      ~ output = "hello" -> (known after apply)
        # (1 unchanged attribute hidden)
    }

  # terraform_data.k3["a has moved to b"] will be created
  + resource "terraform_data" "k3" {
      + id     = (known after apply)
      + input  = "a has moved to b"
      + output = (known after apply)
    }

  # terraform_data.k3["x will be destroyed"] will be created
  + resource "terraform_data" "k3" {
      + id     = (known after apply)
      + input  = "x will be destroyed"
      + output = (known after apply)
    }

  # terraform_data.m will be replaced due to changes in replace_triggered_by
-/+ resource "terraform_data" "m" {
      ~ id     = "6dbb6855-57c8-95f2-e8f5-f0c990671538" -> (known after apply)
      ~ output = "stay" -> (known after apply)
        # (1 unchanged attribute hidden)
    }

  # terraform_data.r must be replaced
-/+ resource "terraform_data" "r" {
      ~ id               = "536b7b13-7df5-28d9-53be-c46cc6f6502a" -> (known after apply)
      ~ triggers_replace = "one" -> "two"
    }

Plan: 5 to add, 0 to change, 3 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// A moved block whose `from` is still declared.
const std::string still_exists_plain = R"tf(terraform_data.k["with space"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]
terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]
terraform_data.k["q\"uote"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]
terraform_data.b: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]
terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]

Error: Moved object still exists

  on main.tf line 7:
   7: moved {

This statement declares a move from terraform_data.a, but that resource is
still declared at main.tf:1,1.

Change your configuration so that this resource will be declared as
terraform_data.b instead.
)tf";

const std::string still_exists_color =
    "\x1b[0m\x1b[1mterraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]\x1b[0m\n"
    "\x1b[0m\x1b[1mterraform_data.b: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]\x1b[0m\n"
    "\x1b[31m╷\x1b[0m\x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mMoved object still exists\x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\x1b[0m  on main.tf line 7:\n"
    "\x1b[31m│\x1b[0m \x1b[0m   7: \x1b[4mmoved\x1b[0m {\x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0mThis statement declares a move from terraform_data.a, but that resource is\n"
    "\x1b[31m│\x1b[0m \x1b[0mstill declared at main.tf:1,1.\n"
    "\x1b[31m│\x1b[0m \x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0mChange your configuration so that this resource will be declared as\n"
    "\x1b[31m│\x1b[0m \x1b[0mterraform_data.b instead.\n"
    "\x1b[31m╵\x1b[0m\x1b[0m\n";

// The same with the CLI configuration warning Terraform prints first.
const std::string warning_then_error_color =
    "There are some problems with the CLI configuration:\n"
    "╷\n"
    "│ Warning: Unable to open CLI configuration file\n"
    "│\n"
    "│ The CLI configuration file at \"/nonexistent/cli.tfrc\" does not exist.\n"
    "╵\n"
    "\n"
    "\x1b[31m╷\x1b[0m\x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mMoved object still exists\x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\x1b[0m  on main.tf line 7:\n"
    "\x1b[31m│\x1b[0m \x1b[0m   7: \x1b[4mmoved\x1b[0m {\x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0mThis statement declares a move from terraform_data.a, but that resource is\n"
    "\x1b[31m│\x1b[0m \x1b[0mstill declared at main.tf:1,1.\n"
    "\x1b[31m│\x1b[0m \x1b[0m\n"
    "\x1b[31m│\x1b[0m \x1b[0mChange your configuration so that this resource will be declared as\n"
    "\x1b[31m│\x1b[0m \x1b[0mterraform_data.b instead.\n"
    "\x1b[31m╵\x1b[0m\x1b[0m\n";

// A one-resource plan saved to tfw's private file, and the same plan as Terraform
// prints it without -out, with -out=tfplan and with -out='my "plan"'.
const std::string private_plan = "/tmp/tfw-AbC123/plan-1.tfplan";

const std::string saved_private_color =
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: /tmp/tfw-AbC123/plan-1.tfplan\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"/tmp/tfw-AbC123/plan-1.tfplan\"\n";

const std::string saved_none_color =
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Note: You didn't use the -out option to save this plan, so Terraform can't\n"
    "guarantee to take exactly these actions if you run \"terraform apply\" now.\n";

const std::string saved_user_color =
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: tfplan\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"tfplan\"\n";

const std::string saved_user_quoted_color =
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to: my \"plan\"\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"my \\\"plan\\\"\"\n";

const std::string saved_private_plain = R"tf(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # terraform_data.b will be created
  + resource "terraform_data" "b" {
      + id     = (known after apply)
      + input  = "hello"
      + output = (known after apply)
    }

Plan: 1 to add, 0 to change, 0 to destroy.

─────────────────────────────────────────────────────────────────────────────

Saved the plan to: /tmp/tfw-AbC123/plan-1.tfplan

To perform exactly these actions, run the following command to apply:
    terraform apply "/tmp/tfw-AbC123/plan-1.tfplan"
)tf";

const std::string saved_none_plain = R"tf(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # terraform_data.b will be created
  + resource "terraform_data" "b" {
      + id     = (known after apply)
      + input  = "hello"
      + output = (known after apply)
    }

Plan: 1 to add, 0 to change, 0 to destroy.

─────────────────────────────────────────────────────────────────────────────

Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
)tf";

// TF_IN_AUTOMATION=1: no closing lines at all.
const std::string automation_plain = R"tf(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # terraform_data.b will be created
  + resource "terraform_data" "b" {
      + id     = (known after apply)
      + input  = "hello"
      + output = (known after apply)
    }

Plan: 1 to add, 0 to change, 0 to destroy.
)tf";

// A private path of 59 characters or more: Terraform wraps the line after "to:".
const std::string long_private_plan = "/tmp/tfcap/a-very-long-temporary-directory-name/tfw-XyZ789/plan-1.tfplan";

const std::string saved_long_private_color =
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[90m\n"
    "─────────────────────────────────────────────────────────────────────────────\x1b[0m\n"
    "\n"
    "Saved the plan to:\n"
    "/tmp/tfcap/a-very-long-temporary-directory-name/tfw-XyZ789/plan-1.tfplan\n"
    "\n"
    "To perform exactly these actions, run the following command to apply:\n"
    "    terraform apply \"/tmp/tfcap/a-very-long-temporary-directory-name/tfw-XyZ789/plan-1.tfplan\"\n";

// `terraform apply` (answered "no") of the same configuration, up to its question.
const std::string apply_color_before_question =
    "\n"
    "Terraform used the selected providers to generate the following execution\n"
    "plan. Resource actions are indicated with the following symbols:\n"
    "  \x1b[32m+\x1b[0m create\x1b[0m\n"
    "\n"
    "Terraform will perform the following actions:\n"
    "\n"
    "\x1b[1m  # terraform_data.b\x1b[0m will be created\n"
    "\x1b[0m  \x1b[32m+\x1b[0m\x1b[0m resource \"terraform_data\" \"b\" {\n"
    "      \x1b[32m+\x1b[0m\x1b[0m id     = (known after apply)\n"
    "      \x1b[32m+\x1b[0m\x1b[0m input  = \"hello\"\n"
    "      \x1b[32m+\x1b[0m\x1b[0m output = (known after apply)\n"
    "    }\n"
    "\n"
    "\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy.\n"
    "\x1b[0m\x1b[0m\x1b[1m\n";

const std::string apply_plain_before_question = R"tf(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # terraform_data.b will be created
  + resource "terraform_data" "b" {
      + id     = (known after apply)
      + input  = "hello"
      + output = (known after apply)
    }

Plan: 1 to add, 0 to change, 0 to destroy.

)tf";

// Drops every line containing `needle`.
std::string without_lines(const std::string& text, const std::string& needle) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
        if (line.find(needle) == std::string::npos) out += line;
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_CASE(strip_ansi_table) {
    struct Case {
        std::string name;
        std::string input;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"empty", "", ""},
        {"plain text", "Plan: 1 to add", "Plan: 1 to add"},
        {"reset only", "\x1b[0m", ""},
        {"bold header", "\x1b[1m  # terraform_data.a\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m",
         "  # terraform_data.a will be destroyed"},
        {"parameters", "\x1b[38;5;196mred\x1b[0m and \x1b[1;4mmore\x1b[m", "red and more"},
        {"box drawing kept", "\x1b[31m\xE2\x94\x82\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m", "\xE2\x94\x82 Error: "},
        {"rule kept", "\x1b[0m\x1b[90m\n\xE2\x94\x80\xE2\x94\x80\x1b[0m\n", "\n\xE2\x94\x80\xE2\x94\x80\n"},
        {"unfinished sequence at the end", "abc\x1b[1", "abc"},
        {"lone escape kept", "a\x1b", "a\x1b"},
        {"unicode kept", "terraform_data.keys[\"\xC3\xA9\"]", "terraform_data.keys[\"\xC3\xA9\"]"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(strip_ansi(c.input) == c.expected); }
    }
    // Real colour output strips to the -no-color rendering of the same plan.
    BOOST_TEST(strip_ansi(no_changes_color).find("No changes. Your infrastructure matches the configuration.") !=
               std::string::npos);
    BOOST_TEST(strip_ansi(saved_none_color) == saved_none_plain);
    BOOST_TEST(strip_ansi(saved_private_color) == saved_private_plain);
}

BOOST_AUTO_TEST_CASE(scan_real_plans) {
    struct Case {
        std::string name;
        std::string text;
        Strings headers;
        std::string counts;
    };
    const Strings rename_headers = {
        "terraform_data.a destroy",
        "terraform_data.b create",
        R"(terraform_data.k["q\"uote"] destroy)",
        R"(terraform_data.k["with space"] destroy)",
        R"(terraform_data.k2["q\"uote"] create)",
        R"(terraform_data.k2["with space"] create)",
    };
    const std::vector<Case> cases = {
        {"rename with colour", rename_color, rename_headers, "3/0/3"},
        {"rename without colour", rename_plain, rename_headers, "3/0/3"},
        {"replace", replace_plain, {"terraform_data.r replace [~ id (known after apply)] [~ triggers_replace]"}, "1/0/1"},
        {"create before destroy replace", replace_cbd_plain, {"terraform_data.r replace [~ id (known after apply)] [~ triggers_replace]"}, "1/0/1"},
        {"pure move", move_color, {"terraform_data.b move from terraform_data.a"}, "0/0/0"},
        {"move with an update", move_update_plain, {"terraform_data.b update from terraform_data.a [~ input] [~ output (known after apply)]"}, "0/1/0"},
        {"no changes", no_changes_color, {}, "-/-/- no changes"},
        {"outputs only", outputs_only_plain, {}, "-/-/-"},
        {"forget", forget_plain, {"terraform_data.a forget"}, "0/0/0"},
        {"deposed", deposed_plain, {"terraform_data.m destroy deposed"}, "0/0/1"},
        {"deposed, rename and data read", deposed_rename_data_color,
         {"data.terraform_remote_state.x read", "terraform_data.a destroy", "terraform_data.b create",
          "terraform_data.m destroy deposed"},
         "1/0/2"},
        {"module keys", module_keys_color,
         {R"(module.m["q\"z"].terraform_data.t destroy)", R"(module.m["x y"].terraform_data.t destroy)",
          R"(module.n["q\"z"].terraform_data.t create)", R"(module.n["x y"].terraform_data.t create)"},
         "2/0/2"},
        {"module named data", module_named_data_plain,
         {"module.data.terraform_data.new create", "module.data.terraform_data.old destroy"}, "1/0/1"},
        {"replace kinds and keys that read like headers", special_plain,
         {"terraform_data.a replace [~ id (known after apply)] [~ output (known after apply)]", R"(terraform_data.k3["a has moved to b"] create)",
          R"(terraform_data.k3["x will be destroyed"] create)", "terraform_data.m replace [~ id (known after apply)] [~ output (known after apply)]", "terraform_data.r replace [~ id (known after apply)] [~ triggers_replace]"},
         "5/0/3"},
        {"an error", still_exists_plain, {}, "-/-/- unrecognised"},
        {"empty", "", {}, "-/-/- unrecognised"},
        {"crlf line endings", replace_all(replace_plain, "\n", "\r\n"), {"terraform_data.r replace [~ id (known after apply)] [~ triggers_replace]"}, "1/0/1"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            PlanTextSummary summary = scan_plan_text(c.text);
            BOOST_TEST(show_headers(summary) == c.headers, boost::test_tools::per_element());
            BOOST_TEST(show_counts(summary) == c.counts);
        }
    }
}

BOOST_AUTO_TEST_CASE(move_candidates_of_real_plans) {
    struct Case {
        std::string name;
        std::string text;
        std::optional<Strings> destroyed;  // std::nullopt: move_candidates must say "maybe"
        Strings created;
    };
    const std::vector<Case> cases = {
        {"rename with colour", rename_color,
         Strings{"terraform_data.a", R"(terraform_data.k["q\"uote"])", R"(terraform_data.k["with space"])"},
         {"terraform_data.b", R"(terraform_data.k2["q\"uote"])", R"(terraform_data.k2["with space"])"}},
        {"rename without colour", rename_plain,
         Strings{"terraform_data.a", R"(terraform_data.k["q\"uote"])", R"(terraform_data.k["with space"])"},
         {"terraform_data.b", R"(terraform_data.k2["q\"uote"])", R"(terraform_data.k2["with space"])"}},
        {"a replace is no candidate", replace_plain, Strings{}, {}},
        {"create before destroy replace", replace_cbd_plain, Strings{}, {}},
        {"pure move", move_color, Strings{}, {}},
        {"move with an update", move_update_plain, Strings{}, {}},
        {"no changes", no_changes_color, Strings{}, {}},
        {"outputs only", outputs_only_plain, Strings{}, {}},
        {"forget", forget_plain, Strings{}, {}},
        {"deposed counts but is no candidate", deposed_plain, Strings{}, {}},
        {"deposed, rename and data read", deposed_rename_data_color, Strings{"terraform_data.a"}, {"terraform_data.b"}},
        {"module keys", module_keys_color,
         Strings{R"(module.m["q\"z"].terraform_data.t)", R"(module.m["x y"].terraform_data.t)"},
         {R"(module.n["q\"z"].terraform_data.t)", R"(module.n["x y"].terraform_data.t)"}},
        {"a module named data is not a data source", module_named_data_plain, Strings{"module.data.terraform_data.old"},
         {"module.data.terraform_data.new"}},
        {"a for_each key containing .data. is not a data source",
         replace_all(module_keys_color, "x y", "x.data.y"),
         Strings{R"(module.m["q\"z"].terraform_data.t)", R"(module.m["x.data.y"].terraform_data.t)"},
         {R"(module.n["q\"z"].terraform_data.t)", R"(module.n["x.data.y"].terraform_data.t)"}},
        {"replace kinds and keys that read like headers", special_plain, Strings{},
         {R"(terraform_data.k3["a has moved to b"])", R"(terraform_data.k3["x will be destroyed"])"}},
        // Conservative: when the headers do not add up to the Plan: line, ask show -json.
        {"more to add than create headers", replace_all(rename_plain, "Plan: 3 to add", "Plan: 4 to add"), std::nullopt, {}},
        {"more to destroy than destroy headers", replace_all(rename_color, " 3 to destroy", " 4 to destroy"), std::nullopt,
         {}},
        {"fewer to add than create headers", replace_all(rename_plain, "Plan: 3 to add", "Plan: 2 to add"), std::nullopt, {}},
        {"a header Terraform might add one day",
         replace_all(rename_plain, "terraform_data.b will be created", "terraform_data.b will be conjured"), std::nullopt, {}},
        {"a Plan: line without headers", without_lines(replace_plain, "  # "), std::nullopt, {}},
        {"a Plan: line without destroy count",
         replace_all(rename_plain, "Plan: 3 to add, 0 to change, 3 to destroy.", "Plan: 3 to add, 0 to change."), std::nullopt,
         {}},
        {"headers without a Plan: line", without_lines(rename_plain, "Plan: "), std::nullopt, {}},
        // An unknown rendering never means "nothing to move": neither a wrapper's rewording
        // of every heading and of the counts, nor no text at all.
        {"headings and counts in another wording",
         replace_all(replace_all(replace_all(rename_plain, " will be destroyed", " goes away"), " will be created", " is new"),
                     "Plan: ", "Summary: "),
         std::nullopt, {}},
        {"outputs only without its closing line", without_lines(outputs_only_plain, "You can apply"), std::nullopt, {}},
        {"no text", "", std::nullopt, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::optional<MoveCandidates> candidates = move_candidates(scan_plan_text(c.text));
            BOOST_TEST(candidates.has_value() == c.destroyed.has_value());
            if (!candidates || !c.destroyed) continue;
            BOOST_TEST(candidates->destroyed == *c.destroyed, boost::test_tools::per_element());
            BOOST_TEST(candidates->created == c.created, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(go_quote_table) {
    struct Case {
        std::string name;
        std::string input;
        std::string expected;  // what Go's %q prints
    };
    const std::vector<Case> cases = {
        {"plain", "tfplan", R"("tfplan")"},
        {"empty", "", R"("")"},
        {"path with space", "/tmp/tfcap/pr iv/tfw.plan", R"("/tmp/tfcap/pr iv/tfw.plan")"},
        {"quotes", "my \"plan\"", R"("my \"plan\"")"},
        {"backslash", "a\\b", R"("a\\b")"},
        {"newline", "a\nb", R"("a\nb")"},
        {"tab", "a\tb", R"("a\tb")"},
        {"carriage return", "a\rb", R"("a\rb")"},
        {"bell", "a\ab", R"("a\ab")"},
        {"backspace", "a\bb", R"("a\bb")"},
        {"form feed", "a\fb", R"("a\fb")"},
        {"vertical tab", "a\vb", R"("a\vb")"},
        {"other control", std::string("a\x01" "b\0", 4), R"("a\x01b\x00")"},
        {"escape", "\x1b", R"("\x1b")"},
        {"delete", "\x7f", R"("\x7f")"},
        {"printable unicode kept", "pl\xC3\xA4n-\xE2\x82\xAC", "\"pl\xC3\xA4n-\xE2\x82\xAC\""},
        {"no-break space", "a\xC2\xA0" "b", R"("a\u00a0b")"},
        {"invalid UTF-8 byte", "a\xFF" "b", R"("a\xffb")"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(go_quote(c.input) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(rewrite_plan_trailer_as_terraform_prints_it) {
    struct Case {
        std::string name;
        std::string text;
        std::string private_plan;
        std::optional<std::string> user_plan;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"no -out", saved_private_color, private_plan, std::nullopt, saved_none_color},
        {"-out=tfplan", saved_private_color, private_plan, "tfplan", saved_user_color},
        {"-out with quotes", saved_private_color, private_plan, "my \"plan\"", saved_user_quoted_color},
        {"no -out, no colour", saved_private_plain, private_plan, std::nullopt, saved_none_plain},
        {"-out=tfplan, no colour", saved_private_plain, private_plan, "tfplan",
         replace_all(saved_private_plain, private_plan, "tfplan")},
        {"TF_IN_AUTOMATION: nothing to rewrite", automation_plain, private_plan, "tfplan", automation_plain},
        {"another private path: unchanged", saved_private_color, "/tmp/tfw-Other/plan-1.tfplan", std::nullopt,
         saved_private_color},
        {"a long private path that Terraform wrapped", saved_long_private_color, long_private_plan, std::nullopt,
         saved_none_color},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::optional<std::string_view> user;
            if (c.user_plan) user = *c.user_plan;
            BOOST_TEST(rewrite_plan_trailer(c.text, c.private_plan, user) == c.expected);
        }
    }
}

// Terraform word-wraps its closing lines at 78 columns when its output is not a
// terminal (checked: a path of 59 characters or more goes on its own line).
BOOST_AUTO_TEST_CASE(rewrite_plan_trailer_wraps_a_long_user_path) {
    const std::string user = "/home/someone/projects/infrastructure/environments/prod/tfplan";
    BOOST_TEST_REQUIRE(user.size() >= 59u);
    const std::string expected = replace_all(saved_private_plain, "Saved the plan to: " + private_plan,
                                             "Saved the plan to:\n" + user);
    BOOST_TEST(rewrite_plan_trailer(saved_private_plain, private_plan, std::string_view(user)) ==
               replace_all(expected, "terraform apply \"" + private_plan + "\"", "terraform apply \"" + user + "\""));
}

BOOST_AUTO_TEST_CASE(strip_plan_trailer_leaves_what_apply_shows) {
    struct Case {
        std::string name;
        std::string text;
        std::string private_plan;
        std::string expected_visible;  // after strip_ansi
    };
    const std::vector<Case> cases = {
        {"colour", saved_private_color, private_plan, strip_ansi(apply_color_before_question)},
        {"no colour", saved_private_plain, private_plan, apply_plain_before_question},
        {"TF_IN_AUTOMATION: unchanged", automation_plain, private_plan, automation_plain},
        {"a long private path that Terraform wrapped", saved_long_private_color, long_private_plan,
         strip_ansi(apply_color_before_question)},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::string stripped = strip_plan_trailer(c.text, c.private_plan);
            BOOST_TEST(strip_ansi(stripped) == c.expected_visible);
            BOOST_TEST(stripped.find(c.private_plan) == std::string::npos);
        }
    }
    // Colour is reset at the end, so the question that follows is not grey.
    std::string stripped = strip_plan_trailer(saved_private_color, private_plan);
    BOOST_TEST(stripped.size() >= 5u);
    BOOST_TEST(stripped.substr(stripped.size() - 5) == "\x1b[0m\n");
    BOOST_TEST(strip_plan_trailer(saved_private_plain, private_plan) == apply_plain_before_question);
}

BOOST_AUTO_TEST_CASE(first_error_with_detail_table) {
    // terraform show -json of an empty file, as Terraform 1.11 prints it with -no-color,
    // and framed in colour as tfw reads it.
    const std::string unreadable_plain =
        "\nError: Failed to read the given file as a state or plan file\n\n"
        "State read error: Error reading empty.tfplan as a statefile: no state\n\n"
        "Plan read error: couldn't load the provided path as either a local plan file\n"
        "(zip: not a valid zip file) or a saved cloud plan (unexpected end of JSON\n"
        "input)\n";
    const std::string unreadable_framed =
        "\x1b[31m\xE2\x95\xB7\x1b[0m\x1b[0m\n"
        "\x1b[31m\xE2\x94\x82\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mFailed to read the given file as a state or plan file\x1b[0m\n"
        "\x1b[31m\xE2\x94\x82\x1b[0m \x1b[0m\n"
        "\x1b[31m\xE2\x94\x82\x1b[0m \x1b[0mState read error: no state\n"
        "\x1b[31m\xE2\x95\xB5\x1b[0m\x1b[0m\n"
        "\x1b[33m\xE2\x95\xB7\x1b[0m\x1b[0m\n"
        "\x1b[33m\xE2\x94\x82\x1b[0m \x1b[0m\x1b[1m\x1b[33mWarning: \x1b[0m\x1b[0m\x1b[1mSomething else\x1b[0m\n"
        "\x1b[33m\xE2\x95\xB5\x1b[0m\x1b[0m\n";
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"plain, every detail line joined", unreadable_plain,
         "Error: Failed to read the given file as a state or plan file: State read error: Error reading empty.tfplan as a "
         "statefile: no state Plan read error: couldn't load the provided path as either a local plan file (zip: not a "
         "valid zip file) or a saved cloud plan (unexpected end of JSON input)"},
        {"framed: the detail ends with its frame", unreadable_framed,
         "Error: Failed to read the given file as a state or plan file: State read error: no state"},
        {"the next diagnostic ends the detail", "Error: A\ndetail a\nWarning: B\ndetail b\n", "Error: A: detail a"},
        {"an error after a warning", "Warning: W\nwarned\n\nError: E\n\nwhy\n", "Error: E: why"},
        {"no detail", "Error: Moved object still exists\n", "Error: Moved object still exists"},
        {"no error: the first text line", "\n  \nThere are some problems\nmore\n", "There are some problems"},
        {"empty", "", ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(first_error_with_detail(c.text) == c.expected); }
    }
}

BOOST_AUTO_TEST_CASE(first_error_line_table) {
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"plain error", still_exists_plain, "Error: Moved object still exists"},
        {"framed colour error", still_exists_color, "Error: Moved object still exists"},
        {"after a framed warning", warning_then_error_color, "Error: Moved object still exists"},
        {"no error: first text line", "\n  \nThere are some problems\nError\n", "There are some problems"},
        {"frame only lines skipped", "\xE2\x95\xB7\n\xE2\x94\x82 Warning: w\n\xE2\x95\xB5\n", "Warning: w"},
        {"crlf", "\r\n\xE2\x94\x82 Error: Invalid multi-line string  \r\n", "Error: Invalid multi-line string"},
        {"empty", "", ""},
        {"blank", " \n\t\n", ""},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(first_error_line(c.text) == c.expected); }
    }
}
