moved {
  from = module.svc[0].terraform_data.a
  to   = module.svc[0].terraform_data.b
}
