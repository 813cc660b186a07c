variable "bucket14_disk24_count" {}

variable "bucket14_queue44_count" {}

variable "bucket14_queue44_n" {}

module "bucket14" {
  source = "../m13"
  for_each = toset(["blue18", "red17"])
  disk24_count = var.bucket14_disk24_count[each.key]
  queue44_count = var.bucket14_queue44_count[each.key]
  queue44_n = var.bucket14_queue44_n[each.key]
}
