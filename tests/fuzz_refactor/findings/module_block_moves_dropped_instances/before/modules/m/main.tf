variable "name" {}

resource "terraform_data" "a" {
  input = var.name
}
