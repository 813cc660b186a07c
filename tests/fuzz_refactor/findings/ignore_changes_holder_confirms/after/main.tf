resource "terraform_data" "job" {
  count = 3
  input = "same"
}

module "holders" {
  source = "./modules/holders"
  a_id   = terraform_data.job[1].id
  b_id   = terraform_data.job[2].id
}
