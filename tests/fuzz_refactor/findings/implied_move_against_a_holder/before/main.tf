resource "terraform_data" "z" { input = "same" }
resource "terraform_data" "x" { input = "same" }
resource "terraform_data" "holder" { input = terraform_data.z.id }
