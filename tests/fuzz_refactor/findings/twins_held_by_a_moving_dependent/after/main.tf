resource "terraform_data" "twin" {
  count = 2
  input = "same"
}

resource "terraform_data" "holder2" {
  input = {
    n = "h"
    d = terraform_data.twin[0].id
  }
}
