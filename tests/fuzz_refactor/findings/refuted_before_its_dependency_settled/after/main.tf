resource "terraform_data" "twin" {
  count = 2
  input = "same"
}

resource "terraform_data" "stay" {
  for_each = { a = 0, b = 1 }
  input    = terraform_data.twin[each.value].id
}

resource "terraform_data" "mover2" {
  input = {
    n = "m"
    d = terraform_data.twin[0].id
  }
}
