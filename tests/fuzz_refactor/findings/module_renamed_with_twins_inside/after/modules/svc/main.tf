module "inner" {
  source = "../inner"
  count  = 2
}

resource "terraform_data" "main" {
  input = module.inner[0].id
}
