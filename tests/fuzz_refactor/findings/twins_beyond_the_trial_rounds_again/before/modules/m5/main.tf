variable "user19_n" {}

variable "role86_n" {}

variable "role86_t" {}

variable "net119_each" {}

variable "net119_d" {}

variable "key159_n" {}

variable "key159_t" {}

locals {
  net119_d = var.net119_d
  key159_d = [for o in terraform_data.job149 : o.id]
}

resource "terraform_data" "user19" {
  input = var.user19_n
}

resource "terraform_data" "role86" {
  input = var.role86_n
  triggers_replace = var.role86_t
  lifecycle {
    replace_triggered_by = [terraform_data.user19]
  }
}

resource "terraform_data" "net119" {
  for_each = var.net119_each
  input = {
    n = each.value
    d = jsonencode({ id = local.net119_d, kind = "ref" })
  }
  lifecycle {
    ignore_changes = [input]
  }
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
