resource "terraform_data" "topic11" {
  for_each = toset(["alpha13", "us12"])
  input = "v18"
}

output "id_topic11_us12" {
  value = terraform_data.topic11["us12"].id
}
