variable "name" {}

# The same in every instance of the module: nothing in its value tells m[0]'s from m[1]'s.
resource "terraform_data" "helper" {
  input = "same-in-every-instance"
}

# Unique to each instance, and replaced when its instance's helper changes.
resource "terraform_data" "zone" {
  input = "zone-${var.name}"
  lifecycle {
    replace_triggered_by = [terraform_data.helper]
  }
}
