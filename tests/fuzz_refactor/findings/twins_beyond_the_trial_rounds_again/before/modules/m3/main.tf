variable "job6_user19_n" {}

variable "job6_role86_n" {}

variable "job6_role86_t" {}

variable "job6_net119_each" {}

variable "job6_net119_d" {}

variable "job6_key159_n" {}

variable "job6_key159_t" {}

module "job6" {
  source = "../m5"
  user19_n = var.job6_user19_n
  role86_n = var.job6_role86_n
  role86_t = var.job6_role86_t
  net119_each = var.job6_net119_each
  net119_d = var.job6_net119_d
  key159_n = var.job6_key159_n
  key159_t = var.job6_key159_t
}
