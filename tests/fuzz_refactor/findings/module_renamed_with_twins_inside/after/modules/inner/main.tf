resource "terraform_data" "labels" {
  input = "labels"
}

output "id" {
  value = terraform_data.labels.id
}
