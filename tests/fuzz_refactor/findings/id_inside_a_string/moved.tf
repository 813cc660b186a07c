moved {
  from = terraform_data.t
  to   = terraform_data.u
}
