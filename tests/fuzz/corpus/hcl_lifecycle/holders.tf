resource "terraform_data" "twin" {
  count = 3
  input = "same"
}

resource "terraform_data" "holder_a" {
  input = { n = "a", d = terraform_data.twin[1].id }
  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "holder_b" {
  input = { n = "b", d = terraform_data.twin[2].id }
  lifecycle {
    ignore_changes = [input]
  }
}
