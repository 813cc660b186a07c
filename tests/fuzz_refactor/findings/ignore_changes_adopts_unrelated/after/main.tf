resource "terraform_data" "new" {
  input = "b"
  lifecycle {
    ignore_changes = [input]
  }
}
