resource "terraform_data" "u" {
  count = 2
  input = "twin"
  lifecycle {
    postcondition {
      condition     = self.id == ["@ID:terraform_data.t[0]@", "@ID:terraform_data.t[1]@"][count.index]
      error_message = "not the object this address held"
    }
  }
}
resource "terraform_data" "b" { input = "unrelated" }
