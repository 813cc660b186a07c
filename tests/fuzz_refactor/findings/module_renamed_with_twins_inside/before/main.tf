module "svc" {
  source = "./modules/svc"
}
