module "service" {
  source = "./modules/svc"
}
