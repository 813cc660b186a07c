moved {
  from = terraform_data.x
  to   = terraform_data.x2
}

moved {
  from = terraform_data.y
  to   = terraform_data.y2
}
