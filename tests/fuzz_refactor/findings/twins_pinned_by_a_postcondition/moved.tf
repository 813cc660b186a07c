moved {
  from = terraform_data.t
  to   = terraform_data.u
}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
