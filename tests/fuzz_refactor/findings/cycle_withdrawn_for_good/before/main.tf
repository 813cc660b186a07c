module "user2" {
  source = "./modules/m1"
  for_each = toset(["us9"])
}

module "log8" {
  source = "./modules/m7"
  for_each = toset(["blue10"])
  lb123_d = module.user2["us9"].id_cache4_db6_topic11_us12
}
