resource "terraform_data" "x" {
  input = "same"
}

resource "terraform_data" "y" {
  input = "same"
}

module "h" {
  source = "./modules/h"
  x_id   = terraform_data.x.id
}
