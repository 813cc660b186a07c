resource "terraform_data" "twin" {
  for_each = toset(["a", "b"])
  input    = "same"
}

resource "terraform_data" "holder" {
  input = {
    n = "h"
    d = terraform_data.twin["a"].id
  }
}
