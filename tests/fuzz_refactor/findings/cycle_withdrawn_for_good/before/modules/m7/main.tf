variable "lb123_d" {}

locals {
  lb123_d = var.lb123_d
}

resource "terraform_data" "lb123" {
  input = {
    n = "v72"
    d = local.lb123_d
  }
}
