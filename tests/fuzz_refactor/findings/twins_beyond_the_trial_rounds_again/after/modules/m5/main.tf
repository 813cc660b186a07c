variable "user19_n" {}

variable "role86_n" {}

variable "role86_t" {}

variable "log113_keys" {}

variable "net119_n" {}

variable "net119_d" {}

variable "bucket124_count" {}

variable "key159_n" {}

variable "key159_d" {}

variable "key159_t" {}

variable "cache172_count" {}

locals {
  net119_d = var.net119_d
  key159_d = var.key159_d
}

resource "terraform_data" "user19" {
  input = var.user19_n
}

resource "terraform_data" "role86" {
  input = var.role86_n
  triggers_replace = var.role86_t
}

resource "terraform_data" "log113" {
  for_each = var.log113_keys
  input = "v118"
}

resource "terraform_data" "net119" {
  input = {
    n = var.net119_n
    d = jsonencode({ id = local.net119_d, kind = "ref" })
  }
  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "bucket124" {
  count = var.bucket124_count
  input = "v125"
}

resource "terraform_data" "job149" {
  count = 2
  input = "v158"
}

resource "terraform_data" "key159" {
  count = 2
  input = {
    n = var.key159_n[count.index]
    d = local.key159_d[count.index]
  }
  triggers_replace = var.key159_t[count.index]
}

resource "terraform_data" "cache172" {
  count = var.cache172_count
  input = "v173"
}

output "id_job149_0" {
  value = terraform_data.job149[0].id
}

output "id_job149_1" {
  value = terraform_data.job149[1].id
}
