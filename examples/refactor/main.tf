# The "after" side of a refactoring; terraform.tfstate holds the "before" side.
#   - terraform_data.web was renamed frontend
#   - terraform_data.db moved into module "storage"
#   - terraform_data.subnet became a map with one more entry
# Without moved blocks, terraform plans to destroy and recreate all of them.

resource "terraform_data" "frontend" {
  input = { name = "web", size = "small" }
}

module "storage" {
  source = "./modules/storage"
}

resource "terraform_data" "subnets" {
  for_each = toset(["a", "b", "c"])
  input    = "subnet-${each.key}"
}
