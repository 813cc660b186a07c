# terragrunt with tfw: terragrunt runs `tfw plan` and `tfw apply` where it would run
# terraform, so moved blocks are inferred and applied with the plan. tfw finds
# terraform itself (on PATH, or $TFW_TERRAFORM_BIN).
#
# terragrunt plans in a copy of the module under .terragrunt-cache/, which it throws
# away: `tfw plan --write` there refuses with an error instead of writing moved blocks
# that would be lost. Persist moves from the module's own directory (tfw plan --write
# there), or with `tfw moves` on a saved plan.
#
# tests/e2e/ci_recipes_test.cpp runs terragrunt's command lines with tfw in a directory
# laid out like terragrunt's cache.
terraform_binary = "tfw"

terraform {
  source = "../../refactor"

  extra_arguments "plan_file" {
    commands  = ["plan"]
    arguments = ["-input=false", "-out=tfplan"]
  }
}
