resource "terraform_data" "twin" {
  count = 2
  input = "same"
}

resource "terraform_data" "holder" {
  input = terraform_data.twin[0].id
}

resource "terraform_data" "trig" {
  input = "t"
  lifecycle {
    replace_triggered_by = [terraform_data.holder]
  }
}

resource "terraform_data" "last" {
  input = terraform_data.trig.id
  lifecycle {
    create_before_destroy = true
  }
}
