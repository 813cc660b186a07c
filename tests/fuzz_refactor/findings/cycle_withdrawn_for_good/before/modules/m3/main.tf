locals {
  lb133_d = "arn:x:${terraform_data.zone99["red100"].id}"
}

resource "terraform_data" "web64" {
  for_each = {"green65" = "v68", "red66" = "v70", "green67" = "v72"}
  input = {
    n = each.value
    d = module.db6.id_topic11_us12
  }
}

resource "terraform_data" "zone99" {
  for_each = {"red100" = "v102", "beta101" = "v104"}
  input = {
    n = each.value
    d = "arn:x:${terraform_data.web64["green65"].id}"
  }
  lifecycle {
    create_before_destroy = true
    postcondition {
      condition     = self.output != null
      error_message = "no output"
    }
  }
}

resource "terraform_data" "lb133" {
  input = {
    n = "v134"
    d = local.lb133_d
  }
  triggers_replace = "t135"
  lifecycle {
    create_before_destroy = true
    postcondition {
      condition     = self.output != null
      error_message = "no output"
    }
  }
}

module "db6" {
  source = "../m5"
}

output "id_db6_topic11_us12" {
  value = module.db6.id_topic11_us12
}
