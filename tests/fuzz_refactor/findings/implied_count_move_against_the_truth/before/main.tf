resource "terraform_data" "x" { input = "a" }
resource "terraform_data" "z" { input = "b" }
