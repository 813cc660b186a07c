locals {
  lb123_d = module.vpc140["us9"].id_cache4_beta141_db6_topic11_us12
}

resource "terraform_data" "lb123" {
  for_each = toset(["blue10"])
  input = {
    n = "v72"
    d = local.lb123_d
  }
}

module "vpc140" {
  source = "./modules/m1"
  for_each = toset(["us9"])
}
