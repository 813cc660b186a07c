moved {
  from = terraform_data.twin
  to   = terraform_data.renamed
}
