moved {
  from = terraform_data.twin["a"]
  to   = terraform_data.twin[0]
}

moved {
  from = terraform_data.twin["b"]
  to   = terraform_data.twin[1]
}

moved {
  from = terraform_data.mover
  to   = terraform_data.mover2
}
