variable "x_id" {}

resource "terraform_data" "holder" {
  input = var.x_id
}
