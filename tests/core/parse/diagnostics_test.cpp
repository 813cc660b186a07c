#include "tfw/core/parse/diagnostics.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

// `terraform plan -json` event streams captured from Terraform 1.11.4, byte for byte.

namespace {

// A moved block whose `from` is still declared (exit 1).
const std::string still_exists_events = R"tf({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.592521Z","terraform":"1.11.4","type":"version","ui":"1.2"}
{"@level":"info","@message":"terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.596613Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.r: Refresh complete [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.596687Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.596897Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refresh complete [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597722Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597023Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refresh complete [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597796Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597161Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.m: Refresh complete [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597847Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.b: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597689Z","hook":{"resource":{"addr":"terraform_data.b","module":"","resource":"terraform_data.b","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"b","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.b: Refresh complete [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.597922Z","hook":{"resource":{"addr":"terraform_data.b","module":"","resource":"terraform_data.b","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"b","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_complete"}
{"@level":"error","@message":"Error: Moved object still exists","@module":"terraform.ui","@timestamp":"2026-11-21T20:24:05.598383Z","diagnostic":{"severity":"error","summary":"Moved object still exists","detail":"This statement declares a move from terraform_data.a, but that resource is still declared at main.tf:1,1.\n\nChange your configuration so that this resource will be declared as terraform_data.b instead.","range":{"filename":"main.tf","start":{"line":7,"column":1,"byte":104},"end":{"line":7,"column":6,"byte":109}},"snippet":{"context":null,"code":"moved {","start_line":7,"highlight_start_offset":0,"highlight_end_offset":5,"values":[]}},"type":"diagnostic"}
)tf";

// Two moved blocks from the same address to different ones (exit 1).
const std::string ambiguous_events = R"tf({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.004690Z","terraform":"1.11.4","type":"version","ui":"1.2"}
{"@level":"info","@message":"terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.008800Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.r: Refresh complete [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.008887Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009141Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refresh complete [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009168Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009374Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.m: Refresh complete [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009421Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009636Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refresh complete [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009663Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.b: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009897Z","hook":{"resource":{"addr":"terraform_data.b","module":"","resource":"terraform_data.b","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"b","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.b: Refresh complete [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.009931Z","hook":{"resource":{"addr":"terraform_data.b","module":"","resource":"terraform_data.b","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"b","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_complete"}
{"@level":"error","@message":"Error: Ambiguous move statements","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.010443Z","diagnostic":{"severity":"error","summary":"Ambiguous move statements","detail":"A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.b, but this statement instead declares that it moved to terraform_data.c.\n\nEach resource can move to only one destination resource.","range":{"filename":"main.tf","start":{"line":11,"column":1,"byte":166},"end":{"line":11,"column":6,"byte":171}},"snippet":{"context":null,"code":"moved {","start_line":11,"highlight_start_offset":0,"highlight_end_offset":5,"values":[]}},"type":"diagnostic"}
)tf";

// An unterminated string: three diagnostics (exit 1).
const std::string syntax_events = R"tf({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.046082Z","terraform":"1.11.4","type":"version","ui":"1.2"}
{"@level":"error","@message":"Error: Invalid multi-line string","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.046357Z","diagnostic":{"severity":"error","summary":"Invalid multi-line string","detail":"Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.","range":{"filename":"main.tf","start":{"line":2,"column":17,"byte":48},"end":{"line":3,"column":1,"byte":49}},"snippet":{"context":"resource \"terraform_data\" \"b\"","code":"  input = \"hello\n}","start_line":2,"highlight_start_offset":16,"highlight_end_offset":17,"values":[]}},"type":"diagnostic"}
{"@level":"error","@message":"Error: Invalid multi-line string","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.046488Z","diagnostic":{"severity":"error","summary":"Invalid multi-line string","detail":"Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.","range":{"filename":"main.tf","start":{"line":3,"column":2,"byte":50},"end":{"line":4,"column":1,"byte":51}},"snippet":{"context":"resource \"terraform_data\" \"b\"","code":"}","start_line":3,"highlight_start_offset":1,"highlight_end_offset":1,"values":[]}},"type":"diagnostic"}
{"@level":"error","@message":"Error: Unterminated template string","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.046516Z","diagnostic":{"severity":"error","summary":"Unterminated template string","detail":"No closing marker was found for the string.","range":{"filename":"main.tf","start":{"line":2,"column":17,"byte":48},"end":{"line":3,"column":1,"byte":49}},"snippet":{"context":"resource \"terraform_data\" \"b\"","code":"  input = \"hello\n}","start_line":2,"highlight_start_offset":16,"highlight_end_offset":17,"values":[]}},"type":"diagnostic"}
)tf";

// A move whose target already exists: a warning without a range, and a resource named
// `diagnostic` among the planned changes (exit 0).
const std::string unresolved_events = R"tf({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.082575Z","terraform":"1.11.4","type":"version","ui":"1.2"}
{"@level":"info","@message":"terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.092332Z","hook":{"resource":{"addr":"terraform_data.a","module":"","resource":"terraform_data.a","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"a","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.a: Refresh complete [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.092444Z","hook":{"resource":{"addr":"terraform_data.a","module":"","resource":"terraform_data.a","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"a","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.092792Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refresh complete [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.092830Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.093127Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.r: Refresh complete [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.093159Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.093619Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refresh complete [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.093654Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.094325Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.m: Refresh complete [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.094371Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.a: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096197Z","change":{"resource":{"addr":"terraform_data.a","module":"","resource":"terraform_data.a","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"a","resource_key":null},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096256Z","change":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.r: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096266Z","change":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096275Z","change":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.diagnostic: Plan to create","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096298Z","change":{"resource":{"addr":"terraform_data.diagnostic","module":"","resource":"terraform_data.diagnostic","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"diagnostic","resource_key":null},"action":"create"},"type":"planned_change"}
{"@level":"info","@message":"Plan: 1 to add, 0 to change, 4 to destroy.","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096304Z","changes":{"add":1,"change":0,"import":0,"remove":4,"operation":"plan"},"type":"change_summary"}
{"@level":"info","@message":"Outputs: 1","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096326Z","outputs":{"o":{"sensitive":false,"action":"delete"}},"type":"outputs"}
{"@level":"warn","@message":"Warning: Unresolved resource instance address changes","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.096344Z","diagnostic":{"severity":"warning","summary":"Unresolved resource instance address changes","detail":"Terraform tried to adjust resource instance addresses in the prior state based on change information recorded in the configuration, but some adjustments did not succeed due to existing objects already at the intended addresses:\n  - terraform_data.a could not move to terraform_data.m\n\nTerraform has planned to destroy these objects. If Terraform's proposed changes aren't appropriate, you must first resolve the conflicts using the \"terraform state\" subcommands and then create a new plan."},"type":"diagnostic"}
)tf";

// An empty directory: an error without a range.
const std::string no_configuration_events = R"tf({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.131483Z","terraform":"1.11.4","type":"version","ui":"1.2"}
{"@level":"error","@message":"Error: No configuration files","@module":"terraform.ui","@timestamp":"2026-11-21T20:33:33.131909Z","diagnostic":{"severity":"error","summary":"No configuration files","detail":"Plan requires configuration to be present. Planning without a configuration would mark everything for destruction, which is normally not what is desired. If you would like to destroy everything, run plan with the -destroy option. Otherwise, create a Terraform configuration file (.tf file) and try again."},"type":"diagnostic"}
)tf";

