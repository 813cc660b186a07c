variable "name" {}

resource "terraform_data" "b" {
  input = var.name
}
