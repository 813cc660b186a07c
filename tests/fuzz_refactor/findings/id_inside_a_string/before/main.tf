resource "terraform_data" "t" {
  count = 2
  input = "twin"
}
resource "terraform_data" "h" {
  count = 2
  input = "arn:x:${terraform_data.t[count.index].id}"
}
