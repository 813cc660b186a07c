resource "terraform_data" "u" {
  count = 2
  input = "twin"
}
resource "terraform_data" "h" {
  count = 2
  input = "arn:x:${terraform_data.u[count.index].id}"
}
