module "svc" {
  source = "./modules/m"
  count  = 2
  name   = "svc-${count.index}"
}
