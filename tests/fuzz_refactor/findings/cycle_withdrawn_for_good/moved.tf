moved {
  from = module.user2["us9"].module.cache4.terraform_data.web64["green65"]
  to   = module.vpc140["us9"].module.cache4["beta141"].terraform_data.web64["green65"]
}

moved {
  from = module.user2["us9"].module.cache4.terraform_data.web64["red66"]
  to   = module.vpc140["us9"].module.cache4["beta141"].terraform_data.web64["red66"]
}

moved {
  from = module.user2["us9"].module.cache4.terraform_data.web64["green67"]
  to   = module.vpc140["us9"].module.cache4["beta141"].terraform_data.web64["green67"]
}

moved {
  from = module.user2["us9"].module.cache4.terraform_data.zone99["red100"]
  to   = module.vpc140["us9"].module.cache4["beta141"].terraform_data.zone99["red100"]
}

moved {
  from = module.user2["us9"].module.cache4.terraform_data.zone99["beta101"]
  to   = module.vpc140["us9"].module.cache4["beta141"].terraform_data.zone99["beta101"]
}

moved {
  from = module.user2["us9"].module.cache4.terraform_data.lb133
  to   = module.vpc140["us9"].module.cache4["beta141"].terraform_data.lb133
}

moved {
  from = module.user2["us9"].module.cache4.module.db6.terraform_data.topic11["us12"]
  to   = module.vpc140["us9"].module.cache4["beta141"].module.db6.terraform_data.topic11["us12"]
}

moved {
  from = module.user2["us9"].module.cache4.module.db6.terraform_data.topic11["alpha13"]
  to   = module.vpc140["us9"].module.cache4["beta141"].module.db6.terraform_data.topic11["alpha13"]
}

moved {
  from = module.log8["blue10"].terraform_data.lb123
  to   = terraform_data.lb123["blue10"]
}

