moved {
  from = module.m[0]
  to   = module.m["a"]
}
moved {
  from = module.m[1]
  to   = module.m["b"]
}
