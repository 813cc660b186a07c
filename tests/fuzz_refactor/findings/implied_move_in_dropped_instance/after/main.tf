module "app" {
  source   = "./modules/m"
  for_each = toset(["eu"])
}
