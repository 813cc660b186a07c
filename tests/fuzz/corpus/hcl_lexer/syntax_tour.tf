# A line comment
// another
/* a block
   comment */
locals {
  tpl  = "a ${var.x} %{ if true }b%{ endif } $${not} \"q\" \u00e9"
  doc  = <<-EOT
    indented ${upper("x")}
    EOT
  raw  = <<EOF
plain
EOF
  list = [1, 2.5e3, -1, { k = "v" }, (1 + 2) == 3 ? "y" : "n"]
  fn   = [for k, v in var.m : "${k}=${v}" if v != null]
}
