module "cache4" {
  source = "../m3"
}

output "id_cache4_db6_topic11_us12" {
  value = module.cache4.id_db6_topic11_us12
}
