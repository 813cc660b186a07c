variable "disk24_count" {}

variable "queue44_count" {}

variable "queue44_n" {}

locals {
  queue44_d = [for o in terraform_data.disk24 : o.id]
}

resource "terraform_data" "disk24" {
  count = var.disk24_count
  input = "v43"
}

resource "terraform_data" "queue44" {
  count = var.queue44_count
  input = {
    n = var.queue44_n[count.index]
    d = local.queue44_d[count.index]
  }
}
