resource "terraform_data" "x" {
  count = 2
  input = "same"
}
resource "terraform_data" "holder" { input = terraform_data.x[0].id }
