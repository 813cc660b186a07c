resource "terraform_data" "twin2" {
  count = 2
  input = "same"
}

resource "terraform_data" "holder2" {
  input = terraform_data.twin2[0].id
}

resource "terraform_data" "trig2" {
  input = "t"
  lifecycle {
    replace_triggered_by = [terraform_data.holder2]
  }
}

resource "terraform_data" "last2" {
  input = terraform_data.trig2.id
  lifecycle {
    create_before_destroy = true
  }
}
