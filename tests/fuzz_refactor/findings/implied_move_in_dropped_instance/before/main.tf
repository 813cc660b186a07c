module "app" {
  source = "./modules/m"
}
