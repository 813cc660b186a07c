resource "terraform_data" "renamed" {
  count = 9
  input = "same"
}

resource "terraform_data" "holder" {
  count = 9
  input = {
    n = "holder-${count.index}"
    d = terraform_data.renamed[count.index].id
  }
}
