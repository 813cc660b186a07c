moved {
  from = terraform_data.old
  to   = terraform_data.new
}

moved {
  from = module.a[0].module.b["x y"]
  to = module.c["k"] # a comment
}
moved { from = data.x.y[3]
  to   = data.x.z }
resource "terraform_data" "new" {
  input = <<-EOT
    moved { from = a.b }
    EOT
}
