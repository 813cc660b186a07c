variable "bucket14_disk24_count" {}

variable "bucket14_queue44_count" {}

variable "bucket14_queue44_n" {}

module "bucket14" {
  source = "../m13"
  count = 2
  disk24_count = var.bucket14_disk24_count[count.index]
  queue44_count = var.bucket14_queue44_count[count.index]
  queue44_n = var.bucket14_queue44_n[count.index]
}
