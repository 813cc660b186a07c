variable "a_id" {}
variable "b_id" {}

resource "terraform_data" "holder_a" {
  input = { n = "a", d = var.a_id }
  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "holder_b" {
  input = { n = "b", d = var.b_id }
  lifecycle {
    ignore_changes = [input]
  }
}
