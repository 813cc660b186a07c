module "cache4" {
  source = "../m3"
  for_each = toset(["beta141"])
}

output "id_cache4_beta141_db6_topic11_us12" {
  value = module.cache4["beta141"].id_db6_topic11_us12
}