// A clean rename plan: no diagnostics at all.
const std::string rename_events = R"tf({"@level":"info","@message":"Terraform 1.11.4","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.049998Z","terraform":"1.11.4","type":"version","ui":"1.2"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refreshing state... [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.054894Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Refresh complete [id=e9d78356-845a-69b0-88d4-9479a22000a7]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.054991Z","hook":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"id_key":"id","id_value":"e9d78356-845a-69b0-88d4-9479a22000a7"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.a: Refreshing state... [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.055102Z","hook":{"resource":{"addr":"terraform_data.a","module":"","resource":"terraform_data.a","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"a","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.a: Refresh complete [id=d5e42005-3639-0535-e5ac-f1274c2f6f4d]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.055140Z","hook":{"resource":{"addr":"terraform_data.a","module":"","resource":"terraform_data.a","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"a","resource_key":null},"id_key":"id","id_value":"d5e42005-3639-0535-e5ac-f1274c2f6f4d"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refreshing state... [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.054911Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Refresh complete [id=992f3bfe-7ea4-3507-50a4-b3e460f54b5c]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.055205Z","hook":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"id_key":"id","id_value":"992f3bfe-7ea4-3507-50a4-b3e460f54b5c"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.r: Refreshing state... [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.055791Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.r: Refresh complete [id=536b7b13-7df5-28d9-53be-c46cc6f6502a]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.055819Z","hook":{"resource":{"addr":"terraform_data.r","module":"","resource":"terraform_data.r","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"r","resource_key":null},"id_key":"id","id_value":"536b7b13-7df5-28d9-53be-c46cc6f6502a"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.m: Refreshing state... [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.056216Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_start"}
{"@level":"info","@message":"terraform_data.m: Refresh complete [id=6dbb6855-57c8-95f2-e8f5-f0c990671538]","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.056264Z","hook":{"resource":{"addr":"terraform_data.m","module":"","resource":"terraform_data.m","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"m","resource_key":null},"id_key":"id","id_value":"6dbb6855-57c8-95f2-e8f5-f0c990671538"},"type":"refresh_complete"}
{"@level":"info","@message":"terraform_data.k[\"with space\"]: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058262Z","change":{"resource":{"addr":"terraform_data.k[\"with space\"]","module":"","resource":"terraform_data.k[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"with space"},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.a: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058328Z","change":{"resource":{"addr":"terraform_data.a","module":"","resource":"terraform_data.a","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"a","resource_key":null},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.k[\"q\\\"uote\"]: Plan to delete","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058337Z","change":{"resource":{"addr":"terraform_data.k[\"q\\\"uote\"]","module":"","resource":"terraform_data.k[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k","resource_key":"q\"uote"},"action":"delete","reason":"delete_because_no_resource_config"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.b: Plan to create","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058344Z","change":{"resource":{"addr":"terraform_data.b","module":"","resource":"terraform_data.b","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"b","resource_key":null},"action":"create"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.k2[\"q\\\"uote\"]: Plan to create","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058349Z","change":{"resource":{"addr":"terraform_data.k2[\"q\\\"uote\"]","module":"","resource":"terraform_data.k2[\"q\\\"uote\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k2","resource_key":"q\"uote"},"action":"create"},"type":"planned_change"}
{"@level":"info","@message":"terraform_data.k2[\"with space\"]: Plan to create","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058357Z","change":{"resource":{"addr":"terraform_data.k2[\"with space\"]","module":"","resource":"terraform_data.k2[\"with space\"]","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"k2","resource_key":"with space"},"action":"create"},"type":"planned_change"}
{"@level":"info","@message":"Plan: 3 to add, 0 to change, 3 to destroy.","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058362Z","changes":{"add":3,"change":0,"import":0,"remove":3,"operation":"plan"},"type":"change_summary"}
{"@level":"info","@message":"Outputs: 1","@module":"terraform.ui","@timestamp":"2026-11-21T20:23:29.058384Z","outputs":{"o":{"sensitive":false,"action":"noop"}},"type":"outputs"}
)tf";

std::string show(const Diagnostic& d) {
    return d.severity + " | " + d.summary + " | " + d.filename + ":" + std::to_string(d.line) + ":" +
           std::to_string(d.column);
}

std::vector<std::string> show(const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> out;
    for (const auto& d : diagnostics) out.push_back(show(d));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(parse_real_streams) {
    struct Case {
        std::string name;
        std::string stream;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"moved object still exists", still_exists_events, {"error | Moved object still exists | main.tf:7:1"}},
        {"ambiguous move statements", ambiguous_events, {"error | Ambiguous move statements | main.tf:11:1"}},
        {"syntax error", syntax_events,
         {"error | Invalid multi-line string | main.tf:2:17", "error | Invalid multi-line string | main.tf:3:2",
          "error | Unterminated template string | main.tf:2:17"}},
        {"warning without a range", unresolved_events,
         {"warning | Unresolved resource instance address changes | :0:0"}},
        {"error without a range", no_configuration_events, {"error | No configuration files | :0:0"}},
        {"no diagnostics", rename_events, {}},
        {"empty stream", "", {}},
        {"without the final newline", still_exists_events.substr(0, still_exists_events.size() - 1),
         {"error | Moved object still exists | main.tf:7:1"}},
        {"crlf line endings",
         [] {
             std::string out;
             for (char c : ambiguous_events) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
             return out;
         }(),
         {"error | Ambiguous move statements | main.tf:11:1"}},
        {"several streams in one", still_exists_events + no_configuration_events,
         {"error | Moved object still exists | main.tf:7:1", "error | No configuration files | :0:0"}},
        {"stderr text mixed in",
         "There are some problems with the CLI configuration:\n\xE2\x95\xB7\n\xE2\x94\x82 Warning: not a \"diagnostic\"\n" +
             still_exists_events,
         {"error | Moved object still exists | main.tf:7:1"}},
        {"a log event that mentions diagnostics",
         R"({"@level":"info","@message":"\"diagnostic\" seen","@module":"terraform.ui","type":"log"})"
         "\n",
         {}},
        {"a truncated diagnostic line",
         R"({"@level":"error","@message":"Error: x","diagnostic":{"severity":"error","summary":"x")"
         "\n",
         {}},
        {"a diagnostic body that is not an object", R"({"diagnostic":"error","type":"diagnostic"})" "\n", {}},
        {"a range without a start",
         R"({"diagnostic":{"severity":"error","summary":"s","range":{"filename":"x.tf"}},"type":"diagnostic"})" "\n",
         {"error | s | x.tf:0:0"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(show(parse_diagnostics(c.stream)) == c.expected, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(detail_is_kept) {
    auto diagnostics = parse_diagnostics(still_exists_events);
    BOOST_TEST_REQUIRE(diagnostics.size() == 1u);
    BOOST_TEST(diagnostics[0].detail ==
               "This statement declares a move from terraform_data.a, but that resource is still declared at "
               "main.tf:1,1.\n\nChange your configuration so that this resource will be declared as terraform_data.b "
               "instead.");
    auto warnings = parse_diagnostics(unresolved_events);
    BOOST_TEST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings[0].detail.find("  - terraform_data.a could not move to terraform_data.m\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(describe_table) {
    struct Case {
        std::string name;
        Diagnostic diagnostic;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"error with a range", {"error", "Moved object still exists", "detail", "main.tf", 7, 1},
         "Error: Moved object still exists (main.tf:7)"},
        {"error in a module file", {"error", "Ambiguous move statements", "", "modules/app/moved.tf", 11, 1},
         "Error: Ambiguous move statements (modules/app/moved.tf:11)"},
        {"warning without a range", {"warning", "Unresolved resource instance address changes", "", "", 0, 0},
         "Warning: Unresolved resource instance address changes"},
        {"error without a range", {"error", "No configuration files", "", "", 0, 0}, "Error: No configuration files"},
        {"unknown severity reads as an error", {"", "s", "", "", 0, 0}, "Error: s"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(describe(c.diagnostic) == c.expected); }
    }
    // And straight from a real stream.
    std::vector<std::string> described;
    for (const auto& d : parse_diagnostics(syntax_events + unresolved_events)) described.push_back(describe(d));
    const std::vector<std::string> expected = {
        "Error: Invalid multi-line string (main.tf:2)", "Error: Invalid multi-line string (main.tf:3)",
        "Error: Unterminated template string (main.tf:2)", "Warning: Unresolved resource instance address changes"};
    BOOST_TEST(described == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(cross_type_refusals) {
    BOOST_TEST(is_cross_type_refusal({"error", "Move Resource State Not Supported", "", "", 0, 0}));
    BOOST_TEST(is_cross_type_refusal({"error", "Unsupported `moved` across resource types", "", "tfw-moved-1.tf", 3, 1}));
    BOOST_TEST(!is_cross_type_refusal({"error", "Moved object still exists", "", "tfw-moved-1.tf", 3, 1}));
}

// Terraform's human rendering of a failed plan, plain and coloured.
BOOST_AUTO_TEST_CASE(may_blame_the_injected_file) {
    const std::string ours =
        "\xe2\x95\xb7\n\xe2\x94\x82 Error: Moved object still exists\n\xe2\x94\x82 \n"
        "\xe2\x94\x82   on tfw-moved-4242.tf line 3:\n\xe2\x94\x82    3: moved {\n\xe2\x95\xb5\n";
    const std::string ours_coloured =
        "\x1b[31m\xe2\x94\x82\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mMoved object still exists\x1b[0m\n"
        "\x1b[31m\xe2\x94\x82\x1b[0m \x1b[0m  on tfw-moved-4242.tf line 3:\n";
    const std::string provider_refusal =
        "\x1b[31m\xe2\x94\x82\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mMove Resource State Not "
        "Supported\x1b[0m\n\x1b[31m\xe2\x94\x82\x1b[0m \x1b[0mThe \"aws_s3_object\" resource type does not support moving\n";
    const std::string users_own =
        "\xe2\x95\xb7\n\xe2\x94\x82 Error: Reference to undeclared resource\n\xe2\x94\x82 \n"
        "\xe2\x94\x82   on main.tf line 9, in resource \"terraform_data\" \"b\":\n\xe2\x95\xb5\n";
    struct Case {
        std::string name;
        std::string output;
        bool may_blame;
    };
    const std::vector<Case> cases = {
        {"a diagnostic in the injected file", ours, true},
        {"the same, coloured", ours_coloured, true},
        {"a provider's refusal without a range", provider_refusal, true},
        {"the configuration's own error", users_own, false},
        {"another tfw run's file is not ours", "  on tfw-moved-1.tf line 3:\n", false},
        {"nothing at all", "", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(may_blame_injected_file(c.output, "tfw-moved-4242.tf") == c.may_blame); }
    }
}

BOOST_AUTO_TEST_CASE(first_error_is_one_line_from_json_or_human_output) {
    struct Case {
        std::string name, stdout_text, stderr_text, expected;
    };
    const std::string json_error =
        R"({"@level":"error","type":"diagnostic","diagnostic":{"severity":"error","summary":"Backend initialization required",)"
        R"("detail":"run init"}})";
    const std::string json_warning =
        R"({"@level":"warn","type":"diagnostic","diagnostic":{"severity":"warning","summary":"Deprecated"}})";
    const std::vector<Case> cases = {
        {"a -json stream", json_warning + "\n" + json_error + "\n", "", "Error: Backend initialization required"},
        {"human output on stderr", "", "\n\u2577\n\u2502 Error: Reference to undeclared input variable\n\u2502\n", "Error: Reference to undeclared input variable"},
        {"an Error: line on stdout beats other text on stderr", "\u2502 Error: No configuration files\n", "exit status 1\n",
         "Error: No configuration files"},
        {"no Error: line anywhere: the first text", "", "something went wrong\nmore\n", "something went wrong"},
        {"nothing said", "", "", ""},
    };
    for (const auto& c : cases) BOOST_TEST(first_error(c.stdout_text, c.stderr_text) == c.expected, c.name);
}
