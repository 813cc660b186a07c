moved {
  from = terraform_data.twin[0]
  to   = terraform_data.job[0]
}

moved {
  from = terraform_data.twin[1]
  to   = terraform_data.job[1]
}

moved {
  from = terraform_data.twin[2]
  to   = terraform_data.job[2]
}

moved {
  from = terraform_data.holder_a
  to   = module.holders.terraform_data.holder_a
}

moved {
  from = terraform_data.holder_b
  to   = module.holders.terraform_data.holder_b
}
