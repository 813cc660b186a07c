resource "terraform_data" "old" {
  input = "a"
}
