resource "terraform_data" "db" {
  input = { name = "db", engine = "postgres" }
}
