moved {
  from = terraform_data.z
  to   = terraform_data.x[0]
}
moved {
  from = terraform_data.x
  to   = terraform_data.x[1]
}
