resource "terraform_data" "x2" {
  input = "same"
}

resource "terraform_data" "y2" {
  input = "same"
}

module "h" {
  source = "./modules/h"
  x_id   = terraform_data.x2.id
}
