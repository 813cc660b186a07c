resource "aws_instance" "web" {
  ami = "ami-1"
  lifecycle {
    create_before_destroy = true
    ignore_changes = [
      tags["Name"],
      root_block_device[0].size, # why
      ami,
    ]
  }
}

resource "aws_vpc" "main" {
  lifecycle { ignore_changes = all }
}

resource "a" "b" {
  lifecycle {
    ignore_changes = ["input", "*"]
  }
}
