variable "job6_user19_n" {}

variable "job6_role86_n" {}

variable "job6_role86_t" {}

variable "job6_net119_n" {}

variable "job6_net119_d" {}

variable "job6_key159_n" {}

variable "job6_key159_t" {}

module "job6" {
  source = "../m5"
  for_each = toset(["dev203", "prod202"])
  user19_n = var.job6_user19_n[each.key]
  role86_n = var.job6_role86_n[each.key]
  role86_t = var.job6_role86_t[each.key]
  log113_keys = {"prod202" = toset([]), "dev203" = toset(["blue115"])}[each.key]
  net119_n = var.job6_net119_n[each.key]
  net119_d = var.job6_net119_d
  bucket124_count = {"prod202" = 0, "dev203" = 3}[each.key]
  key159_n = var.job6_key159_n[each.key]
  key159_d = [module.job6["prod202"].id_job149_0, module.job6["prod202"].id_job149_1]
  key159_t = var.job6_key159_t[each.key]
  cache172_count = {"prod202" = 0, "dev203" = 3}[each.key]
}
