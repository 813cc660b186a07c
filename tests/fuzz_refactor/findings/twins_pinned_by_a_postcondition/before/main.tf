resource "terraform_data" "t" {
  count = 2
  input = "twin"
}
resource "terraform_data" "a" { input = "unrelated" }
