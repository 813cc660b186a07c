moved {
  from = terraform_data.twin
  to   = terraform_data.twin2
}

moved {
  from = terraform_data.holder
  to   = terraform_data.holder2
}

moved {
  from = terraform_data.trig
  to   = terraform_data.trig2
}

moved {
  from = terraform_data.last
  to   = terraform_data.last2
}

