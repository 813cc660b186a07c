module "m" {
  source = "./m"
  count  = 2
  name   = ["a", "b"][count.index]
}
