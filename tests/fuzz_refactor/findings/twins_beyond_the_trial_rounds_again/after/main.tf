module "zone2" {
  source = "./modules/m1"
}

module "topic10" {
  source = "./modules/m9"
}
