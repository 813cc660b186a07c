module "m" {
  source   = "./m"
  for_each = toset(["a", "b"])
  name     = each.key
}
