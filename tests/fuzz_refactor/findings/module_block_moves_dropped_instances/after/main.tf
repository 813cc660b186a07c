module "svc" {
  source = "./modules/m"
  count  = 1
  name   = "svc-${count.index}"
}
