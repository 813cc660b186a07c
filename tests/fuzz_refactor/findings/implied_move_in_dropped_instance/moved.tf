moved {
  from = module.app.terraform_data.x
  to   = module.app["eu"].terraform_data.x[0]
}
