resource "terraform_data" "renamed" {
  count = 2
  input = "same"
}

resource "terraform_data" "holder" {
  count = 2
  input = {
    n = ["a2", "b"][count.index]
    d = terraform_data.renamed[count.index].id
  }
}
