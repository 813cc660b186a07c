resource "terraform_data" "x" {
  count = 2
  input = ["b", "a"][count.index]
}
