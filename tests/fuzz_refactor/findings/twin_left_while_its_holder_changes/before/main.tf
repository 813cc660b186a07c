resource "terraform_data" "twin" {
  count = 2
  input = "same"
}

resource "terraform_data" "holder" {
  count = 2
  input = {
    n = ["a", "b"][count.index]
    d = terraform_data.twin[count.index].id
  }
}
