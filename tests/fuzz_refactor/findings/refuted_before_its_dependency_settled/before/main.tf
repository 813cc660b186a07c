resource "terraform_data" "twin" {
  for_each = toset(["a", "b"])
  input    = "same"
}

# Each stays, and holds one twin's id: Terraform's trials tell the twins apart by them.
resource "terraform_data" "stay" {
  for_each = toset(["a", "b"])
  input    = terraform_data.twin[each.key].id
}

resource "terraform_data" "mover" {
  input = {
    n = "m"
    d = terraform_data.twin["a"].id
  }
}
